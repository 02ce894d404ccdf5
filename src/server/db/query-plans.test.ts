// Every paged list reads an index in its own order and stops at a page: no list sorts a whole table.
// Each list's statement is taken from its own code and EXPLAINed with sorting and sequential scans
// priced out; PostgreSQL then sorts only where no index can give the order, so a plan without a Sort
// node shows an index serves it, whatever the table's size (issue #11: the feed's indexes were
// DESC NULLS LAST while the queries asked for DESC, and every feed page sorted every post). Prepared
// statements (db/prepared.ts) are also EXPLAINed in the generic plan PostgreSQL keeps for them.
// @module-tag engine (runs on both engines: docs/architecture.md, "Tests")
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureStatements, explain, inline } from '../../../tests/support/sql-plans';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { rowIdSchema } from '../../shared/path-params';
import type { Viewer } from '../auth/viewer';
import { erasureOf } from '../features/account/delete-account';
import { likesPage, postsPage, reportsPage } from '../features/account/export-account';
import { listOpenAppeals } from '../features/appeals/list-appeals';
import { findVisibleAskline, listVerifiedAsklines } from '../features/asklines/find-askline';
import { listModerationLog } from '../features/moderation-log/list-log';
import { dueUsers } from '../features/notifications/digest';
import {
  countUnread,
  listNotifications,
  unreadForDigest,
} from '../features/notifications/list-notifications';
import { tellMentioned } from '../features/notifications/tell-replied';
import { hiddenPostsPage } from '../features/personal-controls/export-controls';
import { listHiddenPosts } from '../features/personal-controls/hidden-posts';
import { listPeopleControls } from '../features/personal-controls/people';
import { findPost } from '../features/posts/find-post';
import { listFeed } from '../features/posts/list-feed';
import { listPostsNewestFirst, listProfilePosts } from '../features/posts/list-profile-posts';
import { findProfileByUsername } from '../features/profiles/find-profile';
import { createReply } from '../features/replies/create-reply';
import { listBranch, listThread } from '../features/replies/list-thread';
import { namedMembersQuery, namingCandidates } from '../features/safety/find-named-members';
import { searchPosts } from '../features/search/search-posts';
import { searchUsers } from '../features/search/search-users';
import { listSignatures } from '../features/signatures/list-signatures';
import { ballotsOf, candidatesInLine } from '../features/superlatives/manage-round';
import { findClassRound, readCategories } from '../features/superlatives/read-round';
import { classResults, listWins } from '../features/superlatives/results';
import { dropNominationsOf } from '../features/superlatives/take-part';
import { countClass, listClass } from '../features/yearbook/list-class';
import { measureOutbox } from '../platform/mail';
import { type Db, queryRows } from './client';
import { encodeCursor } from './keyset-cursor';
import { asklines, posts } from './schema';

const VIEWER = 'viewer-1';
const TIME = '2026-01-10 12:00:00.123456+00';
const ID = rowIdSchema.parse('0b7a6f7e-5c1d-4d8e-9f00-1a2b3c4d5e6f');

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

/**
 * The plan of each statement `run` sends (the default feed may send two: see list-feed.ts). `generic`:
 * the plan a prepared statement keeps after its first executions (db/prepared.ts).
 */
async function plansOf(run: (db: Db) => Promise<unknown>, generic = false): Promise<string[]> {
  const statements = await captureStatements(run);
  return Promise.all(statements.map((s) => explain(database.db, s, { noSortsOrScans: true, generic })));
}

const cases: { name: string; index: string; run: (db: Db) => Promise<unknown>; prepared?: false }[] = [
  ...(['newest', 'oldest'] as const).flatMap((sort) => [
    {
      name: `the ${sort} feed`,
      index: 'posts_feed_newest_top_idx',
      run: (db: Db) => listFeed({ db, viewerId: VIEWER, sort, cursor: undefined }),
    },
    {
      name: `a later page of the ${sort} feed`,
      index: 'posts_feed_newest_top_idx',
      run: (db: Db) => listFeed({ db, viewerId: VIEWER, sort, cursor: encodeCursor([TIME, ID]) }),
    },
  ]),
  {
    name: 'the most liked feed',
    index: 'posts_feed_most_liked_top_idx',
    run: (db) => listFeed({ db, viewerId: VIEWER, sort: 'most_liked', cursor: undefined }),
  },
  {
    name: 'a later page of the most liked feed',
    index: 'posts_feed_most_liked_top_idx',
    run: (db) => listFeed({ db, viewerId: VIEWER, sort: 'most_liked', cursor: encodeCursor([3, TIME, ID]) }),
  },
  ...[undefined, encodeCursor([false, TIME, ID]), encodeCursor([true, TIME, ID])].map((cursor, i) => ({
    name:
      ['the default feed', 'a later page of its unliked posts', 'a later page of its liked posts'][i] ?? '',
    index: 'posts_feed_newest_top_idx',
    run: (db: Db) => listFeed({ db, viewerId: VIEWER, sort: 'default', cursor }),
  })),
  // The feed's tabs (issue #51): a class's reads its own indexes (a small class is a few posts among
  // many), a campus's walks the feed's (each campus writes about half of them).
  ...(['newest', 'oldest', 'default'] as const).map((sort) => ({
    name: `the ${sort} feed of my class`,
    index: 'posts_class_newest_idx',
    run: (db: Db) => listFeed({ db, viewerId: VIEWER, sort, tab: 'class', cursor: undefined }),
  })),
  {
    name: 'the most liked feed of my class',
    index: 'posts_class_most_liked_idx',
    run: (db) => listFeed({ db, viewerId: VIEWER, sort: 'most_liked', tab: 'class', cursor: undefined }),
  },
  {
    name: "a later page of a campus's newest feed",
    index: 'posts_feed_newest_top_idx',
    run: (db) =>
      listFeed({ db, viewerId: VIEWER, sort: 'newest', tab: 'vitc', cursor: encodeCursor([TIME, ID]) }),
  },
  {
    name: "a profile's posts",
    index: 'posts_user_top_created_idx',
    run: (db) => listProfilePosts({ db, authorId: 'author-1', viewerId: VIEWER, cursor: undefined }),
  },
  {
    name: "an askline's answers",
    index: 'posts_askline_created_idx',
    run: (db) => listPostsNewestFirst({ db, of: { askline: ID }, viewerId: VIEWER, cursor: undefined }),
  },
  {
    name: 'the published asklines',
    index: 'asklines_verified_created_idx',
    run: (db) => listVerifiedAsklines(db),
  },
  ...[undefined, encodeCursor([TIME, ID])].map((cursor, i) => ({
    name: ["one's notifications", 'a later page of them'][i] ?? '',
    index: 'notifications_user_updated_idx',
    // Raw SQL read with queryRows: the recording database answers in another shape, so reading the
    // (empty) answer fails after the statement is recorded, which is all the plan needs.
    run: (db: Db) => listNotifications({ db, userId: VIEWER, cursor }).catch(() => undefined),
    prepared: false as const,
  })),
  ...[undefined, encodeCursor([TIME, ID])].map((cursor, i) => ({
    name: ["staff's open appeals", 'a later page of them'][i] ?? '',
    index: 'appeals_open_idx',
    // Raw SQL, as the notifications above.
    run: (db: Db) =>
      listOpenAppeals(db, { userId: VIEWER, profile: { userType: 'moderator' } } as Viewer, cursor).catch(
        () => undefined,
      ),
    prepared: false as const,
  })),
  // A class page (issue #52): a year's members of a campus by name, a page at a time, and each
  // campus's count, from the one partial index; a search within the class filters the same walk.
  ...[undefined, encodeCursor(['asha iyer', 'asha_i'])].flatMap((cursor, i) =>
    [null, 'iyer'].map((query) => ({
      name: `${['a class page', 'a later page of a class'][i]}${query ? ', searched' : ''}`,
      index: 'profiles_class_listing_idx',
      run: (db: Db) => listClass({ db, viewerId: VIEWER, year: 2026, campus: 'VITC', query, cursor }),
    })),
  ),
  // The nomination picker (issue #52): the class page's walk, less oneself and the opted-out.
  ...[undefined, encodeCursor(['asha iyer', 'asha_i'])].map((cursor, i) => ({
    name: ['the superlatives nominees', 'a later page of them'][i] ?? '',
    index: 'profiles_class_listing_idx',
    run: (db: Db) =>
      listClass({ db, viewerId: VIEWER, year: 2026, campus: 'VITC', query: null, cursor, nominees: true }),
  })),
  {
    name: "a class's counts per campus",
    index: 'profiles_class_listing_idx',
    run: (db) => countClass({ db, viewerId: VIEWER, year: 2026 }),
  },
  ...(['approved', 'pending'] as const).flatMap((status) =>
    [undefined, encodeCursor([TIME, ID])].map((cursor, i) => ({
      name: `${status === 'approved' ? "a person's yearbook" : 'my signatures waiting'}${i ? ', a later page' : ''}`,
      index: 'signatures_recipient_list_idx',
      run: (db: Db) => listSignatures({ db, recipientId: 'owner-1', viewerId: VIEWER, status, cursor }),
      prepared: false as const,
    })),
  ),
  {
    name: 'the moderation log',
    index: 'moderation_log_created_idx',
    run: (db) => listModerationLog(db, undefined),
    // Staff read it now and then: planned per execution, like every statement not in db/prepared.ts.
    prepared: false,
  },
];

describe('paged lists read an index in order', () => {
  it.each(cases)('$name reads $index and sorts nothing', async ({ run, index }) => {
    const plans = await plansOf(run);
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) {
      expect(plan).toContain(`using ${index}`);
      expect(plan).not.toMatch(/Sort/);
    }
  });

  // Prepared statements are planned for their values five times, then with a plan for any values.
  const prepared = cases.filter((c) => c.prepared !== false);
  it.each(prepared)('$name reads $index in its generic plan too', async ({ run, index }) => {
    const plans = await plansOf(run, true);
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) {
      expect(plan).toContain(`using ${index}`);
      expect(plan).not.toMatch(/Sort/);
    }
  });

  // Issue #48: the lists that obey muted words scan in order and stop once a page and the next post
  // are found, however many posts the viewer's words pass over (PostgreSQL's run condition on the
  // count of posts shown); without it the window would read every post after the cursor.
  const countedLists = cases.filter((c) => /feed|askline's answers/.test(c.name));
  it.each(countedLists)(
    '$name stops its scan at a page (a run condition), in both plans',
    async ({ run }) => {
      for (const generic of [false, true]) {
        const plans = await plansOf(run, generic);
        for (const plan of plans) expect(plan).toMatch(/Run Condition: \(count\(\*\) FILTER/);
      }
    },
  );

  // The viewer's blocks and mutes are read once per statement and probed as a hash, not once per post.
  it("the feed reads the viewer's blocks and mutes once, as a hash", async () => {
    for (const generic of [false, true]) {
      const [plan] = await plansOf(
        (db) => listFeed({ db, viewerId: VIEWER, sort: 'newest', cursor: undefined }),
        generic,
      );
      expect(plan).toMatch(/hashed SubPlan/);
    }
  });

  const controlLists = [
    { name: 'blocks', index: 'blocks_list_idx', control: 'block' as const },
    { name: 'mutes', index: 'mutes_list_idx', control: 'mute' as const },
  ];
  it.each(controlLists)("one's $name list reads $index in order", async ({ index, control }) => {
    for (const cursor of [undefined, encodeCursor([TIME, 'someone'])]) {
      const plans = await plansOf((db) =>
        listPeopleControls(db, { publicUrl: () => '' } as never, { control, actorId: VIEWER, cursor }).catch(
          () => undefined,
        ),
      );
      expect(plans[0]).toContain(`using ${index}`);
      expect(plans[0]).not.toMatch(/Sort/);
    }
  });

  // A later page of a class starts in the index at its cursor, rather than walking the class from its
  // first name and filtering (issue #52).
  it('a class page seeks its cursor in the index, in both plans', async () => {
    for (const generic of [false, true]) {
      const [plan] = await plansOf(
        (db) =>
          listClass({
            db,
            viewerId: VIEWER,
            year: 2026,
            campus: 'VITV',
            query: null,
            cursor: encodeCursor(['asha iyer', 'asha_i']),
          }),
        generic,
      );
      expect(plan).toMatch(/Index Cond: .*ROW\(lower\(full_name\), username\) > ROW\(/);
      expect(plan).toMatch(/hashed SubPlan/);
    }
  });

  // Superlatives (issue #52, decision 042): a class's round, its categories as a viewer sees them
  // (ballots, own nomination and vote, winners, participation), the ballots and the winners computed
  // at a phase change, shown results and wins, and an opt-out's nominations: each through an index.
  const ROUND = { id: ID, year: 2026, campus: 'VITC' as const };
  // A round's categories are found by its id, through either index that starts with it.
  const BY_ROUND = 'superlative_categories_(position|title)_key';
  const superlativeCases: { name: string; run: (db: Db) => Promise<unknown>; indexes: string[] }[] = [
    {
      name: "a class's round",
      run: (db) => findClassRound(db, 2026, 'VITC').catch(() => undefined),
      indexes: ['superlative_rounds_class_key'],
    },
    {
      name: "a closed round's categories as staff see them",
      run: (db) =>
        readCategories(db, {
          round: { ...ROUND, phase: 'closed', resultsAt: new Date(), resultsShown: true },
          viewerId: VIEWER,
          staff: true,
          inClass: true,
        }).catch(() => undefined),
      indexes: [
        BY_ROUND,
        'superlative_candidates_category_id_candidate_id_pk',
        'superlative_votes_category_id_voter_id_pk',
        'superlative_nominations_category_id_nominator_id_pk',
        'profiles_user_id_key',
      ],
    },
    {
      name: 'a nominating round’s categories as a member sees them',
      run: (db) =>
        readCategories(db, {
          round: { ...ROUND, phase: 'nominating', resultsAt: new Date(), resultsShown: false },
          viewerId: VIEWER,
          staff: false,
          inClass: true,
        }).catch(() => undefined),
      indexes: [BY_ROUND, 'superlative_nominations_category_id_nominator_id_pk'],
    },
    {
      name: 'the ballots made when nominations close',
      run: (db) => db.execute(ballotsOf(ROUND)),
      indexes: [BY_ROUND, 'superlative_nominations_category_id_nominator_id_pk'],
    },
    {
      name: 'the candidates in line when the vote closes',
      run: (db) => db.execute(candidatesInLine(ROUND)),
      indexes: [
        BY_ROUND,
        'superlative_candidates_category_id_candidate_id_pk',
        'superlative_votes_candidate_idx',
        'profiles_user_id_key',
      ],
    },
    {
      name: "a person's shown wins",
      run: (db) => listWins(db, { userId: VIEWER }).catch(() => undefined),
      indexes: ['superlative_categories_winner_idx'],
    },
    {
      name: "a class's shown results",
      run: (db) => classResults(db, { year: 2026, campus: 'VITC' }).catch(() => undefined),
      indexes: ['superlative_rounds_class_key', BY_ROUND],
    },
    {
      name: "an opt-out's nominations in open rounds",
      run: (db) => dropNominationsOf(db, VIEWER),
      indexes: ['superlative_nominations_nominee_idx'],
    },
  ];
  // Sorting stays allowed: a ballot's five, a round's twenty categories are sorted in memory, and
  // pricing sorts out would only make the planner walk a whole index to avoid them.
  const plansScanningNoTable = async (run: (db: Db) => Promise<unknown>) =>
    Promise.all(
      (await captureStatements(run)).map((statement) =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          const result = (await tx.execute(sql.raw(`explain ${inline(statement)}`))) as unknown as {
            rows: Record<string, string>[];
          };
          return result.rows.map((row) => Object.values(row)[0]).join('\n');
        }),
      ),
    );
  it.each(superlativeCases)(
    'superlatives: $name through indexes, scanning no table',
    async ({ run, indexes }) => {
      const plans = await plansScanningNoTable(run);
      expect(plans).toHaveLength(1);
      const plan = plans[0] ?? '';
      expect(plan).not.toMatch(/Seq Scan/);
      for (const index of indexes) expect(plan, index).toMatch(new RegExp(`(using|on) ${index}\\b`));
      // Nothing is read whole: every index scan has its condition.
      expect(plan).not.toMatch(
        /Index (Only )?Scan using \S+ on \S+( \w+)? {2}\(cost=[^)]*\)\n(?!\s+Index Cond)/,
      );
    },
  );

  it("one's hidden posts list reads hidden_posts_list_idx in order", async () => {
    for (const cursor of [undefined, encodeCursor([TIME, ID])]) {
      const [plan] = await plansOf((db) => listHiddenPosts(db, { userId: VIEWER, cursor }));
      expect(plan).toContain('using hidden_posts_list_idx');
      expect(plan).not.toMatch(/Sort/);
    }
  });

  it('a generic plan is what is explained: its parameters stay unbound', async () => {
    const [custom] = await plansOf((db) => findPost(db, ID, VIEWER));
    const [generic] = await plansOf((db) => findPost(db, ID, VIEWER), true);
    expect(custom).toContain(ID);
    expect(generic).not.toContain(ID);
    expect(generic).toMatch(/Index Cond: \(id = \$\d\)/);
  });

  it('a partial index bound to a parameter is missed by the generic plan: the check can fail', async () => {
    // asklines_verified_created_idx is WHERE verified: `verified = $1` cannot promise that for any $1.
    const bound = (db: Db) =>
      db
        .select()
        .from(asklines)
        .where(eq(asklines.verified, true))
        .orderBy(desc(asklines.createdAt), desc(asklines.id))
        .limit(5);
    const [plan] = await plansOf(bound, true);
    expect(plan).not.toContain('using asklines_verified_created_idx');
  });

  it('a plan that must sort shows it: the check can fail', async () => {
    // Ordered by a column no index has: sorting is the only way, even priced out.
    const [plan] = await plansOf((db) =>
      db.select({ id: posts.id }).from(posts).orderBy(posts.content).limit(5),
    );
    expect(plan).toMatch(/Sort/);
  });

  it('a profile by username reads its unique index, in the generic plan too', async () => {
    for (const generic of [false, true]) {
      const [plan] = await plansOf((db) => findProfileByUsername(db, 'someone'), generic);
      expect(plan).toContain('using profiles_username_key');
    }
  });

  // Search is one statement holding each way to its answer (features/search): a walk in the list's
  // order, and a way through an index that only runs when the walk falls short. Its own sorts are of
  // at most a page and a count (a few dozen rows), so only the indexes are checked, in both plans.
  const searches = [
    {
      name: 'post search for a word',
      run: (db: Db) => searchPosts(db, 'hostel', VIEWER, undefined),
      indexes: ['posts_live_newest_idx', 'posts_content_trgm_idx', 'posts_search_vector_idx'],
      never: ['posts_word_edges_idx'],
    },
    {
      name: 'post search for words',
      run: (db: Db) => searchPosts(db, 'canteen chai', VIEWER, encodeCursor([TIME, ID])),
      indexes: ['posts_live_newest_idx', 'posts_word_edges_idx'],
      // Not the trigram lists of every common word (issue #25: ~70 ms at 1M posts).
      never: ['posts_content_trgm_idx'],
    },
    {
      name: 'people search',
      run: (db: Db) => searchUsers(db, 'asha', undefined, VIEWER),
      indexes: ['profiles_username_key', 'profiles_username_trgm_idx', 'profiles_full_name_trgm_idx'],
      never: [],
    },
  ];
  it.each(searches)('$name reads its indexes, in its generic plan too', async ({ run, indexes, never }) => {
    for (const generic of [false, true]) {
      const plans = await plansOf(run, generic);
      expect(plans).toHaveLength(1);
      // "Index Scan using x", or "Bitmap Index Scan on x" for the GIN indexes.
      for (const index of indexes) expect(plans[0]).toMatch(new RegExp(`(using|on) ${index}\\b`));
      for (const index of never) expect(plans[0]).not.toContain(index);
    }
  });

  // Issue #49: a thread page reads its top-level replies and each branch through their indexes, in
  // their order, whatever the thread's size; a mention finds its people by username.
  const threadReads = [
    ...(['oldest', 'newest'] as const).flatMap((order) =>
      [undefined, encodeCursor([TIME, ID])].map((cursor) => ({
        name: `a thread page, ${order} first${cursor ? ', after a cursor' : ''}`,
        indexes: ['posts_thread_idx', 'posts_branch_idx'],
        run: (db: Db) => listThread(db, { postId: ID, viewer: VIEWER, order, cursor }).catch(() => undefined),
      })),
    ),
    {
      name: 'the rest of a branch',
      indexes: ['posts_branch_idx'],
      run: (db: Db) =>
        listBranch(db, { postId: ID, branchId: ID, viewer: VIEWER, cursor: encodeCursor([TIME, ID]) }).catch(
          () => undefined,
        ),
    },
    {
      name: 'the people a text mentions',
      indexes: ['profiles_username_key'],
      run: (db: Db) =>
        tellMentioned(db, { id: ID, content: '@asha and @ravi_k', writerId: VIEWER, anonymous: false }).catch(
          () => undefined,
        ),
    },
    // A named reply's one statement (create-reply.ts): the thread and the reply answered by id, the
    // writer's blocks, and the reader's muted words by their index, whoever the reader is.
    ...[null, ID].map((replyToId) => ({
      name: `a named reply to ${replyToId ? 'a reply' : 'a post'}, written in one statement`,
      indexes: [
        'blocks_list_idx',
        'blocks_blocked_idx',
        'muted_words_(list_idx|user_key)',
        'profiles_user_id_key',
      ],
      run: (db: Db) =>
        createReply(db, {
          postId: ID,
          authorId: VIEWER,
          content: 'Agreed, the canteen',
          isAnonymous: false,
          replyToId,
          announcedAfterCommit: true,
        }).catch(() => undefined),
    })),
  ];
  it.each(threadReads)('$name reads $indexes, sorting and scanning nothing', async ({ run, indexes }) => {
    const plans = await plansOf(run);
    expect(plans).toHaveLength(1);
    for (const index of indexes) expect(plans[0]).toMatch(new RegExp(`(using|on) ${index}\\b`));
    expect(plans[0]).not.toMatch(/Sort|Seq Scan/);
  });

  // Issue #27: an account's export reads its own rows a page at a time, in the order of an index.
  const exportPages = [
    { name: 'posts', index: 'posts_user_created_idx', page: postsPage, after: { id: ID, time: TIME } },
    { name: 'likes given', index: 'likes_user_id_post_id_pk', page: likesPage, after: { id: ID } },
    { name: 'reports made', index: 'report_reasons_reporter_idx', page: reportsPage, after: { id: ID } },
    {
      name: 'posts hidden',
      index: 'hidden_posts_user_id_post_id_pk',
      page: hiddenPostsPage,
      after: { id: ID },
    },
  ];
  it.each(exportPages)("an account's export reads its $name through $index, sorting nothing", async (c) => {
    for (const after of [null, c.after]) {
      const plans = await plansOf((db) => c.page(db, VIEWER, after));
      expect(plans).toHaveLength(1);
      expect(plans[0]).toContain(`using ${c.index}`);
      expect(plans[0]).not.toMatch(/Sort/);
    }
  });

  it('deleting an account finds each of its rows through an index, scanning no table', async () => {
    const plans = await plansOf(async (db) => {
      for (const statement of erasureOf(VIEWER, 'someone@example.com')) await db.execute(statement);
    });
    const indexes = [
      'likes_user_id_post_id_pk',
      'likes_user_id_post_id_pk',
      'report_reasons_reporter_idx',
      'report_reasons_reporter_idx',
      // Named replies keep their place (their counts lowered first, issue #49), anonymous posts let go
      // of their author, then the named ones go (decision 019).
      'posts_user_created_idx',
      'posts_user_created_idx',
      'posts_user_created_idx',
      'posts_user_created_idx',
      // The username, held (released_usernames), read from the profile by its account.
      'profiles_user_id_key',
      // A staff member's log entries take a number (issue #43).
      'moderation_log_actor_idx',
      'verifications_value_idx',
      'mail_outbox_to_idx',
    ];
    expect(plans).toHaveLength(indexes.length);
    plans.forEach((plan, i) => {
      expect(plan).not.toMatch(/Seq Scan/);
      expect(plan).toMatch(new RegExp(`(using|on) ${indexes[i]}\\b`));
    });
  });

  it('the text check looks up named members through an index for each way of naming, scanning no table', async () => {
    const candidates = namingCandidates('@ravi_k and Meera Nair from VIT Chennai');
    const [plan] = await plansOf((db) => queryRows(db, namedMembersQuery(candidates, VIEWER)));
    for (const index of [
      'profiles_username_key',
      'profiles_full_name_lower_idx',
      'profiles_first_name_lower_idx',
    ]) {
      expect(plan).toMatch(new RegExp(`(using|on) ${index}\\b`));
    }
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it("the bell counts one's unread notifications through their partial index", async () => {
    const [plan] = await plansOf((db) => countUnread(db, VIEWER).catch(() => undefined));
    expect(plan).toMatch(/(using|on) notifications_unread_idx\b/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('who is due a digest is read from the digest index, and a digest from their notifications', async () => {
    for (const cadence of ['daily', 'weekly'] as const) {
      const [plan] = await plansOf((db) => dueUsers(db, cadence).catch(() => undefined));
      expect(plan).toMatch(/(using|on) notification_settings_digest_idx\b/);
      expect(plan).not.toMatch(/Seq Scan/);
    }
    const [digest] = await plansOf((db) =>
      unreadForDigest({ db, userId: VIEWER, kinds: ['post_liked'], since: TIME, limit: 11 }).catch(
        () => undefined,
      ),
    );
    expect(digest).toMatch(/(using|on) notifications_(user_updated|unread)_idx\b/);
    expect(digest).not.toMatch(/Seq Scan/);
  });

  it("the metrics' outbox backlog reads the partial index of waiting mail, scanning no table", async () => {
    const [plan] = await plansOf((db) => measureOutbox(db).catch(() => undefined));
    expect(plan).toMatch(/(using|on) mail_outbox_due_idx\b/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('one askline by id reads its primary key', async () => {
    const [plan] = await plansOf((db) => findVisibleAskline(db, ID, null));
    expect(plan).toContain('using asklines_pkey');
  });
});
