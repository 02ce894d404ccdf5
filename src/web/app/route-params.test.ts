import { describe, expect, it } from 'vitest';
import { readCompose } from './route-params';

const compose = (query: string) => readCompose(new URLSearchParams(query));

describe("the dashboard's Create post from the address", () => {
  it("opens for the app's shortcut, with nothing written", () => {
    expect(compose('compose=1')).toEqual({ open: true, text: '' });
    expect(compose('sort=newest')).toEqual({ open: false, text: '' });
  });

  it('takes text shared from another app as the first draft, a link once', () => {
    expect(
      compose('share_title=Fest%20photos&share_text=Tag%20yourself&share_url=https%3A%2F%2Fex.am%2Fp'),
    ).toEqual({
      open: true,
      text: 'Fest photos\nTag yourself\nhttps://ex.am/p',
    });
    expect(compose('share_text=See%20https%3A%2F%2Fex.am%2Fp&share_url=https%3A%2F%2Fex.am%2Fp')).toEqual({
      open: true,
      text: 'See https://ex.am/p',
    });
    expect(compose('share_url=https%3A%2F%2Fex.am%2Fp&share_title=%20')).toEqual({
      open: true,
      text: 'https://ex.am/p',
    });
  });
});
