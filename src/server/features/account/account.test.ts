// Your data and account (issue #27), over HTTP on the real server and database (both engines): the
// export holds exactly the account's own rows, deleting asks for the password and the typed
// confirmation, and afterwards no row, file or object of the account remains while everything others
// made stays, with exact counts.

import { existsSync, readdirSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createMember,
  type Member,
  sessionFor,
  signInAs,
} from '../../../../tests/support/accounts';
import { cookiesFrom } from '../../../../tests/support/cookies';
import { ENGINE } from '../../../../tests/support/engines';
import { createCameraJpeg } from '../../../../tests/support/images';
import {
  callJson,
  type HttpMethod,
  NO_RATE_LIMITS,
  okJson,
  startTestServer,
  type TestServer,
} from '../../../../tests/support/test-server';
import { ACCOUNT_MESSAGES } from '../../../shared/account';
import { NOTIFICATION_KINDS } from '../../../shared/notifications';
import { type Db, queryRows } from '../../db/client';
import {
  asklines,
  emailChanges,
  hiddenPosts,
  moderationLog,
  objectRemovals,
  posts,
  profiles,
  sealedSuspensions,
  sessions,
  users,
  verifications,
} from '../../db/schema';
import { removeQueuedObjects } from '../../platform/object-removals';
import { createFileStorage } from '../../platform/storage';
import { setProfilePhoto } from '../profiles/set-profile-photo';
import { deleteAccount } from './delete-account';
import { EXPORT_JSON_NAME, EXPORT_PHOTO_NAME, exportAccount } from './export-account';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ rateLimiter: NO_RATE_LIMITS });
});
afterAll(() => server.close());

const call = (method: HttpMethod, path: string, member: Member | null, body?: unknown) =>
  callJson(server, method, path, member?.cookie, body);
const ok = (method: HttpMethod, path: string, member: Member | null, body?: unknown) =>
  okJson(server, method, path, member?.cookie, body);

async function uploadPhoto(member: Member): Promise<string> {
  const res = await server.request(`/api/profiles/${member.username}/photo`, {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg', cookie: member.cookie },
    body: new Uint8Array(await createCameraJpeg({ width: 300, height: 200 })),
  });
  expect(res.status).toBe(200);
  const [row] = await server.database.db
    .select({ key: profiles.profilePictureKey })
    .from(profiles)
    .where(eq(profiles.userId, member.account.userId));
  return row?.key ?? '';
}

interface ExportDocument {
  account: { email: string; signInMethods: string[] };
  profile: { username: string; profilePicture: string | null } | null;
  posts: { id: string; content: string; anonymous: boolean; removed: boolean; likes: number }[];
  likesGiven: { postUrl: string }[];
  reportsMade: { postUrl: string; reason: string; detail: string | null }[];
  asklinesSubmitted: { id: string; content: string; status: string }[];
  removalsOfYourPosts: { postUrl: string; rule: string; facts: string; appeal: { text: string } | null }[];
  signedInDevices: unknown[];
  notificationSettings: { kind: string; inApp: boolean; digest: string }[];
}

async function exportOf(member: Member) {
  const res = await server.request('/api/account/export', { headers: { cookie: member.cookie } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  expect(res.headers.get('content-disposition')).toMatch(
    new RegExp(`^attachment; filename="campus-yearbook-${member.username}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`),
  );
  expect(res.headers.get('cache-control')).toBe('no-store');
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  const text = new TextDecoder().decode(files[EXPORT_JSON_NAME]);
  return { text, document: JSON.parse(text) as ExportDocument, files };
}

/**
 * Every row in every table of the database that holds `values` in any text column: what remains of an
 * account after it is deleted (none may).
 */
async function rowsNaming(db: Db, values: string[]): Promise<string[]> {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'uuid', 'jsonb')
        order by table_name, column_name`,
  );
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(table)}
          where lower(${sql.identifier(column)}::text) like any (${sql.raw(
            `array[${values.map((value) => `'%${value.toLowerCase().replaceAll("'", "''")}%'`).join(', ')}]`,
          )})`,
    );
    if ((row?.n ?? 0) > 0) found.push(`${table}.${column}: ${row?.n}`);
  }
  return found;
}

/** Like counts and report counts as the rows say they should be. */
async function countsAreExact(db: Db) {
  const likes = await queryRows<{ id: string }>(
    db,
    sql`select p.id from posts p where p.like_count <> (select count(*) from likes l where l.post_id = p.id)`,
  );
  const reports = await queryRows<{ id: string }>(
    db,
    sql`select r.id from reports r
        where r.report_count <> (select count(*) from report_reasons x where x.post_id = r.post_id)`,
  );
  expect({ likes, reports }).toEqual({ likes: [], reports: [] });
}

/**
 * The scene: `leaver` writes named, anonymous and deleted posts, submits an askline (which staff
 * verify), likes and reports others' posts and has a picture; others like, report and answer theirs.
 */
const LEAVERS_SETTING = { kind: 'post_liked', inApp: false, digest: 'weekly' } as const;

async function scene() {
  const leaver = await createMember(server, { fullName: 'Lila Leaving' });
  const other = await createMember(server, { fullName: 'Omar Other' });
  const third = await createMember(server, { fullName: 'Tara Third' });
  const admin = await createMember(server, { userType: 'admin', fullName: 'Ada Admin' });
  const picture = await uploadPhoto(leaver);
  // A word only this scene's leaver writes, to search for.
  const mark = `zq${Math.random().toString(36).slice(2, 10).replace(/[0-9]/g, 'x')}`;

  const post = async (member: Member, content: string, extra: object = {}) =>
    (await ok('POST', '/api/posts', member, { content, ...extra })).id as string;
  const askline = (
    await ok('POST', '/api/asklines', leaver, { content: `Best chai near the gate? ${Math.random()}` })
  ).id as string;
  await ok('PUT', `/api/asklines/${askline}/review`, admin, { decision: 'verify' });

  const named = await post(leaver, `A named goodbye note ${mark}`);
  const hidden = await post(leaver, `An anonymous secret of the leaver ${mark}`, { isAnonymous: true });
  const answer = await post(leaver, `An anonymous answer of the leaver ${mark}`, {
    isAnonymous: true,
    asklineId: askline,
  });
  const removed = await post(leaver, `A post the leaver took down ${mark}`);
  await ok('DELETE', `/api/posts/${removed}`, leaver);

  const othersNamed = await post(other, 'Omar writes about the canteen');
  const othersHidden = await post(other, 'Omar whispers anonymously', { isAnonymous: true });
  const othersAnswer = await post(other, 'Omar answers the askline', { asklineId: askline });
  const thirds = await post(third, 'Tara posts a poem');

  // Likes both ways; one of the leaver's likes is on its own post.
  for (const id of [othersNamed, othersHidden, thirds, named])
    await ok('PUT', `/api/posts/${id}/like`, leaver);
  for (const id of [named, hidden, othersNamed]) await ok('PUT', `/api/posts/${id}/like`, other);
  await ok('PUT', `/api/posts/${hidden}/like`, third);
  // Reports: Tara's post by the leaver alone (the report goes), Omar's by both (it stays, counting one).
  await ok('POST', `/api/posts/${thirds}/report`, leaver, { reason: 'spam' });
  await ok('POST', `/api/posts/${othersNamed}/report`, leaver, {
    reason: 'other',
    detail: 'leaver says why',
  });
  await ok('POST', `/api/posts/${othersNamed}/report`, third, { reason: 'spam' });
  // Others report the leaver's posts; staff act on them.
  await ok('POST', `/api/posts/${hidden}/report`, other, { reason: 'harassment' });
  const queue = (await ok('GET', '/api/reports', admin)) as {
    reports: { id: string; post: { id: string } }[];
  };
  const onHidden = queue.reports.find((report) => report.post.id === hidden);
  await ok('PUT', `/api/reports/${onHidden?.id}/resolution`, admin, { resolved: true });
  // Staff remove one of the leaver's posts with a statement of reasons; the leaver appeals (issue #47).
  const removedByStaff = await post(leaver, `A post staff removed ${mark}`);
  await ok('POST', `/api/posts/${removedByStaff}/removal`, admin, { rule: 'spam', facts: 'An advert.' });
  await ok('POST', `/api/posts/${removedByStaff}/appeal`, leaver, { text: 'Not an advert.' });
  // Notifications: the leaver chose settings, and others' likes and staff told them things (above).
  await ok('PUT', '/api/notifications/settings', leaver, { settings: [LEAVERS_SETTING] });

  return {
    leaver,
    mark,
    other,
    third,
    admin,
    picture,
    askline,
    leaversPosts: { named, hidden, answer, removed, removedByStaff },
    othersPosts: { othersNamed, othersHidden, othersAnswer, thirds },
  };
}

describe('downloading your data', () => {
  it("holds exactly the account's own rows and picture, and nothing of anyone else", async () => {
    const s = await scene();
    // With the push choice (issue #51): never changed, likes are pushed by default.
    const settings = [{ ...LEAVERS_SETTING, push: true }];
    const { document, text, files } = await exportOf(s.leaver);

    expect(document.account.email).toBe(s.leaver.account.email);
    expect(document.account.signInMethods).toEqual(['password']);
    expect(document.profile?.username).toBe(s.leaver.username);
    expect(document.profile?.profilePicture).toBe(EXPORT_PHOTO_NAME);
    const picture = await server.request(`/uploads/${s.picture}`);
    expect(Buffer.from(files[EXPORT_PHOTO_NAME] ?? [])).toEqual(Buffer.from(await picture.arrayBuffer()));

    const byId = Object.fromEntries(document.posts.map((post) => [post.id, post]));
    expect(Object.keys(byId).sort()).toEqual(Object.values(s.leaversPosts).sort());
    expect(byId[s.leaversPosts.hidden]).toMatchObject({ anonymous: true, removed: false, likes: 2 });
    expect(byId[s.leaversPosts.answer]).toMatchObject({ anonymous: true });
    expect(byId[s.leaversPosts.removed]).toMatchObject({ anonymous: false, removed: true });
    expect(byId[s.leaversPosts.named]).toMatchObject({ content: `A named goodbye note ${s.mark}`, likes: 2 });

    const liked = document.likesGiven.map((like) => like.postUrl.split('/').at(-1)).sort();
    expect(liked).toEqual(
      [
        s.othersPosts.othersNamed,
        s.othersPosts.othersHidden,
        s.othersPosts.thirds,
        s.leaversPosts.named,
      ].sort(),
    );
    expect(
      document.reportsMade.map((report) => [report.postUrl.split('/').at(-1), report.reason]).sort(),
    ).toEqual(
      [
        [s.othersPosts.othersNamed, 'other'],
        [s.othersPosts.thirds, 'spam'],
      ].sort(),
    );
    expect(document.asklinesSubmitted).toEqual([
      expect.objectContaining({ id: s.askline, status: 'verified' }),
    ]);
    expect(document.removalsOfYourPosts).toEqual([
      {
        postUrl: expect.stringMatching(new RegExp(`/post/${s.leaversPosts.removedByStaff}$`)),
        heldForReview: false,
        rule: 'spam',
        facts: 'An advert.',
        foundBy: 'staff',
        decidedAt: expect.any(String),
        appeal: { text: 'Not an advert.', appealedAt: expect.any(String), outcome: null, decidedAt: null },
      },
    ]);
    expect(document.signedInDevices.length).toBeGreaterThanOrEqual(1);
    expect(document.notificationSettings).toHaveLength(NOTIFICATION_KINDS.length);
    expect(document.notificationSettings.filter((setting) => setting.kind === 'post_liked')).toEqual(
      settings,
    );

    // Nobody else's: not their names, addresses or ids, nor the words of their posts (anonymous or not).
    for (const member of [s.other, s.third, s.admin]) {
      for (const value of [member.account.userId, member.account.email, member.username]) {
        expect(text.toLowerCase()).not.toContain(value.toLowerCase());
      }
    }
    for (const words of ['Omar whispers', 'Omar writes', 'Omar answers', 'Tara posts']) {
      expect(text).not.toContain(words);
    }
    // ...and another member's export names none of the leaver's anonymous posts' words or ids as theirs.
    const others = await exportOf(s.other);
    expect(others.text).not.toContain('secret of the leaver');
    expect(others.document.posts.map((post) => post.id)).not.toContain(s.leaversPosts.hidden);
    expect(others.text.toLowerCase()).not.toContain(s.leaver.account.email.toLowerCase());
  });

  it('holds its own blocks, mutes, hidden posts and muted words (issue #48), never who blocked or muted it', async () => {
    const [me, blocked, muted, blocker, muter, author] = [
      await createMember(server),
      await createMember(server),
      await createMember(server),
      await createMember(server),
      await createMember(server),
      await createMember(server),
    ];
    await ok('POST', '/api/controls/blocks', me, { username: blocked.username });
    await ok('POST', '/api/controls/mutes', me, { username: muted.username });
    await ok('POST', '/api/controls/blocks', blocker, { username: me.username });
    await ok('POST', '/api/controls/mutes', muter, { username: me.username });
    const named = (await ok('POST', '/api/posts', author, { content: 'Hide me please' })).id as string;
    const anonymous = (await ok('POST', '/api/posts', author, { content: 'Anon', isAnonymous: true })).id;
    await ok('POST', '/api/controls/hidden-posts', me, { postId: named, reason: 'not_for_me' });
    await ok('POST', '/api/controls/hidden-posts', me, { postId: anonymous, reason: 'muted_author' });
    await ok('POST', '/api/controls/muted-words', me, { phrase: 'Midsem', duration: '7d' });
    const { document, text } = await exportOf(me);
    const controls = (document as unknown as { personalControls: Record<string, unknown> }).personalControls;
    expect(controls).toEqual({
      blocked: [{ username: blocked.username, since: expect.any(String) }],
      muted: [{ username: muted.username, since: expect.any(String) }],
      mutedWords: [{ phrase: 'Midsem', until: expect.any(String), createdAt: expect.any(String) }],
    });
    const hidden = (document as unknown as { postsHidden: { postUrl: string; reason: string }[] })
      .postsHidden;
    expect(hidden.map((row) => [row.postUrl.split('/').at(-1), row.reason]).sort()).toEqual(
      [
        [named, 'not_for_me'],
        [anonymous, 'muted_author'],
      ].sort(),
    );
    // Never who blocked or muted them, nor the author of a post they hid.
    for (const member of [blocker, muter, author]) {
      for (const value of [member.account.userId, member.account.email, member.username]) {
        expect(text.toLowerCase()).not.toContain(value.toLowerCase());
      }
    }
    // ...and the blocker's export names whom they blocked, the blocked person's does not name them.
    expect(JSON.stringify((await exportOf(blocker)).document)).toContain(me.username);
    expect((await exportOf(blocked)).text).not.toContain(me.username);
  });

  it('reads a large account a page at a time, every row once', async () => {
    const member = await createMember(server);
    const db = server.database.db;
    await db.execute(sql`
      insert into posts (user_id, content, created_at)
      select ${member.account.userId}, 'bulk post ' || n, now() - (n % 7) * interval '1 second'
      from generate_series(1, 2345) as n`);
    // Read as it is downloaded: an export abandoned after its first bytes reads no further pages (of
    // 100 rows here, 24 in all).
    const recording = server.database.recordQueries();
    const archive = await exportAccount({
      db,
      storage: createFileStorage(`${server.dataDir}/uploads`),
      userId: member.account.userId,
      origin: server.url,
      pageSize: 100,
    });
    const reader = archive?.getReader();
    expect((await reader?.read())?.done).toBe(false);
    await reader?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const pagesRead = recording.stop().filter((query) => /from "posts"/.test(query)).length;
    expect(pagesRead).toBeGreaterThan(0);
    expect(pagesRead).toBeLessThan(12);

    const { document } = await exportOf(member);
    expect(document.posts).toHaveLength(2345);
    expect(new Set(document.posts.map((post) => post.id)).size).toBe(2345);
    expect(new Set(document.posts.map((post) => post.content)).size).toBe(2345);
  });

  it('is for a signed-in person only', async () => {
    const res = await server.request('/api/account/export');
    expect(res.status).toBe(401);
    expect((await res.json()).error.message).toBe(ACCOUNT_MESSAGES.signedOut);
  });
});

describe('deleting your account', () => {
  it('asks for the typed confirmation and the password, and changes nothing until both are right', async () => {
    const member = await createMember(server);
    const before = await ok('GET', '/api/account', member);
    expect(before).toEqual({
      email: member.account.email,
      username: member.username,
      deletion: {
        confirmationPhrase: member.username,
        needsPassword: true,
        signInFresh: true,
        anonymousPosts: 0,
      },
      emailChange: null,
    });
    const tries = [
      [
        { confirmation: 'someone_else', password: member.account.password },
        ACCOUNT_MESSAGES.confirmationWrong(member.username),
      ],
      [{ confirmation: member.username }, ACCOUNT_MESSAGES.passwordRequired],
      [{ confirmation: member.username, password: 'not-the-password' }, ACCOUNT_MESSAGES.passwordWrong],
    ] as const;
    for (const [body, message] of tries) {
      const answer = await call('DELETE', '/api/account', member, body);
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toBe(message);
    }
    const junk = await call('DELETE', '/api/account', member, { confirmation: member.username, extra: 1 });
    expect(junk.status).toBe(400);
    expect(await ok('GET', '/api/account', member)).toEqual(before);
    expect((await call('GET', '/api/posts?sort=newest', member)).status).toBe(200);
  });

  it('removes every row, file and session of the account; its anonymous posts stay with no author; counts stay exact', async () => {
    const s = await scene();
    const db = server.database.db;
    const logBefore = await db.select({ id: moderationLog.id }).from(moderationLog);
    const anotherSession = await signInAs(server, s.leaver.account);
    const anonymous = [s.leaversPosts.hidden, s.leaversPosts.answer];
    const seenBefore = await Promise.all(anonymous.map((id) => ok('GET', `/api/posts/${id}`, s.other)));

    // The anonymous posts still up are a choice, said and made: not assumed.
    expect((await ok('GET', '/api/account', s.leaver)).deletion.anonymousPosts).toBe(2);
    const unchosen = await call('DELETE', '/api/account', s.leaver, {
      confirmation: s.leaver.username,
      password: s.leaver.account.password,
    });
    expect(unchosen).toMatchObject({
      status: 400,
      body: { error: { message: ACCOUNT_MESSAGES.anonymousPostsChoice, field: 'anonymousPosts' } },
    });

    const answer = await server.request('/api/account', {
      method: 'DELETE',
      headers: { cookie: s.leaver.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        confirmation: s.leaver.username.toUpperCase(),
        password: s.leaver.account.password,
        anonymousPosts: 'leave',
      }),
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ deleted: true });
    // This browser's cookie is cleared; every session of the account has ended.
    expect(answer.headers.getSetCookie().join('\n')).toMatch(/yearbook\.session_token=;.*Max-Age=0/);
    for (const cookie of [s.leaver.cookie, anotherSession]) {
      const session = await callJson(server, 'GET', '/api/session', cookie);
      expect(session.body.user).toBeNull();
      expect((await callJson(server, 'GET', '/api/posts?sort=newest', cookie)).status).toBe(401);
    }
    const signIn = await callJson(server, 'POST', '/api/session', undefined, {
      identifier: s.leaver.account.email,
      password: s.leaver.account.password,
    });
    expect(signIn.status).toBe(401);

    // No row anywhere holds the account's id, email or username, and the picture is gone. The username
    // alone is held, with nothing else, before anyone may take it.
    expect(
      await rowsNaming(db, [s.leaver.account.userId, s.leaver.account.email, s.leaver.username]),
    ).toEqual(['released_usernames.username: 1']);
    expect((await server.request(`/uploads/${s.picture}`)).status).toBe(404);
    expect(await db.select().from(objectRemovals)).toEqual([]);

    // Its named posts are gone from every surface.
    for (const id of [s.leaversPosts.named, s.leaversPosts.removed]) {
      expect((await call('GET', `/api/posts/${id}`, s.other)).status).toBe(404);
      expect((await server.request(`/embed/posts/${id}`)).status).toBe(404);
      const oembed = `/api/oembed?url=${encodeURIComponent(`${server.url}/${s.leaver.username}/${id}`)}`;
      expect((await server.request(oembed)).status).toBe(404);
    }
    // Its anonymous posts stay exactly as everyone saw them, authorless (decision 019).
    expect(await Promise.all(anonymous.map((id) => ok('GET', `/api/posts/${id}`, s.other)))).toEqual(
      seenBefore,
    );
    const authors = await db.select({ userId: posts.userId }).from(posts).where(inArray(posts.id, anonymous));
    expect(authors).toEqual([{ userId: null }, { userId: null }]);
    for (const id of anonymous) expect((await server.request(`/embed/posts/${id}`)).status).toBe(200);
    const feed = (await ok('GET', '/api/posts?sort=newest', s.other)) as { posts: { id: string }[] };
    const shown = feed.posts.map((post) => post.id);
    expect(shown).not.toContain(s.leaversPosts.named);
    for (const id of [...anonymous, ...Object.values(s.othersPosts)]) expect(shown).toContain(id);
    const search = (await ok('GET', `/api/search/posts?q=${s.mark}`, s.other)) as { posts: { id: string }[] };
    expect(search.posts.map((post) => post.id).sort()).toEqual([...anonymous].sort());
    const answers = (await ok('GET', `/api/asklines/${s.askline}/posts`, s.other)) as {
      posts: { id: string }[];
    };
    // Newest first: Omar answered after the leaver.
    expect(answers.posts.map((post) => post.id)).toEqual([s.othersPosts.othersAnswer, s.leaversPosts.answer]);

    // What others made stays: the askline (without its creator), the staff's log, counts exact.
    const [askline] = await db.select().from(asklines).where(eq(asklines.id, s.askline));
    expect(askline).toMatchObject({ verified: true, createdBy: null });
    expect((await ok('GET', `/api/asklines/${s.askline}`, s.other)).creatorUsername).toBeNull();
    expect(await db.select({ id: moderationLog.id }).from(moderationLog)).toEqual(logBefore);
    await countsAreExact(db);
    const omar = (await ok('GET', `/api/posts/${s.othersPosts.othersNamed}`, s.other)) as {
      likeCount: number;
    };
    expect(omar.likeCount).toBe(1);
    const queue = (await ok('GET', '/api/reports', s.admin)) as {
      reports: { post: { id: string }; count: number }[];
    };
    const scenePosts = new Set([...Object.values(s.othersPosts), ...Object.values(s.leaversPosts)]);
    const sceneReports = queue.reports.filter((report) => scenePosts.has(report.post.id));
    expect(sceneReports.map((report) => [report.post.id, report.count])).toEqual([
      [s.othersPosts.othersNamed, 1],
    ]);
    // The report on its anonymous post, resolved by staff before, is still there as it was.
    const resolved = (await ok('GET', '/api/reports?status=resolved', s.admin)) as {
      reports: { post: { id: string }; count: number }[];
    };
    expect(resolved.reports.find((report) => report.post.id === s.leaversPosts.hidden)?.count).toBe(1);
    // The others carry on.
    expect((await call('POST', '/api/posts', s.other, { content: 'Still here' })).status).toBe(201);
  });

  it('removes its personal controls both ways (issue #48), and no count moves', async () => {
    const [leaver, friend, author] = [
      await createMember(server),
      await createMember(server),
      await createMember(server),
    ];
    const db = server.database.db;
    const friendsPost = (await ok('POST', '/api/posts', friend, { content: 'Friend writes' })).id as string;
    const leaversPost = (
      await ok('POST', '/api/posts', leaver, { content: 'Leaver writes', isAnonymous: true })
    ).id as string;
    const authorsPost = (await ok('POST', '/api/posts', author, { content: 'Author writes' })).id as string;
    await ok('PUT', `/api/posts/${authorsPost}/like`, leaver);
    // Others' controls of the leaver and of the leaver's post, then the leaver's own (a block hides
    // each from the other, so the order matters).
    await ok('POST', '/api/controls/mutes', friend, { username: leaver.username });
    await ok('POST', '/api/controls/hidden-posts', friend, { postId: leaversPost, reason: 'muted_author' });
    await ok('POST', '/api/controls/hidden-posts', leaver, { postId: friendsPost, reason: 'not_for_me' });
    await ok('POST', '/api/controls/mutes', leaver, { username: author.username });
    await ok('POST', '/api/controls/muted-words', leaver, { phrase: 'farewell' });
    await ok('POST', '/api/controls/blocks', leaver, { username: friend.username });
    await ok('POST', '/api/controls/blocks', author, { username: leaver.username });
    const gone = await call('DELETE', '/api/account', leaver, {
      confirmation: leaver.username,
      password: leaver.account.password,
      anonymousPosts: 'leave',
    });
    expect(gone.status).toBe(200);
    const id = leaver.account.userId;
    const left = await queryRows<{ n: number }>(
      db,
      sql`select (select count(*) from blocks where blocker_id = ${id} or blocked_id = ${id})
        + (select count(*) from mutes where muter_id = ${id} or muted_id = ${id})
        + (select count(*) from hidden_posts where user_id = ${id})
        + (select count(*) from muted_words where user_id = ${id}) as n`,
    );
    expect(Number(left[0]?.n)).toBe(0);
    expect(await rowsNaming(db, [id, leaver.account.email])).toEqual([]);
    // What others chose about the leaver's anonymous post stays theirs: it is a post, still up.
    expect(await db.select().from(hiddenPosts).where(eq(hiddenPosts.userId, friend.account.userId))).toEqual([
      expect.objectContaining({ postId: leaversPost, reason: 'muted_author' }),
    ]);
    await countsAreExact(db);
  });

  it('keeps the picture removal when the storage fails, and the sweep removes it later', async () => {
    const member = await createMember(server);
    const key = await uploadPhoto(member);
    const real = createFileStorage(`${server.dataDir}/uploads`);
    const failing = { ...real, remove: async () => Promise.reject(new Error('bucket unreachable')) };
    const db = server.database.db;

    expect(
      await deleteAccount({
        db,
        storage: failing,
        endSessions: async () => {},
        forgetTokens: async () => {},
        userId: member.account.userId,
      }),
    ).toBe(true);
    expect(await real.get(key)).not.toBeNull();
    const [queued] = await db.select().from(objectRemovals).where(eq(objectRemovals.key, key));
    expect(queued).toMatchObject({ attempts: 1, lastError: 'bucket unreachable' });

    // Not due yet: the sweep waits; once due, it removes the file and the row.
    expect(await removeQueuedObjects({ db, storage: real })).toEqual({ removed: 0, failed: 0 });
    await db.update(objectRemovals).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    expect(await removeQueuedObjects({ db, storage: real })).toEqual({ removed: 1, failed: 0 });
    expect(await real.get(key)).toBeNull();
    expect(await db.select().from(objectRemovals)).toEqual([]);
  });

  it('takes the anonymous posts down on their own when asked, and asks no choice after', async () => {
    const member = await createMember(server);
    const other = await createMember(server);
    const named = (await ok('POST', '/api/posts', member, { content: 'Under my own name' })).id as string;
    const hidden = [
      (await ok('POST', '/api/posts', member, { content: 'First secret', isAnonymous: true })).id,
      (await ok('POST', '/api/posts', member, { content: 'Second secret', isAnonymous: true })).id,
    ] as string[];
    const othersHidden = (await ok('POST', '/api/posts', other, { content: 'Not theirs', isAnonymous: true }))
      .id as string;
    expect((await ok('GET', '/api/account', member)).deletion.anonymousPosts).toBe(2);
    expect((await callJson(server, 'DELETE', '/api/account/anonymous-posts')).status).toBe(401);

    expect(await ok('DELETE', '/api/account/anonymous-posts', member)).toEqual({ deleted: 2 });
    for (const id of hidden) expect((await call('GET', `/api/posts/${id}`, other)).status).toBe(404);
    // Only that: the named post, the account, and others' anonymous posts stay.
    for (const id of [named, othersHidden])
      expect((await call('GET', `/api/posts/${id}`, other)).status).toBe(200);
    expect((await ok('GET', '/api/account', member)).deletion.anonymousPosts).toBe(0);
    expect(await ok('DELETE', '/api/account/anonymous-posts', member)).toEqual({ deleted: 0 });
    const gone = await call('DELETE', '/api/account', member, {
      confirmation: member.username,
      password: member.account.password,
    });
    expect(gone.status).toBe(200);
  });

  it("holds a deleted account's username for 90 days before anyone may take it", async () => {
    const leaver = await createMember(server);
    const name = leaver.username;
    await deleteAccount({
      db: server.database.db,
      storage: createFileStorage(`${server.dataDir}/uploads`),
      endSessions: async () => {},
      forgetTokens: async () => {},
      userId: leaver.account.userId,
    });
    const newcomer = await createMember(server, { profile: false });
    const setup = {
      username: name,
      fullName: 'Someone New',
      institution: 'VITC',
      graduationYear: 2027,
    };
    expect(await ok('GET', `/api/usernames/${name}`, newcomer)).toMatchObject({ available: false });
    const taken = await call('POST', '/api/profiles', newcomer, setup);
    expect(taken).toMatchObject({ status: 409, body: { error: { field: 'username' } } });
    // 91 days on, it is free again.
    await server.database.db.execute(
      sql`update released_usernames set released_at = now() - interval '91 days' where username = ${name}`,
    );
    expect(await ok('GET', `/api/usernames/${name}`, newcomer)).toMatchObject({ available: true });
    expect((await call('POST', '/api/profiles', newcomer, setup)).status).toBe(201);
  });

  it("keeps a sealed suspension on a deleted author's anonymous post as staff saw it", async () => {
    const author = await createMember(server);
    const admin = await createMember(server, { userType: 'admin' });
    const post = (await ok('POST', '/api/posts', author, { content: 'Sealed secret', isAnonymous: true }))
      .id as string;
    expect((await call('POST', `/api/posts/${post}/author-suspension`, admin)).status).toBe(204);
    const listed = () => ok('GET', '/api/admin/sealed-suspensions', admin);
    const before = await listed();
    // Suspended, the author cannot act: the command line deletes the account on their request.
    await deleteAccount({
      db: server.database.db,
      storage: createFileStorage(`${server.dataDir}/uploads`),
      endSessions: async () => {},
      forgetTokens: async () => {},
      userId: author.account.userId,
    });
    expect(await listed()).toEqual(before);
    const [row] = await server.database.db
      .select({ userId: sealedSuspensions.userId })
      .from(sealedSuspensions)
      .where(eq(sealedSuspensions.postId, post));
    expect(row).toEqual({ userId: null });
    // Suspending it again answers the same; lifting it works as for any other.
    expect((await call('POST', `/api/posts/${post}/author-suspension`, admin)).status).toBe(204);
    expect((await call('DELETE', `/api/posts/${post}/author-suspension`, admin)).status).toBe(204);
  });

  it('keeps no picture that was being set while the account was deleted', async () => {
    const member = await createMember(server);
    const storage = createFileStorage(`${server.dataDir}/uploads`);
    const stored = () =>
      existsSync(`${server.dataDir}/uploads`) ? readdirSync(`${server.dataDir}/uploads`) : [];
    const before = stored();
    const db = server.database.db;
    await deleteAccount({
      db,
      storage,
      endSessions: async () => {},
      forgetTokens: async () => {},
      userId: member.account.userId,
    });
    const late = setProfilePhoto({
      db,
      storage,
      viewer: { userId: member.account.userId, email: member.account.email, profile: null },
      upload: new Uint8Array(await createCameraJpeg({ width: 200, height: 200 })),
      log: pino({ level: 'silent' }),
    });
    await expect(late).rejects.toMatchObject({ status: 401 });
    expect(stored()).toEqual(before);
  });

  it('asks an account without a password for a recent sign-in instead', async () => {
    const member = await createMember(server);
    const db = server.database.db;
    await db.execute(sql`delete from accounts where user_id = ${member.account.userId}`);
    expect((await ok('GET', '/api/account', member)).deletion).toEqual({
      confirmationPhrase: member.username,
      needsPassword: false,
      signInFresh: true,
      anonymousPosts: 0,
    });
    await db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(sessions.userId, member.account.userId));
    expect((await ok('GET', '/api/account', member)).deletion.signInFresh).toBe(false);
    const stale = await call('DELETE', '/api/account', member, { confirmation: member.username });
    expect(stale.status).toBe(403);
    expect(stale.body.error.message).toBe(ACCOUNT_MESSAGES.signInAgain);

    await db
      .update(sessions)
      .set({ createdAt: new Date() })
      .where(eq(sessions.userId, member.account.userId));
    expect((await call('DELETE', '/api/account', member, { confirmation: member.username })).status).toBe(
      200,
    );
    expect(await rowsNaming(db, [member.account.userId])).toEqual([]);
  });

  it('is asked by an account before its profile exists, confirmed by its email', async () => {
    const member = await createMember(server, { profile: false });
    const account = await ok('GET', '/api/account', member);
    expect(account.deletion.confirmationPhrase).toBe(member.account.email);
    const answer = await call('DELETE', '/api/account', member, {
      confirmation: member.account.email,
      password: member.account.password,
    });
    expect(answer.status).toBe(200);
    expect(await rowsNaming(server.database.db, [member.account.userId, member.account.email])).toEqual([]);
  });
});

describe('signed-in devices', () => {
  const PHONE_AGENT =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
  const LAPTOP_AGENT = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:132.0) Gecko/20100101 Firefox/132.0';

  async function signInFrom(member: Member, userAgent: string): Promise<string> {
    const res = await server.request('/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': userAgent },
      body: JSON.stringify({ identifier: member.account.email, password: member.account.password }),
    });
    expect(res.status).toBe(200);
    return cookiesFrom(res);
  }

  type Listed = { devices: { id: string; browser: string; current: boolean; lastActiveAt: string }[] };
  const devicesOf = async (cookie: string) =>
    (await callJson(server, 'GET', '/api/account/sessions', cookie)).body as Listed;

  it('lists the devices, this one first and marked, and signs out one or all the others', async () => {
    const member = await createMember(server);
    const phone = await signInFrom(member, PHONE_AGENT);
    const laptop = await signInFrom(member, LAPTOP_AGENT);

    const listed = await devicesOf(phone);
    expect(listed.devices).toHaveLength(3);
    expect(listed.devices[0]).toMatchObject({ browser: 'Chrome on Android', current: true });
    expect(listed.devices.filter((device) => device.current)).toHaveLength(1);
    expect(listed.devices.map((device) => device.browser)).toContain('Firefox on macOS');
    const laptopId = listed.devices.find((device) => device.browser === 'Firefox on macOS')?.id ?? '';
    const phoneId = listed.devices[0]?.id ?? '';

    // Another member cannot name these sessions; nor can this device sign itself out here.
    const stranger = await createMember(server);
    const refused = await callJson(server, 'DELETE', `/api/account/sessions/${laptopId}`, stranger.cookie);
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toBe(ACCOUNT_MESSAGES.deviceMissing);
    const own = await callJson(server, 'DELETE', `/api/account/sessions/${phoneId}`, phone);
    expect(own.status).toBe(409);
    expect((await devicesOf(phone)).devices).toHaveLength(3);

    const one = await callJson(server, 'DELETE', `/api/account/sessions/${laptopId}`, phone);
    expect(one).toMatchObject({ status: 200, body: { signedOut: 1 } });
    expect((await callJson(server, 'GET', '/api/posts?sort=newest', laptop)).status).toBe(401);
    expect((await devicesOf(phone)).devices).toHaveLength(2);

    const others = await callJson(server, 'DELETE', '/api/account/sessions', phone);
    expect(others).toMatchObject({ status: 200, body: { signedOut: 1 } });
    expect((await callJson(server, 'GET', '/api/posts?sort=newest', member.cookie)).status).toBe(401);
    expect((await devicesOf(phone)).devices.map((device) => device.id)).toEqual([phoneId]);
    expect((await callJson(server, 'GET', '/api/posts?sort=newest', phone)).status).toBe(200);
  });

  it('are for a signed-in person only', async () => {
    for (const [method, path] of [
      ['GET', '/api/account/sessions'],
      ['DELETE', '/api/account/sessions'],
      ['DELETE', '/api/account/sessions/anything'],
    ] as const) {
      expect((await callJson(server, method, path)).status).toBe(401);
    }
  });
});

type Mail = { to: string; subject: string; links: string[] };

describe('changing your email', () => {
  const mailsTo = async (email: string) =>
    ((await (await server.request('/api/dev/outbox')).json()) as Mail[]).filter((mail) => mail.to === email);
  const emailOf = async (userId: string) => {
    const [row] = await server.database.db
      .select({ user: users.email, profile: profiles.email })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, userId));
    return row;
  };
  const freshAddress = () => `moved-${Math.random().toString(36).slice(2, 8)}@example.com`;
  /** The token of a mailed link to the email change page. */
  const tokenOf = (mail: Mail | undefined) => {
    const link = new URL(mail?.links[0] ?? 'http://missing.invalid/');
    expect(link.pathname).toBe('/email-change');
    return link.searchParams.get('token') ?? '';
  };
  /** A page's button: a plain form post, as the browser sends it (the answer is the next page). */
  const press = (step: 'approve' | 'confirm', token: string, cookie?: string) =>
    server.request(`/api/account/email/${step}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: server.url,
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams({ token }).toString(),
    });
  const ask = (member: Member, newEmail: string) =>
    call('POST', '/api/account/email', member, { newEmail, password: member.account.password });
  // The outbox lists the newest mail first.
  const approvalMail = async (member: Member) =>
    (await mailsTo(member.account.email)).find((mail) => mail.subject.startsWith('Approve'));

  /** Asks to move `member` to `to`, and presses the approval link's button; the new address's mail. */
  async function askAndApprove(member: Member, to = freshAddress()) {
    const asked = await ask(member, to.toUpperCase());
    expect(asked).toMatchObject({
      status: 200,
      body: { approvalSentTo: member.account.email, newEmail: to },
    });
    // The current address approves first; nothing is sent to the new one until it does.
    const before = (await mailsTo(to)).length;
    const approval = await approvalMail(member);
    expect(approval?.subject).toBe('Approve the new email address of your Campus Yearbook account');
    const approved = await press('approve', tokenOf(approval), member.cookie);
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toBe('/email-change?outcome=approved');
    expect(await emailOf(member.account.userId)).toMatchObject({ user: member.account.email });
    const sent = await mailsTo(to);
    expect(sent).toHaveLength(before + 1);
    return { to, approval: approval as Mail, confirm: sent[0] as Mail };
  }

  it('asks the current address to approve, then the new one to confirm; then ends what the old could do', async () => {
    const member = await createMember(server);
    const old = member.account.email;
    const elsewhere = await signInAs(server, member.account);

    const wrong = await call('POST', '/api/account/email', member, {
      newEmail: 'new@example.com',
      password: 'nope-nope',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(ACCOUNT_MESSAGES.passwordWrong);
    const same = await call('POST', '/api/account/email', member, {
      newEmail: old.toUpperCase(),
      password: member.account.password,
    });
    expect(same.body.error).toMatchObject({ message: ACCOUNT_MESSAGES.sameEmail, field: 'newEmail' });
    const bad = await call('POST', '/api/account/email', member, { newEmail: 'not-an-email', password: 'x' });
    expect(bad.status).toBe(400);
    // A reset link mailed to the old address before the change.
    await callJson(server, 'POST', '/api/auth/request-password-reset', undefined, {
      email: old,
      redirectTo: '/reset-password',
    });
    const resets = () =>
      server.database.db.select().from(verifications).where(eq(verifications.value, member.account.userId));
    expect(await resets()).toHaveLength(1);

    const { to: fresh, approval, confirm } = await askAndApprove(member);
    expect(confirm.subject).toBe('Confirm your new email address for Campus Yearbook');
    // Each link works once: the approval's page now says it is dead.
    const reused = await callJson(
      server,
      'GET',
      `/api/account/email/link?token=${tokenOf(approval)}`,
      member.cookie,
    );
    expect(reused).toMatchObject({
      status: 404,
      body: { error: { message: ACCOUNT_MESSAGES.emailLinkDead } },
    });
    expect((await ok('GET', `/api/account/email/link?token=${tokenOf(confirm)}`, member)) as object).toEqual({
      step: 'confirm',
      fromEmail: old,
      toEmail: fresh,
    });

    // Pressed in the browser that asked (JSON, as a script would): that session stays; every other ends.
    const done = await call('POST', '/api/account/email/confirm', member, { token: tokenOf(confirm) });
    expect(done).toMatchObject({ status: 200, body: { outcome: 'changed' } });
    expect(await emailOf(member.account.userId)).toEqual({ user: fresh, profile: fresh });
    expect((await mailsTo(old)).map((mail) => mail.subject)).toContain(
      'Your Campus Yearbook email address was changed',
    );
    expect((await callJson(server, 'GET', '/api/posts?sort=newest', elsewhere)).status).toBe(401);
    expect((await ok('GET', '/api/account', member)).email).toBe(fresh);
    expect((await ok('GET', '/api/session', member)).user.email).toBe(fresh);
    expect(await resets()).toEqual([]);
    // And the confirmation link is dead too.
    expect((await press('confirm', tokenOf(confirm), member.cookie)).headers.get('location')).toBe(
      `/email-change?${new URLSearchParams({ token: tokenOf(confirm), problem: 'not_found' })}`,
    );

    const byNew = await callJson(server, 'POST', '/api/session', undefined, {
      identifier: fresh,
      password: member.account.password,
    });
    expect(byNew.status).toBe(200);
    const byOld = await callJson(server, 'POST', '/api/session', undefined, {
      identifier: old,
      password: member.account.password,
    });
    expect(byOld.status).toBe(401);
  });

  it('tells the account page where its latest request stands (issue #51)', async () => {
    const member = await createMember(server);
    const old = member.account.email;
    const told = async () => (await ok('GET', '/api/account', member)).emailChange;
    const setExpiry = (ago: number) =>
      server.database.db
        .update(emailChanges)
        .set({ expiresAt: new Date(Date.now() - ago) })
        .where(eq(emailChanges.userId, member.account.userId));
    expect(await told()).toBeNull();

    const to = freshAddress();
    await ask(member, to);
    const waiting = await told();
    expect(waiting).toMatchObject({ state: 'approve', fromEmail: old, toEmail: to });
    // Its link's own end: a day from now.
    expect(Date.parse(waiting.at) - Date.now()).toBeGreaterThan(23 * 60 * 60_000);
    await press('approve', tokenOf(await approvalMail(member)), member.cookie);
    expect(await told()).toMatchObject({ state: 'confirm', fromEmail: old, toEmail: to });

    // Its link ran out: told for a week, then no more.
    await setExpiry(60_000);
    expect(await told()).toMatchObject({ state: 'expired', fromEmail: old, toEmail: to });
    await setExpiry(8 * 24 * 60 * 60_000);
    expect(await told()).toBeNull();

    // A newer request is the one told; once confirmed, the change is.
    const { to: fresh, confirm } = await askAndApprove(member);
    expect(await told()).toMatchObject({ state: 'confirm', toEmail: fresh });
    await call('POST', '/api/account/email/confirm', member, { token: tokenOf(confirm) });
    expect(await told()).toMatchObject({ state: 'changed', fromEmail: old, toEmail: fresh });
    const [done] = await server.database.db
      .select({ completedAt: emailChanges.completedAt })
      .from(emailChanges)
      .where(eq(emailChanges.toEmail, fresh));
    expect((await told()).at).toBe(done?.completedAt?.toISOString());

    // A request voided (by a newer one) is never told: the newer one is.
    const newest = freshAddress();
    await ask({ ...member, account: { ...member.account, email: fresh } }, freshAddress());
    await ask({ ...member, account: { ...member.account, email: fresh } }, newest);
    expect(await told()).toMatchObject({ state: 'approve', fromEmail: fresh, toEmail: newest });
  });

  it('changes nothing when a link is only opened (a mail scanner), or pressed by anyone but the account', async () => {
    const member = await createMember(server);
    const stranger = await createMember(server);
    const to = freshAddress();
    await ask(member, to);
    const token = tokenOf(await approvalMail(member));
    const row = async () => {
      const [change] = await server.database.db
        .select({ approvedAt: emailChanges.approvedAt, completedAt: emailChanges.completedAt })
        .from(emailChanges)
        .where(eq(emailChanges.userId, member.account.userId));
      return change;
    };
    // Opening the link: the page, its question, the old link's address. Nothing moves.
    await server.request(`/email-change?token=${token}`);
    await server.request(`/api/auth/verify-email?token=${token}`, { redirect: 'manual' });
    const visitor = await callJson(server, 'GET', `/api/account/email/link?token=${token}`);
    expect(visitor).toMatchObject({
      status: 401,
      body: { error: { message: ACCOUNT_MESSAGES.emailLinkSignedOut } },
    });
    const other = await callJson(server, 'GET', `/api/account/email/link?token=${token}`, stranger.cookie);
    expect(other).toMatchObject({
      status: 403,
      body: { error: { message: ACCOUNT_MESSAGES.emailLinkOtherAccount } },
    });
    // Pressing without the account's session: refused (as JSON, and as the page again for a form).
    expect((await callJson(server, 'POST', '/api/account/email/approve', undefined, { token })).status).toBe(
      401,
    );
    expect((await call('POST', '/api/account/email/approve', stranger, { token })).status).toBe(403);
    const signedOutForm = await press('approve', token);
    expect(signedOutForm.status).toBe(303);
    expect(signedOutForm.headers.get('location')).toBe(
      `/email-change?${new URLSearchParams({ token, problem: 'unauthenticated' })}`,
    );
    expect(await row()).toEqual({ approvedAt: null, completedAt: null });
    expect(await mailsTo(to)).toEqual([]);
    // A body that is neither the form nor JSON is bad input.
    const junk = await server.request('/api/account/email/approve', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', cookie: member.cookie },
      body: token,
    });
    expect(junk.status).toBe(415);
    expect((await call('POST', '/api/account/email/approve', member, { token: '' })).status).toBe(400);
    expect((await call('POST', '/api/account/email/approve', member, { token, extra: 1 })).status).toBe(400);
    expect(await row()).toEqual({ approvedAt: null, completedAt: null });
  });

  it('answers and mails the requester alike whether the new address has an account; its holder is told', async () => {
    const holder = await createMember(server);
    const [first, second] = [await createMember(server), await createMember(server)];
    const free = freshAddress();
    const holdersMails = (await mailsTo(holder.account.email)).length;

    const asked = [await ask(first, holder.account.email), await ask(second, free)];
    expect(asked.map((answer) => answer.status)).toEqual([200, 200]);
    expect(Object.keys(asked[0]?.body ?? {})).toEqual(Object.keys(asked[1]?.body ?? {}));
    // Each requester's inbox gets the same approval mail, and nothing else.
    const inbox = async (member: Member) =>
      (await mailsTo(member.account.email)).map((mail) => mail.subject.replace(/\S+@\S+/g, '<address>'));
    expect(await inbox(first)).toEqual(await inbox(second));
    const approved = [
      await press('approve', tokenOf(await approvalMail(first)), first.cookie),
      await press('approve', tokenOf(await approvalMail(second)), second.cookie),
    ];
    expect(approved.map((answer) => [answer.status, answer.headers.get('location')])).toEqual([
      [303, '/email-change?outcome=approved'],
      [303, '/email-change?outcome=approved'],
    ]);
    expect(await inbox(first)).toEqual(await inbox(second));
    // And their account pages tell them the same: approved, waiting for the new address (issue #51).
    const pageSays = async (member: Member) => {
      const { emailChange } = await ok('GET', '/api/account', member);
      return { ...emailChange, fromEmail: '<address>', toEmail: '<address>', at: typeof emailChange.at };
    };
    expect(await pageSays(first)).toEqual({
      state: 'confirm',
      fromEmail: '<address>',
      toEmail: '<address>',
      at: 'string',
    });
    expect(await pageSays(second)).toEqual(await pageSays(first));
    // The holder of the taken address is told someone tried, with no link that moves anything.
    const told = (await mailsTo(holder.account.email)).slice(holdersMails);
    expect(told.map((mail) => mail.subject)).toEqual([
      'Someone tried to use your email address on Campus Yearbook',
    ]);
    expect(told[0]?.links.join(' ')).not.toContain('token=');
    expect((await mailsTo(free)).map((mail) => mail.subject)).toEqual([
      'Confirm your new email address for Campus Yearbook',
    ]);
    expect(await emailOf(holder.account.userId)).toMatchObject({ user: holder.account.email });
    expect(await emailOf(first.account.userId)).toMatchObject({ user: first.account.email });
  });

  it('refuses, changing nothing, when the new address got an account before its link was pressed', async () => {
    const member = await createMember(server);
    const { to, confirm } = await askAndApprove(member);
    await createAccount(server, { email: to });
    const refused = await call('POST', '/api/account/email/confirm', member, { token: tokenOf(confirm) });
    expect(refused).toMatchObject({ status: 409, body: { error: { message: ACCOUNT_MESSAGES.emailTaken } } });
    const form = await press('confirm', tokenOf(confirm), member.cookie);
    expect(form.headers.get('location')).toBe(
      `/email-change?${new URLSearchParams({ token: tokenOf(confirm), problem: 'conflict' })}`,
    );
    expect(await emailOf(member.account.userId)).toEqual({
      user: member.account.email,
      profile: member.account.email,
    });
  });

  it(
    'lets one of several accounts confirming the same new address at once have it; the others get 409',
    ENGINE,
    async () => {
      const to = freshAddress();
      const people = await Promise.all(Array.from({ length: 5 }, () => createMember(server)));
      const tokens: string[] = [];
      for (const person of people) {
        await ask(person, to);
        await press('approve', tokenOf(await approvalMail(person)), person.cookie);
        tokens.push(tokenOf((await mailsTo(to))[0]));
      }
      const answers = await Promise.all(
        people.map((person, index) =>
          call('POST', '/api/account/email/confirm', person, { token: tokens[index] }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
      const owners = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, to));
      expect(owners).toHaveLength(1);
    },
  );

  it('voids earlier links on a newer request, a new password, and a completed change', async () => {
    const member = await createMember(server);
    const dead = (token: string) =>
      callJson(server, 'GET', `/api/account/email/link?token=${token}`, member.cookie).then((r) => r.status);

    // A newer request voids the earlier one's approval link.
    await ask(member, freshAddress());
    const first = tokenOf(await approvalMail(member));
    await ask(member, freshAddress());
    const second = tokenOf(await approvalMail(member));
    expect(await dead(first)).toBe(404);
    expect(await dead(second)).toBe(200);

    // A password reset by mail voids the request asked with the old password.
    await callJson(server, 'POST', '/api/auth/request-password-reset', undefined, {
      email: member.account.email,
      redirectTo: '/reset-password',
    });
    const resetMail = (await mailsTo(member.account.email)).find((mail) => mail.subject.startsWith('Reset'));
    const resetToken = new URL(resetMail?.links[0] ?? '').pathname.split('/').at(-1);
    const reset = await callJson(server, 'POST', '/api/auth/reset-password', undefined, {
      token: resetToken,
      newPassword: 'a-new-password-9',
    });
    expect(reset.status).toBe(200);
    // The reset ended every session: the account signs in again, and the link is dead.
    const again = { ...member, cookie: await sessionFor(server, member.account) };
    expect(
      (await callJson(server, 'GET', `/api/account/email/link?token=${second}`, again.cookie)).status,
    ).toBe(404);
    expect((await call('POST', '/api/account/email/approve', again, { token: second })).status).toBe(404);

    // So does a password change on Edit Profile (which signs out the other devices).
    await ask({ ...again, account: { ...again.account, password: 'a-new-password-9' } }, freshAddress());
    const third = tokenOf(await approvalMail(again));
    const changed = await call('PATCH', `/api/profiles/${again.username}`, again, {
      fullName: 'Still Me',
      bio: '',
      instagramUrl: '',
      linkedinUrl: '',
      institution: 'VITC',
      graduationYear: 2026,
      dob: '',
      passwordChange: {
        currentPassword: 'a-new-password-9',
        newPassword: 'another-password-8',
        confirmPassword: 'another-password-8',
      },
    });
    expect(changed.status).toBe(200);
    const afterChange = { ...again, cookie: await sessionFor(server, again.account) };
    expect((await call('POST', '/api/account/email/approve', afterChange, { token: third })).status).toBe(
      404,
    );

    // A completed change: its links stay dead even once the address is back where it was.
    const moved = await createMember(server);
    const original = moved.account.email;
    const { to, confirm } = await askAndApprove(moved);
    expect(
      (await call('POST', '/api/account/email/confirm', moved, { token: tokenOf(confirm) })).status,
    ).toBe(200);
    const back = { ...moved, account: { ...moved.account, email: to } };
    await askAndApprove(back, original).then(async ({ confirm: returning }) => {
      expect(
        (await call('POST', '/api/account/email/confirm', moved, { token: tokenOf(returning) })).status,
      ).toBe(200);
    });
    expect(await emailOf(moved.account.userId)).toMatchObject({ user: original });
    expect(
      (await call('POST', '/api/account/email/confirm', moved, { token: tokenOf(confirm) })).status,
    ).toBe(404);
    expect(await emailOf(moved.account.userId)).toMatchObject({ user: original });
  });
});
