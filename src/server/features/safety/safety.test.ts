// POST /api/safety/check over HTTP on a real database (issue #47): the contract the composer and the
// tests use, the word lists' verdicts, and the Fizz rule: an anonymous text naming a member is held,
// whichever way it names them, and the answer quotes only what the sender typed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createMember, type Member, sessionFor } from '../../../../tests/support/accounts';
import {
  callJson,
  NO_RATE_LIMITS,
  startTestServer,
  type TestServer,
} from '../../../../tests/support/test-server';
import { namingCandidates } from './find-named-members';

let server: TestServer;
let writer: Member;
let named: Member;

beforeAll(async () => {
  server = await startTestServer({ rateLimiter: NO_RATE_LIMITS });
  writer = await createMember(server, { fullName: 'Writer Person' });
  named = await createMember(server, { username: 'tanvi_oberoi', fullName: 'Tanvika Oberoiyan' });
});
afterAll(() => server.close());

const check = (body: unknown, cookie: string | undefined = writer.cookie) =>
  callJson(server, 'POST', '/api/safety/check', cookie, body);

describe('POST /api/safety/check', () => {
  it('answers ok with no reasons for a kind text', async () => {
    const res = await check({ text: 'Exams are over, see you all at the fest!', anonymous: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ verdict: 'ok', reasons: [] });
  });

  it('asks to think again about swearing, quoting the words as written', async () => {
    const res = await check({ text: 'this exam was f.u.c.k.i.n.g hard', anonymous: false });
    expect(res.body.verdict).toBe('rethink');
    expect(res.body.reasons).toEqual([{ category: 'profanity', match: expect.stringContaining('f.u.c.k') }]);
  });

  it('holds a threat', async () => {
    const res = await check({ text: 'I will kill you after class', anonymous: false });
    expect(res.body.verdict).toBe('hold');
    expect(res.body.reasons.map((r: { category: string }) => r.category)).toContain('threat');
  });

  it('defaults anonymous to false', async () => {
    const res = await check({ text: '@tanvi_oberoi lovely poem' });
    expect(res.body).toEqual({ verdict: 'ok', reasons: [] });
  });

  it.each([
    ['an @username', 'why is @Tanvi_Oberoi like this', '@Tanvi_Oberoi'],
    ['a full name', 'saw tanvika oberoiyan crying in the library', 'tanvika oberoiyan'],
    ['a full name in look-alike letters', 'Tаnvika Оberoiyan is so fake', 'Tаnvika Оberoiyan'],
    ['a first name beside a campus word', 'Tanvika from VIT Chennai, you know who', 'Tanvika from VIT'],
  ])('holds an anonymous text naming a member by %s', async (_, text, match) => {
    const res = await check({ text, anonymous: true });
    expect(res.body.verdict).toBe('hold');
    expect(res.body.reasons).toContainEqual({ category: 'names_member', match });
    // Nothing of the member beyond what was typed.
    expect(res.text).not.toContain(named.account.userId);
    if (!text.includes('@')) expect(res.text.toLowerCase()).not.toContain('tanvi_oberoi');
  });

  it('does not count a name on its own without a campus word, nor a named post, nor the author', async () => {
    expect((await check({ text: 'Tanvika is a nice name', anonymous: true })).body.verdict).toBe('ok');
    expect((await check({ text: 'Tanvika Oberoiyan is great', anonymous: false })).body.verdict).toBe('ok');
    const self = await check(
      { text: 'I am Tanvika Oberoiyan, ask me anything', anonymous: true },
      named.cookie,
    );
    expect(self.body.verdict).toBe('ok');
    expect((await check({ text: 'a @nobody_here_at_all post', anonymous: true })).body.verdict).toBe('ok');
  });

  it('refuses visitors (401) and accounts without a profile (403)', async () => {
    expect((await check({ text: 'hello' }, '')).status).toBe(401);
    const bare = await createAccount(server, { profile: false });
    expect((await check({ text: 'hello' }, await sessionFor(server, bare))).status).toBe(403);
  });

  it.each([
    [{}, 'Send the text to check.'],
    [{ text: 5 }, 'Send the text to check.'],
    [{ text: 'x'.repeat(1001) }, 'The text to check can be at most 1000 characters.'],
    [{ text: 'hi', anonymous: 'yes' }, 'anonymous must be true or false.'],
    [{ text: 'hi', extra: 1 }, undefined],
  ])('refuses bad input with a 400: %j', async (body, message) => {
    const res = await check(body);
    expect(res.status).toBe(400);
    if (message) expect(res.body.error.message).toBe(message);
  });
});

describe('namingCandidates', () => {
  it('reads @usernames, runs of words, and first names only beside a campus word', () => {
    const found = namingCandidates('Hey @Ravi.K. and Meera Nair from vellore');
    expect([...found.usernames]).toEqual([['ravi.k', '@Ravi.K']]);
    expect(found.fullNames.get('meera nair')).toBe('Meera Nair');
    expect(found.firstNames.get('meera')).toBe('Meera Nair from vellore');
    expect(namingCandidates('Meera Nair is here').firstNames.size).toBe(0);
  });
});
