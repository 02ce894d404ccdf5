// Asklines over HTTP on a real database (SPEC §2 Asklines, §3 Askline, §5 askline text, §7): submitting,
// staff verification, the rule that unverified asklines exist only for their creator and staff, the
// similarity search in PostgreSQL, the random pick, post counts and the askline's posts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountOptions, createMember, type Member } from '../../../../tests/support/accounts';
import {
  callJson,
  NO_RATE_LIMITS,
  startTestServer,
  type TestServer,
} from '../../../../tests/support/test-server';
import { ASKLINE_WRITE_MESSAGES } from '../../../shared/asklines';
import { asklines } from '../../db/schema';

let server: TestServer;
let staff: Member;

beforeAll(async () => {
  server = await startTestServer({ rateLimiter: NO_RATE_LIMITS });
  staff = await createMember(server, { userType: 'moderator' });
});
afterAll(() => server.close());

const call = (method: Parameters<typeof callJson>[1], path: string, cookie?: string, body?: unknown) =>
  callJson(server, method, path, cookie, body);
const member = (options: AccountOptions = {}) => createMember(server, options);

async function submit(as: Member, content: string) {
  const res = await call('POST', '/api/asklines', as.cookie, { content });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; content: string; status: string };
}

async function review(id: string, decision: 'verify' | 'reject', as: Member = staff) {
  const res = await call('PUT', `/api/asklines/${id}/review`, as.cookie, { decision });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function published(as: Member, content: string) {
  const askline = await submit(as, content);
  await review(askline.id, 'verify');
  return askline;
}

const search = async (q: string, cookie?: string) => {
  const res = await call('GET', `/api/asklines/search?q=${encodeURIComponent(q)}`, cookie);
  expect(res.status, res.text).toBe(200);
  return (res.body.asklines as { id: string; content: string }[]).map((a) => a.content);
};

describe('submitting an askline', () => {
  it('starts unverified, seen as pending by its creator only', async () => {
    const asha = await member();
    const created = await submit(asha, '  What   is the best canteen on campus?  ');
    expect(created).toMatchObject({
      content: 'What is the best canteen on campus?',
      creatorUsername: asha.username,
      postCount: 0,
      status: 'pending',
    });
    const list = await call('GET', '/api/asklines', asha.cookie);
    expect(list.body.mine.map((a: { id: string }) => a.id)).toEqual([created.id]);
    expect(list.body.asklines.map((a: { id: string }) => a.id)).not.toContain(created.id);
    expect((await call('GET', `/api/asklines/${created.id}`, asha.cookie)).body.status).toBe('pending');
  });

  it('takes 128 characters and refuses 129, blank text, unknown fields and visitors', async () => {
    const asha = await member();
    expect((await submit(asha, 'q'.repeat(128))).content).toHaveLength(128);
    const tooLong = await call('POST', '/api/asklines', asha.cookie, { content: 'q'.repeat(129) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.message).toBe(ASKLINE_WRITE_MESSAGES.contentTooLong);
    const blank = await call('POST', '/api/asklines', asha.cookie, { content: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toBe(ASKLINE_WRITE_MESSAGES.contentRequired);
    const extra = await call('POST', '/api/asklines', asha.cookie, { content: 'Hi?', verified: true });
    expect(extra.status).toBe(400);
    const visitor = await call('POST', '/api/asklines', undefined, { content: 'Hi?' });
    expect(visitor.status).toBe(401);
    expect(visitor.body.error.message).toBe('You must be logged in to create an askline');
    const mine = (await call('GET', '/api/asklines', asha.cookie)).body.mine;
    expect(mine.map((a: { content: string }) => a.content)).toEqual(['q'.repeat(128)]);
  });
});

describe('verification', () => {
  it('only admins and moderators see the queue and decide', async () => {
    const creator = await member();
    const pending = await submit(creator, 'Which professor changed how you think?');
    const admin = await member({ userType: 'admin' });
    for (const [who, cookie, status] of [
      ['a visitor', undefined, 401],
      ['an ordinary user', (await member()).cookie, 403],
      ['the creator', creator.cookie, 403],
    ] as const) {
      const queue = await call('GET', '/api/asklines/pending', cookie);
      expect(queue.status, who).toBe(status);
      const decided = await call('PUT', `/api/asklines/${pending.id}/review`, cookie, { decision: 'verify' });
      expect(decided.status, who).toBe(status);
    }
    expect((await call('GET', `/api/asklines/${pending.id}`, creator.cookie)).body.status).toBe('pending');

    for (const who of [staff, admin]) {
      const queue = await call('GET', '/api/asklines/pending', who.cookie);
      expect(queue.status).toBe(200);
      expect(queue.body.asklines.map((a: { id: string }) => a.id)).toContain(pending.id);
    }
    expect((await review(pending.id, 'verify', admin)).status).toBe('verified');
    const queue = await call('GET', '/api/asklines/pending', staff.cookie);
    expect(queue.body.asklines.map((a: { id: string }) => a.id)).not.toContain(pending.id);
    const visitorList = await call('GET', '/api/asklines');
    expect(visitorList.body.asklines.map((a: { id: string }) => a.id)).toContain(pending.id);
    expect(visitorList.body.mine).toEqual([]);
  });

  it('a rejected askline stays hidden and is shown to its creator as rejected', async () => {
    const creator = await member();
    const turnedDown = await submit(creator, 'Rate your roommate out of ten');
    expect((await review(turnedDown.id, 'reject')).status).toBe('rejected');
    expect((await call('GET', `/api/asklines/${turnedDown.id}`)).status).toBe(404);
    const mine = (await call('GET', '/api/asklines', creator.cookie)).body.mine;
    expect(mine).toEqual([expect.objectContaining({ id: turnedDown.id, status: 'rejected' })]);
    const queue = await call('GET', '/api/asklines/pending', staff.cookie);
    expect(queue.body.asklines.map((a: { id: string }) => a.id)).not.toContain(turnedDown.id);
  });

  it('refuses an unknown decision and answers 404 for an unknown askline', async () => {
    const pending = await submit(await member(), 'Best sunrise spot near the hostel?');
    const odd = await call('PUT', `/api/asklines/${pending.id}/review`, staff.cookie, { decision: 'maybe' });
    expect(odd.status).toBe(400);
    const missing = await call(
      'PUT',
      '/api/asklines/00000000-0000-4000-8000-000000000000/review',
      staff.cookie,
      {
        decision: 'verify',
      },
    );
    expect(missing.status).toBe(404);
    expect(
      (await call('PUT', '/api/asklines/not-a-uuid/review', staff.cookie, { decision: 'verify' })).status,
    ).toBe(404);
  });
});

describe('an unverified askline, for everyone but its creator and staff', () => {
  it('never appears in a list, a page, its posts, a search or a random pick', async () => {
    const creator = await member();
    const other = await member();
    const hidden = await submit(creator, 'Zebra crossing confessions from the main gate?');
    const views: [string, string | undefined][] = [
      ['a visitor', undefined],
      ['another user', other.cookie],
    ];
    for (const [who, cookie] of views) {
      const list = await call('GET', '/api/asklines', cookie);
      expect(list.text, who).not.toContain(hidden.id);
      expect((await call('GET', `/api/asklines/${hidden.id}`, cookie)).status, who).toBe(404);
      expect((await call('GET', `/api/asklines/${hidden.id}/posts`, cookie)).status, who).toBe(404);
      expect(await search('Zebra crossing confessions', cookie), who).toEqual([]);
    }
    for (let i = 0; i < 30; i += 1) {
      const pick = await call('GET', '/api/asklines/random', other.cookie);
      if (pick.status === 200) expect(pick.body.id).not.toBe(hidden.id);
    }
    // Staff see it, to review it; a post cannot answer it yet.
    expect((await call('GET', `/api/asklines/${hidden.id}`, staff.cookie)).body.status).toBe('pending');
    const answer = await call('POST', '/api/posts', creator.cookie, { content: 'Hi', asklineId: hidden.id });
    expect(answer.status).toBe(400);
  });
});

describe('similar asklines', () => {
  beforeAll(async () => {
    const author = await member();
    for (const content of [
      'What will you miss the most about the campus',
      'Which canteen dish would you bring to every reunion?',
      'Describe your hostel room in three words',
      'What is the one lecture you will never forget?',
      'Who was your first friend on campus?',
    ]) {
      await published(author, content);
    }
  });

  it('finds the same prompt written differently, first', async () => {
    const found = await search('What will you miss most about campus?');
    expect(found[0]).toBe('What will you miss the most about the campus');
  });

  it('finds prompts containing a word, and nothing for unrelated text', async () => {
    expect(await search('hostel')).toEqual(['Describe your hostel room in three words']);
    expect(await search('How do I reset my router password?')).toEqual([]);
  });

  it('searches %, _, quotes and emoji as themselves', async () => {
    const author = await member();
    await published(author, '100% attendance or 75%? Be honest \' " 🎓');
    expect(await search('100%')).toEqual(['100% attendance or 75%? Be honest \' " 🎓']);
    expect(await search('%')).toEqual(['100% attendance or 75%? Be honest \' " 🎓']);
    expect(await search('_')).toEqual([]);
    expect(await search('\' " 🎓')).toEqual(['100% attendance or 75%? Be honest \' " 🎓']);
    expect(await search("'); drop table asklines; --")).toEqual([]);
  });

  it('refuses a blank query and control characters', async () => {
    const res = await call('GET', '/api/asklines/search?q=%20%20');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(ASKLINE_WRITE_MESSAGES.queryRequired);
    expect((await call('GET', '/api/asklines/search?q=a%00b')).status).toBe(400);
  });
});

describe('the random pick', () => {
  it('never returns the askline already chosen, and says when none is left', async () => {
    // A database of its own, so the pool holds exactly what this test puts there.
    const lonely = await startTestServer({ rateLimiter: NO_RATE_LIMITS });
    try {
      const creator = await createMember(lonely);
      const moderator = await createMember(lonely, { userType: 'moderator' });
      const none = await callJson(lonely, 'GET', '/api/asklines/random', creator.cookie);
      expect(none.status).toBe(404);
      expect(none.body.error.message).toBe('No verified asklines available');
      const only = await callJson(lonely, 'POST', '/api/asklines', creator.cookie, { content: 'Only one?' });
      await callJson(lonely, 'PUT', `/api/asklines/${only.body.id}/review`, moderator.cookie, {
        decision: 'verify',
      });
      const picked = await callJson(lonely, 'GET', '/api/asklines/random', creator.cookie);
      expect(picked.body).toEqual({ id: only.body.id, content: 'Only one?' });
      const other = await callJson(
        lonely,
        'GET',
        `/api/asklines/random?exclude=${only.body.id}`,
        creator.cookie,
      );
      expect(other.status).toBe(404);
      const second = await callJson(lonely, 'POST', '/api/asklines', creator.cookie, { content: 'Two?' });
      await callJson(lonely, 'PUT', `/api/asklines/${second.body.id}/review`, moderator.cookie, {
        decision: 'verify',
      });
      for (let i = 0; i < 10; i += 1) {
        const pick = await callJson(
          lonely,
          'GET',
          `/api/asklines/random?exclude=${only.body.id}`,
          creator.cookie,
        );
        expect(pick.body.id).toBe(second.body.id);
      }
      expect(
        (await callJson(lonely, 'GET', '/api/asklines/random?exclude=nope', creator.cookie)).status,
      ).toBe(400);
    } finally {
      await lonely.close();
    }
  });
});

describe('the askline of the day', () => {
  it('is none until one is verified, then one of the verified, the same for everyone all day', async () => {
    const own = await startTestServer({ rateLimiter: NO_RATE_LIMITS });
    try {
      const creator = await createMember(own);
      const moderator = await createMember(own, { userType: 'moderator' });
      const today = async (cookie?: string) => {
        const res = await callJson(own, 'GET', '/api/asklines/today', cookie);
        expect(res.status, res.text).toBe(200);
        return res.body.askline as { id: string; content: string } | null;
      };
      expect(await today()).toBeNull();
      const ask = async (content: string, verify: boolean) => {
        const made = await callJson(own, 'POST', '/api/asklines', creator.cookie, { content });
        if (verify) {
          await callJson(own, 'PUT', `/api/asklines/${made.body.id}/review`, moderator.cookie, {
            decision: 'verify',
          });
        }
        return made.body.id as string;
      };
      // One waiting for review is never the askline of the day.
      await ask('Still waiting for review?', false);
      expect(await today()).toBeNull();
      const verified = [
        await ask('Best canteen of the year?', true),
        await ask('Who was your first friend here?', true),
        await ask('Which exam scared you most?', true),
      ];
      const pick = await today();
      expect(verified).toContain(pick?.id);
      // The same for visitors and members, ask after ask.
      for (const cookie of [undefined, creator.cookie, moderator.cookie, undefined]) {
        expect(await today(cookie)).toEqual(pick);
      }
    } finally {
      await own.close();
    }
  });
});

describe("an askline's posts", () => {
  it('lists live answers newest first, counts only those, and pages without gaps', async () => {
    const asha = await member();
    const ravi = await member();
    const askline = await published(asha, 'What did you learn outside the classroom?');
    const ids: string[] = [];
    for (let i = 0; i < 14; i += 1) {
      const res = await call('POST', '/api/posts', i % 2 ? ravi.cookie : asha.cookie, {
        content: `Answer ${i}`,
        asklineId: askline.id,
        isAnonymous: i === 3,
      });
      expect(res.status, res.text).toBe(201);
      ids.push(res.body.id);
    }
    await call('POST', '/api/posts', asha.cookie, { content: 'Not an answer' });
    const gone = ids.pop() as string;
    expect((await call('DELETE', `/api/posts/${gone}`, ravi.cookie)).status).toBe(204);

    const one = await call('GET', `/api/asklines/${askline.id}`);
    expect(one.body).toMatchObject({ postCount: 13, status: 'verified', creatorUsername: asha.username });
    const listed = (await call('GET', '/api/asklines')).body.asklines.find(
      (a: { id: string }) => a.id === askline.id,
    );
    expect(listed.postCount).toBe(13);

    const seen: { id: string; author: unknown; content: string }[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
      const page = await call('GET', `/api/asklines/${askline.id}/posts${query}`);
      expect(page.status, page.text).toBe(200);
      seen.push(...page.body.posts);
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen.map((p) => p.id)).toEqual([...ids].reverse());
    const anonymous = seen.find((p) => p.content === 'Answer 3');
    expect(anonymous?.author).toBeNull();
    expect(JSON.stringify(seen)).not.toContain(ravi.account.userId);
  });

  it('answers 404 for an unknown or malformed askline', async () => {
    expect((await call('GET', '/api/asklines/00000000-0000-4000-8000-000000000000/posts')).status).toBe(404);
    const res = await call('GET', '/api/asklines/zzz');
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Askline not found.');
  });

  it('the verified list never names a creator by id', async () => {
    const rows = await server.database.db.select({ createdBy: asklines.createdBy }).from(asklines);
    const text = (await call('GET', '/api/asklines')).text;
    for (const { createdBy } of rows) expect(text).not.toContain(createdBy);
  });
});
