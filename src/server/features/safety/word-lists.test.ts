// Admins extending the text check (issue #47) over HTTP on a real database: a word added makes the
// check (and posting) answer rethink or hold for a text that was ok; an allowlisted word stops a false
// hit of the built-in lists; what is refused and why; removal; the log; and another instance on the same
// database building its checker again when it hears of the change.
// @module-tag engine (runs on both engines: docs/architecture.md, "Tests")
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMember, type Member } from '../../../../tests/support/accounts';
import { scaled } from '../../../../tests/support/machine-factor';
import {
  callJson,
  NO_RATE_LIMITS,
  startTestServer,
  type TestServer,
} from '../../../../tests/support/test-server';
import type { WordListEntry, WordListPage } from '../../../shared/safety';
import type { Database } from '../../db/client';
import { moderationLog } from '../../db/schema';
import { listeningTextChecker, RELOAD_WHILE_DEAF_MS } from './current-checker';

let server: TestServer;
let admin: Member;
let writer: Member;

beforeAll(async () => {
  server = await startTestServer({ rateLimiter: NO_RATE_LIMITS });
  [admin, writer] = await Promise.all([
    createMember(server, { userType: 'admin', username: 'ada_words' }),
    createMember(server),
  ]);
});
afterAll(() => server.close());

const call = (method: Parameters<typeof callJson>[1], path: string, who?: Member, body?: unknown) =>
  callJson(server, method, path, who?.cookie, body);
const verdict = async (text: string) =>
  (await call('POST', '/api/safety/check', writer, { text, anonymous: false })).body.verdict as string;

async function add(list: string, term: string): Promise<WordListEntry> {
  const res = await call('POST', '/api/admin/word-lists', admin, { list, term });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const remove = (id: string) => call('DELETE', `/api/admin/word-lists/${id}`, admin);

describe('an added word', () => {
  it('makes the check ask to think again, or hold, where it said ok; removed, ok again', async () => {
    expect(await verdict('what a grobnik you are')).toBe('ok');
    expect(await verdict('I will zorvak you tonight')).toBe('ok');
    const insult = await add('insult', 'grobnik');
    const threat = await add('threat', 'zorvak');
    expect(insult).toMatchObject({ list: 'insult', term: 'grobnik', addedBy: 'ada_words' });
    // Read as the check reads every word: case, repeats, look-alikes.
    const check = await call('POST', '/api/safety/check', writer, { text: 'what a GROBNIKK you are' });
    expect(check.body).toEqual({ verdict: 'rethink', reasons: [{ category: 'insult', match: 'GROBNIKK' }] });
    expect(await verdict('I will zоrvak you tonight')).toBe('hold');
    // Posting applies the same check on the server.
    const posted = await call('POST', '/api/posts', writer, { content: 'I will zorvak you tonight' });
    expect(posted.status, posted.text).toBe(202);
    expect(posted.body.held).toBe(true);

    expect((await remove(insult.id)).status).toBe(204);
    expect((await remove(threat.id)).status).toBe(204);
    expect(await verdict('what a grobnik you are')).toBe('ok');
    expect(await verdict('I will zorvak you tonight')).toBe('ok');
    expect((await remove(threat.id)).status).toBe(404);
  });

  it('on the allowlist, stops a false hit of the built-in lists (which stay)', async () => {
    // Tamil "one shop", spelled like the swear word "otha" (decision 028's one false hit).
    expect(await verdict('otha kadai la tea kudikalam')).toBe('rethink');
    const allowed = await add('allow', 'otha kadai');
    expect(await verdict('otha kadai la tea kudikalam')).toBe('ok');
    // Only where it stands: the swear word alone still counts.
    expect(await verdict('otha enna da idhu')).toBe('rethink');
    expect((await remove(allowed.id)).status).toBe(204);
    expect(await verdict('otha kadai la tea kudikalam')).toBe('rethink');
  });

  it('is listed newest first with who added it and what each list does, and logged both ways', async () => {
    const first = await add('slur', 'blorgish');
    const second = await add('allow', 'Blorgishire');
    const page = (await call('GET', '/api/admin/word-lists', admin)).body as WordListPage;
    expect(page.entries.slice(0, 2).map((entry) => [entry.term, entry.list, entry.addedBy])).toEqual([
      ['Blorgishire', 'allow', 'ada_words'],
      ['blorgish', 'slur', 'ada_words'],
    ]);
    expect(page.lists).toContainEqual({ list: 'slur', effect: 'hold' });
    expect(page.lists).toContainEqual({ list: 'profanity', effect: 'rethink' });
    expect(page.lists).toContainEqual({ list: 'allow', effect: 'allow' });
    // The allowlisted place name is not a slur; the word alone is.
    expect(await verdict('a trip to Blorgishire')).toBe('ok');
    expect(await verdict('you blorgish lot')).toBe('hold');
    await remove(first.id);
    await remove(second.id);
    const log = await server.database.db
      .select({ action: moderationLog.action, detail: moderationLog.detail })
      .from(moderationLog)
      .where(eq(moderationLog.actorId, admin.account.userId));
    expect(log).toEqual(
      expect.arrayContaining([
        { action: 'word_list_added', detail: 'Slurs: “blorgish”' },
        { action: 'word_list_added', detail: 'Allowlist: “Blorgishire”' },
        { action: 'word_list_removed', detail: 'Slurs: “blorgish”' },
        { action: 'word_list_removed', detail: 'Allowlist: “Blorgishire”' },
      ]),
    );
  });

  it('pages the list without gaps or repeats', async () => {
    const added: string[] = [];
    // Letters no spelling rule folds together, so that the check reads 55 different words.
    const letters = 'bdglmnprtv';
    const word = (i: number) => `plonk${letters[i % 10]}a${letters[Math.floor(i / 10)]}`;
    for (let i = 0; i < 55; i++) added.push((await add('profanity', word(i))).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
      const page = (await call('GET', `/api/admin/word-lists${query}`, admin)).body as WordListPage;
      seen.push(...page.entries.map((entry) => entry.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.filter((id) => added.includes(id))).toEqual([...added].reverse());
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of added) await remove(id);
  });
});

describe('what is refused', () => {
  it.each([
    [{ list: 'threat', term: '' }, 'Write the word or phrase.'],
    [{ list: 'threat', term: '   ' }, 'Write the word or phrase.'],
    [{ list: 'threat', term: 'x'.repeat(61) }, 'A term can be at most 60 characters.'],
    [{ list: 'threat', term: 'bad\u0007word' }, 'Please remove special control characters.'],
    [{ list: 'threat', term: 'bad\u202eword' }, 'Please remove special control characters.'],
    [{ list: 'threat', term: 'ba*d' }, 'A * may stand only at the start or the end of a term.'],
    [{ list: 'allow', term: 'good*' }, 'Allowlist words are matched whole: leave out the *.'],
    [{ list: 'threat', term: '!!' }, 'A term needs at least 2 letters the check can read.'],
    [{ list: 'threat', term: '*k*' }, 'A term needs at least 2 letters the check can read.'],
    [{ list: 'names_member', term: 'someone' }, 'Choose a list.'],
    [{ list: 'threat' }, 'Write the word or phrase.'],
  ])('%j: 400 "%s", and nothing changes', async (body, message) => {
    const before = (await call('GET', '/api/admin/word-lists', admin)).body.entries;
    const res = await call('POST', '/api/admin/word-lists', admin, body);
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect((await call('GET', '/api/admin/word-lists', admin)).body.entries).toEqual(before);
  });

  it('a word already on the lists as the check reads it: 409, whichever list, or built into the same one', async () => {
    const entry = await add('harassment', 'phlimsy');
    for (const [list, term] of [
      ['harassment', 'FLIMSY'],
      ['allow', 'flimsy'],
      ['threat', 'phlímsy'],
    ]) {
      const res = await call('POST', '/api/admin/word-lists', admin, { list, term });
      expect(res.status, `${list} ${term}`).toBe(409);
      expect(res.body.error.message).toContain('already added as “phlimsy”: Bullying');
    }
    const builtIn = await call('POST', '/api/admin/word-lists', admin, { list: 'profanity', term: 'Shit' });
    expect(builtIn.status).toBe(409);
    expect(builtIn.body.error.message).toBe('“Shit” is already on the built-in list: Swearing.');
    const allowed = await call('POST', '/api/admin/word-lists', admin, { list: 'allow', term: 'scunthorpe' });
    expect(allowed.status).toBe(409);
    // A built-in mild word may be made severe on this campus.
    const severe = await add('slur', 'shit');
    expect(await verdict('shit')).toBe('hold');
    await remove(severe.id);
    await remove(entry.id);
    expect(await verdict('shit')).toBe('rethink');
  });

  it('two admins adding one word at once: one is added, the other told 409', async () => {
    const other = await createMember(server, { userType: 'admin' });
    const answers = await Promise.all([
      call('POST', '/api/admin/word-lists', admin, { list: 'insult', term: 'snorfle' }),
      call('POST', '/api/admin/word-lists', other, { list: 'threat', term: 'SNORFLE' }),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
    const added = answers.find((res) => res.status === 201);
    await remove(added?.body.id);
  });

  it('is for admins alone', async () => {
    const moderator = await createMember(server, { userType: 'moderator' });
    for (const [who, status] of [
      [moderator, 403],
      [writer, 403],
      [undefined, 401],
    ] as const) {
      expect((await call('GET', '/api/admin/word-lists', who)).status).toBe(status);
      const res = await call('POST', '/api/admin/word-lists', who, { list: 'threat', term: 'quibbix' });
      expect(res.status).toBe(status);
    }
    expect(
      (await call('POST', '/api/admin/word-lists', moderator, { list: 'threat', term: 'x' })).body.error
        .message,
    ).toBe('Only admins can change the word lists.');
    expect(await verdict('quibbix')).toBe('ok');
  });
});

describe('another instance on the same database', () => {
  it('builds its checker again when it hears of a change', async () => {
    const elsewhere = listeningTextChecker(server.database);
    expect((await elsewhere.get()).check('you wumblefrog').verdict).toBe('ok');
    const entry = await add('threat', 'wumblefrog');
    await vi.waitFor(
      async () => expect((await elsewhere.get()).check('you wumblefrog').verdict).toBe('hold'),
      {
        timeout: scaled(5_000),
      },
    );
    await remove(entry.id);
    await vi.waitFor(async () => expect((await elsewhere.get()).check('you wumblefrog').verdict).toBe('ok'), {
      timeout: scaled(5_000),
    });
  });

  it('reads the words again every few seconds while it cannot hear changes', async () => {
    // An instance whose listening connection is lost: it is told so, and hears nothing after.
    let handlers: Parameters<Database['listen']>[1] | undefined;
    const deaf: Database = {
      ...server.database,
      listen: (_channel, given) => {
        handlers = given;
        return { settle: async () => {} };
      },
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const checker = listeningTextChecker(deaf);
      handlers?.onListening();
      expect((await checker.get()).check('a quozzle day').verdict).toBe('ok');
      handlers?.onLost();
      const entry = await add('profanity', 'quozzle');
      // Within the few seconds it still checks with what it read...
      expect((await checker.get()).check('a quozzle day').verdict).toBe('ok');
      // ...and after them reads the words again.
      vi.setSystemTime(Date.now() + RELOAD_WHILE_DEAF_MS + 1);
      expect((await checker.get()).check('a quozzle day').verdict).toBe('rethink');
      await remove(entry.id);
    } finally {
      vi.useRealTimers();
    }
  });
});
