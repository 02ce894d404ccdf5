// Posts over HTTP on a real database (SPEC §2 Dashboard, Post card, Profile page posts, Single-post
// page; §4 post and like states; §5 post content): creating, the four feed orders paged by keyset,
// likes exact under concurrency, soft delete, single posts, and anonymity on every endpoint.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type AccountOptions,
  createAccount,
  createMember,
  type Member,
  sessionFor,
  signInAs,
} from '../../../../tests/support/accounts';
import { ENGINE } from '../../../../tests/support/engines';
import {
  callJson,
  NO_RATE_LIMITS,
  startTestServer,
  type TestServer,
} from '../../../../tests/support/test-server';
import { POST_WRITE_MESSAGES } from '../../../shared/posts';
import { asklines, likes, posts } from '../../db/schema';

let server: TestServer;

beforeAll(async () => {
  // Dozens of accounts sign in from one address here; the limits have tests of their own.
  server = await startTestServer({ rateLimiter: NO_RATE_LIMITS });
});
afterAll(() => server.close());

const call = (method: Parameters<typeof callJson>[1], path: string, cookie?: string, body?: unknown) =>
  callJson(server, method, path, cookie, body);

const member = (options: AccountOptions = {}) => createMember(server, options);

async function post(as: Member, content: string, extra: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/posts', as.cookie, { content, ...extra });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; [key: string]: unknown };
}

/** Every page of the feed in one order, following the cursors. */
async function wholeFeed(as: Member, sort: string) {
  const seen: { id: string; content: string; likeCount: number; likedByMe: boolean; createdAt: string }[] =
    [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query: string = `sort=${sort}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await call('GET', `/api/posts?${query}`, as.cookie);
    expect(res.status, res.text).toBe(200);
    expect(res.body.posts.length).toBeLessThanOrEqual(12);
    seen.push(...res.body.posts);
    cursor = res.body.nextCursor;
    pages += 1;
  } while (cursor && pages < 50);
  return { seen, pages };
}

describe('creating a post', () => {
  it('stores the post and answers it with its author, no likes, and what the viewer may do', async () => {
    const asha = await member({ fullName: 'Asha Raman' });
    const created = await post(asha, '  First day at the new library!  ');
    expect(created).toMatchObject({
      content: 'First day at the new library!',
      isAnonymous: false,
      author: { username: asha.username, fullName: 'Asha Raman', profilePictureUrl: null },
      askline: null,
      likeCount: 0,
      likedByMe: false,
      viewer: { isAuthor: true, canDelete: true },
    });
    const [row] = await server.database.db.select().from(posts).where(eq(posts.id, created.id));
    expect(row).toMatchObject({ userId: asha.account.userId, deleted: false });
  });

  it.each([
    ['an empty post', '', POST_WRITE_MESSAGES.contentRequired],
    ['a post of spaces', '   \n  ', POST_WRITE_MESSAGES.contentRequired],
    ['a post of 257 characters', 'x'.repeat(257), POST_WRITE_MESSAGES.contentTooLong],
  ])('refuses %s with a clear message and stores nothing', async (_, content, message) => {
    const author = await member();
    const res = await call('POST', '/api/posts', author.cookie, { content });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    const stored = await server.database.db
      .select()
      .from(posts)
      .where(eq(posts.userId, author.account.userId));
    expect(stored).toEqual([]);
  });

  it('takes exactly 256 characters', async () => {
    const author = await member();
    expect((await post(author, 'y'.repeat(256))).content).toHaveLength(256);
  });

  it('refuses a visitor with the spec message, and an account without a profile', async () => {
    const visitor = await call('POST', '/api/posts', undefined, { content: 'hello' });
    expect(visitor.status).toBe(401);
    expect(visitor.body.error.message).toBe('You must be logged in to create a post');
    const newcomer = await createAccount(server, { profile: false });
    const res = await call('POST', '/api/posts', await signInAs(server, newcomer), { content: 'hello' });
    expect(res.status).toBe(403);
  });

  it('attaches a verified askline, and refuses an unverified or unknown one', async () => {
    const author = await member();
    const [verified, pending] = await server.database.db
      .insert(asklines)
      .values([
        { content: 'What will you miss most?', createdBy: author.account.userId, verified: true },
        { content: 'Not yet checked', createdBy: author.account.userId, verified: false },
      ])
      .returning();
    expect((await post(author, 'The canteen dosa.', { asklineId: verified?.id })).askline).toEqual({
      id: verified?.id,
      content: 'What will you miss most?',
    });
    for (const asklineId of [pending?.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await call('POST', '/api/posts', author.cookie, { content: 'hi', asklineId });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(POST_WRITE_MESSAGES.asklineMissing);
    }
  });

  it('refuses unknown fields (an author id) and wrong types', async () => {
    const author = await member();
    const other = await member();
    for (const body of [
      { content: 'hi', userId: other.account.userId },
      { content: 42 },
      { content: 'hi', isAnonymous: 'yes' },
    ]) {
      expect((await call('POST', '/api/posts', author.cookie, body)).status).toBe(400);
    }
  });
});

describe('the feed', () => {
  let reader: Member;
  const contents: string[] = [];

  beforeAll(async () => {
    // Three writers, 31 posts (every seventh anonymous): more than two and a half pages.
    reader = await member();
    const writers = await Promise.all([member(), member(), member()]);
    for (let i = 0; i < 31; i++) {
      const writer = writers[i % writers.length] as Member;
      const content = `feed post ${String(i).padStart(2, '0')}`;
      contents.push(content);
      await post(writer, content, { isAnonymous: i % 7 === 0 });
    }
  });

  it('pages through every live post in each order without gaps or repeats', async () => {
    const all = await server.database.db.select({ id: posts.id }).from(posts).where(eq(posts.deleted, false));
    for (const sort of ['default', 'newest', 'oldest', 'most_liked']) {
      const { seen, pages } = await wholeFeed(reader, sort);
      expect(seen.map((p) => p.id).sort(), sort).toEqual(all.map((p) => p.id).sort());
      expect(pages, sort).toBe(Math.ceil(all.length / 12));
    }
  });

  it('orders newest and oldest by time, most liked by likes', async () => {
    const newest = (await wholeFeed(reader, 'newest')).seen;
    const times = newest.map((p) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const oldest = (await wholeFeed(reader, 'oldest')).seen;
    expect(oldest.map((p) => p.id)).toEqual(newest.map((p) => p.id).reverse());

    const target = newest[20] as { id: string };
    const fans = await Promise.all([member(), member(), member()]);
    for (const fan of fans) await call('PUT', `/api/posts/${target.id}/like`, fan.cookie);
    const mostLiked = (await wholeFeed(reader, 'most_liked')).seen;
    expect(mostLiked[0]?.id).toBe(target.id);
    const counts = mostLiked.map((p) => p.likeCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('puts posts the viewer has not liked first by default, each group newest first', async () => {
    const newest = (await wholeFeed(reader, 'newest')).seen;
    const liked = [newest[0], newest[5], newest[29]].map((p) => (p as { id: string }).id);
    for (const id of liked)
      expect((await call('PUT', `/api/posts/${id}/like`, reader.cookie)).status).toBe(200);
    const feed = (await wholeFeed(reader, 'default')).seen;
    const tail = feed.slice(-3);
    expect(tail.every((p) => p.likedByMe)).toBe(true);
    expect(tail.map((p) => p.id)).toEqual([liked[0], liked[1], liked[2]]);
    expect(feed.slice(0, -3).some((p) => p.likedByMe)).toBe(false);
  });

  it('refuses an unknown sort and a forged cursor', async () => {
    expect((await call('GET', '/api/posts?sort=random', reader.cookie)).status).toBe(400);
    const forged = await call('GET', '/api/posts?sort=newest&cursor=bm90LWpzb24', reader.cookie);
    expect(forged.status).toBe(400);
    expect(forged.body.error.message).toBe('That page link is not valid.');
  });

  it('answers a page in a fixed number of SQL queries, whatever its size', async () => {
    const count = async (path: string) => {
      // The likes of the tests above are announced to the bell after their answers (a batched
      // pg_notify); on a busy machine that can come late enough to land in this count.
      await server.notificationStreams.settle();
      const recording = server.database.recordQueries();
      expect((await call('GET', path, reader.cookie)).status).toBe(200);
      return recording.stop().length;
    };
    const full = await count('/api/posts?sort=newest');
    const last = (await wholeFeed(reader, 'oldest')).seen.at(-1);
    expect(last).toBeDefined();
    // A page of 12 costs what a page of 1 costs.
    const { nextCursor } = (await call('GET', '/api/posts?sort=newest', reader.cookie)).body;
    const small = await count(`/api/posts?sort=newest&cursor=${encodeURIComponent(nextCursor)}`);
    expect(full).toBe(small);
    expect(full).toBeLessThanOrEqual(5);
  });

  it('answers a signed-in feed page in one query once the viewer is known, two before', async () => {
    const count = async (cookie: string) => {
      const recording = server.database.recordQueries();
      expect((await call('GET', '/api/posts?sort=newest', cookie)).status).toBe(200);
      return recording.stop().length;
    };
    await vi.waitFor(() => expect(server.viewers.active).toBe(true));
    const fresh = await sessionFor(server, reader.account);
    // Any change of sessions heard while the first page is read makes the cache keep nothing from it
    // (viewer-cache.ts): on a busy machine the notice of this new session came that late.
    await server.viewers.settle();
    // The viewer's session, account and profile in one query, then the page.
    expect(await count(fresh)).toBe(2);
    expect(await count(fresh)).toBe(1);
    for (const sort of ['default', 'oldest', 'most_liked']) {
      const recording = server.database.recordQueries();
      expect((await call('GET', `/api/posts?sort=${sort}`, fresh)).status).toBe(200);
      // The default order may read its second group (list-feed.ts): never the viewer again.
      expect(recording.stop().length).toBeLessThanOrEqual(sort === 'default' ? 2 : 1);
    }
  });
});

describe('likes', () => {
  it('like and unlike are idempotent and never go below zero', async () => {
    const author = await member();
    const fan = await member();
    const { id } = await post(author, 'like me');
    const like = () => call('PUT', `/api/posts/${id}/like`, fan.cookie);
    const unlike = () => call('DELETE', `/api/posts/${id}/like`, fan.cookie);
    expect((await like()).body).toEqual({ likeCount: 1, likedByMe: true });
    expect((await like()).body).toEqual({ likeCount: 1, likedByMe: true });
    expect((await unlike()).body).toEqual({ likeCount: 0, likedByMe: false });
    expect((await unlike()).body).toEqual({ likeCount: 0, likedByMe: false });
  });

  it('50 people liking and unliking at once end with the exact count', ENGINE, async () => {
    const author = await member();
    const { id } = await post(author, 'a busy post');
    const fans = await Promise.all(Array.from({ length: 50 }, () => member()));
    await Promise.all(fans.map((fan) => call('PUT', `/api/posts/${id}/like`, fan.cookie)));
    // Half unlike while the other half like again (a no-op), all at once.
    const results = await Promise.all(
      fans.map((fan, i) => call(i % 2 ? 'DELETE' : 'PUT', `/api/posts/${id}/like`, fan.cookie)),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const [row] = await server.database.db
      .select({ count: posts.likeCount })
      .from(posts)
      .where(eq(posts.id, id));
    const stored = await server.database.db.select().from(likes).where(eq(likes.postId, id));
    expect(row?.count).toBe(25);
    expect(stored).toHaveLength(25);
  });

  it('refuses visitors with "Sign in to like", and unknown or deleted posts with 404', async () => {
    const author = await member();
    const { id } = await post(author, 'soon gone');
    const visitor = await call('PUT', `/api/posts/${id}/like`);
    expect(visitor.status).toBe(401);
    expect(visitor.body.error.message).toBe('Sign in to like');
    expect((await call('DELETE', `/api/posts/${id}`, author.cookie)).status).toBe(204);
    expect((await call('PUT', `/api/posts/${id}/like`, author.cookie)).status).toBe(404);
    expect((await call('PUT', '/api/posts/not-a-uuid/like', author.cookie)).status).toBe(404);
  });
});

describe('deleting', () => {
  it('the author deletes (softly) and the post leaves lists, counts and its page at once', async () => {
    const author = await member();
    const fan = await member();
    const { id } = await post(author, 'regrettable');
    await call('PUT', `/api/posts/${id}/like`, fan.cookie);
    expect((await call('GET', `/api/profiles/${author.username}`, fan.cookie)).body.stats).toEqual({
      posts: 1,
      likes: 1,
    });

    expect((await call('DELETE', `/api/posts/${id}`, author.cookie)).status).toBe(204);
    const [row] = await server.database.db.select().from(posts).where(eq(posts.id, id));
    expect(row?.deleted).toBe(true);
    expect((await call('GET', `/api/posts/${id}`, fan.cookie)).status).toBe(404);
    expect((await call('GET', `/api/profiles/${author.username}/posts`, fan.cookie)).body.posts).toEqual([]);
    expect((await call('GET', `/api/profiles/${author.username}`, fan.cookie)).body.stats).toEqual({
      posts: 0,
      likes: 0,
    });
    const feed = (await wholeFeed(fan, 'newest')).seen;
    expect(feed.some((p) => p.id === id)).toBe(false);
    expect((await call('DELETE', `/api/posts/${id}`, author.cookie)).status).toBe(404);
  });

  it("refuses someone else's post, and visitors; staff remove it with a statement instead", async () => {
    const author = await member();
    const { id } = await post(author, 'mine');
    const other = await member();
    const refused = await call('DELETE', `/api/posts/${id}`, other.cookie);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(POST_WRITE_MESSAGES.notOwner);
    expect((await call('DELETE', `/api/posts/${id}`)).status).toBe(401);
    const moderator = await member({ userType: 'moderator' });
    expect((await call('DELETE', `/api/posts/${id}`, moderator.cookie)).status).toBe(400);
    const removal = { rule: 'spam', facts: 'An advert.' };
    expect((await call('POST', `/api/posts/${id}/removal`, moderator.cookie, removal)).status).toBe(200);
    expect((await call('GET', `/api/posts/${id}`)).status).toBe(404);
  });
});

describe('profile page posts', () => {
  it('the owner sees their anonymous posts; others see only named ones, newest first', async () => {
    const owner = await member();
    const other = await member();
    await post(owner, 'named one');
    await post(owner, 'secret one', { isAnonymous: true });
    await post(owner, 'named two');
    const own = await call('GET', `/api/profiles/${owner.username}/posts`, owner.cookie);
    expect(own.body.posts.map((p: { content: string }) => p.content)).toEqual([
      'named two',
      'secret one',
      'named one',
    ]);
    const theirs = await call('GET', `/api/profiles/${owner.username}/posts`, other.cookie);
    expect(theirs.body.posts.map((p: { content: string }) => p.content)).toEqual(['named two', 'named one']);
    expect((await call('GET', `/api/profiles/${owner.username}/posts`)).status).toBe(401);
    expect((await call('GET', '/api/profiles/nobody_at_all/posts', other.cookie)).status).toBe(404);
  });

  it('pages through 30 posts without gaps or repeats', async () => {
    const owner = await member();
    for (let i = 0; i < 30; i++) await post(owner, `entry ${i}`);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
      const res = await call('GET', `/api/profiles/${owner.username}/posts${query}`, owner.cookie);
      seen.push(...res.body.posts.map((p: { content: string }) => p.content));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    expect(seen[0]).toBe('entry 29');
  });
});

describe('a single post', () => {
  it('is open to visitors, with its author; an anonymous one only without a username', async () => {
    const author = await member({ fullName: 'Kavya R' });
    const named = await post(author, 'open to all');
    const visitor = await call('GET', `/api/posts/${named.id}`);
    expect(visitor.status).toBe(200);
    expect(visitor.body).toMatchObject({
      author: { username: author.username },
      likedByMe: false,
      viewer: { isAuthor: false, canDelete: false },
    });
    // Asked under another username it still answers, naming its real author (the page redirects).
    const wrongName = await call('GET', `/api/posts/${named.id}?username=someone_else`);
    expect(wrongName.body.author.username).toBe(author.username);

    const secret = await post(author, 'who wrote this?', { isAnonymous: true });
    expect((await call('GET', `/api/posts/${secret.id}`)).status).toBe(200);
    const guessed = await call('GET', `/api/posts/${secret.id}?username=${author.username}`);
    const missing = await call('GET', '/api/posts/00000000-0000-4000-8000-000000000000?username=x');
    expect(guessed.status).toBe(404);
    expect(guessed.body.error.message).toBe(missing.body.error.message);
    expect((await call('GET', '/api/posts/not-a-uuid')).status).toBe(404);
  });
});

describe('anonymity', () => {
  it('no endpoint tells anyone but the author who wrote an anonymous post', async () => {
    const author = await member({ fullName: 'Hidden Person' });
    const reader = await member();
    const moderator = await member({ userType: 'moderator' });
    const secret = await post(author, 'an anonymous confession', { isAnonymous: true });
    await call('PUT', `/api/posts/${secret.id}/like`, reader.cookie);
    const secrets = [author.account.userId, author.username, 'Hidden Person', author.account.email];

    const answers: [string, string][] = [];
    for (const [who, cookie] of [
      ['reader', reader.cookie],
      ['moderator', moderator.cookie],
      ['visitor', undefined],
    ] as const) {
      for (const path of [
        `/api/posts/${secret.id}`,
        '/api/posts?sort=newest',
        '/api/posts?sort=default',
        `/api/profiles/${author.username}/posts`,
        `/api/posts/${secret.id}?username=${author.username}`,
      ]) {
        answers.push([`${who} GET ${path}`, (await call('GET', path, cookie)).text]);
      }
      answers.push([`${who} PUT like`, (await call('PUT', `/api/posts/${secret.id}/like`, cookie)).text]);
      answers.push([
        `${who} DELETE like`,
        (await call('DELETE', `/api/posts/${secret.id}/like`, cookie)).text,
      ]);
    }
    for (const [label, text] of answers) {
      for (const secretValue of secrets) expect(text, label).not.toContain(secretValue);
    }
    // The author's own view says it is theirs, still without naming them.
    const own = await call('GET', `/api/posts/${secret.id}`, author.cookie);
    expect(own.body).toMatchObject({ author: null, viewer: { isAuthor: true, canDelete: true } });
  });
});
