// Hydration in React's development build (issue #26): the browser's first render of a page the server
// drew must draw exactly the same, or React throws the server's HTML away (a flash, lost input) or, for
// attributes, silently keeps wrong ones (an aria-labelledby pointing at nothing). The production build
// the e2e tests load reports only some of these; the development build here reports every one.
//
// The pages come from the real server (built renderer, real database); each is then taken over by
// the app's own browser entry (src/web/main.tsx) in a happy-dom window, and any console error fails.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { matchRoute, ROUTES } from '../../src/shared/routes';
import { scaled } from '../support/machine-factor';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { builtWebApp, okJson } from '../support/test-server';

// The server runs as its own process, as in production: React's server renderer and the browser's
// React must not share one process (they would share React's context objects).
let server: ServerProcess;
let dataDir: string;
/** `browserCookie`: what the page's own document.cookie holds (the session's cookie is HttpOnly). */
const pages: {
  what: string;
  path: string;
  cookie?: string;
  browserCookie?: string;
  html: string;
  /** The history entry's state, as a reload keeps it (the router's `{ usr, key, idx }`). */
  historyState?: unknown;
}[] = [];

interface Member {
  username: string;
  cookie: string;
}

/** One JSON request to the server process, through the tests' own helper; a failure throws. */
async function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, cookie?: string, body?: unknown) {
  return okJson({ request: (to, init) => fetch(`${server.url}${to}`, init) }, method, url, cookie, body);
}

async function member(
  fullName: string,
  userType: 'ordinary' | 'moderator' | 'admin' = 'ordinary',
): Promise<Member> {
  const made = await call('POST', '/api/test/accounts', undefined, { profile: true, fullName, userType });
  return { username: made.username, cookie: `${made.cookie.name}=${made.cookie.value}` };
}

beforeAll(async () => {
  builtWebApp();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yb-hydration-'));
  server = await startServerProcess({ NODE_ENV: 'test', DATA_DIR: dataDir });
  const writer = await member('Meera Menon');
  const reader = await member('Karthik Iyer');
  const moderator = await member('Mona Moderator', 'moderator');
  const post = async (who: Member, content: string, isAnonymous = false) =>
    (await call('POST', '/api/posts', who.cookie, { content, isAnonymous })).id as string;
  const named = await post(writer, 'Chai at the Gazebo, 4 pm');
  const anonymous = await post(writer, 'Nobody knows I moved the library chairs', true);
  await call('POST', `/api/posts/${anonymous}/report`, reader.cookie, { reason: 'spam' });
  await call('PUT', `/api/posts/${named}/like`, reader.cookie);
  const askline = (await call('POST', '/api/asklines', moderator.cookie, { content: 'Best canteen dish?' }))
    .id as string;
  await call('PUT', `/api/asklines/${askline}/review`, moderator.cookie, { decision: 'verify' });
  const admin = await member('Dean Admin', 'admin');
  await call('PUT', '/api/admin/notice', admin.cookie, {
    show: true,
    title: 'Yearbook week',
    badge: '',
    content: ['Send your memory by Friday.'],
  });
  const noticeSeen = 'yearbook-notice-seen=true';
  // Mute and block (issue #48) with something in every list: a muted word that stops at a time, a
  // muted and a blocked person, a hidden named post and a hidden anonymous one.
  const controller = await member('Tara Controls');
  const blocked = await member('Bala Blocked');
  await call('POST', '/api/controls/muted-words', controller.cookie, {
    phrase: 'exam results',
    duration: '7d',
  });
  await call('POST', '/api/controls/muted-words', controller.cookie, { phrase: 'cricket' });
  await call('POST', '/api/controls/mutes', controller.cookie, { username: writer.username });
  await call('POST', '/api/controls/blocks', controller.cookie, { username: blocked.username });
  await call('POST', '/api/controls/hidden-posts', controller.cookie, {
    postId: named,
    reason: 'not_for_me',
  });
  await call('POST', '/api/controls/hidden-posts', controller.cookie, {
    postId: anonymous,
    reason: 'muted_author',
  });
  // Signatures (issue #52): the reader's waits in the writer's yearbook, the signer's is approved.
  const signer = await member('Sita Signer');
  await call('PUT', `/api/profiles/${writer.username}/signature`, reader.cookie, {
    content: 'See you at the reunion',
  });
  await call('PUT', `/api/profiles/${writer.username}/signature`, signer.cookie, {
    content: 'Best lab partner',
  });
  const waiting = await call('GET', '/api/signatures/pending', writer.cookie);
  const signed = waiting.signatures.find(
    (one: { writer: { username: string } }) => one.writer.username === signer.username,
  );
  await call('POST', `/api/signatures/${signed.id}/approval`, writer.cookie);
  // Superlatives (issue #52): the Class of 2026 (VITC)'s round, drawn at each phase as it stands then,
  // for a member of the class and for staff; then the winner's profile.
  const drawn: [string, string, Member][] = [];
  const drawNow = async (what: string, url: string, who: Member) => {
    const res = await fetch(`${server.url}${url}`, { headers: { cookie: who.cookie } });
    expect(res.status, what).toBe(200);
    const html = await res.text();
    pages.push({ what, path: url, cookie: who.cookie, html });
    drawn.push([what, html, who]);
  };
  await drawNow('a class page: superlatives, none yet, to staff', '/class/2026', moderator);
  const round = await call('POST', '/api/classes/2026/superlatives', moderator.cookie, {
    campus: 'VITC',
    resultsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });
  const laugh = await call('POST', `/api/superlatives/${round.id}/categories`, moderator.cookie, {
    title: 'Best laugh',
  });
  await call('POST', `/api/superlatives/${round.id}/categories`, moderator.cookie, { title: 'Best dancer' });
  await drawNow('a class page: superlatives, a draft, to staff', '/class/2026', moderator);
  await call('POST', `/api/superlative-categories/${laugh.id}/approval`, moderator.cookie);
  await call('PATCH', `/api/superlatives/${round.id}`, moderator.cookie, { phase: 'nominating' });
  await call('PUT', `/api/superlative-categories/${laugh.id}/nomination`, reader.cookie, {
    username: writer.username,
  });
  await drawNow('a class page: superlatives, one nominated', '/class/2026', reader);
  await drawNow('a class page: superlatives, nominating, to staff', '/class/2026', moderator);
  await call('PATCH', `/api/superlatives/${round.id}`, moderator.cookie, { phase: 'voting' });
  await drawNow('a class page: superlatives, a ballot', '/class/2026', reader);
  await call('POST', `/api/superlative-categories/${laugh.id}/vote`, reader.cookie, {
    username: writer.username,
  });
  await drawNow('a class page: superlatives, voted', '/class/2026', reader);
  await call('PATCH', `/api/superlatives/${round.id}`, moderator.cookie, { phase: 'closed' });
  await drawNow('a class page: superlatives, results on a date', '/class/2026', reader);
  await drawNow('a class page: superlatives, winners to staff', '/class/2026', moderator);
  await call('PATCH', `/api/superlatives/${round.id}`, moderator.cookie, {
    resultsAt: new Date().toISOString(),
  });
  await drawNow('a class page: superlatives, results', '/class/2026', reader);
  await drawNow("a winner's profile", `/${writer.username}`, reader);
  const joined = await call('POST', '/api/test/accounts', undefined, { profile: false });
  const newcomer: Member = { username: '', cookie: `${joined.cookie.name}=${joined.cookie.value}` };

  const visits: [string, string, Member?, string?][] = [
    ['the landing page', '/'],
    ['a static page', '/about'],
    ['the cookies page', '/cookies'],
    ['the contact page', '/contact'],
    ['the terms', '/terms'],
    ['the privacy page', '/privacy'],
    ['the transparency report', '/transparency'],
    ['an unsubscribe link', '/unsubscribe?token=not-a-token'],
    ['the asklines', '/asklines'],
    ['an askline', `/askline/${askline}`],
    ['a named post', `/${writer.username}/${named}`],
    ['a named post, square', `/${writer.username}/${named}?format=square`],
    ['an anonymous post, story', `/post/${anonymous}?format=story`],
    ['a missing post', '/post/00000000-0000-4000-8000-000000000000'],
    ['a missing page', '/a/b/c'],
    ['the dashboard, with the notice', '/dashboard', reader],
    ['the dashboard, notice seen', '/dashboard', reader, noticeSeen],
    ['a profile', `/${writer.username}`, reader],
    ['a profile, by its owner: signatures waiting and approved', `/${writer.username}`, writer],
    ['a profile one signed, approved', `/${writer.username}`, signer],
    ['a post, signed in', `/${writer.username}/${named}`, reader],
    ['search results', '/search?q=chai', reader],
    // Issue #52: the writer's class, on the other campus's tab, searched; and a year that is no class.
    ['a class page', '/class/2026', reader],
    ['a class page, searched on a tab', '/class/2026?campus=VITV&q=a', reader],
    ['a year that is no class', '/class/1999', reader],
    // Issue #52: one's page of the yearbook as a PDF, and a class's book for staff.
    ['my yearbook page', '/yearbook', writer],
    ["a class's book, for staff", '/class/2026/book?campus=VITC', moderator],
    ['the reports queue', '/reports', moderator],
    ['the asklines, signed in', '/asklines', moderator],
    ["editing one's profile", '/profile', reader],
    ["one's data and account", '/profile/account', reader],
    ['mute and block, every list filled', '/profile/controls', controller],
    ['mute and block, nothing yet', '/profile/controls', reader],
    ['the notifications', '/notifications', reader],
    ['the demo profile', '/demo_user'],
    ['a missing profile', '/nobody_at_all_here', reader],
    ['the askline queue', '/asklines/review', moderator],
    ["the admins' users", '/admin/users', admin],
    ["the admins' notice", '/admin/notice', admin],
    ['the moderation log', '/admin/log', admin],
    ["the admins' word lists", '/admin/word-lists', admin],
    ['the reports queue with the overdue count', '/reports', admin],
    ['the moderation log, shouted', '/ADMIN/log', admin],
    ['profile setup', '/profile/setup', newcomer],
    ['a reset link', '/reset-password?token=not-a-token'],
    ['an email-change link', '/email-change?token=not-a-token'],
    ['a confirmation link', '/?confirm=not-a-token'],
  ];
  for (const [what, url, who, browserCookie] of visits) {
    const cookie = [who?.cookie, browserCookie].filter(Boolean).join('; ');
    const res = await fetch(`${server.url}${url}`, { headers: cookie ? { cookie } : {} });
    expect(res.status, what).toBeLessThan(500);
    const html = await res.text();
    if (url === '/dashboard') expect(html.includes('Yearbook week'), what).toBe(!browserCookie);
    // Drawn with the profile (issue #52), not fetched after it.
    if (what.startsWith('a profile, by its owner')) {
      expect(html, what).toContain('Waiting for your approval');
      expect(html, what).toContain('Best lab partner');
    }
    if (what === 'a profile') expect(html, what).toContain('See you at the reunion');
    pages.push({ what, path: url, cookie: who?.cookie, browserCookie, html });
  }
  // Each superlatives state drawn with the page (issue #52), not fetched after it.
  const says = new Map([
    ['a class page: superlatives, none yet, to staff', 'Start superlatives for the Class of 2026 (VITC)'],
    ['a class page: superlatives, a draft, to staff', 'Best dancer'],
    ['a class page: superlatives, one nominated', 'Your nomination'],
    ['a class page: superlatives, nominating, to staff', 'Close nominations and open the vote'],
    ['a class page: superlatives, a ballot', 'type="radio"'],
    ['a class page: superlatives, voted', 'You voted for Meera Menon'],
    ['a class page: superlatives, results on a date', 'Results on'],
    ['a class page: superlatives, winners to staff', 'Winner (staff only until the results show)'],
    ['a class page: superlatives, results', 'Winner'],
    ["a winner's profile", 'Best laugh · Class of 2026, VITC'],
  ]);
  for (const [what, html] of drawn) expect(html, what).toContain(says.get(what));
  // Reloaded after the navbar's Create: the entry keeps the state that opened the composer, which the
  // server cannot know (it drew the dashboard without it); the first render must not read it.
  const dashboard = pages.find((page) => page.what === 'the dashboard, notice seen');
  if (dashboard) {
    pages.push({
      ...dashboard,
      what: 'the dashboard, reloaded after Create',
      historyState: { usr: { openCreatePost: true }, key: 'created', idx: 1 },
    });
  }
});
afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const installed = new Set<string>();
/** What the app and React read from the global scope in a browser. */
const BROWSER_GLOBALS = [
  'window',
  'self',
  'document',
  'navigator',
  'location',
  'history',
  'localStorage',
  'sessionStorage',
  'Node',
  'Element',
  'HTMLElement',
  'HTMLIFrameElement',
  'HTMLDialogElement',
  'HTMLInputElement',
  'SVGElement',
  'Text',
  'Comment',
  'DocumentFragment',
  'Event',
  'CustomEvent',
  'MouseEvent',
  'KeyboardEvent',
  'FocusEvent',
  'PointerEvent',
  'InputEvent',
  'UIEvent',
  'MutationObserver',
  'ResizeObserver',
  'IntersectionObserver',
  'getComputedStyle',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'matchMedia',
  'devicePixelRatio',
  'scrollTo',
  'innerWidth',
  'innerHeight',
  'DOMParser',
  'Image',
  'HTMLCanvasElement',
];

/** Makes `window` the global browser environment, as a page's scripts see it. */
function installWindow(window: Window): void {
  for (const key of BROWSER_GLOBALS) {
    const value = key === 'self' ? window : (window as unknown as Record<string, unknown>)[key];
    const own = (window as unknown as Record<string, unknown>)[key];
    Object.defineProperty(globalThis, key, {
      configurable: true,
      writable: true,
      value: typeof own === 'function' && !/^[A-Z]/.test(key) ? own.bind(window) : value,
    });
    installed.add(key);
  }
}

function removeWindow(): void {
  for (const key of installed) delete (globalThis as Record<string, unknown>)[key];
  installed.clear();
}

async function takeOver(page: (typeof pages)[number]): Promise<string[]> {
  const window = new Window({
    url: `${server.url}${page.path}`,
    settings: {
      disableJavaScriptEvaluation: true,
      disableJavaScriptFileLoading: true,
      disableCSSFileLoading: true,
    },
  });
  if (page.browserCookie) window.document.cookie = page.browserCookie;
  window.document.write(page.html);
  if (page.historyState) window.history.replaceState(page.historyState, '');
  installWindow(window);
  const problems: string[] = [];
  let root: { unmount(): void } | undefined;
  const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (process.env.DEBUG_HYDRATION)
      process.stderr.write(`${args.map((a) => (a instanceof Error ? a.stack : String(a))).join(' ')}\n`);
    problems.push(args.map(String).join(' '));
  });
  try {
    vi.resetModules();
    const { setApiTransport } = await import('../../src/web/lib/api-client');
    // The app's own requests after it takes over (a notice, say) go to the server as this visitor.
    setApiTransport((url, init) =>
      fetch(`${server.url}${url}`, {
        ...init,
        headers: { ...(init.headers as object), ...(page.cookie ? { cookie: page.cookie } : {}) },
      }),
    );
    // The entry (boot.ts) only waits for the first paint, then loads this module.
    root = await (await import('../../src/web/main')).root;
    await vi
      .waitFor(
        () => {
          const marks = window.document.documentElement.dataset;
          if (marks.pageReady !== 'true' || marks.headerReady !== 'true') throw new Error('not yet');
        },
        { timeout: scaled(10_000), interval: 20 },
      )
      .catch(() => problems.push('the page did not come alive (no ready marks)'));
    // Whatever the first effects set off (a fetch, a state update) has its moment to complain too.
    await new Promise((resolve) => setTimeout(resolve, 100));
  } finally {
    root?.unmount();
    // The kept copy's restore, started as the page was taken over, ends before the window goes, and
    // so does whatever work React had scheduled (its scheduler runs on setImmediate): nothing of this
    // page may run once `window` is gone.
    await (await import('../../src/web/lib/query-client')).cacheRestored.catch(() => {});
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    spy.mockRestore();
    await window.happyDOM.abort();
    removeWindow();
  }
  return problems;
}

describe('a page the server drew', () => {
  it('is visited here for every route of the table', () => {
    const visited = new Set(pages.map((page) => matchRoute(new URL(page.path, server.url).pathname)?.id));
    expect([...visited].filter(Boolean).toSorted()).toEqual(Object.keys(ROUTES).toSorted());
  });

  it('is taken over by the browser with no difference, on every kind of page', async () => {
    expect(pages.length).toBeGreaterThan(10);
    const found: Record<string, string[]> = {};
    for (const page of pages) {
      const problems = await takeOver(page);
      if (problems.length > 0) found[page.what] = problems.map((problem) => problem.slice(0, 600));
    }
    expect(found).toEqual({});
  });
});
