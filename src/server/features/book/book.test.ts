// The book over HTTP on a real database (issue #52, decision 041): a request queues a job and answers
// 202 at once; the book maker makes the PDF in the background; the PDF is read back with poppler (page
// count, names in the text layer in every script, fonts embedded, one picture per photo, paper size);
// who may see which job; the anonymous answers a class book prints; expiry; a job whose lease ran out.
// @module-tag engine (runs on both engines: docs/architecture.md, "Tests")
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type Member } from '../../../../tests/support/accounts';
import { hasText, readPdf } from '../../../../tests/support/pdf';
import {
  callJson,
  NO_RATE_LIMITS,
  okJson,
  startTestServer,
  type TestServer,
} from '../../../../tests/support/test-server';
import { BOOK_MESSAGES, type BookJob } from '../../../shared/book';
import { SUPERLATIVE_API } from '../../../shared/superlatives';
import { queryRows } from '../../db/client';
import { createFileStorage, newPhotoKey } from '../../platform/storage';
import { removeExpiredBooks } from './book-maker';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ rateLimiter: NO_RATE_LIMITS });
});
afterAll(() => server.close());

const call = (as: Member | null, method: Parameters<typeof callJson>[1], path: string, body?: unknown) =>
  callJson(server, method, path, as?.cookie, body);
const db = () => server.database.db;
const uploads = () => createFileStorage(path.join(server.dataDir, 'uploads'));

let photoCount = 0;
/** Gives a member a profile photo, stored as uploads are. */
async function givePhoto(who: Member): Promise<void> {
  const jpeg = await sharp({
    create: {
      width: 200,
      height: 200,
      channels: 3,
      background: { r: 40 + (photoCount++ % 200), g: 120, b: 180 },
    },
  })
    .jpeg()
    .toBuffer();
  const key = newPhotoKey();
  await uploads().put(key, jpeg, 'image/jpeg');
  await db().execute(
    sql`update profiles set profile_picture_key = ${key} where user_id = ${who.account.userId}`,
  );
}

async function post(as: Member, content: string, extra: Record<string, unknown> = {}): Promise<string> {
  return (await okJson(server, 'POST', '/api/posts', as.cookie, { content, ...extra })).id;
}

async function verifiedAskline(content: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db(),
    sql`insert into asklines (content, verified, reviewed_at) values (${content}, true, now()) returning id`,
  );
  return row?.id as string;
}

/** Downloads a ready job's file, checking it is a PDF attachment. */
async function download(as: Member, job: BookJob, fileName: string) {
  expect(job.fileUrl).toBe(`/api/books/${job.id}/file`);
  const res = await server.request(job.fileUrl as string, { headers: { cookie: as.cookie } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${fileName}"`);
  return readPdf(new Uint8Array(await res.arrayBuffer()));
}

async function made(as: Member, id: string): Promise<BookJob> {
  await server.books.settle();
  return okJson(server, 'GET', `/api/books/${id}`, as.cookie);
}

describe('my yearbook page', () => {
  it('queues at once (202), is made in the background, tells its maker, and prints what was chosen', async () => {
    const me = await createMember(server, {
      fullName: 'శ్రీనివాస్ Rao',
      graduationYear: 2025,
      institution: 'VITV',
    });
    await givePhoto(me);
    const first = await post(me, 'My first post, with தமிழ் words');
    const second = await post(me, 'Second post 🎓 नमस्ते');
    const skipped = await post(me, 'Not chosen at all');
    const gone = await post(me, 'Deleted after it was chosen');
    const writer = await createMember(server, { fullName: 'Priya Raman' });
    await okJson(server, 'PUT', `/api/profiles/${me.username}/signature`, writer.cookie, {
      content: 'Stay in touch, Srinivas!',
    });
    const [signature] = await queryRows<{ id: string }>(
      db(),
      sql`select id from signatures where recipient_id = ${me.account.userId}`,
    );
    await okJson(server, 'POST', `/api/signatures/${signature?.id}/approval`, me.cookie);

    const asked = await call(me, 'POST', '/api/me/book', { paper: 'Letter', postIds: [second, first, gone] });
    expect(asked.status, asked.text).toBe(202);
    expect(asked.body).toMatchObject({ kind: 'page', status: 'queued', paper: 'Letter', fileUrl: null });
    expect((await made(me, asked.body.id)).status).toBe('ready');
    // A post deleted after it was chosen, while its book waited to be made: queued as the request
    // queued it (the maker, woken by a request, would not wait for the deletion).
    await call(me, 'DELETE', `/api/posts/${gone}`);
    const [again] = await queryRows<{ id: string }>(
      db(),
      sql`insert into book_jobs (kind, requested_by, paper, post_ids)
          values ('page', ${me.account.userId}, 'Letter', ${`{${second},${first},${gone}}`}::uuid[]) returning id`,
    );
    server.books.wake();
    const job = await made(me, again?.id as string);
    expect(job).toMatchObject({ status: 'ready', progress: 1, year: null, campus: null });
    expect(Date.parse(job.expiresAt as string) - Date.parse(job.readyAt as string)).toBe(
      7 * 24 * 3600 * 1000,
    );
    const pdf = await download(me, job, `yearbook-${me.username}.pdf`);
    expect(pdf.pageSize).toEqual([612, 792]);
    expect(pdf.pages).toBe(1);
    for (const text of ['శ్రీనివాస్ Rao', `@${me.username}`, 'VIT Vellore (VITV) · Class of 2025']) {
      expect(hasText(pdf, text), text).toBe(true);
    }
    expect(hasText(pdf, 'Second post 🎓 नमस्ते')).toBe(true);
    expect(hasText(pdf, 'My first post, with தமிழ் words')).toBe(true);
    // In the order chosen; the one deleted since, and the one not chosen, are not there.
    expect(pdf.compactText.indexOf('Secondpost')).toBeLessThan(pdf.compactText.indexOf('Myfirstpost'));
    expect(hasText(pdf, 'Deleted after it was chosen')).toBe(false);
    expect(hasText(pdf, 'Not chosen at all')).toBe(false);
    expect(hasText(pdf, 'Stay in touch, Srinivas!')).toBe(true);
    expect(hasText(pdf, '— Priya Raman')).toBe(true);
    expect(pdf.fonts.length).toBeGreaterThan(2);
    expect(pdf.fonts.every((font) => font.embedded)).toBe(true);
    expect(pdf.images).toBe(1);

    const mine = await okJson(server, 'GET', '/api/me/book', me.cookie);
    expect(mine.latest.id).toBe(job.id);
    // The post deleted since is no longer offered: only what the page can untick again.
    expect(mine.chosenPostIds).toEqual([second, first]);
    const list = await okJson(server, 'GET', '/api/me/book/posts', me.cookie);
    expect(list.posts.map((p: { id: string }) => p.id)).toEqual([skipped, second, first]);

    const notes = (await okJson(server, 'GET', '/api/notifications', me.cookie)).notifications;
    expect(notes[0]).toMatchObject({ kind: 'book_ready', book: { id: job.id, kind: 'page', year: null } });
    expect(notes[1]).toMatchObject({ kind: 'book_ready', book: { id: asked.body.id } });
  });

  it('refuses posts that are not one’s own named live posts, naming the problem, and changes nothing', async () => {
    const me = await createMember(server);
    const other = await createMember(server);
    const mine = await post(me, 'Mine and named');
    const anonymous = await post(me, 'Mine but anonymous', { isAnonymous: true });
    const theirs = await post(other, 'Someone else’s');
    const theirsAnonymous = await post(other, 'Someone else’s, anonymous', { isAnonymous: true });
    const cases: [unknown, string][] = [
      [[mine, theirs], BOOK_MESSAGES.notYourPost],
      [[theirsAnonymous], BOOK_MESSAGES.notYourPost],
      [[anonymous], BOOK_MESSAGES.anonymousPost],
      [[mine, mine], BOOK_MESSAGES.duplicatePost],
      [Array.from({ length: 21 }, () => crypto.randomUUID()), BOOK_MESSAGES.tooManyPosts],
      [[crypto.randomUUID()], BOOK_MESSAGES.postGone],
      [['not-a-uuid'], BOOK_MESSAGES.badPostId],
      ['nope', BOOK_MESSAGES.postIdsList],
    ];
    for (const [postIds, message] of cases) {
      const answer = await call(me, 'POST', '/api/me/book', { paper: 'A4', postIds });
      expect(answer.status, JSON.stringify(postIds)).toBe(400);
      expect(answer.body.error.message).toBe(message);
    }
    expect((await call(me, 'POST', '/api/me/book', { paper: 'A5', postIds: [] })).body.error.message).toBe(
      BOOK_MESSAGES.paper,
    );
    const [count] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from book_jobs where requested_by = ${me.account.userId}`,
    );
    expect(count?.n).toBe(0);
  });

  it('makes one page at a time: a second request while one waits is a 409', async () => {
    const me = await createMember(server);
    // Queued without waking the maker, as if it were busy with another book.
    await db().execute(
      sql`insert into book_jobs (kind, requested_by, paper, post_ids) values ('page', ${me.account.userId}, 'A4', '{}')`,
    );
    const again = await call(me, 'POST', '/api/me/book', { paper: 'A4', postIds: [] });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(BOOK_MESSAGES.pageInProgress);
    await server.books.settle();
    server.books.wake();
    await server.books.settle();
    expect((await okJson(server, 'GET', '/api/me/book', me.cookie)).latest.status).toBe('ready');
  });

  it('is private: anyone else, staff included, is told it does not exist', async () => {
    const me = await createMember(server);
    const other = await createMember(server);
    const moderator = await createMember(server, { userType: 'moderator' });
    const job = (await okJson(server, 'POST', '/api/me/book', me.cookie, {
      paper: 'A4',
      postIds: [],
    })) as BookJob;
    await server.books.settle();
    for (const who of [other, moderator]) {
      expect((await call(who, 'GET', `/api/books/${job.id}`)).status).toBe(404);
      expect((await call(who, 'GET', `/api/books/${job.id}/file`)).status).toBe(404);
    }
    expect((await call(null, 'GET', `/api/books/${job.id}`)).status).toBe(401);
    expect((await call(me, 'GET', `/api/books/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await call(me, 'GET', '/api/books/not-an-id')).status).toBe(404);
  });
});

describe('the class book', () => {
  it('checks, makes and prints every listed member, 12 to a page, and the asklines as their authors chose', async () => {
    const year = 2027;
    const names = [
      'Aarav Shah',
      'Bhavana Iyer',
      'கொற்றவை செல்வி',
      'முகிலன் 🌸',
      'శ్రీనివాస్ రెడ్డి',
      'లక్ష్మి ప్రసన్న',
      'श्रद्धा शर्मा',
      'क्षितिज वर्मा',
      'Chen 🎓 Li',
      'Zoë Ångström',
      'Dev Patel',
      'Esha Nair',
      'Farhan Ali',
      'Gita Rao',
    ];
    const members: Member[] = [];
    for (const fullName of names) {
      members.push(await createMember(server, { fullName, graduationYear: year, institution: 'VITC' }));
    }
    // Half with photos; one more who left the class page, and one of the other campus.
    for (const [index, who] of members.entries()) if (index % 2 === 0) await givePhoto(who);
    const hidden = await createMember(server, {
      fullName: 'Hidden Hari',
      graduationYear: year,
      institution: 'VITC',
    });
    await db().execute(
      sql`update profiles set hidden_from_class = true where user_id = ${hidden.account.userId}`,
    );
    const elsewhere = await createMember(server, {
      fullName: 'Vellore Vani',
      graduationYear: year,
      institution: 'VITV',
    });

    const askline = await verifiedAskline('What will you miss most?');
    const named = members[0] as Member;
    await post(named, 'The canteen dosa', { asklineId: askline });
    const included = await post(hidden, 'The late-night walks, unnamed', {
      asklineId: askline,
      isAnonymous: true,
    });
    await post(members[1] as Member, 'A secret kept out of the book', {
      asklineId: askline,
      isAnonymous: true,
    });
    await post(elsewhere, 'Another campus answered too', { asklineId: askline });

    // The author's switch: theirs alone, on their anonymous askline answer.
    expect((await call(named, 'PUT', `/api/posts/${included}/class-book`, { include: true })).status).toBe(
      404,
    );
    const switched = await call(hidden, 'PUT', `/api/posts/${included}/class-book`, { include: true });
    expect(switched.status, switched.text).toBe(200);
    expect(switched.body).toEqual({ includeInClassBook: true });
    const seen = await okJson(server, 'GET', `/api/posts/${included}`, hidden.cookie);
    expect(seen.viewer.inClassBook).toBe(true);
    const seenByOther = await okJson(server, 'GET', `/api/posts/${included}`, named.cookie);
    expect(seenByOther.viewer.inClassBook ?? null).toBeNull();

    const staff = await createMember(server, { userType: 'moderator', graduationYear: 2024 });
    const check = await okJson(server, 'GET', `/api/classes/${year}/book?campus=VITC`, staff.cookie);
    expect(check).toMatchObject({ year, campus: 'VITC', memberCount: names.length, latest: null });
    expect(check.withoutPhoto.map((m: { username: string }) => m.username).sort()).toEqual(
      members
        .filter((_, index) => index % 2 === 1)
        .map((m) => m.username)
        .sort(),
    );
    // Members are not staff: the class book is not theirs to make or read.
    expect((await call(named, 'GET', `/api/classes/${year}/book`)).status).toBe(403);
    expect(
      (await call(named, 'POST', `/api/classes/${year}/book`, { campus: 'VITC', paper: 'A4' })).status,
    ).toBe(403);

    const asked = await call(staff, 'POST', `/api/classes/${year}/book`, { campus: 'VITC', paper: 'A4' });
    expect(asked.status, asked.text).toBe(202);
    expect(asked.body).toMatchObject({ kind: 'class', status: 'queued', year, campus: 'VITC' });
    // Progress as the book is made, read as the screen reads it.
    const seenProgress: number[] = [];
    while (true) {
      const job = (await okJson(server, 'GET', `/api/books/${asked.body.id}`, staff.cookie)) as BookJob;
      seenProgress.push(job.progress);
      if (job.status === 'ready' || job.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seenProgress.at(-1)).toBe(1);
    expect(seenProgress).toEqual([...seenProgress].sort((a, b) => a - b));
    expect(
      seenProgress.some((value) => value > 0 && value < 1),
      JSON.stringify(seenProgress),
    ).toBe(true);

    const job = await made(staff, asked.body.id);
    // Any staff member reads and downloads it; a member is told there is none.
    const otherStaff = await createMember(server, { userType: 'admin' });
    const pdf = await download(otherStaff, job, `class-of-${year}-VITC.pdf`);
    expect((await call(named, 'GET', `/api/books/${job.id}`)).status).toBe(404);
    expect((await call(named, 'GET', `/api/books/${job.id}/file`)).status).toBe(404);

    // Cover, two pages of members (12 + 2), the asklines' page.
    expect(pdf.pages).toBe(4);
    expect(pdf.pageSize).toEqual([595.28, 841.89]);
    for (const who of [...names, ...members.map((m) => `@${m.username}`)]) {
      expect(hasText(pdf, who), who).toBe(true);
    }
    expect(hasText(pdf, 'శ్రీనివాస్')).toBe(true);
    expect(hasText(pdf, 'Hidden Hari')).toBe(false);
    expect(hasText(pdf, 'Vellore Vani')).toBe(false);
    expect(pdf.images).toBe(7);
    expect(pdf.fonts.every((font) => font.embedded)).toBe(true);
    expect(pdf.fonts.map((font) => font.name).join(' ')).toMatch(/NotoSansTelugu.*|NotoSansTamil/);
    expect(hasText(pdf, 'What will you miss most?')).toBe(true);
    expect(hasText(pdf, 'The canteen dosa — Aarav Shah')).toBe(true);
    expect(hasText(pdf, 'The late-night walks, unnamed — Anonymous')).toBe(true);
    expect(hasText(pdf, 'A secret kept out of the book')).toBe(false);
    expect(hasText(pdf, 'Another campus answered too')).toBe(false);

    const notes = (await okJson(server, 'GET', '/api/notifications', staff.cookie)).notifications;
    expect(notes[0]).toMatchObject({
      kind: 'book_ready',
      book: { id: job.id, kind: 'class', year, campus: 'VITC' },
    });
    const check2 = await okJson(server, 'GET', `/api/classes/${year}/book?campus=VITC`, staff.cookie);
    expect(check2.latest.id).toBe(job.id);
  });

  it('answers a switch on anything but one’s own anonymous askline answer as no post at all', async () => {
    const me = await createMember(server);
    const askline = await verifiedAskline('Favourite place on campus?');
    const namedAnswer = await post(me, 'The library', { asklineId: askline });
    const anonymousPost = await post(me, 'Just anonymous', { isAnonymous: true });
    for (const id of [namedAnswer, anonymousPost, crypto.randomUUID()]) {
      const answer = await call(me, 'PUT', `/api/posts/${id}/class-book`, { include: true });
      expect(answer.status).toBe(404);
      expect(answer.body.error.message).toBe('Post not found');
    }
    // A body that says nothing is refused before any post is looked at, whoever's it is.
    expect((await call(me, 'PUT', `/api/posts/${namedAnswer}/class-book`, { include: 'yes' })).status).toBe(
      400,
    );
    const [row] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from posts where user_id = ${me.account.userId} and in_class_book`,
    );
    expect(row?.n).toBe(0);
  });
});

describe('superlatives in the books', () => {
  it('prints a shown win on its winner’s page and each category’s winner in the class book, nothing before the results date', async () => {
    const year = 2029;
    const klass = { graduationYear: year, institution: 'VITV' as const };
    const winner = await createMember(server, { fullName: 'Wren Winsome', ...klass });
    const voters = [
      await createMember(server, { fullName: 'Vela Voter', ...klass }),
      await createMember(server, { fullName: 'Vikram Voter', ...klass }),
    ];
    const staff = await createMember(server, { userType: 'moderator' });
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    const round = await okJson(server, 'POST', SUPERLATIVE_API.class(year), staff.cookie, {
      campus: 'VITV',
      resultsAt: inDays(10),
    });
    const category = await okJson(server, 'POST', SUPERLATIVE_API.categories(round.id), staff.cookie, {
      title: 'Most likely to print a book',
    });
    await okJson(server, 'POST', SUPERLATIVE_API.approval(category.id), staff.cookie);
    await okJson(server, 'PATCH', SUPERLATIVE_API.round(round.id), staff.cookie, { phase: 'nominating' });
    for (const voter of voters) {
      await okJson(server, 'PUT', SUPERLATIVE_API.nomination(category.id), voter.cookie, {
        username: winner.username,
      });
    }
    await okJson(server, 'PATCH', SUPERLATIVE_API.round(round.id), staff.cookie, { phase: 'voting' });
    for (const voter of voters) {
      await okJson(server, 'POST', SUPERLATIVE_API.vote(category.id), voter.cookie, {
        username: winner.username,
      });
    }
    await okJson(server, 'PATCH', SUPERLATIVE_API.round(round.id), staff.cookie, { phase: 'closed' });

    const pageOf = async () => {
      const job = await okJson(server, 'POST', '/api/me/book', winner.cookie, { paper: 'A4', postIds: [] });
      return download(winner, await made(winner, job.id), `yearbook-${winner.username}.pdf`);
    };
    const classBook = async () => {
      const job = await okJson(server, 'POST', `/api/classes/${year}/book`, staff.cookie, {
        campus: 'VITV',
        paper: 'A4',
      });
      return download(staff, await made(staff, job.id), `class-of-${year}-VITV.pdf`);
    };
    // Closed, but its results date is ten days off: no book prints them yet.
    expect(hasText(await pageOf(), 'Most likely to print a book')).toBe(false);
    expect(hasText(await classBook(), 'Most likely to print a book')).toBe(false);

    await okJson(server, 'PATCH', SUPERLATIVE_API.round(round.id), staff.cookie, {
      resultsAt: new Date().toISOString(),
    });
    const page = await pageOf();
    expect(hasText(page, 'Most likely to print a book')).toBe(true);
    expect(hasText(page, 'Class of 2029, VITV')).toBe(true);
    const book = await classBook();
    expect(hasText(book, 'Superlatives')).toBe(true);
    expect(hasText(book, 'Most likely to print a book')).toBe(true);
    expect(hasText(book, `Wren Winsome (@${winner.username})`)).toBe(true);
  });
});

describe('keeping and making books', () => {
  it('keeps a file for a week: then 410, and the cleanup removes the file', async () => {
    const me = await createMember(server);
    const asked = (await okJson(server, 'POST', '/api/me/book', me.cookie, {
      paper: 'A4',
      postIds: [],
    })) as BookJob;
    await made(me, asked.id);
    const [row] = await queryRows<{ object_key: string }>(
      db(),
      sql`select object_key from book_jobs where id = ${asked.id}::uuid`,
    );
    const file = path.join(server.dataDir, 'uploads', ...(row?.object_key ?? '').split('/'));
    expect(existsSync(file)).toBe(true);
    // A week later.
    await db().execute(
      sql`update book_jobs set finished_at = finished_at - interval '7 days', expires_at = expires_at - interval '7 days'
          where id = ${asked.id}::uuid`,
    );
    const expired = await call(me, 'GET', `/api/books/${asked.id}/file`);
    expect(expired.status).toBe(410);
    expect(expired.body.error.message).toBe(BOOK_MESSAGES.expired);
    expect((await okJson(server, 'GET', `/api/books/${asked.id}`, me.cookie)).fileUrl).toBeNull();
    expect(await removeExpiredBooks(db(), uploads())).toBe(1);
    expect(existsSync(file)).toBe(false);
    expect((await call(me, 'GET', `/api/books/${asked.id}/file`)).status).toBe(410);
  });

  it('takes a job again once the lease of the instance that claimed it has run out', async () => {
    const me = await createMember(server);
    const [row] = await queryRows<{ id: string }>(
      db(),
      sql`insert into book_jobs (kind, requested_by, paper, post_ids, status, attempts, started_at, lease_until)
          values ('page', ${me.account.userId}, 'A4', '{}', 'making', 1, now() - interval '5 minutes',
            now() - interval '1 minute')
          returning id`,
    );
    server.books.wake();
    const job = await made(me, row?.id as string);
    expect(job.status).toBe('ready');
    const [after] = await queryRows<{ attempts: number }>(
      db(),
      sql`select attempts from book_jobs where id = ${row?.id}::uuid`,
    );
    expect(after?.attempts).toBe(2);
  });

  it('leaves a job whose lease is running to the instance that holds it', async () => {
    const me = await createMember(server);
    const [row] = await queryRows<{ id: string }>(
      db(),
      sql`insert into book_jobs (kind, requested_by, paper, post_ids, status, attempts, started_at, lease_until)
          values ('page', ${me.account.userId}, 'A4', '{}', 'making', 1, now(), now() + interval '1 minute')
          returning id`,
    );
    server.books.wake();
    const job = await made(me, row?.id as string);
    expect(job.status).toBe('making');
  });
});
