// Class pages over HTTP on a real database (issue #52): a graduation year's members of each campus by
// name, counted per campus, paged without gaps or repeats, searched within, without members who left
// the page or anyone between whom and the viewer there is a block; members only; bad input refused.
// @module-tag engine (runs on both engines: docs/architecture.md, "Tests")
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type Member } from '../../../../tests/support/accounts';
import { insertProfile, insertUser } from '../../../../tests/support/factories';
import {
  callJson,
  NO_RATE_LIMITS,
  okJson,
  startTestServer,
  type TestServer,
} from '../../../../tests/support/test-server';
import { CLASS_MESSAGES, CLASS_PAGE_SIZE, type ClassPage } from '../../../shared/yearbook';
import { profiles } from '../../db/schema';

let server: TestServer;
// The class of 2027: three at VITC, two at VITV (names whose order is the same in every collation).
let chitra: Member;
let arjun: Member;
let bala: Member;
let divya: Member;
let elango: Member;

beforeAll(async () => {
  server = await startTestServer({ rateLimiter: NO_RATE_LIMITS });
  const member = (username: string, fullName: string, institution: 'VITC' | 'VITV', graduationYear = 2027) =>
    createMember(server, { username, fullName, institution, graduationYear });
  chitra = await member('chitra_k', 'Chitra Kumar', 'VITC');
  arjun = await member('arjun_m', 'arjun Menon', 'VITC');
  bala = await member('bala_s', 'Bala Subramanian', 'VITC');
  divya = await member('divya_r', 'Divya Rao', 'VITV');
  elango = await member('elango_p', 'Elango Pillai', 'VITV');
  // Of another class.
  await member('other_year', 'Aadhya Other', 'VITC', 2029);
  await server.database.db
    .update(profiles)
    .set({ bio: '\n  Robotics club, third row  \nSecond line never shown' })
    .where(eq(profiles.username, 'bala_s'));
});
afterAll(() => server.close());

const get = (path: string, as: Member | null) => callJson(server, 'GET', path, as?.cookie);

async function page(path: string, as: Member): Promise<ClassPage> {
  const res = await get(path, as);
  expect(res.status, res.text).toBe(200);
  return res.body as ClassPage;
}
const names = (answer: ClassPage) => answer.members.map((m) => m.username);

/** Every page of a listing, following nextCursor; the number of requests it took. */
async function walk(path: string, as: Member): Promise<{ usernames: string[]; pages: number }> {
  const usernames: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const glue = path.includes('?') ? '&' : '?';
    const answer = await page(cursor ? `${path}${glue}cursor=${encodeURIComponent(cursor)}` : path, as);
    pages += 1;
    expect(answer.members.length).toBeLessThanOrEqual(CLASS_PAGE_SIZE);
    if (cursor) expect(answer.counts).toBeNull();
    usernames.push(...names(answer));
    cursor = answer.nextCursor;
  } while (cursor);
  return { usernames, pages };
}

async function setHidden(as: Member, hidden: boolean) {
  const own = await okJson(server, 'GET', `/api/profiles/${as.username}`, as.cookie);
  const res = await callJson(server, 'PATCH', `/api/profiles/${as.username}`, as.cookie, {
    fullName: own.fullName,
    bio: own.bio,
    institution: own.institution,
    graduationYear: own.graduationYear,
    hiddenFromClass: hidden,
  });
  expect(res.status, res.text).toBe(200);
  expect(res.body.profile.hiddenFromClass).toBe(hidden);
}

describe('a class page', () => {
  it('lists the viewer’s own campus by name (any case), then the other campus by its tab, with counts', async () => {
    const own = await page('/api/classes/2027', chitra);
    expect(own.year).toBe(2027);
    expect(own.campus).toBe('VITC');
    expect(names(own)).toEqual(['arjun_m', 'bala_s', 'chitra_k']);
    expect(own.counts).toEqual({ VITC: 3, VITV: 2 });
    expect(own.viewerHidden).toBe(false);
    expect(own.nextCursor).toBeNull();

    const vellore = await page('/api/classes/2027?campus=VITV', chitra);
    expect(vellore.campus).toBe('VITV');
    expect(names(vellore)).toEqual(['divya_r', 'elango_p']);
    expect(vellore.counts).toEqual({ VITC: 3, VITV: 2 });
    // A VITV member starts on VITV.
    expect((await page('/api/classes/2027', divya)).campus).toBe('VITV');
    // Another year's members are another class, and anyone may open any class.
    expect(names(await page('/api/classes/2029', chitra))).toEqual(['other_year']);
    const empty = await page('/api/classes/2020?campus=VITV', chitra);
    expect(empty.members).toEqual([]);
    expect(empty.counts).toEqual({ VITC: 0, VITV: 0 });
  });

  it('shows name, username, picture and the first line of the bio, and nothing else', async () => {
    const own = await page('/api/classes/2027', arjun);
    const shownBala = own.members.find((m) => m.username === 'bala_s');
    expect(shownBala).toEqual({
      username: 'bala_s',
      fullName: 'Bala Subramanian',
      profilePictureUrl: null,
      bioLine: 'Robotics club, third row',
    });
    expect(own.members.find((m) => m.username === 'arjun_m')?.bioLine).toBe('');
    const text = JSON.stringify(own);
    for (const account of [arjun, bala, chitra]) {
      expect(text).not.toContain(account.account.userId);
      expect(text).not.toContain(account.account.email);
    }
  });

  it('pages through a class without gaps or repeats, in order, names alike ordered by username', async () => {
    // 110 members of 2028 at VITV, three of them with one name.
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const expected: { sortName: string; username: string }[] = [];
    for (let i = 0; i < 110; i += 1) {
      const user = await insertUser(server.database.db);
      const suffix = `${letters[Math.floor(i / 26) % 26]}${letters[i % 26]}`;
      const fullName = i < 3 ? 'Same Name' : `Pager ${suffix.toUpperCase()}x`;
      const username = `pg_${String(109 - i).padStart(3, '0')}`;
      await insertProfile(server.database.db, user.id, {
        username,
        fullName,
        institution: 'VITV',
        graduationYear: 2028,
      });
      expect(fullName.toLowerCase()).toMatch(/^(same name|pager [a-z]{2}x)$/);
      expected.push({ sortName: fullName.toLowerCase(), username });
    }
    expected.sort((a, b) =>
      a.sortName === b.sortName ? (a.username < b.username ? -1 : 1) : a.sortName < b.sortName ? -1 : 1,
    );
    const viewer = await createMember(server, { institution: 'VITV', graduationYear: 2025 });
    const { usernames, pages } = await walk('/api/classes/2028?campus=VITV', viewer);
    expect(pages).toBe(Math.ceil(110 / CLASS_PAGE_SIZE));
    expect(new Set(usernames).size).toBe(110);
    expect(usernames).toEqual(expected.map((row) => row.username));
    expect(usernames.slice(-3)).toEqual(['pg_107', 'pg_108', 'pg_109']);
    expect((await page('/api/classes/2028?campus=VITV', viewer)).counts).toEqual({ VITC: 0, VITV: 110 });
    // A search pages the same way.
    const searched = await walk('/api/classes/2028?campus=VITV&q=PAGER', viewer);
    expect(searched.usernames).toEqual(
      expected.filter((r) => r.sortName.startsWith('pager')).map((r) => r.username),
    );
  });

  it('searches within the class by name or username, any case, trimmed; the counts stay the class’s', async () => {
    const byName = await page(`/api/classes/2027?q=${encodeURIComponent('  SUBRA ')}`, chitra);
    expect(names(byName)).toEqual(['bala_s']);
    expect(byName.counts).toEqual({ VITC: 3, VITV: 2 });
    expect(names(await page('/api/classes/2027?q=_m', chitra))).toEqual(['arjun_m']);
    expect(names(await page('/api/classes/2027?campus=VITV&q=rao', chitra))).toEqual(['divya_r']);
    // Only this class, only this campus.
    expect(names(await page('/api/classes/2027?q=other', chitra))).toEqual([]);
    expect(names(await page('/api/classes/2027?q=divya', chitra))).toEqual([]);
    // Blank is everyone; LIKE's wildcards are letters.
    expect(names(await page('/api/classes/2027?q=%20%20', chitra))).toEqual([
      'arjun_m',
      'bala_s',
      'chitra_k',
    ]);
    expect(names(await page('/api/classes/2027?q=%25', chitra))).toEqual([]);
  });

  it('leaves out a member who hid themselves, to everyone and in the counts, until they come back', async () => {
    await setHidden(bala, true);
    try {
      for (const viewer of [chitra, divya, bala]) {
        const answer = await page('/api/classes/2027?campus=VITC', viewer);
        expect(names(answer)).toEqual(['arjun_m', 'chitra_k']);
        expect(answer.counts).toEqual({ VITC: 2, VITV: 2 });
        expect(answer.viewerHidden).toBe(viewer === bala);
      }
      expect(names(await page('/api/classes/2027?q=bala', chitra))).toEqual([]);
      // Only their own class's page says so to them.
      expect((await page('/api/classes/2029', bala)).viewerHidden).toBe(false);
      // The owner's answer carries the setting; nobody else's does.
      expect((await okJson(server, 'GET', `/api/profiles/bala_s`, bala.cookie)).hiddenFromClass).toBe(true);
      expect(
        (await okJson(server, 'GET', `/api/profiles/bala_s`, chitra.cookie)).hiddenFromClass,
      ).toBeUndefined();
      // Edit Profile without the setting leaves it as it is.
      const own = await okJson(server, 'GET', `/api/profiles/bala_s`, bala.cookie);
      await okJson(server, 'PATCH', '/api/profiles/bala_s', bala.cookie, {
        fullName: own.fullName,
        institution: own.institution,
        graduationYear: own.graduationYear,
      });
      expect(names(await page('/api/classes/2027', chitra))).toEqual(['arjun_m', 'chitra_k']);
    } finally {
      await setHidden(bala, false);
    }
    expect(names(await page('/api/classes/2027', chitra))).toEqual(['arjun_m', 'bala_s', 'chitra_k']);
  });

  it('leaves out people between whom and the viewer there is a block, both ways, in the counts too', async () => {
    await okJson(server, 'POST', '/api/controls/blocks', arjun.cookie, { username: elango.username });
    try {
      const arjunSees = await page('/api/classes/2027?campus=VITV', arjun);
      expect(names(arjunSees)).toEqual(['divya_r']);
      expect(arjunSees.counts).toEqual({ VITC: 3, VITV: 1 });
      const elangoSees = await page('/api/classes/2027?campus=VITC', elango);
      expect(names(elangoSees)).toEqual(['bala_s', 'chitra_k']);
      expect(elangoSees.counts).toEqual({ VITC: 2, VITV: 2 });
      // Anyone else sees both.
      expect((await page('/api/classes/2027', chitra)).counts).toEqual({ VITC: 3, VITV: 2 });
    } finally {
      await okJson(server, 'DELETE', `/api/controls/blocks/${elango.username}`, arjun.cookie);
    }
    expect(names(await page('/api/classes/2027?campus=VITV', arjun))).toEqual(['divya_r', 'elango_p']);
  });
});

describe('who may open it, and bad input', () => {
  it('asks visitors to sign in, and a member without a profile to set one up', async () => {
    const visitor = await get('/api/classes/2027', null);
    expect(visitor.status).toBe(401);
    expect(visitor.body.error.message).toBe(CLASS_MESSAGES.signedOut);
    const noProfile = await createMember(server, { profile: false });
    expect((await get('/api/classes/2027', noProfile)).status).toBe(403);
  });

  it('answers a year that is no class with 404 and says which years are', async () => {
    for (const year of ['2019', '2031', 'abc', '20270', '-2027', '2027.0', '%20%202027']) {
      const res = await get(`/api/classes/${year}`, chitra);
      expect(res.status, year).toBe(404);
      expect(res.body.error.message, year).toBe(CLASS_MESSAGES.noSuchClass);
    }
  });

  it('refuses a bad campus, page link or search with 400 and its message', async () => {
    const cases: [string, string][] = [
      ['campus=VITX', CLASS_MESSAGES.campus],
      ['campus=vitc', CLASS_MESSAGES.campus],
      ['campus=', CLASS_MESSAGES.campus],
      ['cursor=not-a-cursor', CLASS_MESSAGES.badPage],
      [`cursor=${Buffer.from('["a", 5]').toString('base64url')}`, CLASS_MESSAGES.badPage],
      [`cursor=${'x'.repeat(300)}`, CLASS_MESSAGES.badPage],
      [`q=${'a'.repeat(61)}`, CLASS_MESSAGES.searchTooLong],
      ['q=a%01b', CLASS_MESSAGES.searchControl],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/classes/2027?${query}`, chitra);
      expect(res.status, query).toBe(400);
      expect(res.body.error.message, query).toBe(message);
    }
    expect((await get('/api/classes/2027?page=2', chitra)).status).toBe(400);
  });
});
