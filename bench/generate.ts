// The benchmark data set, written with set-based SQL (generate_series, one statement per table), so a
// million posts take seconds to minutes rather than hours. Deterministic: the same scale gives the same
// rows, so two runs measure the same thing. Bench users are `bench_{n}` (email bench{n}@bench.test); the
// first SIGN_IN_USERS of them have the password BENCH_PASSWORD, so the load can sign in as real people.
import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../src/server/db/client';
import { mutedPhrase, textMatchForm } from '../src/server/features/safety/word-pattern';

export interface Scale {
  users: number;
  posts: number;
  likes: number;
  asklines: number;
  reports: number;
}

export const DEFAULT_SCALE: Scale = {
  users: 50_000,
  posts: 1_000_000,
  likes: 5_000_000,
  asklines: 2_000,
  reports: 20_000,
};

export const BENCH_PASSWORD = 'bench-password-1';
export const SIGN_IN_USERS = 500;

/** The scale with every count multiplied by `posts / DEFAULT_SCALE.posts` (users at least 1,000). */
export function scaleForPosts(posts: number): Scale {
  const f = posts / DEFAULT_SCALE.posts;
  return {
    users: Math.max(1_000, Math.round(DEFAULT_SCALE.users * f)),
    posts,
    likes: Math.round(DEFAULT_SCALE.likes * f),
    asklines: Math.max(100, Math.round(DEFAULT_SCALE.asklines * f)),
    reports: Math.max(100, Math.round(DEFAULT_SCALE.reports * f)),
  };
}

// Words students write, in the mix the feed shows: English with Tamil/Hindi in Latin letters, and some
// words the post search benchmark looks for.
const WORDS = [
  'hostel',
  'mess',
  'exam',
  'placement',
  'fest',
  'riviera',
  'gravitas',
  'library',
  'canteen',
  'lab',
  'project',
  'friends',
  'memories',
  'campus',
  'night',
  'chai',
  'maggi',
  'bus',
  'class',
  'attendance',
  'professor',
  'assignment',
  'deadline',
  'internship',
  'coding',
  'club',
  'football',
  'cricket',
  'rain',
  'monsoon',
  'biryani',
  'semester',
  'grades',
  'quiz',
  'viva',
  'review',
  'hackathon',
  'startup',
  'dance',
  'music',
  'photography',
  'trip',
  'yelagiri',
  'chennai',
  'vellore',
  'amaravati',
  'roommate',
  'laundry',
  'wifi',
  'juice',
  'gate',
  'proxy',
  'backlog',
  'summer',
  'winter',
  'farewell',
  'freshers',
  'seniors',
  'machan',
  'semma',
  'scene',
  'vibe',
  'yaar',
  'bhai',
  'da',
  'super',
  'finally',
  'missing',
  'best',
  'worst',
  'always',
  'never',
  'again',
  'tomorrow',
  'today',
  'yesterday',
  'everyone',
  'someone',
  'thanks',
  'love',
];
const FIRST = [
  'Aarav',
  'Diya',
  'Karthik',
  'Meera',
  'Rohan',
  'Ananya',
  'Vikram',
  'Priya',
  'Arjun',
  'Sneha',
  'Rahul',
  'Kavya',
  'Aditya',
  'Ishita',
  'Siddharth',
  'Nithya',
  'Harsha',
  'Lakshmi',
  'Varun',
  'Pooja',
];
const LAST = [
  'Sharma',
  'Iyer',
  'Reddy',
  'Nair',
  'Kumar',
  'Patel',
  'Menon',
  'Rao',
  'Gupta',
  'Pillai',
  'Das',
  'Singh',
  'Krishnan',
  'Bose',
  'Verma',
  'Joshi',
  'Naidu',
  'Chatterjee',
  'Mehta',
  'Shetty',
];

/**
 * Words and phrases the bench users mute (issue #48): topics people tire of, none of them in WORDS,
 * so each hides little; each user also mutes one word of WORDS, which hides a good share of posts.
 */
const MUTED = [
  'spoiler',
  'bigg boss',
  'ipl',
  'crypto',
  'election',
  'breakup',
  'gym',
  'diet',
  'horoscope',
  'cricket score',
  'stock tips',
  'nft',
  'anime',
  'kdrama',
  'webseries',
  'trailer',
  'leak',
  'result leak',
  'gossip',
  'drama',
  'politics',
  'manifesto',
  'rally',
  'betting',
  'lottery',
  'giveaway',
  'followers',
  'reels',
  'influencer',
  'promo code',
  'discount',
  'sale',
  'referral',
  'mlm',
  'forex',
  'astrology',
  'tarot',
  'ex',
  'situationship',
  'rant',
  'cringe',
  'toxic',
  'ghosted',
  'red flag',
  'pyq',
  'cutoff',
  'rank list',
  'arrear',
  'supply',
].slice(0, 49);

const textArray = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]`);

/** A word chosen by an integer expression (`seed` is SQL), from WORDS (or its matched forms). */
const word = (seed: string, from = 'w.words') => `(${from})[1 + ((${seed}) % ${WORDS.length})]`;
/** The words as the text check reads them (textMatchForm), position for position. */
const FORMS = WORDS.map(textMatchForm);

/**
 * A post's text from its number: six words, then pairs repeated, cut at 256 characters. With `forms`,
 * the same from the words' matched forms: the post's match_text (muted words match it). Each word is
 * read on its own (lower-case letters between single spaces), so this is the text's own form, but for
 * a cut word at the end, which may be cut elsewhere.
 */
const postText = (from: string) =>
  `left(array_to_string(array[${[0, 1, 2, 3, 4, 5].map((i) => word(`g * ${7 + i * 6} + ${i}`, from)).join(', ')}], ' ')` +
  ` || repeat(' ' || ${word('g * 41 + 9', from)} || ' ' || ${word('g * 43 + 10', from)}, g % 12), 256)`;

export interface GenerateReport {
  counts: Record<string, number>;
  seconds: Record<string, number>;
}

/** Fills an empty, migrated database. `log` gets one line per step. */
export async function generate(
  db: Db,
  scale: Scale,
  log: (line: string) => void = () => undefined,
): Promise<GenerateReport> {
  const seconds: Record<string, number> = {};
  const step = async (name: string, query: ReturnType<typeof sql>) => {
    const started = performance.now();
    await db.execute(query);
    seconds[name] = Math.round((performance.now() - started) / 10) / 100;
    log(`  ${name}: ${seconds[name]} s`);
  };
  const passwordHash = await hashPassword(BENCH_PASSWORD);

  await step(
    'users',
    sql`insert into users (id, name, email, email_verified, created_at, updated_at)
        select 'bench_' || g, 'Bench ' || g, 'bench' || g || '@bench.test', true,
               now() - (g % 5000) * interval '1 hour', now()
        from generate_series(1, ${scale.users}) g`,
  );
  await step(
    'profiles',
    sql`insert into profiles (user_id, username, email, full_name, bio, institution, graduation_year, created_at)
        select 'bench_' || g, 'bench_' || g, 'bench' || g || '@bench.test',
               (${textArray(FIRST)})[1 + g % ${FIRST.length}] || ' ' || (${textArray(LAST)})[1 + (g / 7) % ${LAST.length}],
               case when g % 3 = 0 then 'Class of ' || (2020 + g % 11) || ', ' || (case when g % 2 = 0 then 'VITC' else 'VITV' end) else '' end,
               (case when g % 2 = 0 then 'VITC' else 'VITV' end)::institution,
               2020 + g % 11,
               now() - (g % 5000) * interval '1 hour'
        from generate_series(1, ${scale.users}) g`,
  );
  await step(
    'accounts',
    sql`insert into accounts (id, account_id, provider_id, user_id, password)
        select 'bench_acc_' || g, 'bench_' || g, 'credential', 'bench_' || g, ${passwordHash}
        from generate_series(1, ${Math.min(SIGN_IN_USERS, scale.users)}) g`,
  );
  await step(
    'asklines',
    sql`insert into asklines (content, created_by, created_at, verified, reviewed_at)
        select initcap(${sql.raw(word('g * 7'))}) || ' ' || ${sql.raw(word('g * 13 + 1'))} || ' moment of ' ||
               ${sql.raw(word('g * 17 + 2'))} || ' #' || g || '?',
               'bench_' || (1 + g % ${scale.users}),
               now() - g * interval '3 hours',
               g % 10 <> 0,
               case when g % 10 <> 0 then now() end
        from generate_series(1, ${scale.asklines}) g, (select ${textArray(WORDS)} as words) w`,
  );
  // Bulk load as PostgreSQL's manual advises: the secondary indexes of posts and likes (trigram and
  // full-text GIN among them) are dropped first and built once at the end, rather than updated row by row.
  const secondaryIndexes = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
        from pg_index i join pg_class t on t.oid = i.indrelid
        where t.relname in ('posts', 'likes')
          and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
  );
  for (const index of secondaryIndexes) await db.execute(sql.raw(`drop index ${index.name}`));
  // Foreign keys checked row by row, and the likes primary key kept up row by row, cost more than the
  // rows themselves at millions: they go too, and are put back (checked once, built once) at the end.
  // Likes are made unique by the query instead.
  const constraints = await queryRows<{ table: string; name: string; definition: string }>(
    db,
    sql`select t.relname as table, c.conname as name, pg_get_constraintdef(c.oid) as definition
        from pg_constraint c join pg_class t on t.oid = c.conrelid
        where (t.relname in ('posts', 'likes') and c.contype = 'f') or (t.relname = 'likes' and c.contype = 'p')
        order by c.contype = 'p'`,
  );
  for (const c of constraints) await db.execute(sql.raw(`alter table ${c.table} drop constraint ${c.name}`));

  // Posts: one a ~30 s apart back from now; 10% anonymous, 2% deleted, 5% answering an askline;
  // 6 to 30 words. Authors follow a skewed spread: a few people post a lot.
  await step(
    'posts',
    sql`with a as (select array_agg(id order by created_at) as ids from asklines where verified)
        insert into posts (user_id, content, match_text, is_anonymous, askline_id, created_at, deleted)
        select 'bench_' || (1 + floor(${scale.users} * power(((g * 2654435761::bigint) % 1000003) / 1000003.0, 2)))::int,
               ${sql.raw(postText('w.words'))},
               ${sql.raw(postText('w.forms'))},
               g % 10 = 0,
               case when g % 20 = 0 then a.ids[1 + g % greatest(array_length(a.ids, 1), 1)] end,
               now() - g * interval '30 seconds',
               g % 50 = 0
        from generate_series(1, ${scale.posts}) g, a,
          (select ${textArray(WORDS)} as words, ${textArray(FORMS)} as forms) w`,
  );
  await step(
    'post numbers',
    sql`create unlogged table if not exists bench_post_numbers as
        select (row_number() over (order by created_at desc, id desc) - 1)::int as n, id
        from posts where not deleted`,
  );
  await db.execute(sql`create unique index if not exists bench_post_numbers_n on bench_post_numbers (n)`);
  // Likes: skewed to new and popular posts; each (user, post) pair once.
  await step(
    'likes',
    sql`with p as (select count(*)::bigint as total from bench_post_numbers)
        insert into likes (user_id, post_id, created_at)
        select user_id, post_id, max(created_at) from (
          select 'bench_' || (1 + g % ${scale.users}) as user_id, n.id as post_id,
                 now() - (g % 100000) * interval '1 minute' as created_at
          from generate_series(0, ${scale.likes - 1}) g
          cross join p
          join bench_post_numbers n
            on n.n = floor(p.total * power(((g * 2654435761::bigint + 12345) % 1000003) / 1000003.0, 3))::int
        ) pairs
        group by user_id, post_id`,
  );
  await step(
    'like counts',
    sql`update posts set like_count = c.count
        from (select post_id, count(*)::int as count from likes group by post_id) c
        where posts.id = c.post_id`,
  );
  await step(
    'reports',
    sql`with chosen as (
          select n.id, g from generate_series(1, ${scale.reports}) g
          join bench_post_numbers n on n.n = (g * 7919) % (select count(*) from bench_post_numbers)
        ), inserted as (
          insert into reports (post_id, report_count, resolved, created_at)
          select id, 1 + g % 3, case when g % 4 = 0 then true end, now() - g * interval '10 minutes'
          from chosen on conflict do nothing returning post_id, report_count
        )
        insert into report_reasons (post_id, reporter_id, reason)
        select i.post_id, 'bench_' || (1 + (k * 131 + abs(hashtext(i.post_id::text)::bigint)) % ${scale.users}),
               (array['spam','harassment','hate','personal_information','self_harm','other'])[1 + k % 6]
        from inserted i, generate_series(1, i.report_count) k
        on conflict do nothing`,
  );
  await db.execute(sql`drop table bench_post_numbers`);
  const indexStarted = performance.now();
  const restoreStarted = performance.now();
  for (const c of [...constraints].reverse()) {
    await db.execute(sql.raw(`alter table ${c.table} add constraint ${c.name} ${c.definition}`));
  }
  seconds.constraints = Math.round((performance.now() - restoreStarted) / 10) / 100;
  log(`  constraints: ${seconds.constraints} s`);
  for (const index of secondaryIndexes) await db.execute(sql.raw(index.definition));
  seconds.indexes = Math.round((performance.now() - indexStarted) / 10) / 100;
  log(`  indexes: ${seconds.indexes} s`);
  // Issue #48: each bench user who signs in has blocked 100 people, muted 100 and muted 50 words
  // (49 topics nobody here writes about, and one word of WORDS), some for a while and some always.
  // Those blocked are never bench users who sign in, so no page the load reads is missing to them.
  const members = Math.min(SIGN_IN_USERS, scale.users);
  const others = Math.max(1, scale.users - members);
  await step(
    'blocks',
    sql`insert into blocks (blocker_id, blocked_id)
        select 'bench_' || u, 'bench_' || (${members + 1} + (u * 7919 + k * 104729) % ${others})
        from generate_series(1, ${members}) u, generate_series(1, 100) k
        on conflict do nothing`,
  );
  await step(
    'mutes',
    sql`insert into mutes (muter_id, muted_id)
        select 'bench_' || u, 'bench_' || (1 + (u * 6271 + k * 130363 + 17) % ${scale.users})
        from generate_series(1, ${members}) u, generate_series(1, 100) k
        where 1 + (u * 6271 + k * 130363 + 17) % ${scale.users} <> u
        on conflict do nothing`,
  );
  const phrases = (list: string[]) =>
    JSON.stringify(
      list.map((phrase) => {
        const muted = mutedPhrase(phrase);
        if (!muted) throw new Error(`no letters in the bench's muted word ${phrase}`);
        return { phrase, ...muted };
      }),
    );
  await step(
    'muted words',
    sql`with topics as (
          select row_number() over () as k, * from json_to_recordset(${phrases(MUTED)}::json)
            as t(phrase text, "matchKey" text, pattern text, ending text)
        ), vocabulary as (
          select row_number() over () - 1 as k, * from json_to_recordset(${phrases(WORDS)}::json)
            as t(phrase text, "matchKey" text, pattern text, ending text)
        )
        insert into muted_words (user_id, phrase, match_key, pattern, ending, expires_at)
        select 'bench_' || u, t.phrase, t."matchKey", t.pattern, t.ending,
               case when t.k % 3 = 0 then now() + interval '7 days' end
        from generate_series(1, ${members}) u, topics t
        union all
        select 'bench_' || u, v.phrase, v."matchKey", v.pattern, v.ending, null
        from generate_series(1, ${members}) u join vocabulary v on v.k = u % ${WORDS.length}
        on conflict do nothing`,
  );
  await step('analyze', sql`vacuum analyze`);

  const counts: Record<string, number> = {};
  for (const table of [
    'users',
    'profiles',
    'posts',
    'likes',
    'asklines',
    'reports',
    'blocks',
    'mutes',
    'muted_words',
  ]) {
    const [row] = await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`));
    counts[table] = row?.n ?? 0;
  }
  return { counts, seconds };
}
