// The downloaded image dates the post: a time that reads "5 min ago" on screen reads as its date.
import { describe, expect, it } from 'vitest';
import { dateInImage } from './download-image';

describe('dateInImage', () => {
  it("writes a time as the campuses' date and leaves anything else as it is", () => {
    const time = document.createElement('time');
    time.setAttribute('datetime', '2026-01-10T20:00:00.000Z');
    time.textContent = '5 min ago';
    dateInImage(time);
    expect(time.textContent).toBe('11 Jan 2026');

    const text = document.createElement('p');
    text.textContent = '5 min ago';
    dateInImage(text);
    dateInImage(document.createTextNode('5 min ago'));
    expect(text.textContent).toBe('5 min ago');
  });
});
