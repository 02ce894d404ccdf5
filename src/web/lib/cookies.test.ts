import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies';

describe('readCookie', () => {
  it('finds a cookie by its whole name, wherever it is in the header', () => {
    expect(readCookie('a=1; yearbook-notice-seen=true; b=2', 'yearbook-notice-seen')).toBe('true');
    expect(readCookie('yearbook-notice-seen=true', 'yearbook-notice-seen')).toBe('true');
    expect(readCookie('old-yearbook-notice-seen=true; seen=true', 'yearbook-notice-seen')).toBeNull();
    expect(readCookie('', 'yearbook-notice-seen')).toBeNull();
  });

  it('decodes what writeCookie encoded, keeps an = in the value, and gives up on a value that does not decode', () => {
    expect(readCookie('n=a%20b%3Bc', 'n')).toBe('a b;c');
    expect(readCookie('n=a=b', 'n')).toBe('a=b');
    expect(readCookie('n=%E0%A4%A', 'n')).toBeNull();
    expect(readCookie('novalue; n=1', 'n')).toBe('1');
  });
});
