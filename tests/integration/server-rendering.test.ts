// Pages rendered on the server (issue #26): what a phone, a crawler or `curl` receives before any
// script runs. The real build's renderer, the real API (in-process, as the visitor) and a real database.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_PAGE_CACHE, PUBLIC_PAGE_CACHE } from '../../src/server/http/web-app';
import { campusDayAndTime } from '../../src/shared/campus-day-and-time';
import { createMember, type Member } from '../support/accounts';
import {
  builtWebApp,
  callJson,
  NO_RATE_LIMITS,
  startTestServer,
  type TestServer,
} from '../support/test-server';

let server: TestServer;
let writer: Member;
let reader: Member;
let namedPost: { id: string };
let anonymousPost: { id: string };
let asklineId: string;
let admin: Member;
// Words that must arrive as text: markup is escaped, and `$&`/`$'` are not replacement patterns.
const NAMED_TEXT = "Chai at the Gazebo $& $' <b>not bold</b> at 4";
const ANONYMOUS_TEXT = 'Nobody knows I moved the library chairs';

interface Page {
  status: number;
  html: string;
  headers: Headers;
  /** The answers the page was drawn with (lib/page-state.ts). */
  state: { queries: { queryKey: unknown[]; state: { data?: unknown; status: string } }[] };
  /** What is inside #root: the page itself, not its head. */
  root: string;
  /** The lazily loaded parts drawn, which the browser waits for before the page is live (lib/lazy-page.ts). */
  parts: string[];
}

async function page(path: string, cookie?: string, headers: Record<string, string> = {}): Promise<Page> {
  const res = await server.request(path, {
    redirect: 'manual',
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });
  const html = await res.text();
  const stateJson = /<script type="application\/json" id="page-state">([\s\S]*?)<\/script>/.exec(html)?.[1];
  const drawn =
    /<div id="root" data-parts="([^"]*)">([\s\S]*)<\/div><script type="application\/json" id="page-state">/.exec(
      html,
    );
  return {
    status: res.status,
    html,
    headers: res.headers,
    state: stateJson ? JSON.parse(stateJson) : null,
    root: drawn?.[2] ?? '',
    parts: drawn?.[1]?.split(' ').filter(Boolean) ?? [],
  };
}

/** Where the build put a source module (chunk files are named by their hash alone: vite.config.ts). */
function chunkFile(key: string): string {
  const manifest = JSON.parse(readFileSync(join(builtWebApp(), '.vite/manifest.json'), 'utf8'));
  const file = manifest[key]?.file;
  if (typeof file !== 'string') throw new Error(`the build manifest has no ${key}`);
  return `/${file}`;
}

function answerFor(from: Page, key: unknown[]): unknown {
  return from.state.queries.find((query) => JSON.stringify(query.queryKey) === JSON.stringify(key))?.state
    .data;
}

beforeAll(async () => {
  server = await startTestServer({ webRoot: builtWebApp(), rateLimiter: NO_RATE_LIMITS });
  writer = await createMember(server, { fullName: 'Meera Menon' });
  reader = await createMember(server, { fullName: 'Karthik Iyer' });
  namedPost = (await callJson(server, 'POST', '/api/posts', writer.cookie, { content: NAMED_TEXT })).body;
  anonymousPost = (
    await callJson(server, 'POST', '/api/posts', writer.cookie, {
      content: ANONYMOUS_TEXT,
      isAnonymous: true,
    })
  ).body;
  admin = await createMember(server, { userType: 'admin' });
  asklineId = (
    await callJson(server, 'POST', '/api/asklines', reader.cookie, { content: 'Best canteen dish?' })
  ).body.id;
  expect(
    (await callJson(server, 'PUT', `/api/asklines/${asklineId}/review`, admin.cookie, { decision: 'verify' }))
      .status,
  ).toBe(200);
});
afterAll(() => server?.close());

describe('a shared post, as curl sees it', () => {
  it("has the post's text in the page body, escaped, with the author named", async () => {
    const shown = await page(`/${writer.username}/${namedPost.id}`);
    expect(shown.status).toBe(200);
    expect(shown.root).toContain('Chai at the Gazebo $&amp; $&#x27; &lt;b&gt;not bold&lt;/b&gt; at 4');
    expect(shown.root).not.toContain('<b>not bold');
    expect(shown.root).toContain('Meera Menon');
    expect(shown.root).toContain(`@${writer.username}`);
    // The page's own title, once, and the link preview's tags beside it.
    expect(shown.html.match(/<title>/g)).toHaveLength(1);
    expect(shown.html).toContain(
      `<title>Post by Meera Menon (@${writer.username}) · Campus Yearbook</title>`,
    );
    expect(shown.html).toContain('<meta property="og:image"');
  });

  it('draws a thread without what nobody sees yet: closed menus have no items, no report form waits (issue #51)', async () => {
    const thread = (await callJson(server, 'POST', '/api/posts', writer.cookie, { content: 'A busy thread' }))
      .body;
    const replies = 20;
    for (let i = 0; i < replies; i++) {
      const as = i % 2 ? writer : reader;
      const res = await callJson(server, 'POST', `/api/posts/${thread.id}/replies`, as.cookie, {
        content: `Reply number ${i}`,
      });
      expect(res.status).toBe(201);
    }
    // Drawn for a member, each reply with its Reply button and its menu (Report, Mute, Block…).
    const shown = await page(`/${writer.username}/${thread.id}`, reader.cookie);
    expect(shown.status).toBe(200);
    expect(shown.root.match(/aria-label="Reply by /g)).toHaveLength(replies);
    expect(shown.root.match(/aria-label="More options for the reply by /g)).toHaveLength(replies);
    // Not vacuous: the post's own menu and the replies' are there, closed and empty, and no report
    // dialog (a form of radio buttons) is drawn until one is opened.
    expect(shown.root).not.toContain('Report this post?');
    expect(shown.root).not.toMatch(/<ul[^>]*hidden=""[^>]*><li/);
    // What a reply costs the page: its elements, bounded (each was ~70 with its closed menu and form).
    const list = shown.root.slice(shown.root.indexOf('<li id="reply-'), shown.root.lastIndexOf('</ol>'));
    const elements = (list.match(/<[a-z]/g) ?? []).length;
    expect(elements / replies).toBeLessThan(25);
  });

  it('shows an anonymous post as Anonymous, at /post/{id} only', async () => {
    const shown = await page(`/post/${anonymousPost.id}`);
    expect(shown.status).toBe(200);
    expect(shown.root).toContain(ANONYMOUS_TEXT);
    expect(shown.root).toContain('Anonymous');
    for (const secret of [writer.username, 'Meera Menon', writer.account.userId]) {
      expect(shown.html).not.toContain(secret);
    }
    const guessed = await page(`/${writer.username}/${anonymousPost.id}`);
    expect(guessed.status).toBe(404);
    expect(guessed.root).toContain('Post not found');
  });

  it('carries the answers it was drawn with, under the keys the page reads, and no clock readings', async () => {
    const shown = await page(`/post/${namedPost.id}`);
    expect(answerFor(shown, ['session'])).toEqual({ user: null, profile: null, needsProfileSetup: false });
    expect(answerFor(shown, ['post', namedPost.id, null])).toMatchObject({
      id: namedPost.id,
      content: NAMED_TEXT,
    });
    expect(shown.html).not.toMatch(/"(dataUpdatedAt|dehydratedAt)":[1-9]/);
  });

  it('runs no inline script: every script is a file or data (script-src self)', async () => {
    for (const path of ['/', `/post/${namedPost.id}`, '/asklines', `/askline/${asklineId}`]) {
      const shown = await page(path);
      const scripts = shown.html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(1);
      for (const tag of scripts)
        expect(tag, `${path}: ${tag}`).toMatch(/\bsrc="\/assets\/|type="application\/json"/);
    }
  });

  it('names the chunks the page needs, and each is served', async () => {
    const shown = await page(`/post/${namedPost.id}`);
    const preloads = [...shown.html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1],
    );
    expect(preloads).toContain(chunkFile('app/routes/post.tsx'));
    for (const href of preloads) expect((await server.request(href ?? '')).status, href).toBe(200);
  });

  it('fetches no code before it has painted but one small script, and names the app for after (decision 014)', async () => {
    for (const [path, cookie] of [
      [`/post/${namedPost.id}`, undefined],
      ['/asklines', undefined],
      ['/', undefined],
      ['/dashboard', reader.cookie],
    ] as const) {
      const shown = await page(path, cookie);
      const template = /<template id="page-modules" data-app="([^"]+)">([\s\S]*?)<\/template>/.exec(
        shown.html,
      );
      expect(template, path).not.toBeNull();
      const [whole = '', app = '', links = ''] = template ?? [];
      // Outside the inert template: no preload, and one script, index.html's (boot.ts), under 2 KB.
      const outside = shown.html.replace(whole, '');
      expect(outside, path).not.toContain('modulepreload');
      const scripts = [...outside.matchAll(/<script type="module" crossorigin src="([^"]+)">/g)];
      expect(scripts, path).toHaveLength(1);
      const boot = await server.request(scripts[0]?.[1] ?? '');
      expect(gzipSync(Buffer.from(await boot.arrayBuffer())).length, path).toBeLessThan(2 * 1024);
      // The app it loads after the paint is named, and preloaded with the rest of the page's chunks.
      expect(app, path).toMatch(/^\/assets\/main-[\w-]+\.js$/);
      expect(links, path).toContain(`href="${app}"`);
      expect((await server.request(app)).status, path).toBe(200);
    }
  });
});

/**
 * What a shared link makes a phone download before the page works: at most 100 KB gzip on every
 * public page (issue #26). The askline page, the heaviest, loads 99.8 KB (docs/performance.md): a
 * page that grows past it pays for what it adds.
 */
const PUBLIC_PAGE_JS_CEILING = 100 * 1024;

/**
 * The JavaScript a page loads before it works: the script and the modules its HTML names, and what
 * they import statically (as served, gzip). What a page loads later (`import()` on intent or after an
 * action) is not in it.
 */
async function initialJavaScript(shown: Page): Promise<{ bytes: number; files: string[] }> {
  const named =
    /<script type="module" crossorigin src="([^"]+)">|rel="modulepreload" crossorigin href="([^"]+)"/g;
  const queue = [...shown.html.matchAll(named)].map((match) => match[1] ?? match[2] ?? '');
  const files: string[] = [];
  let bytes = 0;
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (files.includes(file)) continue;
    files.push(file);
    const res = await server.request(file);
    expect(res.status, file).toBe(200);
    const code = Buffer.from(await res.arrayBuffer());
    bytes += gzipSync(code).length;
    // Static imports only: `import{a}from"./x.js"` and `import"./x.js"`, never `import("./x.js")`.
    for (const [, imported] of code.toString('utf8').matchAll(/(?:from|import)\s*"\.\/([\w-]+\.js)"/g)) {
      queue.push(new URL(imported ?? '', `http://page${file}`).pathname);
    }
  }
  return { bytes, files };
}

describe('icons', () => {
  it('come from the one sprite the server serves, kept for a year, holding every icon a page names', async () => {
    const shown = await page(`/${writer.username}/${namedPost.id}`);
    const used = [...shown.root.matchAll(/<use href="(\/assets\/icons-[\w-]+\.svg)#([\w-]+)"/g)];
    expect(used.length).toBeGreaterThan(1);
    const sprites = new Set(used.map(([, file]) => file));
    expect(sprites.size).toBe(1);
    const res = await server.request([...sprites][0] ?? '');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(res.headers.get('cache-control')).toContain('immutable');
    const sprite = await res.text();
    for (const [, , id] of used) expect(sprite).toContain(`<symbol id="${id}"`);
  });
});

describe('the JavaScript a shared link loads', () => {
  it(`is at most ${PUBLIC_PAGE_JS_CEILING / 1024} KB gzip on every page open to visitors`, async () => {
    const pages = [
      '/',
      '/about',
      '/privacy',
      '/terms',
      '/contact',
      '/demo_user',
      `/post/${namedPost.id}`,
      `/post/${anonymousPost.id}`,
      `/${writer.username}/${namedPost.id}`,
      '/asklines',
      `/askline/${asklineId}`,
    ];
    const measured: { path: string; bytes: number; files: string[] }[] = [];
    for (const path of pages) {
      const shown = await page(path);
      expect(shown.status, path).toBe(200);
      measured.push({ path, ...(await initialJavaScript(shown)) });
    }
    const figures = measured.map(
      ({ path, bytes, files }) =>
        `${path.replace(/[0-9a-f-]{36}/, '{id}')} ${(bytes / 1024).toFixed(1)} KB in ${files.length} files`,
    );
    console.log(`initial JS of the public pages (gzip): ${figures.join(', ')}`);
    for (const [i, { path, bytes }] of measured.entries()) {
      // React and React DOM alone are more: a smaller figure means the count missed files.
      expect(bytes, path).toBeGreaterThan(50 * 1024);
      expect(bytes, figures[i]).toBeLessThanOrEqual(PUBLIC_PAGE_JS_CEILING);
    }
  });
});

describe('caching', () => {
  it("lets a shared cache keep a visitor's page briefly, and revalidates it by ETag", async () => {
    const first = await page(`/post/${namedPost.id}`);
    expect(first.headers.get('cache-control')).toBe(PUBLIC_PAGE_CACHE);
    expect(first.headers.get('vary')).toContain('Cookie');
    const etag = first.headers.get('etag') ?? '';
    expect((await page(`/post/${namedPost.id}`)).headers.get('etag')).toBe(etag);
    expect((await page(`/post/${namedPost.id}`, undefined, { 'if-none-match': etag })).status).toBe(304);
  });

  it('never lets a cache keep a page for someone who sent a cookie, nor a redirect', async () => {
    const signedIn = await page(`/post/${namedPost.id}`, reader.cookie);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('cache-control')).toBe(PRIVATE_PAGE_CACHE);
    const stale = await page('/about', 'yearbook.session_token=expired.signature');
    expect(stale.headers.get('cache-control')).toBe(PRIVATE_PAGE_CACHE);
    const sent = await page('/dashboard');
    expect(sent.status).toBe(302);
    expect(sent.headers.get('cache-control')).toBe(PRIVATE_PAGE_CACHE);
  });
});

describe('signed-in pages', () => {
  it('draws the dashboard with the first page of the feed and the navbar for the session', async () => {
    const shown = await page('/dashboard', reader.cookie);
    expect(shown.status).toBe(200);
    expect(shown.root).toContain('Chai at the Gazebo');
    expect(shown.root).toContain(ANONYMOUS_TEXT);
    expect(shown.root).toContain('aria-label="Create a post"');
    expect(answerFor(shown, ['session'])).toMatchObject({ profile: { username: reader.username } });
    for (const key of [
      'app/routes/dashboard.tsx',
      'features/auth/components/session-header.tsx',
      'features/auth/components/auth-gate.tsx',
    ]) {
      expect(shown.html, key).toContain(`rel="modulepreload" crossorigin href="${chunkFile(key)}"`);
    }
    // Every part drawn is named, with its copies, so the page says it is live only once they all are
    // (issue #45): each post card's actions and the bell are taken over after the page itself.
    const cards = shown.root.match(/<article\b/g)?.length ?? 0;
    expect(cards).toBeGreaterThan(1);
    expect(shown.parts.toSorted()).toEqual(
      [
        'app/gated-pages.tsx*1',
        'app/layouts/query-layout.tsx*1',
        'app/routes/dashboard.tsx*1',
        // The askline of the day (issue #51): its own chunk, drawn with the page.
        'features/asklines/components/askline-of-the-day.tsx*1',
        'features/auth/components/auth-gate.tsx*1',
        'features/auth/components/session-header.tsx*1',
        'features/notifications/components/notification-bell.tsx*1',
        `features/posts/components/post-card-actions.tsx*${cards}`,
      ].toSorted(),
    );
  });

  it('reads an address as the app does, in any case: /ADMIN/log is the moderation log (issue #45)', async () => {
    for (const address of ['/admin/log', '/ADMIN/log', '/admin/LOG']) {
      const shown = await page(address, admin.cookie);
      expect(shown.status, address).toBe(200);
      expect(shown.root, address).toContain('Moderation log</h1>');
      // Not post "log" by "ADMIN": no post asked for, and no post's actions in the navbar.
      expect(
        shown.state.queries.map((query) => query.queryKey[0]),
        address,
      ).not.toContain('post');
      expect(shown.root, address).not.toContain('aria-label="Copy link"');
      expect(shown.parts.join(' '), address).toContain(
        'features/moderation-log/routes/moderation-log-route.tsx',
      );
    }
    // Any case of a catch-all's static neighbours, and a page none of them is: 404.
    expect((await page('/PROFILE/Setup', reader.cookie)).status).toBe(302);
    expect((await page('/admin/log/more', admin.cookie)).status).toBe(404);
  });

  it('draws the dashboard notice for a browser that has not seen it, and not for one that has (decision 015)', async () => {
    const notice = {
      show: true,
      title: 'Yearbook week',
      badge: 'New',
      content: ['Send your memory by Friday.'],
    };
    expect((await callJson(server, 'PUT', '/api/admin/notice', admin.cookie, notice)).status).toBe(200);
    try {
      const unseen = await page('/dashboard', reader.cookie);
      expect(unseen.status).toBe(200);
      expect(unseen.root).toContain('Yearbook week');
      expect(unseen.root).toContain('Send your memory by Friday.');
      expect(unseen.root).toContain('aria-label="Dismiss notice"');
      // The flag is read by name, among other cookies and in any order.
      const seen = await page('/dashboard', `yearbook-notice-seen=true; ${reader.cookie}`);
      expect(seen.status).toBe(200);
      expect(seen.root).toContain('Chai at the Gazebo');
      expect(seen.root).not.toContain('Yearbook week');
      // Another cookie whose name ends the same is not the flag.
      const lookalike = await page('/dashboard', `${reader.cookie}; old-yearbook-notice-seen=true`);
      expect(lookalike.root).toContain('Yearbook week');
    } finally {
      const hidden = { ...notice, show: false };
      expect((await callJson(server, 'PUT', '/api/admin/notice', admin.cookie, hidden)).status).toBe(200);
    }
  });

  it("draws a profile with the person's posts", async () => {
    const shown = await page(`/${writer.username}`, reader.cookie);
    expect(shown.status).toBe(200);
    expect(shown.root).toContain('Meera Menon');
    expect(shown.root).toContain('Chai at the Gazebo');
    expect(shown.root).not.toContain(ANONYMOUS_TEXT);
    expect((await page('/nobody_here_at_all', reader.cookie)).status).toBe(404);
  });

  it('draws My yearbook page with one’s named posts to choose, and the class book’s check for staff alone (issue #52)', async () => {
    const mine = await page('/yearbook', writer.cookie);
    expect(mine.status).toBe(200);
    expect(mine.root).toContain('My yearbook page');
    expect(mine.root).toContain('Chai at the Gazebo');
    // Named posts only: an anonymous one is never offered for one's page.
    expect(mine.root).not.toContain(ANONYMOUS_TEXT);
    expect(mine.root).toContain('0 of 20 chosen');
    expect(mine.html).toContain(chunkFile('features/book/routes/yearbook-route.tsx'));

    const check = await page('/class/2026/book?campus=VITC', admin.cookie);
    expect(check.status).toBe(200);
    expect(check.root).toContain('Class of 2026 book');
    expect(check.root).toContain('Members without a photo');
    expect(check.root).toContain(writer.username);
    expect(check.html).toContain(chunkFile('features/book/routes/class-book-route.tsx'));
    // A member is sent away as from any staff screen, and nothing of the class's check is drawn.
    const refused = await page('/class/2026/book?campus=VITC', reader.cookie);
    expect(`${refused.status} ${refused.headers.get('location')}`).toBe('302 /dashboard');
    expect(refused.html).not.toContain(writer.username);
  });

  it("draws the owner's posts waiting for review on their profile, and the Held tab for staff (issue #47)", async () => {
    const waiting = `@${reader.username} hums through every lecture`;
    const held = await callJson(server, 'POST', '/api/posts', writer.cookie, {
      content: waiting,
      isAnonymous: true,
    });
    expect(held.status).toBe(202);
    const own = await page(`/${writer.username}`, writer.cookie);
    expect(own.root).toContain('Waiting for review');
    expect(own.root).toContain(`hums through every lecture`);
    expect(
      own.parts.some((part) => part.startsWith('features/held-posts/components/own-held-posts.tsx')),
    ).toBe(true);
    expect(own.html).toContain(chunkFile('features/held-posts/components/own-held-posts.tsx'));
    const theirs = await page(`/${writer.username}`, reader.cookie);
    expect(theirs.root).not.toContain('Waiting for review');
    expect(theirs.html).not.toContain('hums through every lecture');
    const tab = await page('/reports?tab=held', admin.cookie);
    expect(tab.status).toBe(200);
    expect(tab.root).toContain('hums through every lecture');
    expect(tab.root).toContain('Approve');
    expect(tab.html).toContain(chunkFile('features/held-posts/components/held-tab.tsx'));
    // Anonymous to staff too.
    expect(tab.html).not.toContain(writer.username);
  });

  it("draws a removed post's statement and appeal for its author alone, and the Appeals tab for staff (issue #47)", async () => {
    const content = 'Removed for the statement page';
    const posted = await callJson(server, 'POST', '/api/posts', writer.cookie, {
      content,
      isAnonymous: true,
    });
    expect(posted.status).toBe(201);
    const id = posted.body.id;
    const moderator = await createMember(server, { userType: 'moderator' });
    const removal = { rule: 'spam', facts: 'Advertises a coaching class.' };
    expect(
      (await callJson(server, 'POST', `/api/posts/${id}/removal`, moderator.cookie, removal)).status,
    ).toBe(200);
    const own = await page(`/post/${id}`, writer.cookie);
    expect(own.root).toContain('Removed');
    expect(own.root).toContain(content);
    expect(own.root).toContain('Advertises a coaching class.');
    expect(own.root).toContain('Send appeal');
    expect(own.html).toContain(chunkFile('features/appeals/components/own-removed-post.tsx'));
    // Anyone else: the page of a post that does not exist, and not a word of it.
    for (const cookie of [reader.cookie, admin.cookie, undefined]) {
      const theirs = await page(`/post/${id}`, cookie);
      expect(theirs.status).toBe(404);
      expect(theirs.html).not.toContain(content);
      expect(theirs.html).not.toContain('coaching class');
    }
    const appealed = await callJson(server, 'POST', `/api/posts/${id}/appeal`, writer.cookie, {
      text: 'It was a study group, not an advert.',
    });
    expect(appealed.status).toBe(201);
    const tab = await page('/reports?tab=appeals', admin.cookie);
    expect(tab.status).toBe(200);
    expect(tab.root).toContain('It was a study group, not an advert.');
    expect(tab.root).toContain('Overturn');
    expect(tab.html).toContain(chunkFile('features/appeals/components/appeals-tab.tsx'));
    expect(tab.html).not.toContain(writer.username);
  });

  it("draws the reports queue in the order the server picked, each report's clocks, and an admin's overdue count (issue #47)", async () => {
    const reported = (
      await callJson(server, 'POST', '/api/posts', writer.cookie, { content: 'Overdue for days' })
    ).body;
    expect(
      (await callJson(server, 'POST', `/api/posts/${reported.id}/report`, reader.cookie, { reason: 'spam' }))
        .status,
    ).toBe(200);
    await server.database.db.execute(
      sql`update reports set opened_at = now() - interval '16 days' where post_id = ${reported.id}::uuid`,
    );
    const shown = await page('/reports', admin.cookie);
    expect(shown.status).toBe(200);
    expect(shown.root).toContain('Sort: Oldest First');
    expect(shown.root).toContain('Overdue: 24 hours past 15 days');
    expect(shown.root).toContain('1 report overdue (unresolved after 15 days)');
    // The answer is kept under the key of the order the address asked for: none, the server's.
    expect(answerFor(shown, ['reports', 'unresolved', 'default'])).toMatchObject({
      pages: [{ sort: 'oldest', overdue: { resolve: 1 } }],
    });
    await server.database.db.execute(
      sql`update reports set resolved = true where post_id = ${reported.id}::uuid`,
    );
  });

  it("draws the admins' word lists with the words added, who added them, and the form (issue #47)", async () => {
    const added = await callJson(server, 'POST', '/api/admin/word-lists', admin.cookie, {
      list: 'threat',
      term: 'wobblegrunt',
    });
    expect(added.status, added.text).toBe(201);
    const shown = await page('/admin/word-lists', admin.cookie);
    expect(shown.status).toBe(200);
    expect(shown.root).toContain('Word lists</h1>');
    expect(shown.root).toContain('“wobblegrunt”');
    expect(shown.root.replaceAll('<!-- -->', '')).toContain(`Added by @${admin.username}`);
    expect(shown.root).toContain('Threats (holds the post for review)');
    expect(shown.html).toContain(chunkFile('features/safety/routes/word-lists-route.tsx'));
    expect(`${(await page('/admin/word-lists', reader.cookie)).status}`).toBe('302');
    await callJson(server, 'DELETE', `/api/admin/word-lists/${added.body.id}`, admin.cookie);
  });

  it('draws Mute and block with all four lists, and never the author of a hidden anonymous post (issue #48)', async () => {
    const tara = await createMember(server, { fullName: 'Tara Controls' });
    const muted = await createMember(server, { fullName: 'Manu Muted' });
    const blocked = await createMember(server, { fullName: 'Bala Blocked' });
    const call = async (path: string, body: unknown) => {
      const answer = await callJson(server, 'POST', path, tara.cookie, body);
      expect(answer.status, answer.text).toBe(201);
      return answer.body;
    };
    const word = await call('/api/controls/muted-words', { phrase: 'exam results', duration: '7d' });
    await call('/api/controls/muted-words', { phrase: 'cricket', duration: 'always' });
    await call('/api/controls/mutes', { username: muted.username });
    await call('/api/controls/blocks', { username: blocked.username });
    await call('/api/controls/hidden-posts', { postId: anonymousPost.id, reason: 'muted_author' });

    const shown = await page('/profile/controls', tara.cookie);
    expect(shown.status).toBe(200);
    const root = shown.root.replaceAll('<!-- -->', '');
    expect(root).toContain('Mute and block</h1>');
    // Each word with when it stops, in the campuses' day and time (what the browser's first render draws).
    expect(root).toContain('“exam results”');
    expect(root).toContain(
      `Until <time dateTime="${word.expiresAt}">${campusDayAndTime(word.expiresAt)}</time>`,
    );
    expect(root).toMatch(/“cricket”<\/p><p[^>]*>Always</);
    expect(root).toContain('2 of 100 used');
    expect(root).toContain('Manu Muted');
    expect(root).toContain(`@${muted.username}`);
    expect(root).toContain('Bala Blocked');
    expect(root).toContain(`href="/${blocked.username}"`);
    expect(root).toContain(ANONYMOUS_TEXT);
    expect(root).toContain('You muted its anonymous author: this post alone');
    // The hidden post is anonymous: nothing on the page says whose it is.
    for (const secret of [writer.username, 'Meera Menon', writer.account.userId]) {
      expect(shown.html).not.toContain(secret);
    }
    expect(shown.html).toContain(chunkFile('features/personal-controls/routes/controls-route.tsx'));
    expect(answerFor(shown, ['controls', 'muted-words'])).toMatchObject({ limit: 100 });

    // A member with none: each list says so. A visitor is sent to sign in.
    const none = (await page('/profile/controls', reader.cookie)).root.replaceAll('<!-- -->', '');
    for (const empty of [
      'You haven&#x27;t muted any words.',
      'You haven&#x27;t muted anyone.',
      'You haven&#x27;t blocked anyone.',
      'You haven&#x27;t hidden any posts.',
    ]) {
      expect(none).toContain(empty);
    }
    const visitor = await page('/profile/controls');
    expect(`${visitor.status} ${visitor.headers.get('location')}`).toBe('302 /');
  });

  it('sends people where the auth gate would, with a redirect instead of a page', async () => {
    const redirect = async (path: string, cookie?: string) => {
      const shown = await page(path, cookie);
      return `${shown.status} ${shown.headers.get('location')}`;
    };
    expect(await redirect('/dashboard')).toBe('302 /');
    expect(await redirect(`/${writer.username}`)).toBe('302 /');
    expect(await redirect('/', reader.cookie)).toBe('302 /dashboard');
    expect(await redirect('/reports', reader.cookie)).toBe('302 /dashboard');
    const newcomer = await createMember(server, { profile: false });
    expect(await redirect('/dashboard', newcomer.cookie)).toBe('302 /profile/setup');
  });
});

describe('the open pages', () => {
  it('draws the asklines list and an askline page with their content', async () => {
    const list = await page('/asklines');
    expect(list.status).toBe(200);
    expect(list.root).toContain('Best canteen dish?');
    const one = await page(`/askline/${asklineId}`);
    expect(one.root).toContain('Best canteen dish?');
    expect(one.root).toContain(`href="/asklines"`);
  });

  it('answers 404 for what does not exist, drawn as the app draws it', async () => {
    expect((await page('/post/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await page('/askline/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const deep = await page('/a/b/c');
    expect(deep.status).toBe(404);
    expect(deep.root).toContain('Page not found');
  });

  it('draws the static pages and the landing page for visitors', async () => {
    expect((await page('/about')).root).toContain('About');
    const landing = await page('/');
    expect(landing.status).toBe(200);
    expect(landing.root).toContain('id="get-started"');
  });
});
