// The registry of live streams (live.ts) on a real database: what it hears and tells, what a like's
// own statement announces (nothing that depends on the author), refusing an eleventh stream, and
// shutting down.
// @module-tag engine (runs on both engines: docs/architecture.md, "Tests")
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../../../../tests/support/accounts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-database';
import { rowIdSchema } from '../../../shared/path-params';
import { queryRows } from '../../db/client';
import { setLike } from '../posts/set-like';
import { createReply } from '../replies/create-reply';
import { listeningNotificationStreams, MOST_STREAMS_PER_USER, NOTIFICATIONS_CHANNEL } from './live';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const newPost = async (userId: string) => {
  const [row] = await queryRows<{ id: string }>(
    database.db,
    sql`insert into posts (user_id, content) values (${userId}, 'A post to like') returning id`,
  );
  return rowIdSchema.parse(row?.id);
};

/** A stream that records what it is told. */
const recorder = () => {
  const told: number[] = [];
  let ended = false;
  return {
    told,
    get ended() {
      return ended;
    },
    stream: { tell: (unread: number) => told.push(unread), end: () => (ended = true) },
  };
};

describe('live streams', () => {
  it('are told the count on opening and on each change, one person apart from another', async () => {
    const streams = listeningNotificationStreams(database);
    const author = await insertAccount(database.db);
    const someone = await insertAccount(database.db);
    const liker = await insertAccount(database.db);
    const mine = recorder();
    const theirs = recorder();
    streams.add(author.userId, mine.stream);
    streams.add(someone.userId, theirs.stream);
    await streams.settle();
    expect(mine.told).toEqual([0]);

    const post = await newPost(author.userId);
    await setLike({ db: database.db, userId: liker.userId, postId: post, liked: true });
    await streams.settle();
    expect(mine.told).toEqual([0, 1]);

    await database.db.execute(sql`update notifications set read_at = now() where user_id = ${author.userId}`);
    await streams.settle();
    expect(mine.told).toEqual([0, 1, 0]);
    expect(theirs.told).toEqual([0]);
    streams.endAll();
  });

  it("hear nothing from a like's own statement that depends on what the author read", async () => {
    const heard: string[] = [];
    const listening = database.listen(NOTIFICATIONS_CHANNEL, {
      onNotice: (payload) => heard.push(payload),
      onListening: () => {},
      onLost: () => {},
    });
    const author = await insertAccount(database.db);
    const liker = await insertAccount(database.db);
    const post = await newPost(author.userId);
    const likeAgain = async () => {
      await setLike({ db: database.db, userId: liker.userId, postId: post, liked: false });
      const state = await setLike({ db: database.db, userId: liker.userId, postId: post, liked: true });
      await listening.settle();
      return state?.told;
    };

    // The day's first like makes the notification: announced, whoever the author is.
    expect(await likeAgain()).toBe(author.userId);
    expect(heard).toEqual([author.userId]);
    // Liked again while it is unread, and again once read: the statement announces neither.
    heard.length = 0;
    expect(await likeAgain()).toBe(author.userId);
    await database.db.execute(sql`update notifications set read_at = now() where post_id = ${post}::uuid`);
    await listening.settle();
    expect(heard).toEqual([author.userId]);
    heard.length = 0;
    expect(await likeAgain()).toBe(author.userId);
    expect(heard).toEqual([]);
    // The like did make it unread again: the route announces it, after answering, in both cases.
    const [row] = await queryRows<{ unread: boolean }>(
      database.db,
      sql`select read_at is null as unread from notifications where post_id = ${post}::uuid`,
    );
    expect(row?.unread).toBe(true);
  });

  it("hear nothing from a reply's transaction when its caller announces after the commit, and only then (migration 0029)", async () => {
    const heard: string[] = [];
    const listening = database.listen(NOTIFICATIONS_CHANNEL, {
      onNotice: (payload) => heard.push(payload),
      onListening: () => {},
      onLost: () => {},
    });
    const author = await insertAccount(database.db);
    const writer = await insertAccount(database.db);
    const liker = await insertAccount(database.db);
    const reply = (postId: string, announcedAfterCommit: boolean, isAnonymous = false) =>
      createReply(database.db, {
        postId,
        authorId: writer.userId,
        content: 'A reply',
        isAnonymous,
        replyToId: null,
        announcedAfterCommit,
      });

    // The reply route announces after its commit: the transaction sends no NOTIFY of its own, neither
    // a named reply's one statement nor an anonymous reply's transaction (create-reply.ts).
    const first = await newPost(author.userId);
    expect((await reply(first, true)).told).toEqual([author.userId]);
    expect((await reply(await newPost(author.userId), true, true)).told).toEqual([author.userId]);
    await listening.settle();
    expect(heard).toEqual([]);
    // The setting ends with its transaction: the next one on any connection announces as before.
    await setLike({ db: database.db, userId: liker.userId, postId: first, liked: true });
    await listening.settle();
    expect(heard).toEqual([author.userId]);
    // Any other caller (a held reply published by staff) is announced by the trigger.
    heard.length = 0;
    const second = await newPost(author.userId);
    expect((await reply(second, false)).told).toEqual([author.userId]);
    await listening.settle();
    expect(heard).toEqual([author.userId]);
  });

  it('announce a change to every instance, and one announcement for many people names them all', async () => {
    const streams = listeningNotificationStreams(database);
    const people = await Promise.all([1, 2, 3].map(() => insertAccount(database.db)));
    const recorders = people.map((person) => {
      const r = recorder();
      streams.add(person.userId, r.stream);
      return r;
    });
    await streams.settle();
    // Another instance's announcement, as the like route makes it.
    const other = listeningNotificationStreams(database);
    for (const person of people) other.announce(person.userId);
    await other.settle();
    await streams.settle();
    for (const r of recorders) expect(r.told).toEqual([0, 0]);
    streams.endAll();
    other.endAll();
  });

  it('refuse a stream beyond the most one person may hold, and end every stream on shutdown', async () => {
    const streams = listeningNotificationStreams(database);
    const person = await insertAccount(database.db);
    const open = Array.from({ length: MOST_STREAMS_PER_USER }, () => recorder());
    for (const r of open) expect(streams.add(person.userId, r.stream)).not.toBeNull();
    expect(streams.full(person.userId)).toBe(true);
    expect(streams.add(person.userId, recorder().stream)).toBeNull();
    expect(streams.size).toBe(MOST_STREAMS_PER_USER);

    streams.endAll();
    expect(open.every((r) => r.ended)).toBe(true);
    // One opened while stopping ends at once.
    const late = recorder();
    streams.add(person.userId, late.stream);
    expect(late.ended).toBe(true);
  });
});
