// The feed's tabs over HTTP on a real database (issue #51, decision 038): Everyone, VITC, VITV and My
// class, each in the four orders; a campus's or a class's tab holds named posts only (an anonymous post
// would say something about who wrote it); a member who moves campus or class takes their named
// posts along; posts from before the tabs are filled in at start.
// @module-tag engine (runs on both engines: docs/architecture.md, "Tests")
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type Member } from '../../../../tests/support/accounts';
import {
  callJson,
  NO_RATE_LIMITS,
  startTestServer,
  type TestServer,
} from '../../../../tests/support/test-server';
import { FEED_SORTS } from '../../../shared/posts';
import { queryRows } from '../../db/client';
import { fillAuthorClass } from './fill-author-class';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ rateLimiter: NO_RATE_LIMITS });
});
afterAll(() => server.close());

/** A member of a campus and class (set on the profile, as Edit Profile does). */
async function member(campus: 'VITC' | 'VITV', year: number): Promise<Member> {
  const made = await createMember(server);
  await moveTo(made, campus, year);
  return made;
}

async function moveTo(who: Member, campus: 'VITC' | 'VITV', year: number) {
  await server.database.db.execute(
    sql`update profiles set institution = ${campus}, graduation_year = ${year} where user_id = ${who.account.userId}`,
  );
}

async function post(as: Member, content: string, isAnonymous = false): Promise<string> {
  const res = await callJson(server, 'POST', '/api/posts', as.cookie, { content, isAnonymous });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

/** Every post of a tab in one order, following the cursors. */
async function tab(as: Member, feed: string, sort = 'newest'): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const after = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const res = await callJson(server, 'GET', `/api/posts?feed=${feed}&sort=${sort}${after}`, as.cookie);
    expect(res.status, res.text).toBe(200);
    ids.push(...(res.body.posts as { id: string }[]).map((p) => p.id));
    cursor = res.body.nextCursor;
    pages += 1;
  } while (cursor && pages < 40);
  return ids;
}

describe("the feed's tabs", () => {
  let chennai2026: Member;
  let chennai2027: Member;
  let vellore2026: Member;
  let written: Record<string, string>;

  beforeAll(async () => {
    chennai2026 = await member('VITC', 2026);
    chennai2027 = await member('VITC', 2027);
    vellore2026 = await member('VITV', 2026);
    written = {
      c26: await post(chennai2026, 'Chennai, class of 2026'),
      c26anon: await post(chennai2026, 'Chennai 2026, anonymously', true),
      c27: await post(chennai2027, 'Chennai, class of 2027'),
      v26: await post(vellore2026, 'Vellore, class of 2026'),
      v26anon: await post(vellore2026, 'Vellore 2026, anonymously', true),
    };
    // Enough of one campus to page through (12 a page).
    for (let i = 0; i < 14; i++) written[`c27-${i}`] = await post(chennai2027, `More from Chennai ${i}`);
  });

  it('Everyone holds every post; a campus its named posts; My class the named posts of my year', async () => {
    const mine = (ids: string[]) => ids.filter((id) => Object.values(written).includes(id));
    const everyone = mine(await tab(vellore2026, 'everyone'));
    expect(new Set(everyone)).toEqual(new Set(Object.values(written)));
    // The default is Everyone.
    const plain = await callJson(server, 'GET', '/api/posts?sort=newest', vellore2026.cookie);
    expect(plain.body.posts.map((p: { id: string }) => p.id)).toEqual(everyone.slice(0, 12));

    const chennai = Object.entries(written)
      .filter(([key]) => key.startsWith('c') && !key.endsWith('anon'))
      .map(([, id]) => id);
    expect(new Set(mine(await tab(vellore2026, 'vitc')))).toEqual(new Set(chennai));
    expect(mine(await tab(chennai2026, 'vitv'))).toEqual([written.v26]);
    // My class is the viewer's: 2026 for both campuses' 2026, 2027 for the other.
    expect(new Set(mine(await tab(vellore2026, 'class')))).toEqual(new Set([written.c26, written.v26]));
    expect(mine(await tab(chennai2026, 'class')).sort()).toEqual([written.c26, written.v26].sort());
    expect(mine(await tab(chennai2027, 'class'))).not.toContain(written.c26);
  });

  it('keeps each order in every tab, paging without gaps or repeats', async () => {
    for (const sort of FEED_SORTS) {
      const ids = await tab(chennai2026, 'vitc', sort);
      expect(new Set(ids).size, sort).toBe(ids.length);
      expect(ids, sort).toContain(written['c27-0']);
      expect(ids, sort).not.toContain(written.c26anon);
      const classIds = await tab(chennai2026, 'class', sort);
      expect(classIds, sort).toContain(written.c26);
      expect(classIds, sort).not.toContain(written.c27);
    }
    const oldest = await tab(chennai2026, 'vitc', 'oldest');
    const newest = await tab(chennai2026, 'vitc', 'newest');
    expect(oldest).toEqual([...newest].reverse());
  });

  it('a member who moves campus or class takes their named posts along; their anonymous ones stay out', async () => {
    const mover = await member('VITV', 2028);
    const named = await post(mover, 'Named, from Vellore');
    const anonymous = await post(mover, 'Anonymous, from Vellore', true);
    const classmate = await member('VITC', 2029);
    expect(await tab(classmate, 'vitv')).toContain(named);
    await moveTo(mover, 'VITC', 2029);
    expect(await tab(classmate, 'vitv')).not.toContain(named);
    const chennai = await tab(classmate, 'vitc');
    const myClass = await tab(classmate, 'class');
    expect(chennai).toContain(named);
    expect(myClass).toContain(named);
    for (const ids of [chennai, myClass, await tab(classmate, 'vitv')]) expect(ids).not.toContain(anonymous);
    expect(await tab(classmate, 'everyone')).toContain(anonymous);
  });

  it('a reply is in no tab, and an anonymous post never takes a campus or class, however it is written', async () => {
    const writer = await member('VITV', 2030);
    const named = await post(writer, 'A thread in Vellore');
    const reply = await callJson(server, 'POST', `/api/posts/${named}/replies`, writer.cookie, {
      content: 'And a reply to it',
    });
    expect(reply.status, reply.text).toBe(201);
    // Even an insert that names them (a bug, a script) keeps an anonymous post without them.
    await server.database.db.execute(sql`insert into posts (user_id, content, is_anonymous, author_campus, author_year)
      values (${writer.account.userId}, 'Written anonymously by hand', true, 'VITV', 2030)`);
    const rows = await queryRows<{ content: string; author_campus: string | null }>(
      server.database.db,
      sql`select content, author_campus from posts where user_id = ${writer.account.userId} order by created_at`,
    );
    expect(rows.map((row) => [row.content, row.author_campus])).toEqual([
      ['A thread in Vellore', 'VITV'],
      ['And a reply to it', null],
      ['Written anonymously by hand', null],
    ]);
    expect(await tab(writer, 'class')).toEqual([named]);
  });

  it('posts from before the tabs are filled in from their authors’ profiles at start', async () => {
    const older = await member('VITV', 2025);
    const named = await post(older, 'Written before the tabs');
    const anonymous = await post(older, 'Anonymous, before the tabs', true);
    await server.database.db.execute(
      sql`update posts set author_campus = null, author_year = null where user_id = ${older.account.userId}`,
    );
    expect(await tab(older, 'class')).not.toContain(named);
    expect(
      await fillAuthorClass({ db: server.database.db, batchSize: 3, pauseMs: 0 }),
    ).toBeGreaterThanOrEqual(1);
    expect(await tab(older, 'class')).toContain(named);
    expect(await tab(older, 'vitv')).toContain(named);
    expect(await tab(older, 'vitv')).not.toContain(anonymous);
    // Nothing left: a second pass fills none.
    expect(await fillAuthorClass({ db: server.database.db, pauseMs: 0 })).toBe(0);
  });

  it('refuses an unknown tab with a clear 400, and visitors as the feed does', async () => {
    const someone = await member('VITC', 2026);
    const bad = await callJson(server, 'GET', '/api/posts?feed=hostel', someone.cookie);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Choose one of everyone, vitc, vitv or class.');
    const visitor = await callJson(server, 'GET', '/api/posts?feed=vitc');
    expect(visitor.status).toBe(401);
  });
});
