// Replies over HTTP on a real database (issue #49, decision 034): writing them named and anonymous,
// the per-thread labels ("Author" only for an anonymous post's own author), nesting by branch, the
// counts, replies off, deleted replies keeping their place, blocks, and that no list of posts ever
// shows a reply.
// @module-tag engine (runs on both engines: docs/architecture.md, "Tests")
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type Member } from '../../../../tests/support/accounts';
import {
  callJson,
  type HttpMethod,
  NO_RATE_LIMITS,
  startTestServer,
  type TestServer,
} from '../../../../tests/support/test-server';
import { POST_MESSAGES } from '../../../shared/posts';
import { BRANCH_PREVIEW_SIZE, REPLY_MESSAGES, type Reply, type ThreadPage } from '../../../shared/replies';
import { queryRows } from '../../db/client';
import { EXPORT_JSON_NAME } from '../account/export-account';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ rateLimiter: NO_RATE_LIMITS });
});
afterAll(() => server.close());

const call = (member: Member | null, method: HttpMethod, path: string, body?: unknown) =>
  callJson(server, method, path, member?.cookie, body);

async function ok(member: Member | null, method: HttpMethod, path: string, body?: unknown) {
  const res = await call(member, method, path, body);
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return res.body;
}

const member = (fullName?: string) => createMember(server, fullName ? { fullName } : {});

async function post(as: Member, content: string, isAnonymous = false): Promise<string> {
  return (await ok(as, 'POST', '/api/posts', { content, isAnonymous })).id as string;
}

async function reply(
  as: Member,
  postId: string,
  content: string,
  extra: { isAnonymous?: boolean; replyToId?: string } = {},
): Promise<Reply> {
  const res = await call(as, 'POST', `/api/posts/${postId}/replies`, { content, ...extra });
  expect(res.status, res.text).toBe(201);
  return res.body as Reply;
}

const thread = async (as: Member | null, postId: string, query = ''): Promise<ThreadPage> =>
  (await ok(as, 'GET', `/api/posts/${postId}/replies${query}`)) as ThreadPage;

describe('replying', () => {
  it('answers with the reply; the thread lists it under the post, counted, and the post card counts it', async () => {
    const [author, replier] = [await member('Asha Author'), await member('Ravi Replier')];
    const postId = await post(author, 'Which canteen has the best dosa?');
    const written = await reply(replier, postId, 'The one near the library, easily.');
    expect(written).toMatchObject({
      postId,
      replyTo: null,
      removed: false,
      isAnonymous: false,
      label: null,
      author: { username: replier.username, fullName: 'Ravi Replier' },
      viewer: { isAuthor: true, canReply: true, canDelete: true },
    });
    const page = await thread(null, postId);
    expect(page.replyCount).toBe(1);
    expect(page.entries.map((entry) => entry.reply.id)).toEqual([written.id]);
    // A visitor may read but not reply.
    expect(page.viewer).toEqual({ canReply: false, canToggleReplies: false });
    expect((await thread(author, postId)).viewer).toEqual({ canReply: true, canToggleReplies: true });
  });

  it('writes a named reply that mentions no one in one statement, as a post, and answers with it', async () => {
    const [author, replier] = [await member(), await member('Nila Named')];
    const postId = await post(author, 'One statement each');
    const first = await reply(replier, postId, 'Warming the viewer cache');
    const statements = async (path: string, body: unknown) => {
      // What earlier writes announced gone out (a NOTIFY gathered every 25 ms, after the answer: not
      // the request's own).
      await server.notificationStreams.settle();
      const recording = server.database.recordQueries();
      const res = await call(replier, 'POST', path, body);
      expect(res.status, res.text).toBe(201);
      const queries = recording.stop().filter((q) => !q.includes('pg_notify'));
      // A write reads its viewer from the database first (auth/viewer.ts); then its own statements.
      expect(queries[0]).toMatch(/from "sessions"/);
      return { body: res.body as Reply, queries: queries.slice(1) };
    };
    const asPost = await statements('/api/posts', { content: 'A post of my own', isAnonymous: false });
    const toPost = await statements(`/api/posts/${postId}/replies`, { content: 'Agreed' });
    const toReply = await statements(`/api/posts/${postId}/replies`, {
      content: 'Me too',
      replyToId: first.id,
    });
    // A post: its insert and its read-back. A reply: one statement that also reads it back.
    expect(asPost.queries).toHaveLength(2);
    for (const written of [toPost, toReply]) {
      expect(written.queries, written.queries.join('\n---\n')).toHaveLength(1);
      expect(written.queries[0]).toMatch(/insert into posts/);
    }
    // What the one statement answers is what the thread reads.
    expect(toReply.body).toMatchObject({
      postId,
      replyTo: { id: first.id, name: `@${replier.username}` },
      author: { username: replier.username, fullName: 'Nila Named' },
      viewer: { isAuthor: true, canDelete: true },
    });
    const page = await thread(replier, postId, '?order=oldest');
    const listed = page.entries.flatMap((entry) => [entry.reply, ...entry.branch]);
    for (const written of [toPost.body, toReply.body]) {
      expect(listed.find((r) => r.id === written.id)).toEqual(written);
    }
    // A mention, an anonymous reply's label and a refusal take the transaction.
    const mention = await statements(`/api/posts/${postId}/replies`, { content: `Hey @${author.username}` });
    expect(mention.queries.length).toBeGreaterThan(1);
  });

  it('keeps the thread’s and the branch’s counts exact when many reply at once, named and anonymous', async () => {
    const author = await member();
    const repliers = await Promise.all(Array.from({ length: 8 }, () => member()));
    const postId = await post(author, 'Everyone at once');
    const first = await reply(author, postId, 'The branch');
    await Promise.all(
      repliers.flatMap((as, i) => [
        reply(as, postId, `To the post ${i}`, { isAnonymous: i % 3 === 0 }),
        reply(as, postId, `To the branch ${i}`, { replyToId: first.id, isAnonymous: i % 4 === 0 }),
      ]),
    );
    const counts = await queryRows<{ id: string; reply_count: number }>(
      server.database.db,
      sql`select id, reply_count from posts where id in (${postId}::uuid, ${first.id}::uuid)`,
    );
    expect(Object.fromEntries(counts.map((row) => [row.id, row.reply_count]))).toEqual({
      [postId]: 1 + 2 * repliers.length,
      [first.id]: repliers.length,
    });
    expect((await thread(null, postId)).replyCount).toBe(1 + 2 * repliers.length);
  });

  it("keeps a busy thread's counts on its row's own page: heap-only updates, no index written (migration 0026)", async () => {
    const [author, replier] = [await member(), await member()];
    const postId = await post(author, 'A thread on a page that fills up');
    // The thread's page fills with the posts written after it, as on a busy evening.
    await server.database.db.execute(sql`insert into posts (user_id, content)
      select ${author.account.userId}, 'Filler ' || g || ' ' || repeat('about the hostel mess ', 8)
      from generate_series(1, 80) g`);
    const pageOf = async (id: string) => {
      const [row] = await queryRows<{ page: number; neighbours: number }>(
        server.database.db,
        sql`select p.page, (select count(*)::int from posts where (ctid::text::point)[0] = p.page) as neighbours
          from (select (ctid::text::point)[0]::int as page from posts where id = ${id}::uuid) p`,
      );
      if (!row) throw new Error('no such post');
      return row;
    };
    const before = await pageOf(postId);
    // (Not vacuous: the page is full of rows, as far as the table lets it fill.)
    expect(before.neighbours).toBeGreaterThan(10);
    const first = await reply(replier, postId, 'First!');
    for (const text of ['Second', 'Third']) {
      await reply(replier, postId, text);
      await reply(replier, postId, `${text}, in the branch`, { replyToId: first.id });
    }
    // reply_count is in no index: a new version on the same page is a HOT update, which writes no
    // index entry (on a full page it would move, and every index of posts would get one).
    expect((await pageOf(postId)).page).toBe(before.page);
    expect((await thread(null, postId)).replyCount).toBe(5);
  });

  it('labels anonymous repliers per thread: stable, in order, "Author" for an anonymous post’s author only', async () => {
    const [op, first, second] = [await member(), await member(), await member()];
    const anonymousPost = await post(op, 'Anonymous question about hostel rules', true);
    const a = await reply(first, anonymousPost, 'First anonymous answer', { isAnonymous: true });
    const b = await reply(second, anonymousPost, 'Second anonymous answer', { isAnonymous: true });
    const c = await reply(first, anonymousPost, 'First again', { isAnonymous: true });
    const byAuthor = await reply(op, anonymousPost, 'Thanks, from the asker', { isAnonymous: true });
    const named = await reply(second, anonymousPost, 'Named this time');
    expect([a.label, b.label, c.label, byAuthor.label, named.label]).toEqual([
      'Anonymous 1',
      'Anonymous 2',
      'Anonymous 1',
      'Author',
      null,
    ]);
    for (const anonymous of [a, b, c, byAuthor]) expect(anonymous.author).toBeNull();

    // Another thread starts again: nothing carries across.
    const other = await post(op, 'Another anonymous question', true);
    const again = await reply(second, other, 'Answering elsewhere', { isAnonymous: true });
    expect(again.label).toBe('Anonymous 1');

    // A named post's author replying anonymously in their own thread gets a number, not "Author".
    const namedPost = await post(op, 'A named question');
    await reply(first, namedPost, 'Someone first', { isAnonymous: true });
    const ownAnonymous = await reply(op, namedPost, 'The author, anonymously', { isAnonymous: true });
    expect(ownAnonymous.label).toBe('Anonymous 2');

    // No answer of the thread carries who wrote an anonymous reply (`second` also wrote a named one).
    const raw = JSON.stringify(await thread(null, anonymousPost));
    for (const person of [op, first]) {
      expect(raw).not.toContain(person.username);
      expect(raw).not.toContain(person.account.userId);
    }
  });

  it('nests one level: a reply to a reply joins its branch, shown flat with whom it answers', async () => {
    const [op, x, y] = [await member(), await member(), await member()];
    const postId = await post(op, 'Best study spot on campus?');
    const top = await reply(x, postId, 'The third floor of the library');
    const child = await reply(y, postId, 'Too cold there', { replyToId: top.id, isAnonymous: true });
    const deeper = await reply(x, postId, 'Bring a jacket', { replyToId: child.id });
    expect(child.replyTo).toEqual({ id: top.id, name: `@${x.username}` });
    expect(deeper.replyTo).toEqual({ id: child.id, name: 'Anonymous 1' });
    const more: Reply[] = [];
    for (let i = 0; i < BRANCH_PREVIEW_SIZE; i++)
      more.push(await reply(y, postId, `More ${i}`, { replyToId: top.id }));

    const page = await thread(op, postId);
    expect(page.replyCount).toBe(2 + 1 + BRANCH_PREVIEW_SIZE);
    expect(page.entries).toHaveLength(1);
    const [entry] = page.entries;
    expect(entry?.reply.replyCount).toBe(2 + BRANCH_PREVIEW_SIZE);
    expect(entry?.branch.map((r) => r.id)).toEqual(
      [child.id, deeper.id, ...more.map((r) => r.id)].slice(0, BRANCH_PREVIEW_SIZE),
    );
    expect(entry?.branchCursor).not.toBeNull();
    const rest = await ok(
      op,
      'GET',
      `/api/posts/${postId}/replies?branch=${top.id}&cursor=${entry?.branchCursor}`,
    );
    expect(rest.replies.map((r: Reply) => r.id)).toEqual(
      [child.id, deeper.id, ...more.map((r) => r.id)].slice(BRANCH_PREVIEW_SIZE),
    );
  });

  it('pages top-level replies oldest or newest first, and refuses bad input with a clear 4xx', async () => {
    const [op, x] = [await member(), await member()];
    const postId = await post(op, 'Rate the fest');
    const written = [];
    for (let i = 0; i < 3; i++) written.push((await reply(x, postId, `Reply ${i}`)).id);
    expect((await thread(op, postId)).entries.map((e) => e.reply.id)).toEqual(written);
    expect((await thread(op, postId, '?order=newest')).entries.map((e) => e.reply.id)).toEqual(
      [...written].reverse(),
    );
    for (const [body, field] of [
      [{ content: '' }, 'content'],
      [{ content: 'x'.repeat(257) }, 'content'],
      [{ content: 'ok', replyToId: 'not-an-id' }, 'replyToId'],
      [{ content: 'ok', extra: 1 }, undefined],
    ] as const) {
      const res = await call(x, 'POST', `/api/posts/${postId}/replies`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (field) expect(res.body.error.field).toBe(field);
    }
    expect((await call(op, 'GET', `/api/posts/${postId}/replies?order=sideways`)).status).toBe(400);
    expect((await call(op, 'GET', `/api/posts/${postId}/replies?cursor=%%%`)).status).toBe(400);
    // Answering a reply of another thread is answering nothing there.
    const elsewhere = await post(op, 'Elsewhere');
    const res = await call(x, 'POST', `/api/posts/${elsewhere}/replies`, {
      content: 'hi',
      replyToId: written[0],
    });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(REPLY_MESSAGES.replyToMissing);
    // A reply is not a thread of its own.
    expect((await call(x, 'POST', `/api/posts/${written[0]}/replies`, { content: 'hi' })).status).toBe(404);
    expect((await thread(op, postId)).replyCount).toBe(3);
  });
});

describe('replies off, deleted replies and blocks', () => {
  it('the author (or staff) turns replies off: a new reply is refused, the old ones stay; others may not', async () => {
    const [op, x, mod] = [
      await member(),
      await member(),
      await createMember(server, { userType: 'moderator' }),
    ];
    const postId = await post(op, 'Lost my ID card near block C');
    await reply(x, postId, 'Check with security');
    expect((await call(x, 'PUT', `/api/posts/${postId}/replies-enabled`, { enabled: false })).status).toBe(
      403,
    );
    expect((await call(op, 'PUT', `/api/posts/${postId}/replies-enabled`, { enabled: false })).status).toBe(
      204,
    );
    const refused = await call(x, 'POST', `/api/posts/${postId}/replies`, { content: 'Found it!' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(REPLY_MESSAGES.repliesOff);
    const page = await thread(x, postId);
    expect(page).toMatchObject({ repliesEnabled: false, replyCount: 1, viewer: { canReply: false } });
    expect(page.entries[0]?.reply.viewer.canReply).toBe(false);
    expect((await call(mod, 'PUT', `/api/posts/${postId}/replies-enabled`, { enabled: true })).status).toBe(
      204,
    );
    await reply(x, postId, 'Found it!');
    expect((await thread(x, postId)).replyCount).toBe(2);
  });

  it('a deleted reply keeps its place with nothing of what it was, and leaves the counts', async () => {
    const [op, x, y] = [await member(), await member(), await member()];
    const postId = await post(op, 'Any good electives?');
    const top = await reply(x, postId, 'Take the photography one', { isAnonymous: true });
    await reply(y, postId, 'Agreed', { replyToId: top.id });
    expect((await call(x, 'DELETE', `/api/posts/${top.id}`)).status).toBe(204);
    const page = await thread(y, postId);
    expect(page.replyCount).toBe(1);
    const [entry] = page.entries;
    expect(entry?.reply).toMatchObject({ id: top.id, removed: true, content: '', author: null, label: null });
    expect(entry?.reply.replyCount).toBe(1);
    expect(entry?.branch[0]?.replyTo).toEqual({ id: top.id, name: 'a removed reply' });
  });

  it('a block works on named replies both ways and never on anonymous ones', async () => {
    const [op, blocker, blocked] = [await member(), await member(), await member()];
    const postId = await post(op, 'Weekend plans?');
    const named = await reply(blocked, postId, 'Trek to the hills');
    const anonymous = await reply(blocked, postId, 'Sleeping in', { isAnonymous: true });
    await ok(blocker, 'POST', '/api/controls/blocks', { username: blocked.username });
    const ids = (page: ThreadPage) => page.entries.map((e) => e.reply.id);
    expect(ids(await thread(blocker, postId))).toEqual([anonymous.id]);
    const blockersPost = await post(blocker, 'My own named post');
    const refused = await call(blocked, 'POST', `/api/posts/${blockersPost}/replies`, { content: 'hey' });
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toBe(POST_MESSAGES.notFound);
    expect((await call(blocked, 'GET', `/api/posts/${blockersPost}/replies`)).status).toBe(404);
    // The blocker's anonymous post is open to them as to anyone: a refusal would say whose it is.
    const blockersAnonymous = await post(blocker, 'My anonymous post', true);
    await reply(blocked, blockersAnonymous, 'Answering an anonymous post');
    // Counts never move with a block.
    expect((await thread(blocker, postId)).replyCount).toBe(2);
    expect(ids(await thread(op, postId))).toEqual([named.id, anonymous.id]);
  });
});

describe('replies stay out of every list of posts', () => {
  it('no feed order, profile or askline page shows a reply, and a profile does not count them; search marks it', async () => {
    const [op, x] = [await member(), await member()];
    const postId = await post(op, 'Zebra crossing outside gate two');
    const written = await reply(x, postId, 'Zebra crossing needs a signal');
    for (const sort of ['default', 'newest', 'oldest', 'most_liked']) {
      const feed = await ok(x, 'GET', `/api/posts?sort=${sort}`);
      expect(feed.posts.map((p: { id: string }) => p.id)).not.toContain(written.id);
    }
    const profile = await ok(x, 'GET', `/api/profiles/${x.username}/posts`);
    expect(profile.posts).toEqual([]);
    expect((await ok(x, 'GET', `/api/profiles/${x.username}`)).stats.posts).toBe(0);
    const search = await ok(x, 'GET', `/api/search/posts?q=${encodeURIComponent('zebra crossing')}`);
    expect(search.posts.map((p: { id: string; thread: unknown }) => [p.id, p.thread])).toEqual([
      [written.id, { postId, label: null }],
      [postId, null],
    ]);
  });
});

describe('notifications of replies and mentions', () => {
  interface Listed {
    kind: string;
    post: { id: string; threadId?: string | null } | null;
    replies?: { count: number; latest: { username: string } | null } | null;
    mentionedBy?: { username: string } | null;
  }
  const notificationsOf = async (who: Member): Promise<Listed[]> =>
    (await ok(who, 'GET', '/api/notifications')).notifications;

  it('tells the post’s author of replies to it, the reply’s author of replies to theirs, never the writer', async () => {
    const [op, bala, chitra] = [await member('Olga Poster'), await member('Bala Named'), await member()];
    const postId = await post(op, 'Notify me of replies');
    const first = await reply(bala, postId, 'A named reply');
    await reply(chitra, postId, 'An anonymous reply', { isAnonymous: true });
    await reply(op, postId, 'The author answering their own thread');
    const [replied] = (await notificationsOf(op)).filter((n) => n.kind === 'post_replied');
    // Two replies by others; the latest named one is Bala's (the anonymous one is counted, never named).
    expect(replied).toMatchObject({
      post: { id: postId },
      replies: { count: 2, latest: { username: bala.username } },
    });

    await reply(chitra, postId, 'Answering Bala', { replyToId: first.id, isAnonymous: true });
    const [toReply] = (await notificationsOf(bala)).filter((n) => n.kind === 'reply_replied');
    expect(toReply).toMatchObject({
      post: { id: first.id, threadId: postId },
      replies: { count: 1, latest: null },
    });
    expect(JSON.stringify(await notificationsOf(bala))).not.toContain(chitra.username);
    expect((await notificationsOf(chitra)).filter((n) => n.kind.endsWith('_replied'))).toEqual([]);
  });

  it('tells the people mentioned, without naming an anonymous writer; a named mention respects blocks and mutes', async () => {
    const [alice, named, hidden, blocked, muted] = [
      await member('Alice Mentioned'),
      await member('Nina Named'),
      await member('Hari Hidden'),
      await member(),
      await member(),
    ];
    const postId = await post(named, `Has anyone seen @${alice.username} today?`);
    // Anonymous text that names a member is held for review (issue #47); a held reply tells no one
    // until staff publish it, into its thread.
    const held = await call(hidden, 'POST', `/api/posts/${postId}/replies`, {
      content: `@${alice.username} your bag is at the desk`,
      isAnonymous: true,
    });
    expect(held.status, held.text).toBe(202);
    expect((await notificationsOf(alice)).filter((n) => n.kind === 'mentioned')).toHaveLength(1);
    const mod = await createMember(server, { userType: 'moderator' });
    await ok(mod, 'POST', `/api/held-posts/${held.body.id}/approval`);
    const anonymousReply = { id: held.body.id as string };
    expect((await thread(alice, postId)).entries.map((e) => e.reply)).toMatchObject([
      { id: anonymousReply.id, label: 'Anonymous 1', author: null },
    ]);
    await ok(alice, 'POST', '/api/controls/blocks', { username: blocked.username });
    await ok(alice, 'POST', '/api/controls/mutes', { username: muted.username });
    await post(blocked, `Named mention of @${alice.username} from someone she blocked`);
    await post(muted, `Named mention of @${alice.username} from someone she muted`);
    const heldAnonymous = await call(blocked, 'POST', '/api/posts', {
      content: `Anonymous mention of @${alice.username}`,
      isAnonymous: true,
    });
    expect(heldAnonymous.status).toBe(202);
    await ok(mod, 'POST', `/api/held-posts/${heldAnonymous.body.id}/approval`);
    const blockedAnonymous = heldAnonymous.body.id as string;

    const mentions = (await notificationsOf(alice)).filter((n) => n.kind === 'mentioned');
    expect(mentions.map((n) => n.post?.id).sort()).toEqual(
      [postId, anonymousReply.id, blockedAnonymous].sort(),
    );
    const byId = new Map(mentions.map((n) => [n.post?.id, n]));
    expect(byId.get(postId)?.mentionedBy?.username).toBe(named.username);
    expect(byId.get(anonymousReply.id)).toMatchObject({ mentionedBy: null, post: { threadId: postId } });
    expect(byId.get(blockedAnonymous)?.mentionedBy).toBeNull();
    const raw = JSON.stringify(mentions);
    for (const writer of [hidden, blocked]) expect(raw).not.toContain(writer.username);
    // A writer mentioning themselves is told nothing.
    await post(named, `Note to self, @${named.username}`);
    expect((await notificationsOf(named)).filter((n) => n.kind === 'mentioned')).toEqual([]);
  });
});

describe('search finds replies', () => {
  interface Found {
    id: string;
    author: { username: string } | null;
    thread: { postId: string; label: string | null } | null;
  }
  const search = async (as: Member, q: string): Promise<Found[]> =>
    (await ok(as, 'GET', `/api/search/posts?q=${encodeURIComponent(q)}`)).posts;

  it('marks each as a reply in its thread, with its label when anonymous, and only where the thread reads', async () => {
    const [op, x, y, reader] = [await member(), await member(), await member(), await member()];
    const word = `zebracake${Date.now().toString(36)}`;
    const postId = await post(op, `Is the ${word} back in the canteen?`);
    const named = await reply(x, postId, `Yes, the ${word} is back`);
    const anonymous = await reply(y, postId, `The ${word} was never gone`, { isAnonymous: true });
    const found = await search(reader, word);
    expect(found.map((f) => f.id).sort()).toEqual([postId, named.id, anonymous.id].sort());
    const byId = new Map(found.map((f) => [f.id, f]));
    expect(byId.get(postId)?.thread).toBeNull();
    expect(byId.get(named.id)).toMatchObject({
      author: { username: x.username },
      thread: { postId, label: null },
    });
    expect(byId.get(anonymous.id)).toMatchObject({ author: null, thread: { postId, label: 'Anonymous 1' } });
    expect(JSON.stringify(found)).not.toContain(y.username);

    // A thread missing to the reader (its named post's author blocked them) hides its replies too.
    await ok(op, 'POST', '/api/controls/blocks', { username: reader.username });
    expect(await search(reader, word)).toEqual([]);
    expect((await search(x, word)).map((f) => f.id).sort()).toEqual([postId, named.id, anonymous.id].sort());

    // A removed post takes its thread out of search.
    const mod = await createMember(server, { userType: 'moderator' });
    await ok(mod, 'POST', `/api/posts/${postId}/removal`, { rule: 'spam', facts: 'Advertising.' });
    expect(await search(x, word)).toEqual([]);
  });
});

describe('staff read a reply with its thread', () => {
  it('a report of a reply and a held reply say which thread, with the label and never the writer', async () => {
    const [op, writer, reporter, mentioned] = [
      await member(),
      await member(),
      await member(),
      await member(),
    ];
    const mod = await createMember(server, { userType: 'moderator' });
    const postId = await post(op, 'Which hostel block has the best wifi?', true);
    const anonymous = await reply(writer, postId, 'Block C, by a mile', { isAnonymous: true });
    await ok(reporter, 'POST', `/api/posts/${anonymous.id}/report`, { reason: 'spam' });
    const reports = await ok(mod, 'GET', '/api/reports');
    const item = reports.reports.find((r: { post: { id: string } }) => r.post.id === anonymous.id);
    expect(item?.reply).toEqual({
      postId,
      postContent: 'Which hostel block has the best wifi?',
      label: 'Anonymous 1',
    });
    // A post's own report carries none.
    await ok(reporter, 'POST', `/api/posts/${postId}/report`, { reason: 'spam' });
    const again = await ok(mod, 'GET', '/api/reports');
    expect(again.reports.find((r: { post: { id: string } }) => r.post.id === postId)?.reply).toBeNull();

    const held = await call(writer, 'POST', `/api/posts/${postId}/replies`, {
      content: `@${mentioned.username} knows the password`,
      isAnonymous: true,
    });
    expect(held.status, held.text).toBe(202);
    const queue = await ok(mod, 'GET', '/api/held-posts');
    const waiting = queue.heldPosts.find((h: { id: string }) => h.id === held.body.id);
    expect(waiting).toMatchObject({
      author: null,
      reply: { postId, postContent: 'Which hostel block has the best wifi?', label: null },
    });
    const raw = JSON.stringify([item, waiting]);
    expect(raw).not.toContain(writer.username);
    expect(raw).not.toContain(op.username);
  });
});

describe('muted words in threads and in what tells of replies', () => {
  const muteWord = (who: Member, phrase: string) => ok(who, 'POST', '/api/controls/muted-words', { phrase });
  const notificationsOf = async (who: Member) =>
    (await ok(who, 'GET', '/api/notifications')).notifications as {
      kind: string;
      post: { id: string } | null;
      replies: { count: number; latest: { username: string } | null } | null;
    }[];

  it('leaves matching replies (and what answers them) out of the thread for the viewer alone, counted, and shows them on asking', async () => {
    const [op, reader, x, y] = [await member(), await member(), await member('Xavi Named'), await member()];
    const postId = await post(op, 'What is on the menu this week?');
    const plain = await reply(x, postId, 'Dosa on Monday');
    const spoiler = await reply(y, postId, 'The finale spoiler is in the menu', { isAnonymous: true });
    const underSpoiler = await reply(x, postId, 'Please do not', { replyToId: spoiler.id });
    const inBranch = await reply(y, postId, 'Another spoiler here', { replyToId: plain.id });
    const afterIt = await reply(op, postId, 'Answering the branch', { replyToId: inBranch.id });
    const kept = await reply(op, postId, 'Thanks all', { replyToId: plain.id });
    // The reader's own reply is never hidden from them, whatever it says.
    const own = await reply(reader, postId, 'My own spoiler');

    const before = await thread(reader, postId);
    expect(before.hiddenByMutedWords).toBe(0);
    await muteWord(reader, 'spoiler');
    const page = await thread(reader, postId);
    expect(page.entries.map((entry) => entry.reply.id)).toEqual([plain.id, own.id]);
    expect(page.entries[0]?.branch.map((r) => r.id)).toEqual([kept.id]);
    // What the words match: the top-level reply and the branch's; what answers them goes with them.
    expect(page.hiddenByMutedWords).toBe(2);
    expect(JSON.stringify(page)).not.toContain('spoiler is in the menu');
    // Counts never move (decision 032), and no one else's thread changes.
    expect(page.replyCount).toBe(before.replyCount);
    expect((await thread(op, postId)).entries).toHaveLength(3);
    expect((await thread(null, postId)).hiddenByMutedWords).toBe(0);

    const shown = await thread(reader, postId, '?showMuted=true');
    expect(shown.hiddenByMutedWords).toBe(0);
    expect(shown.entries.map((entry) => entry.reply.id)).toEqual([plain.id, spoiler.id, own.id]);
    expect(shown.entries[1]?.branch.map((r) => r.id)).toEqual([underSpoiler.id]);
    expect(shown.entries[0]?.branch.map((r) => r.id)).toEqual([inBranch.id, afterIt.id, kept.id]);
    expect((await call(reader, 'GET', `/api/posts/${postId}/replies?showMuted=maybe`)).status).toBe(400);
  });

  it('a branch page leaves them out too, and counts them', async () => {
    const [op, reader, x] = [await member(), await member(), await member()];
    const postId = await post(op, 'A long branch');
    const top = await reply(x, postId, 'Start of the branch');
    const written: Reply[] = [];
    for (let n = 0; n < BRANCH_PREVIEW_SIZE + 3; n += 1) {
      written.push(
        await reply(x, postId, n % 2 ? `Branch reply ${n} with gossip` : `Branch reply ${n}`, {
          replyToId: top.id,
        }),
      );
    }
    await muteWord(reader, 'gossip');
    const page = await thread(reader, postId);
    const entry = page.entries[0];
    const cursor = entry?.branchCursor;
    expect(cursor).toEqual(expect.any(String));
    const rest = await ok(
      reader,
      'GET',
      `/api/posts/${postId}/replies?branch=${top.id}&cursor=${encodeURIComponent(cursor ?? '')}`,
    );
    const seen = [...(entry?.branch ?? []), ...rest.replies].map((r: Reply) => r.content);
    expect(seen).toEqual(written.filter((_, n) => n % 2 === 0).map((r) => r.content));
    expect(page.hiddenByMutedWords + rest.hiddenByMutedWords).toBe(3);
  });

  it('a reply or mention the words match tells no one who muted them, and a day of only those shows nothing', async () => {
    const [op, x, y] = [await member('Oona Poster'), await member('Xena Named'), await member('Yuri Named')];
    await muteWord(op, 'exam leak');
    const postId = await post(op, 'Study group tonight?');
    await reply(x, postId, 'Here is the exam leak link');
    expect((await notificationsOf(op)).filter((n) => n.kind === 'post_replied')).toEqual([]);
    expect((await ok(op, 'GET', '/api/notifications/unread')).unread).toBe(0);
    await reply(y, postId, 'Count me in');
    await reply(x, postId, 'Another exam leak, newer');
    const [replied] = (await notificationsOf(op)).filter((n) => n.kind === 'post_replied');
    // The one matching is neither counted nor named; the other is.
    expect(replied?.replies).toEqual({ count: 1, latest: { username: y.username, fullName: 'Yuri Named' } });

    await post(x, `@${op.username} the exam leak again`);
    await post(y, `@${op.username} see you at six`);
    const mentions = (await notificationsOf(op)).filter((n) => n.kind === 'mentioned');
    expect(mentions).toHaveLength(1);
    // A word muted after a mention hides it too.
    await muteWord(op, 'six');
    expect((await notificationsOf(op)).filter((n) => n.kind === 'mentioned')).toEqual([]);
  });
});

describe('deleting an account keeps the threads it replied in', () => {
  it('its named replies keep their place with nothing of it; its anonymous ones stay; the counts follow', async () => {
    const [op, leaver, stayer] = [await member(), await member('Lena Leaving'), await member()];
    const postId = await post(op, 'A thread someone will leave');
    const top = await reply(leaver, postId, 'A named top-level reply');
    const child = await reply(stayer, postId, 'An answer under it', { replyToId: top.id });
    const anonymous = await reply(leaver, postId, 'An anonymous one', { isAnonymous: true });
    expect((await thread(op, postId)).replyCount).toBe(3);

    const res = await call(leaver, 'DELETE', '/api/account', {
      confirmation: leaver.username,
      password: leaver.account.password,
      anonymousPosts: 'leave',
    });
    expect(res.status, res.text).toBeLessThan(300);

    const page = await thread(op, postId);
    expect(page.replyCount).toBe(2);
    const [first, second] = page.entries;
    expect(first?.reply).toMatchObject({
      id: top.id,
      removed: true,
      content: '',
      author: null,
      replyCount: 1,
    });
    expect(first?.branch.map((r) => r.id)).toEqual([child.id]);
    expect(second?.reply).toMatchObject({
      id: anonymous.id,
      label: 'Anonymous 1',
      author: null,
      removed: false,
    });
    expect(JSON.stringify(page)).not.toContain('Lena');
  });

  it('taking down one’s anonymous posts first takes down one’s anonymous replies, counted out', async () => {
    const [op, writer] = [await member(), await member()];
    const postId = await post(op, 'Another thread');
    await reply(writer, postId, 'Anonymous, soon gone', { isAnonymous: true });
    expect((await ok(writer, 'DELETE', '/api/account/anonymous-posts')).deleted).toBe(1);
    const page = await thread(op, postId);
    expect(page.replyCount).toBe(0);
    expect(page.entries[0]?.reply.removed).toBe(true);
  });
});

describe('"Mute this author" on an anonymous reply', () => {
  it('hides that reply and what answers it for the viewer alone; the count and everyone else stay', async () => {
    const [op, anonymous, viewer, bystander] = [
      await member(),
      await member(),
      await member(),
      await member(),
    ];
    const postId = await post(op, 'A thread with a troll');
    const troll = await reply(anonymous, postId, 'A rude anonymous reply', { isAnonymous: true });
    const answer = await reply(bystander, postId, 'Answering the troll', { replyToId: troll.id });
    const other = await reply(anonymous, postId, 'The same hand, another reply', { isAnonymous: true });
    const hidden = await call(viewer, 'POST', '/api/controls/hidden-posts', {
      postId: troll.id,
      reason: 'muted_author',
    });
    expect(hidden.status, hidden.text).toBe(201);
    const mine = await thread(viewer, postId);
    expect(mine.entries.map((e) => e.reply.id)).toEqual([other.id]);
    expect(mine.replyCount).toBe(3);
    const theirs = await thread(bystander, postId);
    expect(theirs.entries.map((e) => e.reply.id)).toEqual([troll.id, other.id]);
    expect(theirs.entries[0]?.branch.map((r) => r.id)).toEqual([answer.id]);
  });
});

describe('the export', () => {
  it('holds one’s replies at their place in their threads, with one’s own label there', async () => {
    const [op, writer] = [await member(), await member()];
    const postId = await post(op, 'Export me a thread');
    const named = await reply(writer, postId, 'A named reply to export');
    const anonymous = await reply(writer, postId, 'An anonymous reply to export', {
      isAnonymous: true,
      replyToId: named.id,
    });
    const res = await server.request('/api/account/export', { headers: { cookie: writer.cookie } });
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const document = JSON.parse(new TextDecoder().decode(files[EXPORT_JSON_NAME])) as {
      posts: { id: string; url: string; label: string | null; replyTo: unknown }[];
    };
    const byId = new Map(document.posts.map((p) => [p.id, p]));
    expect(byId.get(named.id)).toMatchObject({ label: null, replyTo: { reply: null } });
    expect(byId.get(named.id)?.url).toMatch(new RegExp(`/post/${postId}#reply-${named.id}$`));
    expect(byId.get(anonymous.id)).toMatchObject({ label: 'Anonymous 1', replyTo: { reply: named.id } });
  });
});
