// Every way the search statements reach an answer gives the SPEC §7 answer (issue #25): each result is
// compared, all pages through their cursors and the first page's capped count, with the rule written
// plainly as one query (contains, any case; plain words also in any order) on the same database, so the
// comparison holds whatever the engine's locale folds. Posts: matches among the recent posts, beyond
// them, both, counts at and over the cap, one word (the walk first) and several (the word-edges index
// first), symbols, spacing and scripts. People: the walk in username order, and beyond it.
// @module-tag engine (runs on both engines: docs/architecture.md, "Tests")
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProfile, insertUser } from '../../../../tests/support/factories';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-database';
import { SEARCH_COUNT_CAP } from '../../../shared/search';
import { queryRows } from '../../db/client';
import { escapeLike } from '../../db/escape-like';
import { posts } from '../../db/schema';
import { RECENT_WINDOW, searchPosts } from './search-posts';
import { searchUsers, WALK_LIMIT } from './search-users';

let database: TestDatabase;
let author: string;
beforeAll(async () => {
  database = await createTestDatabase();
  author = (await insertUser(database.db)).id;
  await insertProfile(database.db, author);
});
afterAll(() => database.destroy());

/** SPEC §7 as one plain query: every live post matching, newest first. */
async function expectedPosts(query: string): Promise<string[]> {
  const words = query.split(/\s+/).filter(Boolean);
  const plain = words.length >= 2 && words.every((word) => /^[\p{L}\p{N}]+$/u.test(word));
  const rows = await queryRows<{ id: string }>(
    database.db,
    sql`select id from posts where not deleted
          and (content ilike ${`%${escapeLike(query)}%`}
               or (${plain}::boolean and search_vector @@ plainto_tsquery('simple', ${query})))
        order by created_at desc, id desc`,
  );
  return rows.map((row) => row.id);
}

/** Every page of the search, through its cursors, and the first page's count. */
async function foundPosts(query: string) {
  const ids: string[] = [];
  let cursor: string | undefined;
  let total: { count: number; more: boolean } | null = null;
  let pages = 0;
  do {
    const page = await searchPosts(database.db, query, author, cursor);
    if (pages === 0) total = page.total;
    else expect(page.total).toBeNull();
    ids.push(...page.rows.map((row) => row.id));
    cursor = page.nextCursor ?? undefined;
    pages += 1;
  } while (cursor && pages < 100);
  return { ids, total };
}

async function expectExact(query: string, matches?: number) {
  const expected = await expectedPosts(query);
  if (matches !== undefined) expect(expected, query).toHaveLength(matches);
  const { ids, total } = await foundPosts(query);
  expect(ids, query).toEqual(expected);
  expect(total, query).toEqual({
    count: Math.min(expected.length, SEARCH_COUNT_CAP),
    more: expected.length > SEARCH_COUNT_CAP,
  });
}

/** Posts one minute apart going back from `minutesAgo`, as one statement. */
async function insertPosts(contents: string[], minutesAgo: number, deleted = false) {
  if (contents.length === 0) return;
  await database.db.insert(posts).values(
    contents.map((content, i) => ({
      userId: author,
      content,
      deleted,
      createdAt: new Date(Date.now() - (minutesAgo + i) * 60_000),
    })),
  );
}

describe('posts: the SPEC answer on every path', () => {
  it('with symbols, spacing, case and scripts, in one word or several', async () => {
    // Few posts: the walk sees them all, so a short result comes from the index and a long one from
    // the walk. Compared with the rule in plain SQL, whatever this engine's lower() does with İ or ß.
    const contents = [
      'The canteen DOSA is the best thing on campus',
      'Dosa at the canteen again? Always.',
      'canteen,chai at noon',
      'canteen-chai forever',
      'xcanteen chaiy',
      'CANTEEN CHAI',
      'canteen  chai with two spaces',
      'chai then canteen',
      'canteen\nchai on two lines',
      'see http://canteen.example/chai',
      'write to chai@canteen.example',
      "100% sure it's _the_ best",
      "it's the best",
      '100 % unsure',
      'İstanbul trip',
      'istanbul TRIP again',
      'Straße fest',
      'STRASSE FEST',
      'ΟΔΟΣ path',
      'οδος path',
      'café canteen',
      'CAFÉ CANTEEN',
      'graduation 🎓 canteen',
      'a b c',
      'back\\slash text',
      'under_score chai',
      'naïve user',
      'NAÏVE USER',
      'தமிழ் நண்பர்கள்',
      'नमस्ते दोस्त',
      // Hashtags (issue #51): a tag's link searches for it with its '#'.
      'CAT over #exams done',
      'exams without a tag',
      '#Exams2026 prep',
      'the #exams week',
    ];
    await insertPosts(contents, 10);
    await insertPosts(['canteen chai, deleted', 'deleted canteen chai'], 5, true);
    const queries = [
      'canteen chai',
      'CHAI canteen',
      'canteen  chai',
      'teen chai',
      'n c',
      'canteen,chai',
      'canteen-chai',
      "it's _the_",
      '_the_ best',
      '100% sure',
      '% s',
      'istanbul trip',
      'İSTANBUL',
      'straße fest',
      'strasse',
      'οδος path',
      'ΟΔΟΣ',
      'café canteen',
      'CAFÉ',
      '🎓 canteen',
      'a b',
      'b c',
      'back\\slash',
      'under_score chai',
      'naïve user',
      'தமிழ் நண்பர்கள்',
      'नमस्ते दोस्त',
      'dosa canteen',
      'the best',
      'canteen chai at',
      'at noon',
      'chai',
      '#exams',
      '#EXAMS',
      '#exams week',
    ];
    for (const query of queries) await expectExact(query);
    // A hashtag is found as written, '#' and all: not the posts that only say the word.
    expect(await expectedPosts('#exams')).toHaveLength(3);
    // A few the rule must find, so the comparison is not of two empty lists.
    expect(await expectedPosts('canteen chai')).toHaveLength(7);
    expect(await expectedPosts('dosa canteen')).toHaveLength(2);
    expect(await expectedPosts("it's _the_")).toHaveLength(1);
  });

  it('beyond the recent posts, across them, and counted at and over the cap', async () => {
    // RECENT_WINDOW + 500 live posts in between, so matches can lie beyond the recent window.
    const filler = RECENT_WINDOW + 500;
    await database.db.execute(sql`
      insert into posts (user_id, content, created_at)
      select ${author}, 'filler post ' || g, now() - (1000 + g) * interval '1 minute'
      from generate_series(1, ${filler}) g`);
    const recent = 1_000; // minutes ago: among the newest posts
    const old = 1_000 + filler + 10; // older than every filler post
    const times = (text: string, n: number) => Array.from({ length: n }, (_, i) => `${text} ${i}`);
    // One word: the walk first.
    await insertPosts(times('alpha', 5), recent);
    await insertPosts(times('alpha', 55), old);
    await insertPosts(times('bravo', 20), recent + 100);
    await insertPosts(times('bravo', 40), old + 100);
    await insertPosts(times('charlie', 8), old + 200);
    await insertPosts(times('delta', SEARCH_COUNT_CAP), old + 300);
    await insertPosts(times('echo', SEARCH_COUNT_CAP + 1), old + 400);
    await insertPosts(times('plenty', 70), recent + 200);
    // Several words: the index first.
    await insertPosts(times('foxtrot golf', 55), old + 500);
    await insertPosts(times('hotel india', 30), old + 600);
    await insertPosts(times('juliet kilo', 20), recent + 300);
    await insertPosts(times('kilo and juliet', 40), old + 700);
    await insertPosts(times('lima mike', SEARCH_COUNT_CAP), old + 800);
    await insertPosts(times('november oscar', SEARCH_COUNT_CAP + 1), old + 900);
    await insertPosts(times('papa quebec', 70), recent + 400);
    await insertPosts(times('papa quebec deleted', 20), recent + 500, true);

    await expectExact('alpha', 60); // under a page among the recent posts, over the cap in all
    await expectExact('bravo', 60); // a page among the recent posts, the count beyond them
    await expectExact('charlie', 8); // only beyond the recent posts
    await expectExact('delta', SEARCH_COUNT_CAP);
    await expectExact('echo', SEARCH_COUNT_CAP + 1);
    await expectExact('plenty', 70); // page and count among the recent posts
    await expectExact('foxtrot golf', 55);
    await expectExact('hotel india', 30);
    await expectExact('juliet kilo', 60); // 40 of them as "kilo and juliet": whole words in any order
    await expectExact('lima mike', SEARCH_COUNT_CAP);
    await expectExact('november oscar', SEARCH_COUNT_CAP + 1);
    await expectExact('papa quebec', 70);
    await expectExact('nothing like this', 0);
  }, 120_000);
});

describe('people: the SPEC answer on every path', () => {
  /** SPEC §7 as one plain query: every profile matching, by username. */
  async function expectedUsers(query: string): Promise<string[]> {
    const pattern = `%${escapeLike(query)}%`;
    const rows = await queryRows<{ username: string }>(
      database.db,
      sql`select username from profiles where username ilike ${pattern} or full_name ilike ${pattern}
          order by username`,
    );
    return rows.map((row) => row.username);
  }

  async function expectExactUsers(query: string, matches: number) {
    const expected = await expectedUsers(query);
    expect(expected, query).toHaveLength(matches);
    const found: string[] = [];
    let cursor: string | undefined;
    let total: unknown = null;
    let pages = 0;
    do {
      const page = await searchUsers(database.db, query, cursor, 'a-viewer');
      if (pages === 0) total = page.total;
      found.push(...page.rows.map((row) => row.username));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor && pages < 100);
    expect(found, query).toEqual(expected);
    expect(total, query).toEqual({
      count: Math.min(matches, SEARCH_COUNT_CAP),
      more: matches > SEARCH_COUNT_CAP,
    });
  }

  it('in username order and beyond the walk, counted at and over the cap', async () => {
    // WALK_LIMIT + 500 usernames first in order ("aa_…"), and the rare names after them all ("zz_…").
    const name = (g: string) =>
      sql.raw(`(array['Asha Raman','Ravi Kumar','Meera Nair','Kiran Rao'])[1 + ${g} % 4]`);
    await database.db.execute(sql`
      insert into users (id, name, email, email_verified)
      select 'walk' || g, 'Walk ' || g, 'walk' || g || '@example.com', true
      from generate_series(1, ${WALK_LIMIT + 500}) g`);
    await database.db.execute(sql`
      insert into profiles (user_id, username, email, full_name, graduation_year)
      select 'walk' || g, 'aa_' || lpad(g::text, 5, '0'), 'walk' || g || '@example.com', ${name('g')}, 2025
      from generate_series(1, ${WALK_LIMIT + 500}) g`);
    const rare = [
      ['Zedd Lone', 8],
      ['Quill Fifty', SEARCH_COUNT_CAP],
      ['Quill Fiftyone', SEARCH_COUNT_CAP + 1],
      ['Yara Many', 70],
    ] as const;
    for (const [fullName, n] of rare) {
      const tag = fullName.split(' ')[1]?.toLowerCase() ?? '';
      await database.db.execute(sql`
        insert into users (id, name, email, email_verified)
        select ${tag} || g, 'Rare', ${tag} || g || '@example.com', true from generate_series(1, ${n}) g`);
      await database.db.execute(sql`
        insert into profiles (user_id, username, email, full_name, graduation_year)
        select ${tag} || g, 'zz_' || ${tag} || '_' || lpad(g::text, 3, '0'), ${tag} || g || '@example.com',
          ${fullName}, 2025
        from generate_series(1, ${n}) g`);
    }
    await expectExactUsers('meera', (WALK_LIMIT + 500) / 4); // the walk fills the page and the count
    await expectExactUsers('ZEDD', 8);
    await expectExactUsers('quill fifty', SEARCH_COUNT_CAP + SEARCH_COUNT_CAP + 1); // "Fiftyone" too
    await expectExactUsers('fiftyone', SEARCH_COUNT_CAP + 1);
    await expectExactUsers('yara', 70);
    await expectExactUsers('zz_lone_00', 8);
    await expectExactUsers('nobody at all', 0);
  }, 120_000);
});
