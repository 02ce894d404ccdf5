// Superlatives over HTTP on a real database (issue #52, decision 042): staff run a round for a class
// (draft, nominating, voting, closed); the class's members nominate (not themselves, nobody opted
// out, hidden or blocked) and vote once; ballots and winners are counted exactly under concurrent
// writes and a vote racing the close; ties, the two-wins rule; results shown from their date; no
// answer says who chose whom or how many chose anyone; opt-out, the export, deletion; the book's
// functions.
// @module-tag engine (runs on both engines: docs/architecture.md, "Tests")
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type Member } from '../../../../tests/support/accounts';
import {
  callJson,
  NO_RATE_LIMITS,
  okJson,
  startTestServer,
  type TestServer,
} from '../../../../tests/support/test-server';
import type { Institution } from '../../../shared/institutions';
import { SAFETY_MESSAGES } from '../../../shared/safety';
import {
  type ClassSuperlatives,
  SUPERLATIVE_API,
  SUPERLATIVE_CATEGORIES_MAX,
  SUPERLATIVE_MESSAGES,
  type SuperlativeCategory,
  type SuperlativeRound,
} from '../../../shared/superlatives';
import { queryRows } from '../../db/client';
import { EXPORT_JSON_NAME } from '../account/export-account';
import { classResults, listWins } from '.';

let server: TestServer;
let staff: Member;
beforeAll(async () => {
  server = await startTestServer({ rateLimiter: NO_RATE_LIMITS });
  staff = await createMember(server, {
    userType: 'moderator',
    fullName: 'Mona Moderator',
    graduationYear: 2020,
  });
});
afterAll(() => server.close());

interface Klass {
  year: number;
  campus: Institution;
}

// Each test takes a class of its own (a class has one round): years 2021-2030 on both campuses.
const CLASSES: Klass[] = [2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028, 2029, 2030].flatMap((year) => [
  { year, campus: 'VITC' as const },
  { year, campus: 'VITV' as const },
]);
let nextClass = 0;
function freshClass(): Klass {
  const klass = CLASSES[nextClass++];
  if (!klass) throw new Error('superlatives.test: out of classes');
  return klass;
}

let nameCounter = 0;
/** A member of the class; names sort in the order they are asked for unless given. */
const classmate = (klass: Klass, fullName = `Member ${String(++nameCounter).padStart(4, '0')}`) =>
  createMember(server, { fullName, graduationYear: klass.year, institution: klass.campus });
const classmates = (klass: Klass, n: number) =>
  Promise.all(Array.from({ length: n }, () => classmate(klass)));

const call = (as: Member | null, method: Parameters<typeof callJson>[1], path: string, body?: unknown) =>
  callJson(server, method, path, as?.cookie, body);

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function view(as: Member, klass: Klass): Promise<ClassSuperlatives> {
  return okJson(server, 'GET', `${SUPERLATIVE_API.class(klass.year)}?campus=${klass.campus}`, as.cookie);
}
const startRound = async (klass: Klass, resultsAt = inDays(30)): Promise<SuperlativeRound> =>
  okJson(server, 'POST', SUPERLATIVE_API.class(klass.year), staff.cookie, {
    campus: klass.campus,
    resultsAt,
  });
const addCategory = async (roundId: string, title: string): Promise<SuperlativeCategory> =>
  okJson(server, 'POST', SUPERLATIVE_API.categories(roundId), staff.cookie, { title });
const setPhase = (roundId: string, phase: string) =>
  call(staff, 'PATCH', SUPERLATIVE_API.round(roundId), { phase });
const nominate = (as: Member, categoryId: string, whom: Member | string) =>
  call(as, 'PUT', SUPERLATIVE_API.nomination(categoryId), {
    username: typeof whom === 'string' ? whom : whom.username,
  });
const vote = (as: Member, categoryId: string, whom: Member | string) =>
  call(as, 'POST', SUPERLATIVE_API.vote(categoryId), {
    username: typeof whom === 'string' ? whom : whom.username,
  });
const block = (as: Member, whom: Member) =>
  okJson(server, 'POST', '/api/controls/blocks', as.cookie, { username: whom.username });

/** A round with approved categories, moved on to `phase`. */
async function roundWith(klass: Klass, titles: string[], phase: 'draft' | 'nominating' = 'nominating') {
  const round = await startRound(klass);
  const categories: SuperlativeCategory[] = [];
  for (const title of titles) {
    const category = await addCategory(round.id, title);
    await okJson(server, 'POST', SUPERLATIVE_API.approval(category.id), staff.cookie);
    categories.push(category);
  }
  if (phase === 'nominating') expect((await setPhase(round.id, 'nominating')).status).toBe(200);
  return { round, categories };
}

/** Shows a closed round's results as if its date had come (the clock moved on). */
const reachResults = (roundId: string) =>
  server.database.db.execute(
    sql`update superlative_rounds set results_at = now() - interval '1 second' where id = ${roundId}`,
  );

async function editProfile(as: Member, change: Record<string, boolean>) {
  const own = await okJson(server, 'GET', `/api/profiles/${as.username}`, as.cookie);
  const res = await call(as, 'PATCH', `/api/profiles/${as.username}`, {
    fullName: own.fullName,
    bio: own.bio,
    institution: own.institution,
    graduationYear: own.graduationYear,
    ...change,
  });
  expect(res.status, res.text).toBe(200);
  return res.body.profile;
}

const categoryOf = (answer: ClassSuperlatives, id: string) => {
  const found = answer.round?.categories.find((category) => category.id === id);
  if (!found) throw new Error(`no category ${id}`);
  return found;
};
const usernames = (people: { username: string }[]) => people.map((person) => person.username);

describe('a round, run by staff', () => {
  it('starts as a draft only staff see; categories are added, approved and removed; it opens with the approved ones', async () => {
    const klass = freshClass();
    const member = await classmate(klass);
    const round = await startRound(klass);
    expect(round).toMatchObject({ phase: 'draft', resultsShown: false, canManage: true, categories: [] });
    const again = await call(staff, 'POST', SUPERLATIVE_API.class(klass.year), {
      campus: klass.campus,
      resultsAt: inDays(10),
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(SUPERLATIVE_MESSAGES.roundExists);

    expect((await view(member, klass)).round).toBeNull();
    expect((await view(member, klass)).viewer).toEqual({ isStaff: false, inClass: true, optedOut: false });
    const kept = await addCategory(round.id, '  Most   likely to start a company ');
    expect(kept).toMatchObject({ title: 'Most likely to start a company', position: 1, approved: false });
    const dropped = await addCategory(round.id, 'Best laugh');
    const removed = await addCategory(round.id, 'Class clown');
    const duplicate = await call(staff, 'POST', SUPERLATIVE_API.categories(round.id), {
      title: 'most likely TO START a company',
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.message).toBe(SUPERLATIVE_MESSAGES.duplicateTitle);

    const early = await setPhase(round.id, 'nominating');
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(SUPERLATIVE_MESSAGES.approveFirst);
    const skip = await setPhase(round.id, 'voting');
    expect(skip.status).toBe(409);
    expect(skip.body.error.message).toBe(SUPERLATIVE_MESSAGES.phaseOrder('draft', 'voting'));

    expect((await call(staff, 'POST', SUPERLATIVE_API.approval(kept.id))).status).toBe(204);
    expect((await call(staff, 'DELETE', SUPERLATIVE_API.category(removed.id))).status).toBe(204);
    const staffView = await view(staff, klass);
    expect(staffView.round?.categories.map((c) => [c.title, c.approved])).toEqual([
      ['Most likely to start a company', true],
      ['Best laugh', false],
    ]);
    expect(staffView.viewer).toEqual({ isStaff: true, inClass: false, optedOut: false });

    const opened = await setPhase(round.id, 'nominating');
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body.phase).toBe('nominating');
    expect(opened.body.categories.map((c: SuperlativeCategory) => c.id)).toEqual([kept.id]);
    const seen = await view(member, klass);
    expect(seen.round).toMatchObject({ phase: 'nominating', canManage: false });
    expect(seen.round?.categories.map((c) => c.title)).toEqual(['Most likely to start a company']);
    expect(seen.round?.categories[0]?.participation).toBeNull();

    // Past the draft: no category changes, no deletion, and the unapproved one is gone.
    for (const [method, path, body] of [
      ['POST', SUPERLATIVE_API.categories(round.id), { title: 'Late idea' }],
      ['POST', SUPERLATIVE_API.approval(kept.id), undefined],
      ['DELETE', SUPERLATIVE_API.category(kept.id), undefined],
      ['DELETE', SUPERLATIVE_API.round(round.id), undefined],
    ] as const) {
      const res = await call(staff, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(409);
    }
    expect((await call(staff, 'POST', SUPERLATIVE_API.approval(dropped.id))).status).toBe(404);
  });

  it('takes a results date in the future, at most two years ahead, and deletes a draft', async () => {
    const klass = freshClass();
    for (const [resultsAt, message] of [
      [inDays(-1), SUPERLATIVE_MESSAGES.resultsAtPast],
      [inDays(2 * 366 + 2), SUPERLATIVE_MESSAGES.resultsAtTooFar],
      ['next friday', SUPERLATIVE_MESSAGES.resultsAt],
    ] as const) {
      const res = await call(staff, 'POST', SUPERLATIVE_API.class(klass.year), {
        campus: klass.campus,
        resultsAt,
      });
      expect(res.status, resultsAt).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    const round = await startRound(klass);
    const moved = await call(staff, 'PATCH', SUPERLATIVE_API.round(round.id), { resultsAt: inDays(60) });
    expect(moved.status).toBe(200);
    expect(Date.parse(moved.body.resultsAt)).toBeGreaterThan(Date.now() + 59 * 86_400_000);
    const past = await call(staff, 'PATCH', SUPERLATIVE_API.round(round.id), { resultsAt: inDays(-1) });
    expect(past.status).toBe(400);
    expect((await call(staff, 'DELETE', SUPERLATIVE_API.round(round.id))).status).toBe(204);
    expect((await view(staff, klass)).round).toBeNull();
    expect((await call(staff, 'DELETE', SUPERLATIVE_API.round(round.id))).status).toBe(404);
  });

  it(`holds at most ${SUPERLATIVE_CATEGORIES_MAX} categories, and passes titles through the text check`, async () => {
    const klass = freshClass();
    const round = await startRound(klass);
    const rethink = await call(staff, 'POST', SUPERLATIVE_API.categories(round.id), {
      title: 'Most likely to f.u.c.k.i.n.g ace it',
    });
    expect(rethink.status).toBe(422);
    expect(rethink.body.error.message).toBe(SAFETY_MESSAGES.rethink);
    const held = await call(staff, 'POST', SUPERLATIVE_API.categories(round.id), {
      title: 'I will kill you after class',
      postAnyway: true,
    });
    expect(held.status).toBe(400);
    expect(held.body.error.message).toBe(SUPERLATIVE_MESSAGES.held);
    expect((await view(staff, klass)).round?.categories).toEqual([]);
    const anyway = await call(staff, 'POST', SUPERLATIVE_API.categories(round.id), {
      title: 'Most likely to f.u.c.k.i.n.g ace it',
      postAnyway: true,
    });
    expect(anyway.status, anyway.text).toBe(201);
    for (let i = 2; i <= SUPERLATIVE_CATEGORIES_MAX; i++) await addCategory(round.id, `Category ${i}`);
    const over = await call(staff, 'POST', SUPERLATIVE_API.categories(round.id), { title: 'One too many' });
    expect(over.status).toBe(409);
    expect(over.body.error.message).toBe(SUPERLATIVE_MESSAGES.tooManyCategories);
    expect((await view(staff, klass)).round?.categories).toHaveLength(SUPERLATIVE_CATEGORIES_MAX);
  });
});

describe('nominating', () => {
  it('takes one nomination per member and category, changed or withdrawn, seen by the nominator alone', async () => {
    const klass = freshClass();
    const [asha, bala, chitra] = await classmates(klass, 3);
    if (!asha || !bala || !chitra) throw new Error('members');
    const { categories } = await roundWith(klass, ['Best smile']);
    const id = categories[0]?.id ?? '';
    const first = await nominate(asha, id, bala.username.toUpperCase());
    expect(first.status, first.text).toBe(200);
    expect(first.body.myNomination).toMatchObject({ username: bala.username });
    expect(categoryOf(await view(asha, klass), id).myNomination?.username).toBe(bala.username);
    expect(categoryOf(await view(bala, klass), id).myNomination).toBeNull();
    expect(categoryOf(await view(staff, klass), id).participation).toEqual({ nominated: 1, voted: 0 });

    expect((await nominate(asha, id, chitra)).status).toBe(200);
    expect(categoryOf(await view(asha, klass), id).myNomination?.username).toBe(chitra.username);
    expect(categoryOf(await view(staff, klass), id).participation).toEqual({ nominated: 1, voted: 0 });

    expect((await call(asha, 'DELETE', SUPERLATIVE_API.nomination(id))).status).toBe(204);
    expect(categoryOf(await view(asha, klass), id).myNomination).toBeNull();
    const none = await call(asha, 'DELETE', SUPERLATIVE_API.nomination(id));
    expect(none.status).toBe(404);
    expect(none.body.error.message).toBe(SUPERLATIVE_MESSAGES.nothingToWithdraw);
  });

  it('refuses oneself, the opted-out, the hidden, anyone blocked either way and other classes, as if not there', async () => {
    const klass = freshClass();
    const [nominator, optedOut, hidden, blocked, blocker, fine] = await classmates(klass, 6);
    if (!nominator || !optedOut || !hidden || !blocked || !blocker || !fine) throw new Error('members');
    const otherCampus = await createMember(server, {
      graduationYear: klass.year,
      institution: klass.campus === 'VITC' ? 'VITV' : 'VITC',
    });
    const otherYear = await createMember(server, { graduationYear: 2020, institution: klass.campus });
    await editProfile(optedOut, { superlativesOptOut: true });
    await editProfile(hidden, { hiddenFromClass: true });
    await block(nominator, blocked);
    await block(blocker, nominator);
    const { categories } = await roundWith(klass, ['Most helpful']);
    const id = categories[0]?.id ?? '';

    const self = await nominate(nominator, id, nominator);
    expect(self.status).toBe(403);
    expect(self.body.error.message).toBe(SUPERLATIVE_MESSAGES.yourself);
    for (const whom of [optedOut, hidden, blocked, blocker, otherCampus, otherYear, 'nobody_here']) {
      const name = typeof whom === 'string' ? whom : whom.username;
      const res = await nominate(nominator, id, whom);
      expect(res.status, name).toBe(404);
      expect(res.body.error.message).toBe(SUPERLATIVE_MESSAGES.noSuchClassmate(name));
    }
    const outsider = await nominate(otherCampus, id, fine);
    expect(outsider.status).toBe(403);
    expect(outsider.body.error.message).toBe(SUPERLATIVE_MESSAGES.notInClass(klass.year, klass.campus));
    expect(categoryOf(await view(staff, klass), id).participation).toEqual({ nominated: 0, voted: 0 });
    expect((await nominate(nominator, id, fine)).status).toBe(200);

    // The picker offers exactly the classmates one may nominate.
    const picker = await okJson(
      server,
      'GET',
      `${SUPERLATIVE_API.nominees(klass.year)}?campus=${klass.campus}`,
      nominator.cookie,
    );
    expect(usernames(picker.members)).toEqual([fine.username]);
    const searched = await okJson(
      server,
      'GET',
      `${SUPERLATIVE_API.nominees(klass.year)}?campus=${klass.campus}&q=${encodeURIComponent(fine.username.toUpperCase())}`,
      nominator.cookie,
    );
    expect(usernames(searched.members)).toEqual([fine.username]);
    const notOurs = await call(
      otherCampus,
      'GET',
      `${SUPERLATIVE_API.nominees(klass.year)}?campus=${klass.campus}`,
    );
    expect(notOurs.status).toBe(403);
  });

  it('answers a draft’s category as missing to members, and refuses nominations once they close', async () => {
    const klass = freshClass();
    const [a, b] = await classmates(klass, 2);
    if (!a || !b) throw new Error('members');
    const { round, categories } = await roundWith(klass, ['Best dressed'], 'draft');
    const id = categories[0]?.id ?? '';
    const hiddenDraft = await nominate(a, id, b);
    expect(hiddenDraft.status).toBe(404);
    expect(hiddenDraft.body.error.message).toBe(SUPERLATIVE_MESSAGES.missingCategory);
    expect((await setPhase(round.id, 'nominating')).status).toBe(200);
    expect((await nominate(a, id, b)).status).toBe(200);
    const early = await vote(a, id, b);
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(SUPERLATIVE_MESSAGES.notVoting);
    expect((await setPhase(round.id, 'voting')).status).toBe(200);
    for (const res of [await nominate(a, id, b), await call(a, 'DELETE', SUPERLATIVE_API.nomination(id))]) {
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(SUPERLATIVE_MESSAGES.nominationsClosed);
    }
  });

  it('counts twenty nominations sent at once exactly, and leaving superlatives drops one’s own', async () => {
    const klass = freshClass();
    const nominators = await classmates(klass, 20);
    const [up, down] = await Promise.all([classmate(klass, 'Zed Up'), classmate(klass, 'Zed Down')]);
    const { categories } = await roundWith(klass, ['Most likely to be famous']);
    const id = categories[0]?.id ?? '';
    const answers = await Promise.all(nominators.map((n, i) => nominate(n, id, i < 13 ? up : down)));
    expect(answers.map((a) => a.status)).toEqual(nominators.map(() => 200));
    // And again at once, each changing their mind the other way: still one each.
    const again = await Promise.all(nominators.map((n, i) => nominate(n, id, i < 13 ? down : up)));
    expect(again.map((a) => a.status)).toEqual(nominators.map(() => 200));
    const counts = await queryRows<{ nominee_id: string; n: number }>(
      server.database.db,
      sql`select nominee_id, count(*)::int as n from superlative_nominations where category_id = ${id} group by nominee_id`,
    );
    expect(Object.fromEntries(counts.map((row) => [row.nominee_id, row.n]))).toEqual({
      [down.account.userId]: 13,
      [up.account.userId]: 7,
    });
    expect(categoryOf(await view(staff, klass), id).participation).toEqual({ nominated: 20, voted: 0 });

    const own = await editProfile(down, { superlativesOptOut: true });
    expect(own.superlativesOptOut).toBe(true);
    expect((await view(down, klass)).viewer.optedOut).toBe(true);
    // The setting is the owner's alone to see.
    const seenByOthers = await okJson(server, 'GET', `/api/profiles/${down.username}`, up.cookie);
    expect(seenByOthers).not.toHaveProperty('superlativesOptOut');
    expect(categoryOf(await view(staff, klass), id).participation).toEqual({ nominated: 7, voted: 0 });
    const stillMine = categoryOf(await view(nominators[0] as Member, klass), id);
    expect(stillMine.myNomination).toBeNull();
  });
});

describe('the ballot and the vote', () => {
  it('puts the five most nominated on the ballot (ties by name), shown by name, without anyone blocked', async () => {
    const klass = freshClass();
    // Nominees named so that name order differs from count order.
    const [ella, dev, carl, bea, abe, fay] = await Promise.all(
      ['Ella E', 'Dev D', 'Carl C', 'Bea B', 'Abe A', 'Fay F'].map((name) => classmate(klass, name)),
    );
    if (!ella || !dev || !carl || !bea || !abe || !fay) throw new Error('members');
    const voters = await classmates(klass, 15);
    const { round, categories } = await roundWith(klass, ['Most creative']);
    const id = categories[0]?.id ?? '';
    // ella 5, dev 4, carl 3, bea 1, abe 1, fay 1: bea and abe tie with fay, by name abe and bea go.
    const plan: [Member, number][] = [
      [ella, 5],
      [dev, 4],
      [carl, 3],
      [bea, 1],
      [abe, 1],
      [fay, 1],
    ];
    let next = 0;
    for (const [whom, times] of plan) {
      for (let i = 0; i < times; i++)
        expect((await nominate(voters[next++] as Member, id, whom)).status).toBe(200);
    }
    expect((await setPhase(round.id, 'voting')).status).toBe(200);
    const ballot = categoryOf(await view(voters[0] as Member, klass), id).ballot;
    expect(usernames(ballot)).toEqual([abe, bea, carl, dev, ella].map((m) => m.username));

    await block(voters[1] as Member, carl);
    const blockedView = categoryOf(await view(voters[1] as Member, klass), id);
    expect(usernames(blockedView.ballot)).toEqual([abe, bea, dev, ella].map((m) => m.username));
    const refused = await vote(voters[1] as Member, id, carl);
    expect(refused.status).toBe(404);
    const off = await vote(voters[2] as Member, id, fay);
    expect(off.status).toBe(404);
    expect(off.body.error.message).toBe(SUPERLATIVE_MESSAGES.noSuchClassmate(fay.username));
    const self = await vote(ella, id, ella);
    expect(self.status).toBe(403);
    expect(self.body.error.message).toBe(SUPERLATIVE_MESSAGES.voteYourself);

    const first = await vote(voters[3] as Member, id, dev);
    expect(first.status, first.text).toBe(201);
    expect(first.body).toEqual({ myVote: dev.username });
    const second = await vote(voters[3] as Member, id, ella);
    expect(second.status).toBe(409);
    expect(second.body.error.message).toBe(SUPERLATIVE_MESSAGES.alreadyVoted);
    expect(categoryOf(await view(voters[3] as Member, klass), id).myVote).toBe(dev.username);
    expect(categoryOf(await view(voters[4] as Member, klass), id).myVote).toBeNull();
    expect(categoryOf(await view(staff, klass), id).participation).toEqual({ nominated: 15, voted: 1 });
  });

  it('counts twenty votes sent at once exactly, and a vote racing the close lands before it or is refused', async () => {
    const klass = freshClass();
    const [x, y] = await Promise.all([classmate(klass, 'Xavier Race'), classmate(klass, 'Yamini Race')]);
    if (!x || !y) throw new Error('members');
    const voters = await classmates(klass, 40);
    const { round, categories } = await roundWith(klass, ['Most punctual', 'Fastest typist']);
    const [exact, raced] = categories.map((c) => c.id) as [string, string];
    for (const id of [exact, raced]) {
      expect((await nominate(voters[0] as Member, id, x)).status).toBe(200);
      expect((await nominate(voters[1] as Member, id, y)).status).toBe(200);
    }
    expect((await setPhase(round.id, 'voting')).status).toBe(200);
    const twenty = voters.slice(0, 20);
    // Each voter sends their vote twice at once: one lands, the other is the 409.
    const answers = await Promise.all(
      twenty.flatMap((v, i) => [vote(v, exact, i < 11 ? x : y), vote(v, exact, x)]),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(20);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(20);
    expect(categoryOf(await view(staff, klass), exact).participation).toEqual({ nominated: 2, voted: 20 });

    const racers = voters.slice(20, 40);
    const [closing, ...votes] = await Promise.all([
      setPhase(round.id, 'closed'),
      ...racers.map((v, i) => vote(v, raced, i % 3 === 0 ? x : y)),
    ]);
    expect(closing?.status, closing?.text).toBe(200);
    for (const res of votes) {
      expect([201, 409]).toContain(res.status);
      if (res.status === 409) expect(res.body.error.message).toBe(SUPERLATIVE_MESSAGES.votingClosed);
    }
    const landed = votes.filter((res) => res.status === 201).map((res) => res.body.myVote as string);
    const stored = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from superlative_votes where category_id = ${raced}`,
    );
    expect(stored[0]?.n).toBe(landed.length);
    const late = await vote(voters[39] as Member, raced, x);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(SUPERLATIVE_MESSAGES.votingClosed);
    // The winner of what landed: x's and y's votes counted, ties to the nominations (1 each) then name.
    const forX = landed.filter((u) => u === x.username).length;
    const forY = landed.length - forX;
    const closed = await view(staff, klass);
    const expected = landed.length === 0 ? null : forY > forX ? y.username : x.username;
    expect(categoryOf(closed, raced).winner?.username ?? null).toBe(expected);
    expect(categoryOf(closed, exact).winner?.username).toBe(x.username);
  });
});

describe('the winners', () => {
  it('break ties by nominations then name, give no one more than two wins, and show from the results date', async () => {
    const klass = freshClass();
    const [star, runner, third, quiet] = await Promise.all(
      ['Sita Star', 'Ravi Runner', 'Tara Third', 'Quinn Quiet'].map((name) => classmate(klass, name)),
    );
    if (!star || !runner || !third || !quiet) throw new Error('members');
    const voters = await classmates(klass, 6);
    const { round, categories } = await roundWith(klass, ['First', 'Second', 'Third', 'Tied', 'Empty']);
    const [c1, c2, c3, tied, empty] = categories.map((c) => c.id) as [string, string, string, string, string];
    const [v0, v1, v2, v3, v4, v5] = voters as [Member, Member, Member, Member, Member, Member];
    for (const id of [c1, c2, c3]) {
      await nominate(v0, id, star);
      await nominate(v1, id, runner);
    }
    // Tied: runner nominated twice, third once; equal votes: runner takes it by nominations.
    await nominate(v0, tied, runner);
    await nominate(v1, tied, runner);
    await nominate(v2, tied, third);
    await nominate(v3, empty, quiet);
    expect((await setPhase(round.id, 'voting')).status).toBe(200);
    for (const id of [c1, c2, c3]) {
      for (const v of [v0, v1, v2]) expect((await vote(v, id, star)).status).toBe(201);
      expect((await vote(v3, id, runner)).status).toBe(201);
    }
    expect((await vote(v4, tied, third)).status).toBe(201);
    expect((await vote(v5, tied, runner)).status).toBe(201);
    expect((await setPhase(round.id, 'closed')).status).toBe(200);

    // Before the results date: members see no winner, nor the profile; staff see them.
    const member = await view(v0, klass);
    expect(member.round).toMatchObject({ phase: 'closed', resultsShown: false });
    expect(member.round?.categories.map((c) => c.winner)).toEqual([null, null, null, null, null]);
    const staffView = await view(staff, klass);
    const winners = (answer: ClassSuperlatives) =>
      answer.round?.categories.map((c) => c.winner?.username ?? null);
    // Star wins the first two; the third goes to the next in line, runner; tied goes to runner too.
    expect(winners(staffView)).toEqual([
      star.username,
      star.username,
      runner.username,
      runner.username,
      null,
    ]);
    expect((await okJson(server, 'GET', SUPERLATIVE_API.wins(star.username), v0.cookie)).wins).toEqual([]);
    expect(await listWins(server.database.db, { userId: star.account.userId })).toEqual([]);
    expect(await classResults(server.database.db, klass)).toEqual([]);

    await reachResults(round.id);
    const shown = await view(v0, klass);
    expect(shown.round?.resultsShown).toBe(true);
    expect(winners(shown)).toEqual(winners(staffView));
    expect((await okJson(server, 'GET', SUPERLATIVE_API.wins(star.username), v0.cookie)).wins).toEqual([
      { title: 'First', year: klass.year, campus: klass.campus },
      { title: 'Second', year: klass.year, campus: klass.campus },
    ]);
    const book = await classResults(server.database.db, klass);
    expect(book.map((r) => [r.title, r.winner?.username ?? null])).toEqual([
      ['First', star.username],
      ['Second', star.username],
      ['Third', runner.username],
      ['Tied', runner.username],
      ['Empty', null],
    ]);
    expect(book[0]?.winner).toEqual({
      userId: star.account.userId,
      fullName: 'Sita Star',
      username: star.username,
      pictureKey: null,
    });
    expect(
      (await listWins(server.database.db, { userId: runner.account.userId })).map((w) => w.title),
    ).toEqual(['Third', 'Tied']);
    const late = await call(staff, 'PATCH', SUPERLATIVE_API.round(round.id), { resultsAt: inDays(3) });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(SUPERLATIVE_MESSAGES.resultsShown);
    const beyond = await setPhase(round.id, 'closed');
    expect(beyond.status).toBe(409);

    // A winner who leaves superlatives afterwards is no longer shown (nobody takes their place).
    await editProfile(star, { superlativesOptOut: true });
    expect(winners(await view(v0, klass))).toEqual([null, null, runner.username, runner.username, null]);
    expect((await okJson(server, 'GET', SUPERLATIVE_API.wins(star.username), v0.cookie)).wins).toEqual([]);
    // A block hides a winner from the blocked pair alone, and the profile's wins read as missing.
    await block(v1, runner);
    expect(winners(await view(v1, klass))).toEqual([null, null, null, null, null]);
    expect((await call(v1, 'GET', SUPERLATIVE_API.wins(runner.username))).status).toBe(404);
  });

  it('passes over a candidate who opted out before the close, and shows results at once when staff say so', async () => {
    const klass = freshClass();
    const [leaving, staying] = await Promise.all([
      classmate(klass, 'Lea Leaving'),
      classmate(klass, 'Sam Staying'),
    ]);
    if (!leaving || !staying) throw new Error('members');
    const voters = await classmates(klass, 3);
    const [v0, v1, v2] = voters as [Member, Member, Member];
    const { round, categories } = await roundWith(klass, ['Kindest']);
    const id = categories[0]?.id ?? '';
    await nominate(v0, id, leaving);
    await nominate(v1, id, staying);
    expect((await setPhase(round.id, 'voting')).status).toBe(200);
    expect((await vote(v0, id, leaving)).status).toBe(201);
    expect((await vote(v1, id, leaving)).status).toBe(201);
    expect((await vote(v2, id, staying)).status).toBe(201);
    await editProfile(leaving, { superlativesOptOut: true });
    expect(usernames(categoryOf(await view(v2, klass), id).ballot)).toEqual([staying.username]);
    expect((await setPhase(round.id, 'closed')).status).toBe(200);
    const now = await call(staff, 'PATCH', SUPERLATIVE_API.round(round.id), {
      resultsAt: new Date().toISOString(),
    });
    expect(now.status, now.text).toBe(200);
    expect(now.body.resultsShown).toBe(true);
    expect(categoryOf(await view(v0, klass), id).winner?.username).toBe(staying.username);
  });
});

describe('secrecy', () => {
  it('never answers who nominated or voted for whom, nor anyone’s count, to members or staff', async () => {
    const klass = freshClass();
    const [a, b, c] = await classmates(klass, 3);
    if (!a || !b || !c) throw new Error('members');
    const { round, categories } = await roundWith(klass, ['Most curious']);
    const id = categories[0]?.id ?? '';
    await nominate(a, id, b);
    await nominate(c, id, b);
    await nominate(b, id, a);
    const answers: string[] = [];
    const read = async () => {
      for (const as of [a, b, c, staff]) {
        const res = await call(as, 'GET', `${SUPERLATIVE_API.class(klass.year)}?campus=${klass.campus}`);
        answers.push(res.text);
      }
    };
    await read();
    await setPhase(round.id, 'voting');
    await vote(a, id, b);
    await vote(c, id, b);
    await read();
    await setPhase(round.id, 'closed');
    await reachResults(round.id);
    await read();
    for (const text of answers) {
      const answer = JSON.parse(text) as ClassSuperlatives;
      for (const category of answer.round?.categories ?? []) {
        expect(Object.keys(category).sort()).toEqual(
          [
            'approved',
            'ballot',
            'id',
            'myNomination',
            'myVote',
            'participation',
            'position',
            'title',
            'winner',
          ].sort(),
        );
        for (const person of [...category.ballot, category.winner, category.myNomination].filter(Boolean)) {
          expect(Object.keys(person ?? {}).sort()).toEqual([
            'bioLine',
            'fullName',
            'profilePictureUrl',
            'username',
          ]);
        }
      }
      expect(text).not.toMatch(/"(nominations|votes|count|nominator|voter|userId)"/);
      expect(text).not.toContain(a.account.userId);
    }
  });
});

describe('one’s own data', () => {
  it('puts one’s nominations and votes in the export, never those about one, and deletion takes them', async () => {
    const klass = freshClass();
    const [me, friend, other] = await Promise.all([
      classmate(klass, 'Export Me'),
      classmate(klass, 'Export Friend'),
      classmate(klass, 'Export Other'),
    ]);
    if (!me || !friend || !other) throw new Error('members');
    const { round, categories } = await roundWith(klass, ['Most organised']);
    const id = categories[0]?.id ?? '';
    await nominate(me, id, friend);
    await nominate(other, id, me);
    await nominate(friend, id, me);
    await setPhase(round.id, 'voting');
    expect((await vote(me, id, friend)).status).toBe(201);
    expect((await vote(friend, id, me)).status).toBe(201);
    const res = await server.request('/api/account/export', { headers: { cookie: me.cookie } });
    expect(res.status).toBe(200);
    const data = JSON.parse(
      new TextDecoder().decode(unzipSync(new Uint8Array(await res.arrayBuffer()))[EXPORT_JSON_NAME]),
    );
    expect(data.superlativeNominations).toEqual([
      {
        class: klass,
        category: 'Most organised',
        nominee: friend.username,
        nominatedAt: expect.any(String),
      },
    ]);
    expect(data.superlativeVotes).toEqual([
      { class: klass, category: 'Most organised', votedFor: friend.username, votedAt: expect.any(String) },
    ]);
    expect(JSON.stringify(data)).not.toContain(other.username);

    const gone = await call(friend, 'DELETE', '/api/account', {
      confirmation: friend.username,
      password: friend.account.password,
    });
    expect(gone.status, gone.text).toBe(200);
    const left = await queryRows<{ n: number }>(
      server.database.db,
      sql`select (select count(*) from superlative_nominations where category_id = ${id}) +
                 (select count(*) from superlative_votes where category_id = ${id}) as n`,
    );
    // Left: other's nomination of me. Friend's nomination, vote, candidacy (and my vote for them) went.
    expect(Number(left[0]?.n)).toBe(1);
    expect(categoryOf(await view(staff, klass), id).participation).toEqual({ nominated: 1, voted: 0 });
  });
});
