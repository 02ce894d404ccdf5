// The embed page as text (SPEC §9 embed page): self-contained, every piece of user text escaped, links
// only where the post-text rules make them, the template as a class, and an anonymous post with no
// author anywhere in it. The browser-side checks (offline, framed) are in tests/e2e/share.spec.ts.
import { describe, expect, it } from 'vitest';
import { EMBED_STYLES, type EmbedPost, embedTitle, renderEmbedHtml } from './embed-html';
import { SHARE_FORMATS } from './share';

const SITE = 'https://yearbook.example';

const named: EmbedPost = {
  id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  content: 'Fest at 6! See www.vit.ac.in and ping @ravi_k #riviera',
  author: { username: 'asha_r', fullName: 'Asha Raman' },
  askline: { content: 'Best night on campus?' },
  createdAt: '2026-01-10T20:00:00.000Z',
};

describe('renderEmbedHtml', () => {
  it('is one page with its styles inline and nothing loaded from anywhere', () => {
    const html = renderEmbedHtml(named, 'default', SITE);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain(`<style>${EMBED_STYLES}</style>`);
    expect(html).not.toMatch(/<script|<link rel="stylesheet"|<img|<iframe|@import|url\(/i);
    expect(EMBED_STYLES).not.toMatch(/url\(|@import/);
  });

  it.each(SHARE_FORMATS)('marks the %s template and links back to the post in it', (format) => {
    const html = renderEmbedHtml(named, format, SITE);
    expect(html).toContain(`class="cy-embed cy-${format}"`);
    expect(html).toContain(`href="${SITE}/asha_r/${named.id}?format=${format}"`);
    expect(html).toContain(`<link rel="canonical" href="${SITE}/asha_r/${named.id}">`);
  });

  it('turns links, mentions and hashtags into links that open elsewhere, and the rest into text', () => {
    const html = renderEmbedHtml(named, 'default', SITE);
    expect(html).toContain(
      `<a href="${SITE}/search?q=%23riviera&#38;type=posts" target="_blank" rel="noopener noreferrer nofollow ugc">#riviera</a>`,
    );
    expect(html).toContain(
      '<a href="https://www.vit.ac.in/" target="_blank" rel="noopener noreferrer nofollow ugc">www.vit.ac.in</a>',
    );
    expect(html).toContain(
      `<a href="${SITE}/ravi_k" target="_blank" rel="noopener noreferrer nofollow ugc">@ravi_k</a>`,
    );
    expect(html).toContain('<p class="cy-askline">Askline: Best night on campus?</p>');
    // The campus date, whatever the time zone of whoever makes the page: 20:00 UTC is the 11th in India.
    expect(html).toContain('<time datetime="2026-01-10T20:00:00.000Z">11 Jan 2026</time>');
  });

  it('escapes everything people wrote: post, askline, name and username', () => {
    const hostile: EmbedPost = {
      ...named,
      content: `</p><script>alert("x")</script> javascript:alert(1) <img src=x onerror=alert(2)> & 'quotes'`,
      askline: { content: '<b>bold</b> "askline"' },
      author: { username: 'asha_r', fullName: '<i onmouseover="alert(3)">Asha</i>' },
    };
    const html = renderEmbedHtml(hostile, 'square', SITE);
    expect(html).not.toMatch(/<script|<img|<i |<b>|onmouseover="/);
    expect(html).toContain('&#60;/p&#62;&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;');
    expect(html).toContain('javascript:alert(1)');
    expect(html).not.toContain('href="javascript');
    expect(html).toContain('&#60;b&#62;bold&#60;/b&#62; &#34;askline&#34;');
    expect(html).toContain('&#60;i onmouseover=&#34;alert(3)&#34;&#62;Asha&#60;/i&#62;');
  });

  it('names no one for an anonymous post', () => {
    const html = renderEmbedHtml({ ...named, author: null }, 'story', SITE);
    expect(html).toContain('<span class="cy-name">Anonymous</span>');
    expect(html).toContain(`href="${SITE}/post/${named.id}?format=story"`);
    expect(html).not.toContain('asha_r');
    expect(html).not.toContain('Asha Raman');
    expect(embedTitle({ author: null })).toBe('Anonymous post · Campus Yearbook');
  });
});
