// The data model of SPEC §3. Constraints here are the last line of defence: the shared zod schemas
// check the same rules first and give the spec's messages, but no row that breaks a rule can exist.
// Authentication tables (better-auth) are in auth-schema.ts; user ids are its text ids.
// Descending index columns say .desc().nullsFirst(): that is what `ORDER BY x DESC` means, and an index
// must match the query's order, nulls included, to be read in order. drizzle's bare .desc() makes
// DESC NULLS LAST, which no query here asks for (migration 0007).
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sessions, users } from './auth-schema';

export * from './auth-schema';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const institution = pgEnum('institution', ['VITC', 'VITV']);
export const userType = pgEnum('user_type', ['admin', 'moderator', 'ordinary']);

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    bio: text('bio').notNull().default(''),
    instagramUrl: text('instagram_url'),
    linkedinUrl: text('linkedin_url'),
    institution: institution('institution').notNull().default('VITC'),
    graduationYear: smallint('graduation_year').notNull(),
    /** Storage key of the processed photo (never bytes, never a full URL). */
    profilePictureKey: text('profile_picture_key'),
    dob: date('dob', { mode: 'string' }),
    userType: userType('user_type').notNull().default('ordinary'),
    createdAt: createdAt(),
    /** The member chose to leave their class page (issue #52): not listed there, nor counted. */
    hiddenFromClass: boolean('hidden_from_class').notNull().default(false),
    /**
     * The member chose to leave superlatives (issue #52, decision 042): never nominated, on no ballot,
     * no winner.
     */
    superlativesOptOut: boolean('superlatives_opt_out').notNull().default(false),
  },
  (t) => [
    uniqueIndex('profiles_user_id_key').on(t.userId),
    uniqueIndex('profiles_username_key').on(t.username),
    // Search: substring matches on username and full name stay fast at 100k+ profiles.
    index('profiles_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')),
    index('profiles_full_name_trgm_idx').using('gin', t.fullName.op('gin_trgm_ops')),
    // The text check's "names a member" lookups (features/safety/find-named-members.ts): a whole full
    // name, and a first name next to a campus word, each an equality on a lower-cased expression.
    index('profiles_full_name_lower_idx').on(sql`lower(${t.fullName})`),
    index('profiles_first_name_lower_idx').on(sql`split_part(lower(${t.fullName}), ' ', 1)`),
    // A class page (issue #52): one graduation year's members of one campus by name, then username,
    // without those who chose to leave it; read in order a page at a time, and counted per campus.
    index('profiles_class_listing_idx')
      .on(t.graduationYear, t.institution, sql`lower(${t.fullName})`, t.username)
      .where(sql`NOT ${t.hiddenFromClass}`),
    check('profiles_username_lowercase', sql`${t.username} = lower(${t.username})`),
    check(
      'profiles_username_format',
      sql`${t.username} ~ '^[a-z0-9_][a-z0-9_.]{1,18}[a-z0-9_]$' AND ${t.username} NOT LIKE '%..%'`,
    ),
    check('profiles_full_name_present', sql`length(btrim(${t.fullName})) > 0`),
    check('profiles_bio_length', sql`char_length(${t.bio}) <= 160`),
    check('profiles_graduation_year_range', sql`${t.graduationYear} BETWEEN 2020 AND 2030`),
  ],
);

export const asklines = pgTable(
  'asklines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    content: text('content').notNull(),
    /** Null once the creator's account is deleted: the askline stays, without their name (issue #27). */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    verified: boolean('verified').notNull().default(false),
    /** Set when staff verify or reject it; a rejected askline is unverified with reviewed_at set. */
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('asklines_verified_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.verified}`),
    index('asklines_created_by_idx').on(t.createdBy),
    index('asklines_reviewed_by_idx').on(t.reviewedBy).where(sql`${t.reviewedBy} IS NOT NULL`),
    // The staff queue: asklines waiting for a decision, oldest first.
    index('asklines_pending_idx')
      .on(t.createdAt, t.id)
      .where(sql`NOT ${t.verified} AND ${t.reviewedAt} IS NULL`),
    // Similarity search before a new askline is created.
    index('asklines_content_trgm_idx').using('gin', t.content.op('gin_trgm_ops')),
    check('asklines_content_length', sql`char_length(${t.content}) BETWEEN 1 AND 128`),
    check('asklines_content_present', sql`length(btrim(${t.content})) > 0`),
  ],
);

export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Null for an anonymous post whose author deleted their account and left it up (decision 019): it
     * stays as it was, with no author anywhere, so nothing that anyone sees changes when they go.
     */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    asklineId: uuid('askline_id').references(() => asklines.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    deleted: boolean('deleted').notNull().default(false),
    /** Kept exact by the like use cases (insert/delete and this update in one transaction). */
    likeCount: integer('like_count').notNull().default(0),
    /**
     * The author was asked "Post anyway?" by the text check and posted anyway (issue #47): staff see it
     * in report data, nobody else.
     */
    postedAfterWarning: boolean('posted_after_warning').notNull().default(false),
    /**
     * The text as the text check reads it (features/safety: case, look-alikes, leetspeak, spaced-out
     * letters and spellings folded), written with the post: what members' muted words are matched
     * against (issue #48). Null for posts from before migration 0021 until the start-up backfill
     * reaches them (features/posts/fill-match-text.ts); meanwhile their lower-cased text stands in.
     */
    matchText: text('match_text'),
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('simple', content)`),
    /**
     * A reply's thread: the post it belongs to, never a reply (issue #49, decision 034). Null for a
     * post. Every list of posts leaves replies out (list-page.ts) unless it says otherwise.
     */
    parentId: uuid('parent_id').references((): AnyPgColumn => posts.id, { onDelete: 'cascade' }),
    /** The reply a reply answers; null when it answers the post. */
    replyToId: uuid('reply_to_id').references((): AnyPgColumn => posts.id, { onDelete: 'set null' }),
    /** For a reply below a top-level reply: that top-level reply (its branch). Null otherwise. */
    branchId: uuid('branch_id').references((): AnyPgColumn => posts.id, { onDelete: 'cascade' }),
    /** An anonymous reply's label in its thread: 0 "Author", n "Anonymous n". Null otherwise. */
    anonymousLabel: smallint('anonymous_label'),
    /** A post: its live replies; a top-level reply: the live replies of its branch. Kept exact. */
    replyCount: integer('reply_count').notNull().default(0),
    /** A post's author (or staff) may turn its replies off. */
    repliesEnabled: boolean('replies_enabled').notNull().default(true),
    /**
     * A named post's author's campus and class (graduation year), kept from their profile by triggers
     * (migration 0027): what the feed's campus and class tabs read (issue #51, decision 038). Null
     * for an anonymous post and for a reply: nothing about an anonymous author is kept with the post,
     * so no tab can show one.
     */
    authorCampus: institution('author_campus'),
    authorYear: smallint('author_year'),
    /**
     * Its author chose to have this anonymous askline answer printed, unnamed ("Anonymous"), in their
     * class's book (issue #52): set only by them, meaningful only on their own anonymous answer.
     */
    inClassBook: boolean('in_class_book').notNull().default(false),
  },
  (t) => [
    // Feed orders, each a keyset over (sort key, created_at, id) on live posts only (not replies).
    index('posts_feed_newest_top_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`NOT ${t.deleted} AND ${t.parentId} IS NULL`),
    // Every live post and reply, newest first: post search's walk of the newest (issue #49: search
    // finds replies too).
    index('posts_live_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`NOT ${t.deleted}`),
    // A class's tab (issue #51): its named posts in each order, without walking every post.
    index('posts_class_newest_idx')
      .on(t.authorYear, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`NOT ${t.deleted} AND ${t.authorYear} IS NOT NULL`),
    index('posts_class_most_liked_idx')
      .on(
        t.authorYear,
        t.likeCount.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`NOT ${t.deleted} AND ${t.authorYear} IS NOT NULL`),
    index('posts_feed_most_liked_top_idx')
      .on(t.likeCount.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`NOT ${t.deleted} AND ${t.parentId} IS NULL`),
    // Every post and reply of the author, deleted ones included: deleting an account finds all of
    // them through it (migration 0012).
    index('posts_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A profile's list: the author's posts in order, without their replies (issue #49).
    index('posts_user_top_created_idx')
      .on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.parentId} IS NULL`),
    // A thread: its top-level replies in order (deleted ones keep their place), and each branch.
    index('posts_thread_idx')
      .on(t.parentId, t.createdAt, t.id)
      .where(sql`${t.parentId} IS NOT NULL AND ${t.branchId} IS NULL`),
    index('posts_branch_idx').on(t.branchId, t.createdAt, t.id).where(sql`${t.branchId} IS NOT NULL`),
    // The replies answering a reply, in order: what deleting it leaves pointing at it, and the day's
    // replies a reply notification counts.
    index('posts_reply_to_idx').on(t.replyToId, t.createdAt).where(sql`${t.replyToId} IS NOT NULL`),
    index('posts_askline_created_idx')
      .on(t.asklineId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`NOT ${t.deleted}`),
    index('posts_search_vector_idx').using('gin', t.searchVector),
    index('posts_content_trgm_idx').using('gin', t.content.op('gin_trgm_ops')),
    // Search for several words: the first and last four letters of every word, looked up together
    // (post_word_edges and the reasoning are in migration 0011; features/search/search-posts.ts).
    index('posts_word_edges_idx').using('gin', sql`post_word_edges(${t.content}, ${t.searchVector})`),
    check('posts_content_length', sql`char_length(${t.content}) BETWEEN 1 AND 256`),
    check('posts_content_present', sql`length(btrim(${t.content})) > 0`),
    check('posts_like_count_non_negative', sql`${t.likeCount} >= 0`),
    check('posts_reply_count_non_negative', sql`${t.replyCount} >= 0`),
    // A reply is in a thread, answers no askline, and only a reply has a branch or a label.
    check(
      'posts_reply_shape',
      sql`${t.parentId} IS NOT NULL OR (${t.replyToId} IS NULL AND ${t.branchId} IS NULL AND ${t.anonymousLabel} IS NULL)`,
    ),
    check('posts_reply_no_askline', sql`${t.parentId} IS NULL OR ${t.asklineId} IS NULL`),
  ],
);

/**
 * Who holds which anonymous label in a thread (issue #49, decision 034): read and written only when a
 * reply is made, under the thread's row lock; never in an answer, an export or a log. Label 0 is
 * "Author" (the anonymous post's own author), n is "Anonymous n".
 */
export const threadLabels = pgTable(
  'thread_labels',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: smallint('label').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    uniqueIndex('thread_labels_label_idx').on(t.postId, t.label),
    // What deleting an account takes with it.
    index('thread_labels_user_idx').on(t.userId),
  ],
);

/**
 * Posts the text check held for review (issue #47): not published, seen only by their author and staff
 * (staff never see who wrote an anonymous one). On approval the post is inserted with this id, so any
 * link the author kept stays good; the row stays as the record of the decision.
 */
export const heldPosts = pgTable(
  'held_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    asklineId: uuid('askline_id').references(() => asklines.id, { onDelete: 'set null' }),
    /** A held reply (issue #49): its thread, published as a reply there on approval. */
    parentId: uuid('parent_id').references(() => posts.id, { onDelete: 'cascade' }),
    /** The reply it answers; gone by then, it answers the post. */
    replyToId: uuid('reply_to_id').references(() => posts.id, { onDelete: 'set null' }),
    /** What the check found: [{ category, match }]. */
    reasons: jsonb('reasons').notNull(),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    /** The staff member who decided; never shown to the author. */
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    outcome: text('outcome'),
    removalReason: text('removal_reason'),
  },
  (t) => [
    // The Held tab: those waiting, oldest first.
    index('held_posts_waiting_idx').on(t.createdAt, t.id).where(sql`${t.decidedAt} IS NULL`),
    // The author's own waiting posts on their profile, and what deleting an account takes.
    index('held_posts_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('held_posts_decided_by_idx').on(t.decidedBy).where(sql`${t.decidedBy} IS NOT NULL`),
    check('held_posts_content_length', sql`char_length(${t.content}) BETWEEN 1 AND 256`),
    check('held_posts_outcome', sql`${t.outcome} IS NULL OR ${t.outcome} IN ('approved', 'removed')`),
    check('held_posts_decided', sql`(${t.outcome} IS NULL) = (${t.decidedAt} IS NULL)`),
    check(
      'held_posts_removal_reason',
      sql`${t.removalReason} IS NULL OR char_length(${t.removalReason}) BETWEEN 1 AND 1000`,
    ),
  ],
);

/**
 * Statements of reasons (issue #47): one row for each removal of someone else's post by staff or of a
 * held post, what its author reads (the rule of the Terms, the facts, how it was found) and what an
 * appeal is about. `decided_by` is never shown to the author; it is how the server keeps the decider
 * from deciding the appeal. The post's state says whether a decision is in force: the post it removed
 * is not live (an overturned appeal, or a later approval, puts it back).
 */
export const moderationDecisions = pgTable(
  'moderation_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    heldPostId: uuid('held_post_id').references(() => heldPosts.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rule: text('rule').notNull(),
    facts: text('facts').notNull(),
    /** text_check (automatic), member_reports, or staff. */
    foundBy: text('found_by').notNull(),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // The author's removed post's page: the latest decision on that post or held post.
    index('moderation_decisions_post_idx')
      .on(t.postId, t.decidedAt.desc().nullsFirst())
      .where(sql`${t.postId} IS NOT NULL`),
    index('moderation_decisions_held_post_idx')
      .on(t.heldPostId, t.decidedAt.desc().nullsFirst())
      .where(sql`${t.heldPostId} IS NOT NULL`),
    index('moderation_decisions_author_idx').on(t.authorId),
    index('moderation_decisions_decided_by_idx').on(t.decidedBy).where(sql`${t.decidedBy} IS NOT NULL`),
    check('moderation_decisions_kind', sql`${t.kind} IN ('post_removed', 'held_removed')`),
    check(
      'moderation_decisions_subject',
      sql`(${t.kind} = 'post_removed' AND ${t.postId} IS NOT NULL AND ${t.heldPostId} IS NULL)
        OR (${t.kind} = 'held_removed' AND ${t.heldPostId} IS NOT NULL AND ${t.postId} IS NULL)`,
    ),
    check(
      'moderation_decisions_rule',
      sql`${t.rule} IN ('harassment', 'private_information', 'impersonation', 'explicit_violent_illegal', 'infringement', 'spam', 'security')`,
    ),
    check('moderation_decisions_facts_length', sql`char_length(${t.facts}) BETWEEN 1 AND 500`),
    check('moderation_decisions_found_by', sql`${t.foundBy} IN ('text_check', 'member_reports', 'staff')`),
  ],
);

/**
 * An author's appeal of a decision (issue #47): one per decision (the unique key makes a second a
 * conflict, however close together they come), decided by a staff member other than the decider.
 */
export const appeals = pgTable(
  'appeals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    decisionId: uuid('decision_id')
      .notNull()
      .references(() => moderationDecisions.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    /** Never shown to the author. */
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    outcome: text('outcome'),
  },
  (t) => [
    uniqueIndex('appeals_decision_key').on(t.decisionId),
    // The Appeals tab: those open, oldest first.
    index('appeals_open_idx').on(t.createdAt, t.id).where(sql`${t.decidedAt} IS NULL`),
    index('appeals_decided_by_idx').on(t.decidedBy).where(sql`${t.decidedBy} IS NOT NULL`),
    check('appeals_text_length', sql`char_length(${t.text}) BETWEEN 1 AND 1000`),
    check('appeals_outcome', sql`${t.outcome} IS NULL OR ${t.outcome} IN ('upheld', 'overturned')`),
    check('appeals_decided', sql`(${t.outcome} IS NULL) = (${t.decidedAt} IS NULL)`),
  ],
);

/**
 * What admins added to the text check's word lists (issue #47; features/safety/word-lists.ts): a term
 * in one of the lists' categories, or a word on the allowlist against false hits. The built-in lists
 * ship with the code; these are read by every instance, which builds its checker again when they
 * change (NOTIFY word_lists_changed from this table's trigger, migration 0020). `match_key` is the
 * term as the checker reads it (normalised): one entry per key, whichever list.
 */
export const wordListTerms = pgTable(
  'word_list_terms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A category of the word lists ('profanity', 'threat', ...) or 'allow'. */
    list: text('list').notNull(),
    /** As the admin wrote it. */
    term: text('term').notNull(),
    matchKey: text('match_key').notNull(),
    /** The admin who added it; null once their account is gone. */
    addedBy: text('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('word_list_terms_match_key').on(t.matchKey),
    // The admin page: newest first, a keyset over (created_at, id).
    index('word_list_terms_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('word_list_terms_added_by_idx').on(t.addedBy).where(sql`${t.addedBy} IS NOT NULL`),
    check(
      'word_list_terms_list',
      sql`${t.list} IN ('profanity', 'insult', 'harassment', 'threat', 'slur', 'sexual', 'self_harm', 'allow')`,
    ),
    check('word_list_terms_term_length', sql`char_length(${t.term}) BETWEEN 1 AND 60`),
  ],
);

export const likes = pgTable(
  'likes',
  {
    /** Deleting an account removes its likes; the use case lowers the counts first (delete-account.ts). */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    // A post's likes, newest first: a like notification reads one day of them (migration 0013).
    index('likes_post_idx').on(t.postId, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * Blocks (issue #48, decision 032): neither of the two sees the other's named posts, profile or named
 * likes, and the blocked person cannot like the blocker's named posts (they read as missing). Nothing
 * anonymous is touched, either way. The blocked person is never told; only the blocker reads these.
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    // Who blocked the viewer (the other half of "neither sees the other's"), and what deleting the
    // blocked account takes with it.
    index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
    // The blocker's list, newest first: a keyset over (created_at, blocked_id).
    index('blocks_list_idx').on(
      t.blockerId,
      t.createdAt.desc().nullsFirst(),
      t.blockedId.desc().nullsFirst(),
    ),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** Mutes (issue #48): the muted person's named posts and likes leave the muter's lists; one-way, silent. */
export const mutes = pgTable(
  'mutes',
  {
    muterId: text('muter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedId: text('muted_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.muterId, t.mutedId] }),
    // What deleting the muted account takes with it.
    index('mutes_muted_idx').on(t.mutedId),
    index('mutes_list_idx').on(t.muterId, t.createdAt.desc().nullsFirst(), t.mutedId.desc().nullsFirst()),
    check('mutes_not_self', sql`${t.muterId} <> ${t.mutedId}`),
  ],
);

/**
 * Posts a member hid from their lists (issue #48): "Not for me", or "Mute this author" on an
 * anonymous post, which mutes that post and not a person (decision 032: grouping an anonymous
 * author's posts would unmask them). Named or anonymous, the row says nothing about the author.
 */
export const hiddenPosts = pgTable(
  'hidden_posts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    // What a post's removal takes with it.
    index('hidden_posts_post_idx').on(t.postId),
    index('hidden_posts_list_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.postId.desc().nullsFirst(),
    ),
    check('hidden_posts_reason', sql`${t.reason} IN ('not_for_me', 'muted_author')`),
  ],
);

/**
 * Muted words and phrases (issue #48): a post whose text matches one leaves the member's feed and
 * askline pages until `expires_at` (null: always). `match_key` is the phrase as the text check reads
 * it (one per key and person); `pattern` its part of the regular expression the lists match
 * `posts.match_text` with, and `ending` how it may end (features/safety/word-pattern.ts): a viewer's
 * phrases are joined into one expression per statement.
 */
export const mutedWords = pgTable(
  'muted_words',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** As the member wrote it. */
    phrase: text('phrase').notNull(),
    matchKey: text('match_key').notNull(),
    pattern: text('pattern').notNull(),
    /** How the phrase may end: 'english', 'any' (an Indic word), 'word' (an Indic phrase). */
    ending: text('ending').notNull(),
    /**
     * The letters `pattern` names, run together with each run of one letter as one (issue #49): a text
     * can match the phrase only where its own letters, spaces left out and runs squeezed, hold these
     * (personal-controls' matchesMutedWords reads it so, in JavaScript), so a statement puts in its
     * expression only the phrases a text can match and compiles none for most texts.
     */
    letters: text('letters')
      .notNull()
      .generatedAlwaysAs(
        sql`regexp_replace(regexp_replace(pattern, '\\[(.)\\*\\]\\+|.', '\\1', 'g'), '(.)\\1+', '\\1', 'g')`,
      ),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    // One per phrase as read, and the lists' look-up of a viewer's words.
    uniqueIndex('muted_words_user_key').on(t.userId, t.matchKey),
    index('muted_words_list_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('muted_words_phrase_length', sql`char_length(${t.phrase}) BETWEEN 1 AND 100`),
    check('muted_words_ending', sql`${t.ending} IN ('english', 'any', 'word')`),
  ],
);

export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    reportCount: integer('report_count').notNull().default(1),
    /** null: never reviewed; false: reopened; true: resolved (SPEC §3). */
    resolved: boolean('resolved'),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /**
     * When the report's clocks started (India's IT Rules 2021, rule 3(2): acknowledge within 24 hours,
     * resolve within 15 days; features/reports/report-clocks.ts): its first report, or the moment it
     * opened again after being resolved (a new reporter, or staff reopening it).
     */
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The first staff action on the report or its post since it opened; null while none. */
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('reports_post_id_key').on(t.postId),
    index('reports_open_count_idx')
      .on(t.reportCount.desc().nullsFirst(), t.createdAt.desc().nullsFirst())
      .where(sql`${t.resolved} IS NOT TRUE`),
    index('reports_resolved_created_idx').on(t.createdAt.desc().nullsFirst()).where(sql`${t.resolved}`),
    index('reports_resolved_by_idx').on(t.resolvedBy).where(sql`${t.resolvedBy} IS NOT NULL`),
    check('reports_count_positive', sql`${t.reportCount} >= 1`),
  ],
);

/**
 * Who reported a post and why: one row per person and post, so each person counts once (issue
 * «Moderation» 1). The report's count moves only when a row is added here, in the same statement.
 */
export const reportReasons = pgTable(
  'report_reasons',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** Deleting an account removes its reasons; the use case lowers the counts first (delete-account.ts). */
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.reporterId] }),
    index('report_reasons_reporter_idx').on(t.reporterId, t.postId),
    check(
      'report_reasons_reason',
      sql`${t.reason} IN ('spam', 'harassment', 'hate', 'personal_information', 'self_harm', 'other')`,
    ),
    check('report_reasons_detail_length', sql`char_length(${t.detail}) <= 200`),
  ],
);

/** Numbers the staff members whose accounts were deleted, for the moderation log ("Former moderator #12"). */
export const formerStaffNumber = pgSequence('former_staff_number');

/**
 * What staff did, for admins to read (issue «Moderation» 5): resolve, unresolve, delete, askline
 * decisions, role changes, suspensions. `actor_id` is null for the admin command line, and once the
 * staff member's account is deleted; `actor_role` is the role they acted in, and `former_actor` the
 * number their entries share once their account is gone (issue #43), so the log still tells one
 * former moderator from another without naming them.
 * `subject_hidden` marks an action on the author of an anonymous post: the log never names them.
 */
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorRole: userType('actor_role'),
    formerActor: integer('former_actor'),
    action: text('action').notNull(),
    postId: uuid('post_id'),
    asklineId: uuid('askline_id'),
    targetUserId: text('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    subjectHidden: boolean('subject_hidden').notNull().default(false),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderation_log_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('moderation_log_actor_idx').on(t.actorId).where(sql`${t.actorId} IS NOT NULL`),
    index('moderation_log_target_idx').on(t.targetUserId).where(sql`${t.targetUserId} IS NOT NULL`),
  ],
);

/**
 * Suspensions an admin made through an anonymous post (issue «Trust» 1). They are kept apart from
 * `users.suspended_at`, which staff lists show, so no list changes when one is made: only sign-in
 * and the viewer lookup read this table (auth/suspension.ts), and staff see and lift it by the post.
 * `user_id` is the one place that links the post's suspension to an account; it never leaves the
 * server. One per post: suspending through the same post again changes nothing.
 */
export const sealedSuspensions = pgTable(
  'sealed_suspensions',
  {
    postId: uuid('post_id')
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /**
     * Null once the account is deleted (decision 019): the post stays up without an author, and the
     * suspension stays as staff saw it, so their lists do not change when the author goes.
     */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The admin who made it (null once their account is gone). */
    suspendedBy: text('suspended_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sealed_suspensions_user_idx').on(t.userId),
    index('sealed_suspensions_suspended_by_idx').on(t.suspendedBy).where(sql`${t.suspendedBy} IS NOT NULL`),
    index('sealed_suspensions_created_idx').on(t.createdAt.desc().nullsFirst(), t.postId.desc().nullsFirst()),
  ],
);

/** The dashboard notice of SPEC §3: one row, edited by admins. */
export const notices = pgTable(
  'notices',
  {
    id: smallint('id').primaryKey().default(1),
    show: boolean('show').notNull().default(false),
    title: text('title').notNull().default(''),
    badge: text('badge').notNull().default(''),
    content: jsonb('content').$type<string[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('notices_single_row', sql`${t.id} = 1`)],
);

/**
 * Rate-limit windows when several instances share PostgreSQL without Redis (platform/rate-limit.ts).
 * UNLOGGED in its migration: counters are not worth a WAL write, and a crash that empties them only
 * opens every window early.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('rate_limit_windows_ends_idx').on(t.endsAt)],
);

/**
 * Stored objects (pictures) to remove, written in the same transaction that lets go of them (an account
 * deleted): a crash between the commit and the removal leaves the row, and the sweeper removes the
 * object on its next round (platform/object-removals.ts). Keys only: nothing here names an account.
 */
export const objectRemovals = pgTable(
  'object_removals',
  {
    key: text('key').primaryKey(),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (t) => [index('object_removals_due_idx').on(t.nextAttemptAt)],
);

/**
 * What happened to what a person wrote (issue #28), one row per thing to tell: likes on a post are one
 * row per post and day (the like statement upserts it, so a like stays one statement), and who liked
 * is read from `likes` when the list is read. `updated_at` moves when a grouped row gains another like,
 * which also makes it unread again. Rows go with their recipient, post or askline.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who is told. Never shown to anyone else: nothing says a notification went to an account. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    asklineId: uuid('askline_id').references(() => asklines.id, { onDelete: 'cascade' }),
    /** A held post's outcome: the held post it is about (a removed one never became a post). */
    heldPostId: uuid('held_post_id').references(() => heldPosts.id, { onDelete: 'cascade' }),
    /**
     * A removal's statement of reasons, or the decision an appeal's outcome is about (issue #47). No
     * foreign key, so no index to keep for one: a decision goes only with its post, held post or
     * author, and each of those takes the notification with it (post_id, held_post_id, user_id).
     */
    decisionId: uuid('decision_id'),
    /** A signature in the recipient's yearbook waiting for them (issue #52): goes with it. */
    signatureId: uuid('signature_id').references((): AnyPgColumn => signatures.id, { onDelete: 'cascade' }),
    /** A book the recipient asked for is ready (issue #52): goes with the book's row. */
    bookJobId: uuid('book_job_id').references((): AnyPgColumn => bookJobs.id, { onDelete: 'cascade' }),
    /** Likes: the day (in the campuses' zone) the row groups. */
    day: date('day', { mode: 'string' }),
    detail: text('detail'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // The list: newest change first, a keyset over (updated_at, id).
    index('notifications_user_updated_idx').on(
      t.userId,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} IS NULL`),
    // One row per post and day for likes: the like statement's upsert key.
    uniqueIndex('notifications_post_liked_day_key').on(t.postId, t.day).where(sql`${t.kind} = 'post_liked'`),
    // One row per askline and day for its answers, upserted as each answer is posted.
    uniqueIndex('notifications_askline_answered_day_key')
      .on(t.asklineId, t.day)
      .where(sql`${t.kind} = 'askline_answered'`),
    // One row per post and day for its replies, per reply and day for the replies to it (issue #49).
    uniqueIndex('notifications_post_replied_day_key')
      .on(t.postId, t.day)
      .where(sql`${t.kind} = 'post_replied'`),
    uniqueIndex('notifications_reply_replied_day_key')
      .on(t.postId, t.day)
      .where(sql`${t.kind} = 'reply_replied'`),
    // One mention notification per person and text.
    uniqueIndex('notifications_mentioned_key').on(t.postId, t.userId).where(sql`${t.kind} = 'mentioned'`),
    // What a post's or askline's removal takes with it.
    index('notifications_post_idx').on(t.postId).where(sql`${t.postId} IS NOT NULL`),
    index('notifications_askline_idx').on(t.asklineId).where(sql`${t.asklineId} IS NOT NULL`),
    index('notifications_held_post_idx').on(t.heldPostId).where(sql`${t.heldPostId} IS NOT NULL`),
    check(
      'notifications_kind',
      sql`${t.kind} IN ('post_liked', 'askline_answered', 'askline_verified', 'askline_rejected', 'report_outcome', 'post_removed', 'admin_notice', 'held_approved', 'held_removed', 'appeal_decided', 'report_received', 'post_replied', 'reply_replied', 'mentioned', 'signature_received', 'book_ready')`,
    ),
    check(
      'notifications_like_has_day',
      sql`${t.kind} <> 'post_liked' OR (${t.postId} IS NOT NULL AND ${t.day} IS NOT NULL)`,
    ),
    check(
      'notifications_askline_kinds',
      sql`${t.kind} NOT IN ('askline_answered', 'askline_verified', 'askline_rejected') OR ${t.asklineId} IS NOT NULL`,
    ),
    check('notifications_answers_have_day', sql`${t.kind} <> 'askline_answered' OR ${t.day} IS NOT NULL`),
    check('notifications_notice_has_text', sql`${t.kind} <> 'admin_notice' OR ${t.detail} IS NOT NULL`),
    // One notification per signature, and what a signature's removal takes with it (issue #52).
    uniqueIndex('notifications_signature_key').on(t.signatureId).where(sql`${t.signatureId} IS NOT NULL`),
    check(
      'notifications_signature_kind',
      sql`(${t.kind} = 'signature_received') = (${t.signatureId} IS NOT NULL)`,
    ),
    // One notification per book, and what a book's removal takes with it (issue #52).
    uniqueIndex('notifications_book_job_key').on(t.bookJobId).where(sql`${t.bookJobId} IS NOT NULL`),
    check('notifications_book_kind', sql`(${t.kind} = 'book_ready') = (${t.bookJobId} IS NOT NULL)`),
  ],
);

/**
 * A PDF of the yearbook being made, made, or failed (issue #52, decision 041): a person's own page
 * (`kind` page: the posts they chose, in order) or a class's book (`kind` class: a year and campus,
 * staff). Queued by a request, made by one instance's book job (claimed FOR UPDATE SKIP LOCKED and
 * leased: a job whose instance died is taken again after `lease_until`), its file kept in object
 * storage until `expires_at` (a week after it was made); then the file goes, and the row a while after.
 */
export const bookJobs = pgTable(
  'book_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    requestedBy: text('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: smallint('year'),
    campus: institution('campus'),
    paper: text('paper').notNull(),
    postIds: uuid('post_ids').array(),
    status: text('status').notNull().default('queued'),
    progress: doublePrecision('progress').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    objectKey: text('object_key'),
    size: integer('size'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // A requester's latest job of a kind (their screen), and the cascade of their account.
    index('book_jobs_requester_idx').on(t.requestedBy, t.kind, t.createdAt.desc().nullsFirst()),
    // A class's latest book (any staff's).
    index('book_jobs_class_idx')
      .on(t.year, t.campus, t.createdAt.desc().nullsFirst())
      .where(sql`${t.kind} = 'class'`),
    // One job in flight per requester and kind, and per class: the second request is refused (409).
    uniqueIndex('book_jobs_page_in_flight_key')
      .on(t.requestedBy)
      .where(sql`${t.kind} = 'page' AND ${t.status} IN ('queued', 'making')`),
    uniqueIndex('book_jobs_class_in_flight_key')
      .on(t.year, t.campus)
      .where(sql`${t.kind} = 'class' AND ${t.status} IN ('queued', 'making')`),
    // The job's queue, oldest first, and the cleanup's walk of what is due.
    index('book_jobs_queue_idx').on(t.createdAt).where(sql`${t.status} IN ('queued', 'making')`),
    index('book_jobs_expiry_idx').on(t.expiresAt).where(sql`${t.expiresAt} IS NOT NULL`),
    check('book_jobs_kind', sql`${t.kind} IN ('page', 'class')`),
    check('book_jobs_paper', sql`${t.paper} IN ('A4', 'Letter')`),
    check('book_jobs_status', sql`${t.status} IN ('queued', 'making', 'ready', 'failed')`),
    check('book_jobs_progress', sql`${t.progress} BETWEEN 0 AND 1`),
    check(
      'book_jobs_shape',
      sql`(${t.kind} = 'page' AND ${t.year} IS NULL AND ${t.campus} IS NULL AND ${t.postIds} IS NOT NULL AND cardinality(${t.postIds}) <= 20)
        OR (${t.kind} = 'class' AND ${t.year} IS NOT NULL AND ${t.campus} IS NOT NULL AND ${t.postIds} IS NULL)`,
    ),
    check('book_jobs_ready', sql`(${t.status} = 'ready') = (${t.expiresAt} IS NOT NULL)`),
  ],
);

/**
 * A signature in someone's yearbook (issue #52, decision 040): a named message of at most 256
 * characters from `writer` to `recipient`, one per pair, shown on the recipient's signatures page only
 * once they approve it. `updated_at` is its last change: an edit while pending, then its approval (an
 * approved signature is never edited), so one index orders both of the recipient's lists, newest first,
 * and serves the cascade of the recipient's account; the pair's key serves the writer's.
 */
export const signatures = pgTable(
  'signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    writerId: text('writer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('signatures_writer_recipient_key').on(t.writerId, t.recipientId),
    // The recipient's approved list and their pending one: a keyset over (updated_at, id), newest first.
    index('signatures_recipient_list_idx').on(
      t.recipientId,
      t.status,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check('signatures_status', sql`${t.status} IN ('pending', 'approved')`),
    check('signatures_not_oneself', sql`${t.writerId} <> ${t.recipientId}`),
    check('signatures_content_length', sql`char_length(${t.content}) BETWEEN 1 AND 256`),
    check('signatures_approved_at', sql`(${t.status} = 'approved') = (${t.approvedAt} IS NOT NULL)`),
  ],
);

/**
 * A superlatives round (issue #52, decision 042): one per class, a graduation year and a campus, moved
 * by staff from draft through nominating and voting to closed, one phase at a time. Every nomination
 * and vote locks its round's row for share and checks the phase; a phase change locks it for update,
 * so a write racing the change lands before it or sees the new phase. `results_at`: when the winners
 * are shown (once closed).
 */
export const superlativeRounds = pgTable(
  'superlative_rounds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    graduationYear: smallint('graduation_year').notNull(),
    institution: institution('institution').notNull(),
    phase: text('phase').notNull().default('draft'),
    resultsAt: timestamp('results_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The staff member who started it (null once their account is gone). */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('superlative_rounds_class_key').on(t.graduationYear, t.institution),
    index('superlative_rounds_created_by_idx').on(t.createdBy).where(sql`${t.createdBy} IS NOT NULL`),
    check('superlative_rounds_phase', sql`${t.phase} IN ('draft', 'nominating', 'voting', 'closed')`),
    check('superlative_rounds_year_range', sql`${t.graduationYear} BETWEEN 2020 AND 2030`),
  ],
);

/**
 * A category of a round ("Most likely to start a company"), approved by staff before nominations
 * open; `winner_id` is stored when the round closes (null: no votes, or the winner's account is gone).
 */
export const superlativeCategories = pgTable(
  'superlative_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roundId: uuid('round_id')
      .notNull()
      .references(() => superlativeRounds.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: smallint('position').notNull(),
    approved: boolean('approved').notNull().default(false),
    winnerId: text('winner_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('superlative_categories_position_key').on(t.roundId, t.position),
    uniqueIndex('superlative_categories_title_key').on(t.roundId, sql`lower(${t.title})`),
    // A winner's wins on their profile, and the cascade of their account.
    index('superlative_categories_winner_idx').on(t.winnerId).where(sql`${t.winnerId} IS NOT NULL`),
    check('superlative_categories_title_length', sql`char_length(${t.title}) BETWEEN 1 AND 80`),
  ],
);

/**
 * One nomination per member per category (the key keeps the count exact), changed by upsert while
 * nominations are open. Never leaves the server but to its nominator (and their export).
 */
export const superlativeNominations = pgTable(
  'superlative_nominations',
  {
    categoryId: uuid('category_id')
      .notNull()
      .references(() => superlativeCategories.id, { onDelete: 'cascade' }),
    nominatorId: text('nominator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nomineeId: text('nominee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.nominatorId] }),
    // The count per nominee when nominations close; a nominee's opt-out and account deletion.
    index('superlative_nominations_nominee_idx').on(t.nomineeId, t.categoryId),
    index('superlative_nominations_nominator_idx').on(t.nominatorId),
    check('superlative_nominations_not_oneself', sql`${t.nominatorId} <> ${t.nomineeId}`),
  ],
);

/**
 * A category's ballot, computed once when nominations close: the five most nominated eligible
 * classmates. `nominations` is kept for the tie-break when the vote closes and never leaves the server.
 */
export const superlativeCandidates = pgTable(
  'superlative_candidates',
  {
    categoryId: uuid('category_id')
      .notNull()
      .references(() => superlativeCategories.id, { onDelete: 'cascade' }),
    candidateId: text('candidate_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nominations: integer('nominations').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.candidateId] }),
    index('superlative_candidates_candidate_idx').on(t.candidateId),
  ],
);

/**
 * One vote per member per category, for a candidate on its ballot (the foreign key to the ballot
 * says so, and takes the vote with a candidate whose account goes). Never leaves the server but to
 * its voter (and their export).
 */
export const superlativeVotes = pgTable(
  'superlative_votes',
  {
    categoryId: uuid('category_id').notNull(),
    voterId: text('voter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    candidateId: text('candidate_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.voterId] }),
    foreignKey({
      name: 'superlative_votes_candidate_fk',
      columns: [t.categoryId, t.candidateId],
      foreignColumns: [superlativeCandidates.categoryId, superlativeCandidates.candidateId],
    }).onDelete('cascade'),
    // The count per candidate when the vote closes, and the ballot's cascade.
    index('superlative_votes_candidate_idx').on(t.categoryId, t.candidateId),
    index('superlative_votes_voter_idx').on(t.voterId),
  ],
);

/**
 * How far a member has seen their notifications (issue #51): the bell counts only unread ones changed
 * after this time, so opening /notifications clears it for what the page showed; each stays unread
 * (marked on the page, and in digests) until opened or marked read. One row per member, made the
 * first time.
 */
export const notificationsSeen = pgTable('notifications_seen', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * A person's choices for one kind of notification (issue #28); a kind without a row has the defaults
 * (shown in the app, never mailed: NOTIFICATION_DEFAULTS). Read when listing, never when writing one,
 * so a like stays one statement whatever the author chose.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    inApp: boolean('in_app').notNull(),
    digest: text('digest').notNull(),
    /** Pushed to the person's devices (issue #51); null: the kind's default (PUSH_DEFAULT_KINDS). */
    push: boolean('push'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    // Who is due a digest of a cadence: the few who asked for one.
    index('notification_settings_digest_idx').on(t.digest, t.userId).where(sql`${t.digest} <> 'off'`),
    check(
      'notification_settings_kind',
      sql`${t.kind} IN ('post_liked', 'askline_answered', 'askline_verified', 'askline_rejected', 'report_outcome', 'post_removed', 'admin_notice', 'held_approved', 'held_removed', 'appeal_decided', 'report_received', 'post_replied', 'reply_replied', 'mentioned', 'signature_received', 'book_ready')`,
    ),
    check('notification_settings_digest', sql`${t.digest} IN ('daily', 'weekly', 'off')`),
  ],
);

/**
 * A device that takes push notifications (issue #51): a browser's push subscription, saved by its
 * owner while signed in on it. It goes with the session it was made in (signing out of that browser
 * ends its pushes, whatever the browser does) and with the account. `server_key` is the VAPID public
 * key it was made for: after the keys are rotated, none of the older ones is sent to (the browser
 * subscribes again when the app is next opened).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** The push service's address for this device: a secret of the device's (it lets anyone push to it). */
    endpoint: text('endpoint').notNull(),
    /** The device's P-256 public key and auth secret (RFC 8291), base64url. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    serverKey: text('server_key').notNull(),
    createdAt: createdAt(),
    /** When the push service last took a push for it. */
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    // A sign-out and an account deleted take theirs by these keys.
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/**
 * How far a person's notifications have been looked at for pushes (features/push/queue-pushes.ts):
 * changes up to `pushed_through` are done with; those after it that were already pushed are in
 * `push_marks`. A row per person who has had a device take pushes.
 */
export const pushCursors = pgTable('push_cursors', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pushedThrough: timestamp('pushed_through', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * The notifications pushed whose change is newer than their person's `pushed_through` (the last
 * minute): a change committed late by a slower transaction is still found, and one found twice is
 * pushed once. `changed_at` is the notification's `updated_at` as pushed: moved up again, it is new.
 */
export const pushMarks = pgTable(
  'push_marks',
  {
    notificationId: uuid('notification_id')
      .primaryKey()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('push_marks_user_idx').on(t.userId, t.changedAt)],
);

/**
 * The pushes owed to a device, one row per device and kind (features/push/deliver-pushes.ts): the
 * changes not yet pushed (`pending`), when the next attempt is due (later after a failure, while one
 * is being sent, and for likes until a while after the last), and when one last went. Changes of a
 * kind made while one waits go with it: one push per kind, never one per like.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    pending: integer('pending').notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** Failed attempts since the last push went. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.kind] }),
    // What is due: the few rows owing a push.
    index('push_deliveries_due_idx').on(t.dueAt).where(sql`${t.pending} > 0`),
  ],
);

/** When a person's last digest of each cadence went (or was first due): the next covers what came after. */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cadence: text('cadence').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.cadence] }),
    check('notification_digests_cadence', sql`${t.cadence} IN ('daily', 'weekly')`),
  ],
);

/**
 * A notice from the admins to every member (issue #28), handed out by a background job a batch of
 * members at a time (features/notifications/broadcasts.ts): the request only writes this row.
 * `nextUserId` is how far it got, moved in the transaction of each batch, so a crash resumes where
 * it stopped and nobody is told twice. Members who joined after it was sent are not told.
 */
export const notificationBroadcasts = pgTable(
  'notification_broadcasts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    /** The last member told, in user id order; null before the first batch. */
    nextUserId: text('next_user_id'),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('notification_broadcasts_pending_idx').on(t.createdAt).where(sql`${t.doneAt} IS NULL`)],
);

/**
 * A change of an account's email address (issue #43, decision 019): asked with the password, approved
 * by a link to the current address, then confirmed by a link to the new one; each link opens a page
 * whose button acts, signed in as the account. `token_hash` is the SHA-256 of the one link that is
 * live now (the approval's, then the confirmation's), so each link works once; a newer request, a
 * password change or a completed change voids the rest. Completed rows stay while the account does:
 * ADMIN_EMAILS never makes an admin of an account that moved onto its address.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromEmail: text('from_email').notNull(),
    toEmail: text('to_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    voidedAt: timestamp('voided_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('email_changes_token_key').on(t.tokenHash),
    index('email_changes_user_idx').on(t.userId),
    check(
      'email_changes_addresses_lowercase',
      sql`${t.fromEmail} = lower(${t.fromEmail}) AND ${t.toEmail} = lower(${t.toEmail})`,
    ),
  ],
);

/**
 * The addresses of ADMIN_EMAILS that have made an admin (issue #43): each only once, for an account
 * created and confirmed at it. A later demotion sticks, and a later account at the address (the first
 * deleted, or one that moved onto it) is not made admin by the setting.
 */
export const adminGrants = pgTable(
  'admin_grants',
  {
    email: text('email').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    grantedAt: timestamp('granted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('admin_grants_user_idx').on(t.userId).where(sql`${t.userId} IS NOT NULL`)],
);

/**
 * Usernames of deleted accounts, held for a while (issue #43): shared links and embeds name the
 * username, and must not lead to a newcomer who took it the next minute.
 */
export const releasedUsernames = pgTable('released_usernames', {
  username: text('username').primaryKey(),
  releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Each person's digest unsubscribe token (issue #43): random, stored, so it can be revoked (a new one
 * made) without touching the server's secret. `rotated_at` is set once it has been replaced, after
 * which the older signed links (before tokens were stored) no longer work either.
 */
export const unsubscribeTokens = pgTable(
  'unsubscribe_tokens',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: createdAt(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('unsubscribe_tokens_token_key').on(t.token)],
);

/**
 * Consecutive failed password guesses per account when instances share PostgreSQL without Redis
 * (platform/rate-limit.ts, issue #43): cleared by a success; each failure past a few makes the next
 * guess wait longer, and a hundred in a row stop password sign-in until the password is reset.
 * UNLOGGED in its migration, like rate_limit_windows.
 */
export const passwordFailures = pgTable(
  'password_failures',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('password_failures_last_idx').on(t.lastFailedAt)],
);

/**
 * The transparency report's ledger (issue #47): one row per moderation event, written in the same
 * transaction as the event, with nothing that names a person or a post: what happened (`kind`), its
 * one detail (a report's reason, a decision's outcome), and for an action on something waiting, how
 * long it waited. /transparency counts it by month. Kept apart from the rows it counts so that
 * deleting an account or a post does not rewrite a month already published, and append-only: nothing
 * updates or deletes it.
 */
export const transparencyEvents = pgTable(
  'transparency_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    detail: text('detail'),
    waitedSeconds: integer('waited_seconds'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('transparency_events_at_idx').on(t.at),
    check(
      'transparency_events_kind',
      sql`${t.kind} IN ('report_received', 'report_actioned', 'post_held', 'held_decided', 'post_removed', 'appeal_made', 'appeal_decided')`,
    ),
    check('transparency_events_waited', sql`${t.waitedSeconds} IS NULL OR ${t.waitedSeconds} >= 0`),
  ],
);
