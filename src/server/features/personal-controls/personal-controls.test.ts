// Personal controls over HTTP on a real database (issue #48, decision 032): blocks, mutes, hidden posts
// and muted words, their bad input, and what each takes out of every list a member reads, with the
// inference rule: named and anonymous are two people to every control, and counts never move.
// @module-tag engine (runs on both engines: docs/architecture.md, "Tests")
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type Member } from '../../../../tests/support/accounts';
import {
  callJson,
  type HttpMethod,
  NO_RATE_LIMITS,
  startTestServer,
  type TestServer,
} from '../../../../tests/support/test-server';
import { CONTROL_LIMITS, CONTROL_MESSAGES } from '../../../shared/personal-controls';
import { FEED_PAGE_SIZE, POST_MESSAGES } from '../../../shared/posts';
import { PROFILE_MESSAGES } from '../../../shared/profiles';
import { queryRows } from '../../db/client';
import { asklines, blocks, hiddenPosts, mutedWords, mutes, posts } from '../../db/schema';
import { fillMatchText } from '../posts/fill-match-text';
import { MUTED_SKIP_LIMIT } from '../posts/list-page';
import { combinedPattern, mutedPhrase, textMatchForm } from '../safety';
import { mutedByWords } from './visibility';

let server: TestServer;
beforeAll(async () => {
  // Many accounts and writes from one address; the limit has its own test below.
  server = await startTestServer({ rateLimiter: NO_RATE_LIMITS });
});
afterAll(() => server.close());

const call = (member: Member | null, method: HttpMethod, path: string, body?: unknown) =>
  callJson(server, method, path, member?.cookie, body);

async function ok(member: Member, method: HttpMethod, path: string, body?: unknown) {
  const res = await call(member, method, path, body);
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return res.body;
}

const member = (fullName?: string) => createMember(server, fullName ? { fullName } : {});

async function post(as: Member, content: string, extra: Record<string, unknown> = {}): Promise<string> {
  return (await ok(as, 'POST', '/api/posts', { content, ...extra })).id as string;
}

interface ListedPost {
  id: string;
  likeCount: number;
  viewer: { hidden: boolean };
}

/** Every post of a paged list, following its cursors, and what each page said muted words hid. */
async function whole(as: Member | null, path: string) {
  const seen: ListedPost[] = [];
  const hidden: number[] = [];
  const sizes: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const join = path.includes('?') ? '&' : '?';
    const url: string = cursor ? `${path}${join}cursor=${encodeURIComponent(cursor)}` : path;
    const res = await call(as, 'GET', url);
    expect(res.status, `${url}: ${res.text}`).toBe(200);
    seen.push(...res.body.posts);
    sizes.push(res.body.posts.length);
    hidden.push(res.body.hiddenByMutedWords ?? 0);
    cursor = res.body.nextCursor;
    pages++;
  } while (cursor && pages < 100);
  return { ids: seen.map((p) => p.id), posts: seen, hidden, sizes };
}

const SORTS = ['default', 'newest', 'oldest', 'most_liked'] as const;

describe('blocking and muting a person', () => {
  it('blocks and unblocks by username, listed newest first with the cap', async () => {
    const [me, priya, ravi] = [await member(), await member('Priya Raman'), await member()];
    const added = await call(me, 'POST', '/api/controls/blocks', { username: priya.username });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({ username: priya.username, fullName: 'Priya Raman' });
    await ok(me, 'POST', '/api/controls/blocks', { username: ravi.username.toUpperCase() });
    const list = await ok(me, 'GET', '/api/controls/blocks');
    expect(list.people.map((p: { username: string }) => p.username)).toEqual([ravi.username, priya.username]);
    expect(list).toMatchObject({ count: 2, limit: CONTROL_LIMITS.blocks, nextCursor: null });
    // Nothing in it names an account by id.
    expect(JSON.stringify(list)).not.toContain(priya.account.userId);
    expect((await call(me, 'DELETE', `/api/controls/blocks/${priya.username}`)).status).toBe(204);
    const after = await ok(me, 'GET', '/api/controls/blocks');
    expect(after.people.map((p: { username: string }) => p.username)).toEqual([ravi.username]);
  });

  it('pages a long list by a cursor that names no account id', async () => {
    const me = await member();
    const others = await Promise.all(Array.from({ length: 53 }, () => member()));
    for (const other of others) await ok(me, 'POST', '/api/controls/mutes', { username: other.username });
    const first = await ok(me, 'GET', '/api/controls/mutes');
    expect(first.people).toHaveLength(50);
    expect(first.count).toBe(53);
    const decoded = Buffer.from(first.nextCursor, 'base64url').toString();
    for (const other of others) expect(decoded).not.toContain(other.account.userId);
    const second = await ok(me, 'GET', `/api/controls/mutes?cursor=${encodeURIComponent(first.nextCursor)}`);
    expect(second.people).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const all = [...first.people, ...second.people].map((p: { username: string }) => p.username);
    expect(new Set(all).size).toBe(53);
  });

  it.each(['blocks', 'mutes'] as const)(
    'refuses bad %s with a clear 4xx and stores nothing',
    async (kind) => {
      const [me, other] = [await member(), await member()];
      const table = kind === 'blocks' ? blocks : mutes;
      const actor = kind === 'blocks' ? blocks.blockerId : mutes.muterId;
      const rows = () => server.database.db.select().from(table).where(eq(actor, me.account.userId));
      const self = await call(me, 'POST', `/api/controls/${kind}`, { username: me.username });
      expect(self.status).toBe(400);
      expect(self.body.error.message).toBe(
        kind === 'blocks' ? CONTROL_MESSAGES.blockSelf : CONTROL_MESSAGES.muteSelf,
      );
      const missing = await call(me, 'POST', `/api/controls/${kind}`, { username: 'nobody_here_at_all' });
      expect(missing.status).toBe(404);
      expect(missing.body.error.message).toBe(PROFILE_MESSAGES.userMissing('nobody_here_at_all'));
      for (const body of [
        {},
        { username: '' },
        { username: 42 },
        { username: 'x'.repeat(500) },
        { who: 'a' },
      ]) {
        const res = await call(me, 'POST', `/api/controls/${kind}`, body);
        expect([400, 404], JSON.stringify(body)).toContain(res.status);
      }
      expect(await rows()).toEqual([]);
      await ok(me, 'POST', `/api/controls/${kind}`, { username: other.username });
      const twice = await call(me, 'POST', `/api/controls/${kind}`, { username: other.username });
      expect(twice.status).toBe(409);
      expect(twice.body.error.message).toBe(
        kind === 'blocks'
          ? CONTROL_MESSAGES.alreadyBlocked(other.username)
          : CONTROL_MESSAGES.alreadyMuted(other.username),
      );
      expect(await rows()).toHaveLength(1);
      const notDone = await call(me, 'DELETE', `/api/controls/${kind}/nobody_here_at_all`);
      expect(notDone.status).toBe(404);
    },
  );

  it.each(['blocks', 'mutes'] as const)('caps %s and says so, storing nothing more', async (kind) => {
    const me = await member();
    const cap = kind === 'blocks' ? CONTROL_LIMITS.blocks : CONTROL_LIMITS.mutes;
    // The cap's worth of rows, written straight in (accounts are cheap rows, sessions are not needed).
    const ids = await queryRows<{ id: string }>(
      server.database.db,
      sql`insert into users (id, name, email, email_verified, created_at, updated_at)
          select 'cap-' || ${kind} || '-' || g || '-' || ${me.account.userId}, 'x',
            'cap-' || ${kind} || '-' || g || '-' || ${me.account.userId} || '@example.com', true, now(), now()
          from generate_series(1, ${cap - 1}) g returning id`,
    );
    expect(ids).toHaveLength(cap - 1);
    const table = kind === 'blocks' ? 'blocks' : 'mutes';
    const [actor, target] = kind === 'blocks' ? ['blocker_id', 'blocked_id'] : ['muter_id', 'muted_id'];
    await server.database.db.execute(
      sql`insert into ${sql.raw(table)} (${sql.raw(actor)}, ${sql.raw(target)})
          select ${me.account.userId}, id from users where id like ${`cap-${kind}-%-${me.account.userId}`}`,
    );
    const [last, over] = [await member(), await member()];
    expect((await call(me, 'POST', `/api/controls/${kind}`, { username: last.username })).status).toBe(201);
    const refused = await call(me, 'POST', `/api/controls/${kind}`, { username: over.username });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      kind === 'blocks' ? CONTROL_MESSAGES.tooManyBlocks : CONTROL_MESSAGES.tooManyMutes,
    );
    const [count] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from ${sql.raw(table)} where ${sql.raw(actor)} = ${me.account.userId}`,
    );
    expect(count?.n).toBe(cap);
    expect((await ok(me, 'GET', `/api/controls/${kind}`)).count).toBe(cap);
  });

  it('keeps the cap when several are added at once', async () => {
    const me = await member();
    await server.database.db.execute(
      sql`insert into users (id, name, email, email_verified, created_at, updated_at)
          select 'race-' || g || '-' || ${me.account.userId}, 'x', 'race-' || g || '-' || ${me.account.userId} || '@example.com',
            true, now(), now() from generate_series(1, ${CONTROL_LIMITS.mutes - 2}) g`,
    );
    await server.database.db.execute(
      sql`insert into mutes (muter_id, muted_id)
          select ${me.account.userId}, id from users where id like ${`race-%-${me.account.userId}`}`,
    );
    const others = await Promise.all(Array.from({ length: 6 }, () => member()));
    const answers = await Promise.all(
      others.map((other) => call(me, 'POST', '/api/controls/mutes', { username: other.username })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(4);
    const [count] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from mutes where muter_id = ${me.account.userId}`,
    );
    expect(count?.n).toBe(CONTROL_LIMITS.mutes);
  });

  it('reads a member who blocked you as missing: their profile, their posts, blocking or muting them', async () => {
    const [blocker, blocked, bystander] = [await member('Blocking Bala'), await member(), await member()];
    await post(blocker, 'A named post before the block');
    await ok(blocker, 'POST', '/api/controls/blocks', { username: blocked.username });
    const missing = PROFILE_MESSAGES.userMissing(blocker.username);
    for (const path of [`/api/profiles/${blocker.username}`, `/api/profiles/${blocker.username}/posts`]) {
      const res = await call(blocked, 'GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.message).toBe(missing);
    }
    for (const kind of ['blocks', 'mutes']) {
      const res = await call(blocked, 'POST', `/api/controls/${kind}`, { username: blocker.username });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(missing);
    }
    // The same answer as for a username nobody has.
    const nobody = await call(blocked, 'GET', '/api/profiles/nobody_has_this');
    expect(nobody.status).toBe(404);
    // Anyone else reads the profile, its counts as they are.
    const seen = await ok(bystander, 'GET', `/api/profiles/${blocker.username}`);
    expect(seen.stats).toEqual({ posts: 1, likes: 0 });
    expect(seen.controls).toEqual({ blocked: false, muted: false, canBlock: true, canMute: true });
    // The blocker reads the blocked person's profile with "You blocked this person" and no posts.
    await post(blocked, 'A named post of the blocked person');
    const theirs = await ok(blocker, 'GET', `/api/profiles/${blocked.username}`);
    expect(theirs.controls).toMatchObject({ blocked: true, muted: false });
    expect(theirs.stats.posts).toBe(1);
    expect((await ok(blocker, 'GET', `/api/profiles/${blocked.username}/posts`)).posts).toEqual([]);
    // One's own profile says nothing of controls.
    expect((await ok(blocker, 'GET', `/api/profiles/${blocker.username}`)).controls).toBeUndefined();
  });
});

describe('hiding a post', () => {
  it('hides with "Not for me" and undoes it, listing what was hidden', async () => {
    const [me, author] = [await member(), await member()];
    const id = await post(author, 'Not for everyone');
    const hidden = await call(me, 'POST', '/api/controls/hidden-posts', { postId: id, reason: 'not_for_me' });
    expect(hidden.status, hidden.text).toBe(201);
    expect(hidden.body).toEqual({ postId: id, reason: 'not_for_me', message: null });
    const list = await ok(me, 'GET', '/api/controls/hidden-posts');
    expect(list.hidden).toEqual([
      expect.objectContaining({ reason: 'not_for_me', post: expect.objectContaining({ id }) }),
    ]);
    expect(list.hidden[0].post.viewer.hidden).toBe(true);
    // Its own page shows it, saying it is hidden (Undo).
    expect((await ok(me, 'GET', `/api/posts/${id}`)).viewer).toMatchObject({ hidden: true, canHide: true });
    expect((await call(me, 'DELETE', `/api/controls/hidden-posts/${id}`)).status).toBe(204);
    expect((await ok(me, 'GET', '/api/controls/hidden-posts')).hidden).toEqual([]);
    expect((await ok(me, 'GET', `/api/posts/${id}`)).viewer.hidden).toBe(false);
  });

  it('mutes the author of an anonymous post as that post alone, and says why in words', async () => {
    const [me, author] = [await member(), await member()];
    const first = await post(author, 'An anonymous thought', { isAnonymous: true });
    const second = await post(author, 'Another anonymous thought', { isAnonymous: true });
    const res = await call(me, 'POST', '/api/controls/hidden-posts', {
      postId: first,
      reason: 'muted_author',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      postId: first,
      reason: 'muted_author',
      message: CONTROL_MESSAGES.anonymousAuthorMuted,
    });
    const feed = await whole(me, '/api/posts?sort=newest');
    expect(feed.ids).not.toContain(first);
    // The same author's other anonymous post stays: nothing groups them.
    expect(feed.ids).toContain(second);
    // The card offers "Mute this author" on an anonymous post as the post, on a named one as the person.
    const named = await post(author, 'A named thought');
    expect((await ok(me, 'GET', `/api/posts/${second}`)).viewer).toMatchObject({
      canMuteAuthor: 'post',
      canBlockAuthor: false,
      canHide: true,
    });
    expect((await ok(me, 'GET', `/api/posts/${named}`)).viewer).toMatchObject({
      canMuteAuthor: 'person',
      canBlockAuthor: true,
    });
    expect((await ok(author, 'GET', `/api/posts/${named}`)).viewer).toMatchObject({
      canMuteAuthor: 'none',
      canBlockAuthor: false,
      canHide: false,
    });
  });

  it('refuses bad hiding with a clear 4xx and stores nothing', async () => {
    const [me, author] = [await member(), await member()];
    const named = await post(author, 'Named and hideable');
    const mine = await post(me, 'My own post', { isAnonymous: true });
    const rows = () =>
      server.database.db.select().from(hiddenPosts).where(eq(hiddenPosts.userId, me.account.userId));
    const cases: [unknown, number, string | null][] = [
      [{ postId: mine, reason: 'not_for_me' }, 400, CONTROL_MESSAGES.hideOwn],
      [{ postId: named, reason: 'muted_author' }, 400, CONTROL_MESSAGES.mutedAuthorNamed],
      [{ postId: '00000000-0000-4000-8000-000000000000', reason: 'not_for_me' }, 404, POST_MESSAGES.notFound],
      [{ postId: 'not-a-uuid', reason: 'not_for_me' }, 400, null],
      [{ postId: named, reason: 'because' }, 400, CONTROL_MESSAGES.chooseReason],
      [{ postId: named }, 400, CONTROL_MESSAGES.chooseReason],
      [{ reason: 'not_for_me' }, 400, null],
    ];
    for (const [body, status, message] of cases) {
      const res = await call(me, 'POST', '/api/controls/hidden-posts', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (message) expect(res.body.error.message).toBe(message);
    }
    expect(await rows()).toEqual([]);
    await ok(me, 'POST', '/api/controls/hidden-posts', { postId: named, reason: 'not_for_me' });
    const twice = await call(me, 'POST', '/api/controls/hidden-posts', {
      postId: named,
      reason: 'muted_author',
    });
    expect(twice.status).toBe(400);
    const again = await call(me, 'POST', '/api/controls/hidden-posts', {
      postId: named,
      reason: 'not_for_me',
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(CONTROL_MESSAGES.alreadyHidden);
    expect(await rows()).toHaveLength(1);
    const notHidden = await call(me, 'DELETE', `/api/controls/hidden-posts/${mine}`);
    expect(notHidden.status).toBe(404);
    expect(notHidden.body.error.message).toBe(CONTROL_MESSAGES.notHidden);
  });
});

describe('muted words', () => {
  it('mutes for 24h, 7d, 30d or always, with the server deciding when each ends', async () => {
    const me = await member();
    const before = Date.now();
    const added: Record<string, { expiresAt: string | null; id: string }> = {};
    for (const [phrase, duration] of [
      ['canteen', '24h'],
      ['hostel', '7d'],
      ['exam', '30d'],
      ['placement', 'always'],
    ] as const) {
      const res = await call(me, 'POST', '/api/controls/muted-words', { phrase, duration });
      expect(res.status, res.text).toBe(201);
      added[phrase] = res.body;
    }
    const hours = (phrase: string) => (Date.parse(added[phrase]?.expiresAt ?? '') - before) / 3_600_000;
    expect(hours('canteen')).toBeCloseTo(24, 0);
    expect(hours('hostel')).toBeCloseTo(7 * 24, 0);
    expect(hours('exam')).toBeCloseTo(30 * 24, 0);
    expect(added.placement?.expiresAt).toBeNull();
    // No duration: always.
    const plain = await ok(me, 'POST', '/api/controls/muted-words', { phrase: '  Mess   Food ' });
    expect(plain).toMatchObject({ phrase: 'Mess Food', expiresAt: null });
    const list = await ok(me, 'GET', '/api/controls/muted-words');
    expect(list.limit).toBe(CONTROL_LIMITS.mutedWords);
    expect(list.words.map((w: { phrase: string }) => w.phrase)).toEqual([
      'Mess Food',
      'placement',
      'exam',
      'hostel',
      'canteen',
    ]);
    expect((await call(me, 'DELETE', `/api/controls/muted-words/${added.exam?.id}`)).status).toBe(204);
    expect((await call(me, 'DELETE', `/api/controls/muted-words/${added.exam?.id}`)).status).toBe(404);
  });

  it('refuses a bad word with a clear 4xx and stores nothing', async () => {
    const me = await member();
    const rows = () =>
      server.database.db.select().from(mutedWords).where(eq(mutedWords.userId, me.account.userId));
    const cases: [unknown, string][] = [
      [{ phrase: 'a'.repeat(500) }, CONTROL_MESSAGES.phraseTooLong],
      [{ phrase: 'a'.repeat(CONTROL_LIMITS.phraseMaxLength + 1) }, CONTROL_MESSAGES.phraseTooLong],
      [{ phrase: '' }, CONTROL_MESSAGES.phraseRequired],
      [{ phrase: '    ' }, CONTROL_MESSAGES.phraseRequired],
      [{}, CONTROL_MESSAGES.phraseRequired],
      [{ phrase: 7 }, CONTROL_MESSAGES.phraseRequired],
      [{ phrase: '2024 !!' }, CONTROL_MESSAGES.phraseNoLetters],
      [{ phrase: 'bad\u0007word' }, CONTROL_MESSAGES.phraseControlCharacters],
      [{ phrase: 'exam', duration: 'forever' }, CONTROL_MESSAGES.chooseDuration],
      [{ phrase: 'exam', duration: 24 }, CONTROL_MESSAGES.chooseDuration],
    ];
    for (const [body, message] of cases) {
      const res = await call(me, 'POST', '/api/controls/muted-words', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message, JSON.stringify(body)).toBe(message);
    }
    expect(await rows()).toEqual([]);
    await ok(me, 'POST', '/api/controls/muted-words', { phrase: 'Exam' });
    // Read as the text check reads it: the same word however it is written.
    for (const phrase of ['exam', 'EXAM', 'Ｅｘａｍ']) {
      const twice = await call(me, 'POST', '/api/controls/muted-words', { phrase });
      expect(twice.status, phrase).toBe(409);
      expect(twice.body.error.message).toBe(CONTROL_MESSAGES.alreadyMutedWord(phrase));
    }
    expect(await rows()).toHaveLength(1);
  });

  it('caps the words at 100 and says so; an expired word is gone and does not count', async () => {
    const me = await member();
    for (let i = 0; i < CONTROL_LIMITS.mutedWords - 1; i++) {
      const word = `word${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`;
      const muted = mutedPhrase(word);
      if (!muted) throw new Error(word);
      await server.database.db
        .insert(mutedWords)
        .values({ userId: me.account.userId, phrase: word, ...muted })
        .onConflictDoNothing();
    }
    const [had] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from muted_words where user_id = ${me.account.userId}`,
    );
    const room = CONTROL_LIMITS.mutedWords - (had?.n ?? 0);
    for (let i = 0; i < room; i++)
      await ok(me, 'POST', '/api/controls/muted-words', { phrase: `extra${'z'.repeat(i + 1)}` });
    const over = await call(me, 'POST', '/api/controls/muted-words', { phrase: 'onemore' });
    expect(over.status).toBe(409);
    expect(over.body.error.message).toBe(CONTROL_MESSAGES.tooManyWords);
    // One runs out: it stops acting, leaves the list, and makes room.
    await server.database.db.execute(
      sql`update muted_words set expires_at = now() - interval '1 second'
          where id = (select id from muted_words where user_id = ${me.account.userId} limit 1)`,
    );
    expect((await ok(me, 'GET', '/api/controls/muted-words')).words).toHaveLength(
      CONTROL_LIMITS.mutedWords - 1,
    );
    expect((await call(me, 'POST', '/api/controls/muted-words', { phrase: 'onemore' })).status).toBe(201);
    const [count] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from muted_words where user_id = ${me.account.userId}`,
    );
    expect(count?.n).toBe(CONTROL_LIMITS.mutedWords);
  });

  it('matches in SQL as in JavaScript: the text as the text check reads it', async () => {
    const texts = [
      'The EXAM was long',
      'so many exaaams',
      'e x a m tomorrow',
      'an example',
      'Ｅｘａｍ hall',
      '3xam',
    ];
    const muted = mutedPhrase('exam');
    const pattern = combinedPattern(muted ? [muted] : []) ?? '';
    const rows = await queryRows<{ hit: boolean }>(
      server.database.db,
      sql`select m ~ ${pattern} as hit
          from unnest(${`{${texts.map((t) => `"${textMatchForm(t)}"`).join(',')}}`}::text[]) as m`,
    );
    const js = texts.map((t) => new RegExp(pattern, 'u').test(textMatchForm(t)));
    expect(rows.map((r) => r.hit)).toEqual(js);
    expect(js).toEqual([true, true, true, false, true, true]);
  });
});

describe("a viewer's muted words in SQL", () => {
  it('make one expression that hides what the same phrases hide in JavaScript, every kind of ending', async () => {
    const me = await member();
    const phrases = ['exam', 'Bus Stop', 'परीक्षा', 'कल परीक्षा', 'hostel'];
    for (const phrase of phrases) await ok(me, 'POST', '/api/controls/muted-words', { phrase });
    const texts = [
      'exams tomorrow',
      'an example',
      'the busstop',
      'stop the bus',
      'परीक्षाएँ',
      'अपरीक्षा',
      'कल परीक्षा है',
      'Ｈｏｓｔｅｌ life',
      'hostile',
      'nothing here',
    ];
    const forms = texts.map(textMatchForm);
    const text = sql.raw('m');
    const rows = await queryRows<{ hit: boolean }>(
      server.database.db,
      sql`select ${mutedByWords(me.account.userId, {
        id: sql`null::uuid`,
        userId: sql`null::text`,
        isAnonymous: sql`false`,
        content: text,
        matchText: text,
      })} as hit
          from unnest(${`{${forms.map((f) => `"${f}"`).join(',')}}`}::text[]) with ordinality as u(m, i)
          order by i`,
    );
    const js = new RegExp(
      combinedPattern(phrases.map((p) => mutedPhrase(p)).filter((p) => p !== null)) ?? '',
      'u',
    );
    expect(rows.map((row) => row.hit)).toEqual(forms.map((form) => js.test(form)));
    expect(rows.map((row) => row.hit)).toEqual([
      true,
      false,
      true,
      false,
      true,
      false,
      true,
      true,
      false,
      false,
    ]);
    // An expired word stops acting at its time, by the database's clock.
    await server.database.db.execute(
      sql`update muted_words set expires_at = now() - interval '1 second' where user_id = ${me.account.userId}`,
    );
    const after = await queryRows<{ hit: boolean }>(
      server.database.db,
      sql`select ${mutedByWords(me.account.userId, {
        id: sql`null::uuid`,
        userId: sql`null::text`,
        isAnonymous: sql`false`,
        content: sql`'exam'`,
        matchText: sql`'exam'`,
      })} as hit`,
    );
    expect(after).toEqual([{ hit: false }]);
  });
});

describe('what the controls take out of the lists', () => {
  // A fresh cast for this part: the viewer, the people they act on, and someone who acts on the viewer.
  let viewer: Member;
  let blockedByViewer: Member;
  let blockerOfViewer: Member;
  let muted: Member;
  let bystander: Member;
  const ids: Record<string, string> = {};
  let asklineId: string;

  beforeAll(async () => {
    viewer = await member('Vera Viewer');
    blockedByViewer = await member('Bhanu Blocked');
    blockerOfViewer = await member('Charu Blocker');
    muted = await member('Meena Muted');
    bystander = await member('Bala Bystander');
    const [askline] = await server.database.db
      .insert(asklines)
      .values({
        content: 'What should the library change?',
        createdBy: bystander.account.userId,
        verified: true,
      })
      .returning();
    asklineId = askline?.id ?? '';
    for (const [key, who] of [
      ['blocked', blockedByViewer],
      ['blocker', blockerOfViewer],
      ['muted', muted],
    ] as const) {
      ids[`${key}Named`] = await post(who, `Named ${key} quokkaline`, { asklineId });
      ids[`${key}Anonymous`] = await post(who, `Anonymous ${key} quokkaline`, {
        isAnonymous: true,
        asklineId,
      });
    }
    ids.bystanderNamed = await post(bystander, 'Bystander named quokkaline', { asklineId });
    ids.toHide = await post(bystander, 'Bystander hidden quokkaline', { asklineId });
    ids.wordy = await post(bystander, 'The Canteen dosa quokkaline', { asklineId });
    ids.viewerOwnWordy = await post(viewer, 'My own canteen quokkaline', { asklineId });
    // Likes before the controls: counts must stay as they are.
    for (const id of Object.values(ids)) await ok(bystander, 'PUT', `/api/posts/${id}/like`);
    await ok(viewer, 'POST', '/api/controls/blocks', { username: blockedByViewer.username });
    await ok(blockerOfViewer, 'POST', '/api/controls/blocks', { username: viewer.username });
    await ok(viewer, 'POST', '/api/controls/mutes', { username: muted.username });
    await ok(viewer, 'POST', '/api/controls/hidden-posts', { postId: ids.toHide, reason: 'not_for_me' });
    await ok(viewer, 'POST', '/api/controls/muted-words', { phrase: 'CANTEEN' });
  });

  /** What the viewer must not read in a list, and what must stay (rule 1: anonymous posts stay). */
  function expectFiltered(listed: string[], options: { mutes: boolean; hidden: boolean; words: boolean }) {
    expect(listed).not.toContain(ids.blockedNamed);
    expect(listed).not.toContain(ids.blockerNamed);
    for (const key of [
      'blockedAnonymous',
      'blockerAnonymous',
      'mutedAnonymous',
      'bystanderNamed',
      'viewerOwnWordy',
    ]) {
      expect(listed, key).toContain(ids[key]);
    }
    expect(listed.includes(ids.mutedNamed ?? '')).toBe(!options.mutes);
    expect(listed.includes(ids.toHide ?? '')).toBe(!options.hidden);
    expect(listed.includes(ids.wordy ?? '')).toBe(!options.words);
  }

  it.each(SORTS)(
    'the %s feed leaves out blocked, muted, hidden and muted-word posts, counting the last',
    async (sort) => {
      const feed = await whole(viewer, `/api/posts?sort=${sort}`);
      expectFiltered(feed.ids, { mutes: true, hidden: true, words: true });
      expect(feed.hidden.reduce((a, b) => a + b, 0)).toBe(1);
      const shown = await whole(viewer, `/api/posts?sort=${sort}&showMuted=true`);
      expectFiltered(shown.ids, { mutes: true, hidden: true, words: false });
      expect(shown.hidden.every((n) => n === 0)).toBe(true);
      // Counts never move: every like is counted whoever gave it.
      for (const listed of feed.posts) {
        if (Object.values(ids).includes(listed.id)) expect(listed.likeCount).toBe(1);
      }
    },
  );

  it("an askline's page leaves them out as the feed does, and counts what muted words hid", async () => {
    const page = await whole(viewer, `/api/asklines/${asklineId}/posts`);
    expectFiltered(page.ids, { mutes: true, hidden: true, words: true });
    expect(page.hidden).toEqual([1]);
    const shown = await whole(viewer, `/api/asklines/${asklineId}/posts?showMuted=true`);
    expect(shown.ids).toContain(ids.wordy);
    // A visitor reads it whole.
    const visitor = await whole(null, `/api/asklines/${asklineId}/posts`);
    expect(visitor.ids).toEqual(
      expect.arrayContaining(
        Object.entries(ids)
          .filter(([k]) => k !== 'viewerOwnWordy')
          .map(([, id]) => id),
      ),
    );
  });

  it('post search leaves out blocked, muted and hidden posts (muted words do not hide what was asked for)', async () => {
    const found = await ok(viewer, 'GET', '/api/search/posts?q=quokkaline');
    const listed = found.posts.map((p: ListedPost) => p.id);
    expectFiltered(listed, { mutes: true, hidden: true, words: false });
    expect(found.total.count).toBe(listed.length);
    // Two words find them the same way (the index is asked first).
    const words = await ok(viewer, 'GET', `/api/search/posts?q=${encodeURIComponent('quokkaline named')}`);
    expect(words.posts.map((p: ListedPost) => p.id)).not.toContain(ids.blockedNamed);
  });

  it('people search does not find someone who blocked the viewer; the blocker still finds whom they blocked', async () => {
    const blockers = await ok(viewer, 'GET', `/api/search/users?q=${blockerOfViewer.username}`);
    expect(blockers.users).toEqual([]);
    const byName = await ok(viewer, 'GET', '/api/search/users?q=Charu');
    expect(byName.users.map((u: { username: string }) => u.username)).not.toContain(blockerOfViewer.username);
    const blocked = await ok(viewer, 'GET', `/api/search/users?q=${blockedByViewer.username}`);
    expect(blocked.users.map((u: { username: string }) => u.username)).toEqual([blockedByViewer.username]);
    const other = await ok(bystander, 'GET', `/api/search/users?q=${blockerOfViewer.username}`);
    expect(other.users.map((u: { username: string }) => u.username)).toEqual([blockerOfViewer.username]);
  });

  it('a named post between two people one of whom blocked the other is missing to both; anonymous ones are not', async () => {
    const notFound = await call(viewer, 'GET', '/api/posts/00000000-0000-4000-8000-00000000beef');
    for (const id of [ids.blockedNamed, ids.blockerNamed]) {
      const res = await call(viewer, 'GET', `/api/posts/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(notFound.body.error.message);
    }
    // Both ways: the viewer's own named post is missing to the one who blocked them; others' are not.
    expect((await call(blockerOfViewer, 'GET', `/api/posts/${ids.viewerOwnWordy}`)).status).toBe(404);
    expect((await call(blockerOfViewer, 'GET', `/api/posts/${ids.bystanderNamed}`)).status).toBe(200);
    for (const id of [ids.blockedAnonymous, ids.blockerAnonymous, ids.mutedNamed, ids.toHide]) {
      expect((await call(viewer, 'GET', `/api/posts/${id}`)).status).toBe(200);
    }
    // A muted person's profile, opened on purpose, lists their named posts.
    const theirs = await whole(viewer, `/api/profiles/${muted.username}/posts`);
    expect(theirs.ids).toEqual([ids.mutedNamed]);
  });

  it('likes: a named post across a block reads as missing; an anonymous post is never refused, and counts hold', async () => {
    const missing = await call(viewer, 'PUT', '/api/posts/00000000-0000-4000-8000-00000000beef/like');
    for (const id of [ids.blockedNamed, ids.blockerNamed]) {
      for (const method of ['PUT', 'DELETE'] as const) {
        const res = await call(viewer, method, `/api/posts/${id}/like`);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({
          ...missing.body,
          error: { ...missing.body.error, requestId: res.body.error.requestId },
        });
      }
    }
    for (const id of [ids.blockedAnonymous, ids.blockerAnonymous]) {
      expect((await ok(viewer, 'PUT', `/api/posts/${id}/like`)).likeCount).toBe(2);
      expect((await ok(viewer, 'DELETE', `/api/posts/${id}/like`)).likeCount).toBe(1);
    }
    const [row] = await server.database.db
      .select()
      .from(posts)
      .where(eq(posts.id, ids.blockerNamed ?? ''));
    expect(row?.likeCount).toBe(1);
    // The blocker may still like the viewer's anonymous post (they cannot know it is the viewer's).
    const viewersAnonymous = await post(viewer, 'Viewer anonymous quokkaline', { isAnonymous: true });
    expect((await ok(blockerOfViewer, 'PUT', `/api/posts/${viewersAnonymous}/like`)).likeCount).toBe(1);
  });

  it('notifications: a blocked or muted liker is not named, and the count is every like', async () => {
    const author = await member();
    const id = await post(author, 'Liked by many');
    const [fan, blockedFan, mutedFan] = [await member('Fan Fathima'), await member(), await member()];
    await ok(fan, 'PUT', `/api/posts/${id}/like`);
    await ok(blockedFan, 'PUT', `/api/posts/${id}/like`);
    await ok(mutedFan, 'PUT', `/api/posts/${id}/like`);
    const likesOf = async () =>
      (await ok(author, 'GET', '/api/notifications')).notifications.find(
        (n: { post: { id: string } | null }) => n.post?.id === id,
      ).likes;
    expect(await likesOf()).toEqual({
      count: 3,
      latest: { username: mutedFan.username, fullName: expect.any(String) },
    });
    await ok(author, 'POST', '/api/controls/mutes', { username: mutedFan.username });
    await ok(author, 'POST', '/api/controls/blocks', { username: blockedFan.username });
    expect(await likesOf()).toEqual({
      count: 3,
      latest: { username: fan.username, fullName: 'Fan Fathima' },
    });
    await ok(author, 'POST', '/api/controls/mutes', { username: fan.username });
    expect(await likesOf()).toEqual({ count: 3, latest: null });
  });

  it('keeps a keyset page full when many posts are hidden, and the statement count as it was', async () => {
    const [reader, noisy] = [await member(), await member()];
    for (let i = 0; i < 30; i++) await post(noisy, `Noisy post number ${i}`);
    await ok(reader, 'POST', '/api/controls/mutes', { username: noisy.username });
    for (let i = 0; i < 15; i++) await post(bystander, `Spoiler quokkafest ${i}`);
    await ok(reader, 'POST', '/api/controls/muted-words', { phrase: 'spoiler' });
    const feed = await whole(reader, '/api/posts?sort=newest');
    // Every page but the last is full, and the hidden ones are counted once each.
    expect(feed.sizes.slice(0, -1).every((n) => n === 12)).toBe(true);
    expect(feed.hidden.reduce((a, b) => a + b, 0)).toBe(15);
    expect(feed.hidden[0]).toBe(15);
    await server.notificationStreams.settle();
    for (const sort of SORTS) {
      const recording = server.database.recordQueries();
      expect((await call(reader, 'GET', `/api/posts?sort=${sort}`)).status).toBe(200);
      expect(recording.stop().length, sort).toBeLessThanOrEqual(sort === 'default' ? 2 : 1);
    }
  });

  it('reads at most a page and MUTED_SKIP_LIMIT more posts for muted words, and goes on from there', async () => {
    const reader = await member();
    const flood = await member();
    for (let i = 0; i < 120; i++) await post(flood, `Floodword number ${i}`);
    await ok(reader, 'POST', '/api/controls/muted-words', { phrase: 'floodword' });
    const first = await ok(reader, 'GET', '/api/posts?sort=newest');
    expect(first.posts).toEqual([]);
    const read = FEED_PAGE_SIZE + 1 + MUTED_SKIP_LIMIT;
    expect(first.hiddenByMutedWords).toBe(read);
    expect(first.nextCursor).not.toBeNull();
    const second = await ok(
      reader,
      'GET',
      `/api/posts?sort=newest&cursor=${encodeURIComponent(first.nextCursor)}`,
    );
    expect(second.hiddenByMutedWords).toBe(120 - read);
    expect(second.posts).toHaveLength(12);
  });
});

describe('the muted-word form of older posts', () => {
  it('is filled in at start for posts written before it, and acts on them', async () => {
    const [author, reader] = [await member(), await member()];
    const id = await post(author, 'An old Ｈｏｓｔｅｌ story');
    await server.database.db.update(posts).set({ matchText: null }).where(eq(posts.id, id));
    await ok(reader, 'POST', '/api/controls/muted-words', { phrase: 'hostel' });
    // Before the backfill, the lower-cased text stands in (the fullwidth letters are missed).
    expect((await whole(reader, '/api/posts?sort=newest')).ids).toContain(id);
    expect(await fillMatchText({ db: server.database.db, batchSize: 2 })).toBeGreaterThanOrEqual(1);
    const [row] = await server.database.db.select().from(posts).where(eq(posts.id, id));
    expect(row?.matchText).toBe(textMatchForm('An old Ｈｏｓｔｅｌ story'));
    expect((await whole(reader, '/api/posts?sort=newest')).ids).not.toContain(id);
    expect(await fillMatchText({ db: server.database.db })).toBe(0);
  });
});
