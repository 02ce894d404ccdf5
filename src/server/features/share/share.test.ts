// Share surfaces over HTTP on a real database (issue «Sharing» 5): the raw HTML of post and askline
// pages carries Open Graph and Twitter tags (what crawlers read, with no script run); the preview images
// are real 1200×630 PNGs; the embed page and oEmbed; a deleted post is gone from all of them; hostile
// text stays text; and an anonymous post's author is named by none of them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type Member } from '../../../../tests/support/accounts';
import { createCameraJpeg } from '../../../../tests/support/images';
import { callJson, startTestServer, type TestServer } from '../../../../tests/support/test-server';
import { EMBED_STYLES } from '../../../shared/embed-html';
import { asklines } from '../../db/schema';

let server: TestServer;
let webRoot: string;
let asha: Member;
let ravi: Member;

const HOSTILE = `Bring "snacks" & <script>alert('x')</script> to the fest </title><meta name="og:title">`;

beforeAll(async () => {
  // The real index.html head (title and a multi-line description), as the build writes it.
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'yb-share-web-'));
  fs.copyFileSync(new URL('../../../web/index.html', import.meta.url), path.join(webRoot, 'index.html'));
  server = await startTestServer({ webRoot });
  asha = await createMember(server, { fullName: 'Asha Raman' });
  ravi = await createMember(server, { fullName: 'Ravi Kumar' });
  const photo = await server.request(`/api/profiles/${asha.username}/photo`, {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg', cookie: asha.cookie },
    body: new Uint8Array(await createCameraJpeg({ width: 600, height: 400 })),
  });
  expect(photo.status).toBe(200);
});
afterAll(async () => {
  await server.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

async function post(as: Member, content: string, extra: Record<string, unknown> = {}) {
  const res = await callJson(server, 'POST', '/api/posts', as.cookie, { content, ...extra });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

/** Every <meta> of a page as property/name → decoded content. */
function metaOf(html: string): Map<string, string> {
  const head = html.slice(0, html.indexOf('</head>'));
  const found = new Map<string, string>();
  for (const [, key = '', value = ''] of head.matchAll(
    /<meta (?:name|property)="([^"]+)" content="([^"]*)">/g,
  )) {
    found.set(key, decodeEntities(value));
  }
  return found;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Numeric and named character references, as a browser reads them in an attribute. */
function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d+)|(\w+));/g, (whole, code: string | undefined, name: string | undefined) =>
    code ? String.fromCharCode(Number(code)) : (NAMED_ENTITIES[name ?? ''] ?? whole),
  );
}

async function page(pathname: string) {
  const res = await server.request(pathname, { redirect: 'manual' });
  return { status: res.status, html: await res.text(), headers: res.headers };
}

async function png(url: string) {
  const res = await fetch(url);
  const body = Buffer.from(await res.arrayBuffer());
  return { res, body };
}

describe('a named post shared as a link', () => {
  it('has the title, description, canonical address, Open Graph and Twitter tags in its raw HTML', async () => {
    const { id } = await post(asha, 'Last night at the hostel terrace:\nstars, chai and   the whole gang.');
    const { status, html, headers } = await page(`/${asha.username}/${id}?format=square`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    // The app's own title and description give way to the post's, once each.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain(`<title>Asha Raman (@${asha.username}) on Campus Yearbook</title>`);
    expect(html).toContain('<div id="root"></div>');

    const meta = metaOf(html);
    const pageUrl = `${server.url}/${asha.username}/${id}`;
    expect(meta.get('description')).toBe('Last night at the hostel terrace: stars, chai and the whole gang.');
    expect(meta.get('og:title')).toBe(`Asha Raman (@${asha.username}) on Campus Yearbook`);
    expect(meta.get('og:description')).toBe(meta.get('description'));
    expect(meta.get('og:type')).toBe('article');
    expect(meta.get('og:url')).toBe(pageUrl);
    expect(meta.get('og:site_name')).toBe('Campus Yearbook');
    expect(meta.get('og:image')).toMatch(new RegExp(`^${server.url}/og/posts/${id}\\.png\\?v=[\\w-]+$`));
    expect(meta.get('og:image:width')).toBe('1200');
    expect(meta.get('og:image:height')).toBe('630');
    expect(meta.get('twitter:card')).toBe('summary_large_image');
    expect(meta.get('twitter:title')).toBe(meta.get('og:title'));
    expect(meta.get('twitter:description')).toBe(meta.get('description'));
    expect(meta.get('twitter:image')).toBe(meta.get('og:image'));
    expect(meta.get('article:published_time')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(html).toContain(`<link rel="canonical" href="${pageUrl}">`);
    expect(html).toContain(
      `<link rel="alternate" type="application/json+oembed" href="${server.url}/api/oembed?url=${encodeURIComponent(pageUrl)}&amp;format=json"`,
    );
  });

  it('cuts a long post to a 200-character description at a word', async () => {
    const words = 'graduation '.repeat(23).trim();
    const { id } = await post(asha, words);
    const meta = metaOf((await page(`/${asha.username}/${id}`)).html);
    const description = meta.get('description') ?? '';
    expect(Array.from(description).length).toBeLessThanOrEqual(200);
    expect(description).toMatch(/^graduation( graduation)+…$/);
  });

  it('moves an address with another username, or other letter case, to its own', async () => {
    const { id } = await post(asha, 'Where the post really lives');
    const moves: [string, string][] = [
      [`/${ravi.username}/${id}?format=story`, `/${asha.username}/${id}?format=story`],
      [`/${asha.username.toUpperCase()}/${id}?format=square&utm=x`, `/${asha.username}/${id}?format=square`],
      // A template that is not one is dropped, as the app drops it.
      [`/${ravi.username}/${id}?format=poster`, `/${asha.username}/${id}`],
    ];
    for (const [wrong, right] of moves) {
      const res = await page(wrong);
      expect(res.status, wrong).toBe(301);
      expect(res.headers.get('location')).toBe(right);
    }
  });

  it('draws a valid 1200×630 PNG, served with a version tag that revalidates', async () => {
    const { id } = await post(asha, 'Canteen dosa at 2am 😋 with the hostel gang. நன்றி நண்பர்களே!');
    const image = metaOf((await page(`/${asha.username}/${id}`)).html).get('og:image') ?? '';
    const { res, body } = await png(image);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(body.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const decoded = await sharp(body).metadata();
    expect(decoded).toMatchObject({ format: 'png', width: 1200, height: 630 });
    // Decodes to real pixels: the gradient is not one flat colour.
    const stats = await sharp(body).stats();
    expect(stats.isOpaque).toBe(true);
    expect(stats.channels[2]?.stdev ?? 0).toBeGreaterThan(5);

    const etag = res.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(image, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });
});

describe('hostile text', () => {
  it('stays text in the page head, the embed page and oEmbed', async () => {
    const { id } = await post(ravi, HOSTILE);
    const { html } = await page(`/${ravi.username}/${id}`);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('<script>alert');
    expect(head).not.toContain('</title><meta');
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(metaOf(html).get('og:description')).toBe(HOSTILE);

    const embed = await server.request(`/embed/posts/${id}`);
    const embedHtml = await embed.text();
    expect(embedHtml).not.toContain('<script');
    expect(embedHtml).toContain('&#60;script&#62;alert(&#39;x&#39;)&#60;/script&#62;');

    const oembed = await callJson(
      server,
      'GET',
      `/api/oembed?url=${encodeURIComponent(`${server.url}/${ravi.username}/${id}`)}`,
    );
    expect(oembed.status).toBe(200);
    expect(oembed.body.html).not.toContain('<script');
    expect(oembed.body.html).toMatch(/^<iframe src="[^"<>]+" width="\d+" height="\d+" title="[^"<>]+"/);

    const image = await png(metaOf(html).get('og:image') ?? '');
    expect(image.res.status).toBe(200);
    expect(image.body.includes(Buffer.from('<script>'))).toBe(false);
  });
});

describe('the embed page', () => {
  it('is one self-contained page any site may frame, its only style allowed by hash', async () => {
    const { id } = await post(asha, 'Embed me on the club website: www.vit.ac.in @ravi');
    const res = await server.request(`/embed/posts/${id}?format=story`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('frame-ancestors *');
    expect(csp).toContain("default-src 'none'");
    const hash = (await import('node:crypto')).createHash('sha256').update(EMBED_STYLES).digest('base64');
    expect(csp).toContain(`style-src 'sha256-${hash}'`);
    expect(res.headers.get('x-frame-options')).toBeNull();
    const html = await res.text();
    expect(html).toContain('class="cy-embed cy-story"');
    expect(html).toContain(`href="${server.url}/${asha.username}/${id}?format=story"`);
    expect(html).toContain('<a href="https://www.vit.ac.in/"');
    expect(html).not.toMatch(/<script|<link rel="stylesheet"|src="http/);

    // The app's own pages still refuse every frame.
    const app = await server.request('/about');
    expect(app.headers.get('x-frame-options')).toBe('DENY');
    expect(app.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

describe('oEmbed', () => {
  it('answers a rich iframe sized to the template, with the author of a named post', async () => {
    const { id } = await post(asha, 'An oEmbed for the alumni newsletter');
    const url = `${server.url}/${asha.username}/${id}?format=square`;
    const res = await callJson(
      server,
      'GET',
      `/api/oembed?url=${encodeURIComponent(url)}&format=json&maxwidth=400`,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.body).toMatchObject({
      version: '1.0',
      type: 'rich',
      provider_name: 'Campus Yearbook',
      provider_url: `${server.url}/`,
      author_name: 'Asha Raman',
      author_url: `${server.url}/${asha.username}`,
      width: 400,
      height: 400,
      thumbnail_width: 1200,
      thumbnail_height: 630,
    });
    expect(res.body.html).toContain(`src="${server.url}/embed/posts/${id}?format=square"`);
    expect(res.body.thumbnail_url).toMatch(new RegExp(`^${server.url}/og/posts/${id}\\.png\\?v=`));
  });

  it('refuses other formats, other sites and addresses that are not posts', async () => {
    const { id } = await post(asha, 'Only JSON, only here');
    const url = encodeURIComponent(`${server.url}/${asha.username}/${id}`);
    expect((await callJson(server, 'GET', `/api/oembed?url=${url}&format=xml`)).status).toBe(501);
    for (const other of [
      `https://elsewhere.example/${asha.username}/${id}`,
      `${server.url}/askline/${id}`,
      `${server.url}/${asha.username}`,
      'not a url',
    ]) {
      const res = await callJson(server, 'GET', `/api/oembed?url=${encodeURIComponent(other)}`);
      expect(res.status, other).toBe(404);
      expect(res.body.error.message).toBe('No post is shared at that url.');
    }
    const missing = await callJson(server, 'GET', '/api/oembed');
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('url is required.');
  });
});

describe('a deleted post', () => {
  it('is gone from the page head, the preview image, the embed page and oEmbed', async () => {
    const { id } = await post(asha, 'Here today, gone tomorrow');
    const before = await page(`/${asha.username}/${id}`);
    const image = metaOf(before.html).get('og:image') ?? '';
    expect((await fetch(image)).status).toBe(200);

    expect((await callJson(server, 'DELETE', `/api/posts/${id}`, asha.cookie)).status).toBe(204);

    const after = await page(`/${asha.username}/${id}`);
    expect(after.status).toBe(404);
    expect(after.html).toContain('<meta name="robots" content="noindex">');
    expect(after.html).not.toContain('Here today');
    expect((await fetch(image)).status).toBe(404);
    const embed = await server.request(`/embed/posts/${id}`);
    expect(embed.status).toBe(404);
    expect(await embed.text()).toContain('This post is no longer available.');
    const oembed = await callJson(
      server,
      'GET',
      `/api/oembed?url=${encodeURIComponent(`${server.url}/${asha.username}/${id}`)}`,
    );
    expect(oembed.status).toBe(404);
  });
});

describe('a reply', () => {
  it('is read in its thread: its address leads there, and no share surface shows it as a post', async () => {
    const { id: postId } = await post(asha, 'Who has notes from the first lecture?');
    const answer = async (content: string, isAnonymous: boolean) => {
      const res = await callJson(server, 'POST', `/api/posts/${postId}/replies`, ravi.cookie, {
        content,
        isAnonymous,
      });
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    const named = await answer('I do, ask me after class', false);
    const anonymous = await answer('The library has a copy', true);

    for (const [address, reply] of [
      [`/post/${named}`, named],
      [`/${ravi.username}/${named}`, named],
      [`/${ravi.username.toUpperCase()}/${named}`, named],
      [`/post/${anonymous}`, anonymous],
    ] as const) {
      const res = await page(address);
      expect(`${res.status} ${res.headers.get('location')}`, address).toBe(
        `301 /post/${postId}#reply-${reply}`,
      );
    }
    // Under a username that did not write it, or any username for an anonymous one: not there, as a
    // post would be (a guessed username is never confirmed).
    for (const address of [`/${asha.username}/${named}`, `/${ravi.username}/${anonymous}`]) {
      expect((await page(address)).status, address).toBe(404);
    }
    for (const reply of [named, anonymous]) {
      expect((await callJson(server, 'GET', `/api/posts/${reply}`)).status).toBe(404);
      expect((await server.request(`/embed/posts/${reply}`)).status).toBe(404);
      expect((await server.request(`/og/posts/${reply}.png`)).status).toBe(404);
      const oembed = await callJson(
        server,
        'GET',
        `/api/oembed?url=${encodeURIComponent(`${server.url}/post/${reply}`)}`,
      );
      expect(oembed.status).toBe(404);
      // Nor is it liked: a like reads it as missing.
      expect((await callJson(server, 'PUT', `/api/posts/${reply}/like`, asha.cookie)).status).toBe(404);
    }
  });
});

describe('an anonymous post', () => {
  it('is shared by none of these with its author', async () => {
    const { id } = await post(asha, 'I still have the library book from first year.', { isAnonymous: true });
    const secrets = [asha.username, 'Asha Raman', asha.account.userId, asha.account.email];

    const head = await page(`/post/${id}`);
    expect(head.status).toBe(200);
    const meta = metaOf(head.html);
    expect(meta.get('og:title')).toBe('Anonymous on Campus Yearbook');
    expect(meta.get('og:description')).toBe('I still have the library book from first year.');

    const image = await png(meta.get('og:image') ?? '');
    expect(image.res.status).toBe(200);
    const embed = await server.request(`/embed/posts/${id}`);
    const embedHtml = await embed.text();
    expect(embedHtml).toContain('<span class="cy-name">Anonymous</span>');
    const oembed = await callJson(
      server,
      'GET',
      `/api/oembed?url=${encodeURIComponent(`${server.url}/post/${id}`)}`,
    );
    expect(oembed.status).toBe(200);
    expect(oembed.body).not.toHaveProperty('author_name');
    expect(oembed.body).not.toHaveProperty('author_url');

    const answers = [
      head.html,
      JSON.stringify([...head.headers]),
      image.body.toString('latin1'),
      JSON.stringify([...image.res.headers]),
      embedHtml,
      JSON.stringify([...embed.headers]),
      oembed.text,
      JSON.stringify([...oembed.headers]),
    ];
    for (const answer of answers) {
      for (const secret of secrets) expect(answer).not.toContain(secret);
    }

    // Under its author's username it does not exist: the address confirms nothing.
    const guessed = await page(`/${asha.username}/${id}`);
    expect(guessed.status).toBe(404);
    expect(guessed.html).not.toContain('library book');
    const guessedOembed = await callJson(
      server,
      'GET',
      `/api/oembed?url=${encodeURIComponent(`${server.url}/${asha.username}/${id}`)}`,
    );
    expect(guessedOembed.status).toBe(404);
  });
});

describe('an askline shared as a link', () => {
  it('has its tags and image while published, and none before', async () => {
    const [published, pending] = await server.database.db
      .insert(asklines)
      .values([
        { content: 'What will you miss most about campus?', createdBy: asha.account.userId, verified: true },
        { content: 'A prompt still waiting for review', createdBy: asha.account.userId },
      ])
      .returning();
    const shown = await page(`/askline/${published?.id}`);
    expect(shown.status).toBe(200);
    const meta = metaOf(shown.html);
    expect(meta.get('og:title')).toBe('What will you miss most about campus? · Askline on Campus Yearbook');
    expect(meta.get('og:description')).toMatch(/^0 posts answer this askline/);
    const image = await png(meta.get('og:image') ?? '');
    expect(await sharp(image.body).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });

    const hidden = await page(`/askline/${pending?.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.html).not.toContain('waiting for review');
    expect((await fetch(`${server.url}/og/asklines/${pending?.id}.png`)).status).toBe(404);
  });

  it('leaves every other page to the app as it was', async () => {
    for (const pathname of ['/', '/about', '/profile/setup', '/asklines/review', '/someone/not-a-post-id']) {
      const res = await page(pathname);
      expect(res.status, pathname).toBe(200);
      expect(res.html).toContain('<title>Campus Yearbook</title>');
      expect(res.html).not.toContain('og:title');
    }
  });
});
