// The post page's frame (issue #51): a visitor's default template is the card alone, drawn at once;
// the image's options come from the address and are marked on the frame that Download captures.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { imageHidesName } from './download-image';
import { ImageFrame } from './image-frame';
import { readImageTheme, SHARE_FRAME_ID, ShareFrame, withParam } from './share-frame';

const post = { id: '3f2a9c1e-0000-4000-8000-000000000001', askline: { content: 'What will you miss?' } };
const card = <article>Convocation day</article>;
const frame = () => document.getElementById(SHARE_FRAME_ID);

afterEach(cleanup);

describe('the image options in the address', () => {
  it('reads Light only from theme=light; anything else is Dark', () => {
    expect(readImageTheme('light')).toBe('light');
    for (const value of ['dark', 'LIGHT', '', null]) expect(readImageTheme(value)).toBe('dark');
  });

  it('sets or removes one parameter and keeps the others in their order', () => {
    const current = new URLSearchParams('format=story&theme=light');
    expect(withParam(current, 'hideName', '1').toString()).toBe('format=story&theme=light&hideName=1');
    expect(withParam(current, 'theme', null).toString()).toBe('format=story');
    expect(current.toString()).toBe('format=story&theme=light');
  });
});

describe('ShareFrame', () => {
  it("draws a visitor's default template as the card alone, with nothing to load", () => {
    render(
      <ShareFrame format="default" post={post}>
        {card}
      </ShareFrame>,
    );
    expect(frame()?.dataset.template).toBe('default');
    expect(frame()?.textContent).toBe('Convocation day');
    expect(imageHidesName()).toBe(false);
  });
});

describe('ImageFrame', () => {
  it('puts the askline above the card and the site and short address under it', () => {
    render(
      <ImageFrame format="story" post={post} theme="light" hideName>
        {card}
      </ImageFrame>,
    );
    const shown = frame();
    expect(shown?.dataset).toMatchObject({ template: 'story', theme: 'light' });
    expect(imageHidesName()).toBe(true);
    const text = shown?.textContent ?? '';
    expect(text.indexOf('What will you miss?')).toBeLessThan(text.indexOf('Convocation day'));
    expect(text.indexOf('Convocation day')).toBeLessThan(text.indexOf('Campus Yearbook'));
    expect(screen.getByText(`${window.location.host}/post/3f2a9c1e…`)).toBeTruthy();
  });

  it('leaves the colours to the page for someone who cannot download, and marks no hidden name', () => {
    render(
      <ImageFrame format="square" post={{ ...post, askline: null }}>
        {card}
      </ImageFrame>,
    );
    expect(frame()?.dataset.theme).toBeUndefined();
    expect(imageHidesName()).toBe(false);
    expect(frame()?.textContent).not.toContain('Askline');
  });
});
