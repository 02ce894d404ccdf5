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

/**
 * A number in [0, 1) from an integer SQL expression: PostgreSQL's own hash of integers, a different and
 * independent one for each salt (unlike the multiplicative hash the posts use, whose values for two
 * seeds in a line are themselves in a line: an anonymous share and a deleted share drawn that way
 * would go together). Deterministic, as the rest of the data set.
 */
const unit = (seed: string, salt: number) =>
  `((hashint8extended((${seed})::bigint, ${salt}) & 16777215) / 16777216.0::float8)`;

// The shape of the threads (issue #49): about three replies per post, most posts with none or a few,
// one live post in 250 with 60-180, and one in 5,000 a heavy thread of ~2,000. A third of the replies
// are in branches (answering a top-level reply or a reply below one), a fifth anonymous.
const HEAVY_EVERY = 5_000;
/** The first heavy thread is the 101st newest post, ~50 minutes old: on the feed's first pages. */
const HEAVY_AT = 100;
const HEAVY_TOP_LEVEL = 1_100;
/** In a heavy thread, every 200th top-level reply has a branch of 50: more than a branch page's preview. */
const LONG_BRANCH_EVERY = 200;
const LONG_BRANCH = 50;
const MEDIUM_EVERY = 250;
const MEDIUM_AT = 7;

/** Top-level replies of the live post numbered `n` (newest first, from 0). */
const topLevelReplies = (n: string) => `case
    when ${n} % ${HEAVY_EVERY} = ${HEAVY_AT} then ${HEAVY_TOP_LEVEL}
    when ${n} % ${MEDIUM_EVERY} = ${MEDIUM_AT} then 40 + floor(80 * ${unit(n, 1)})::int
    else floor(9 * power(${unit(n, 2)}, 4))::int end`;

/** Replies in the branch of top-level reply `i` of post `n`: none for ~80%, 1-5 for the rest. */
const branchReplies = (n: string, i: string) => `case
    when ${n} % ${HEAVY_EVERY} = ${HEAVY_AT} and ${i} % ${LONG_BRANCH_EVERY} = 1 then ${LONG_BRANCH}
    else floor(6 * power(${unit(`${n}::bigint * 4096 + ${i}`, 3)}, 8))::int end`;

/** A reply's key from its place: top-level reply i of post n (j = 0), or the j-th reply of its branch. */
const replyKey = (n: string, i: string, j: string) => `((${n})::bigint * 4096 + (${i})) * 64 + (${j})`;

/**
 * The id of the reply with `key`: made from it, so a reply's branch and the reply it answers are known
 * while the rows are written, in the same statement. Shaped as a version 4 UUID (the API checks), a
 * hash of the key first (ids spread over the index as random ones do), the key itself last (unique).
 * (An md5 of the place took ~8 µs an id against this one's ~3, and a row has up to three.)
 */
const replyId = (key: string) =>
  `(lpad(to_hex(hashint8extended(${key}, 11) & 281474976710655), 12, '0') || '4' || lpad(to_hex(${key}), 19, '8'))::uuid`;

/**
 * A reply's text from its seed `r.s` (a 31-bit integer): three words, then pairs repeated, up to
 * fifteen words. With `forms`, its match_text, as postText.
 */
const replyText = (from: string) =>
  `left(array_to_string(array[${['r.s', 'r.s / 80', 'r.s / 6400'].map((seed) => word(seed, from)).join(', ')}], ' ')` +
  ` || repeat(' ' || ${word('r.s / 512000', from)} || ' ' || ${word('r.s / 40960000 + 7', from)}, r.s % 7), 256)`;

/** Whether the reply with `key` is deleted (1%): it keeps its place, and no count counts it. */
const deleted = (key: string) => `(${unit(key, 7)} < 0.01)`;

/**
 * Every reply of the data set as a statement's rows (a subquery, computed where it is read): its
 * thread, place (n, i, j) and key, its top-level reply's id and live branch replies, time, writer and
 * whether it is anonymous. Replies come after their post,
 * the top-level ones thicker early on, each branch's after its top-level reply; one in ten is by the
 * post's own author.
 */
const replyRows = (users: number) => `
  select r.*,
    case when ${unit('r.x', 4)} < 0.1 then r.post_user
      else 'bench_' || (1 + floor(${users} * power(${unit('r.x', 5)}, 2)))::int end as user_id,
    ${unit('r.x', 6)} < 0.2 as anonymous
  from (
    select t.*, i, j, b.size, b.top_id, branch.live as branch_live, ${replyKey('t.n', 'i', 'j')} as x,
      t.post_at + (o.top + (t.age - o.top) * 0.5 * j / (b.size + 1)) * interval '1 second' as at
    from thread t
    cross join lateral generate_series(1, t.tops) i
    cross join lateral (select ${branchReplies('t.n', 'i')} as size, ${replyId(replyKey('t.n', 'i', '0'))} as top_id) b
    cross join lateral (select count(*)::int as live from generate_series(1, b.size) k
      where not ${deleted(`${replyKey('t.n', 'i', 'k')}`)}) branch
    cross join lateral (select t.age * 0.9 * power(i / (t.tops + 1.0::float8), 2) as top) o
    cross join lateral generate_series(0, b.size) j
  ) r`;

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
  /** Runs one statement, timed; `vacuum`: on its own (VACUUM cannot run in a transaction). */
  const step = async (name: string, query: ReturnType<typeof sql>, options = { vacuum: false }) => {
    const started = performance.now();
    // Without JIT: compiling these statements' long expressions took longer than running them (the
    // replies' statement: 3.5 s of 13 at 100,000 posts, and slower with JIT than without), once each.
    if (options.vacuum) await db.execute(query);
    else {
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local jit = off`);
        await tx.execute(query);
      });
    }
    seconds[name] = Math.round((performance.now() - started) / 10) / 100;
    log(`  ${name}: ${seconds[name]} s`);
  };
  const passwordHash = await hashPassword(BENCH_PASSWORD);

  // Every account is more than 7 days old: the new-account rule (issue #47) would refuse a new one's
  // fourth anonymous post or reply of the day, and the write scenarios measure members posting.
  await step(
    'users',
    sql`insert into users (id, name, email, email_verified, created_at, updated_at)
        select 'bench_' || g, 'Bench ' || g, 'bench' || g || '@bench.test', true,
               now() - interval '8 days' - (g % 5000) * interval '1 hour', now()
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
  // Bulk load as PostgreSQL's manual advises: the secondary indexes of posts, likes and thread labels
  // (trigram and full-text GIN among them) are dropped first and built once at the end, rather than
  // updated row by row.
  const secondaryIndexes = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
        from pg_index i join pg_class t on t.oid = i.indrelid
        where t.relname in ('posts', 'likes', 'thread_labels')
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
        where (t.relname in ('posts', 'likes', 'thread_labels') and c.contype = 'f')
          or (t.relname = 'likes' and c.contype = 'p')
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
  // Replies (issue #49): rows of posts in the live posts' threads, written while the posts' indexes are
  // down. An anonymous writer's label is their place among the thread's anonymous writers by first
  // reply, as create-reply.ts gives it; an anonymous post's author replying anonymously is "Author" (0).
  await step(
    'replies',
    sql`with thread as (
          select n.n, p.id as post_id, p.user_id as post_user, p.is_anonymous as post_anonymous,
                 p.created_at as post_at, extract(epoch from now() - p.created_at)::float8 as age,
                 ${sql.raw(topLevelReplies('n.n'))} as tops
          from bench_post_numbers n join posts p on p.id = n.id
        )
        insert into posts (id, user_id, content, match_text, is_anonymous, parent_id, reply_to_id,
                           branch_id, anonymous_label, created_at, deleted, reply_count)
        select case when r.j = 0 then r.top_id else ${sql.raw(replyId('r.x'))} end, r.user_id,
               ${sql.raw(replyText('w.words'))}, ${sql.raw(replyText('w.forms'))},
               r.anonymous, r.post_id,
               case when r.j = 0 then null
                    when r.j = 1 or ${sql.raw(unit('r.x', 8))} < 0.5 then r.top_id
                    else ${sql.raw(replyId(`r.x - r.j + 1 + floor(${unit('r.x', 9)} * (r.j - 1))::int`))} end,
               case when r.j > 0 then r.top_id end,
               r.label, r.at, ${sql.raw(deleted('r.x'))},
               case when r.j = 0 then r.branch_live else 0 end
        from (
          select l.*, (hashint8extended(l.x, 10) & 2147483647)::int as s from (
            select q.x, q.j, q.top_id, q.branch_live, q.post_id, q.user_id, q.anonymous, q.at,
                   null::smallint as label
            from (${sql.raw(replyRows(scale.users))}) q where not q.anonymous
            union all
            -- Only the anonymous fifth is sorted for its labels: by thread and first reply.
            select a.x, a.j, a.top_id, a.branch_live, a.post_id, a.user_id, a.anonymous, a.at,
                   (case when a.author then 0
                     else dense_rank() over (partition by a.post_id, a.author order by a.first_at, a.user_id)
                   end)::smallint
            from (select q.*, q.post_anonymous and q.user_id = q.post_user as author,
                         min(q.at) over (partition by q.post_id, q.user_id) as first_at
                  from (${sql.raw(replyRows(scale.users))}) q where q.anonymous) a
          ) l
        ) r
        cross join (select ${textArray(WORDS)} as words, ${textArray(FORMS)} as forms) w`,
  );
  await step(
    'thread labels',
    sql`insert into thread_labels (post_id, user_id, label)
        select parent_id, user_id, min(anonymous_label) from posts
        where parent_id is not null and is_anonymous
        group by parent_id, user_id`,
  );
  // A post's count of live replies, counted from the rows as the app keeps it. (A top-level reply's,
  // the live replies of its branch, was written with it, from the same rule that deletes them, so
  // only the posts' rows are rewritten here: each update writes a row anew.)
  await step(
    'reply counts',
    sql`update posts set reply_count = c.count
        from (select parent_id, count(*)::int as count from posts
              where parent_id is not null and not deleted group by parent_id) c
        where posts.id = c.parent_id`,
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
  await step('analyze', sql`vacuum analyze`, { vacuum: true });

  const counts: Record<string, number> = {};
  // Posts and replies share a table: counted apart.
  for (const [name, from] of [
    ['users', 'users'],
    ['profiles', 'profiles'],
    ['posts', 'posts where parent_id is null'],
    ['replies', 'posts where parent_id is not null'],
    ['thread_labels', 'thread_labels'],
    ['likes', 'likes'],
    ['asklines', 'asklines'],
    ['reports', 'reports'],
    ['blocks', 'blocks'],
    ['mutes', 'mutes'],
    ['muted_words', 'muted_words'],
  ] as const) {
    const [row] = await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${from}`));
    counts[name] = row?.n ?? 0;
  }
  return { counts, seconds };
}
