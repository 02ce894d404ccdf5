// "Download your data" (issue #27; DPDP Act 2023 s.11): a zip of `campus-yearbook-data.json` and the
// profile picture. The JSON holds the account, its profile, every post it wrote (anonymous ones
// included and marked, deleted ones too), the likes it gave, the reports it made, the asklines it
// submitted, the statements of reasons of its removed posts with its appeals (issue #47: never who
// decided), its personal controls (issue #48: whom it blocked and muted, the posts it hid, its muted
// words; never who blocked it), its signed-in devices and the yearbook signatures it wrote and
// received (issue #52, both named), the superlatives nominations and votes it made (whom each chose;
// never who chose it): only rows keyed by this account. Posts of
// others appear by their id and address alone, so nobody's anonymous post is ever tied to its author
// here.
//
// The zip is written as it is read: posts, likes and reports are read a page at a time and the
// archive streams out as it is deflated, so a large account costs no more memory than a small one and
// the download starts at once (decision 017). So the answer's status has gone out before the last
// byte is made: a failure part way (the bucket down when the picture is read, the database gone)
// errors the stream, and the connection is cut before the archive's end, so the browser reports a
// failed download rather than saving a short file as complete.
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { anonymousLabel } from '../../../shared/values/replies';
import type { Db } from '../../db/client';
import {
  accounts,
  appeals,
  asklines,
  likes,
  moderationDecisions,
  posts,
  profiles,
  reportReasons,
  sessions,
  signatures,
  users,
} from '../../db/schema';
import type { ObjectStorage } from '../../platform/storage';
import { readSettings as readNotificationSettings } from '../notifications';
import { controlsForExport, hiddenPostsPage } from '../personal-controls';
import { choicesForExport } from '../superlatives';

/** Rows read per query: keeps memory flat whatever the account's size. */
const PAGE = 1_000;
export const EXPORT_JSON_NAME = 'campus-yearbook-data.json';
export const EXPORT_PHOTO_NAME = 'profile-picture.jpg';

interface ExportOptions {
  db: Db;
  storage: ObjectStorage;
  userId: string;
  /** The app's public origin: posts are named by their address too. */
  origin: string;
  /**
   * Told of a failure part way (http/error-handling.ts breakStreamedAnswer). Returns true when it has
   * cut the connection itself: the stream then ends quietly. Otherwise the stream errors, which cuts it.
   */
  onFailure?: (error: unknown) => boolean;
  /** Rows per query (tests make it small to see the paging). */
  pageSize?: number;
}

/** The archive as a stream of bytes; null when the account does not exist. */
export async function exportAccount(options: ExportOptions): Promise<ReadableStream<Uint8Array> | null> {
  const { db, userId } = options;
  const [account] = await db
    .select({
      email: users.email,
      emailVerified: users.emailVerified,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) return null;
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  const subject: Subject = { account, profile: profile ?? null };

  const chunks: Uint8Array[] = [];
  let finished = false;
  const zip = new Zip((error, chunk, final) => {
    if (error) throw error;
    chunks.push(chunk);
    if (final) finished = true;
  });
  const steps = archiveSteps(options, subject, zip);
  // Read as the client reads: each pull advances the archive until it has bytes to give, so a slow
  // download holds a page of rows and a little deflate state, not the archive.
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        while (chunks.length === 0 && !finished) {
          if ((await steps.next()).done && !finished) throw new Error('the archive ended unfinished');
        }
        for (const chunk of chunks.splice(0)) controller.enqueue(chunk);
        if (finished) controller.close();
      } catch (error) {
        zip.terminate();
        if (options.onFailure?.(error)) controller.close();
        else controller.error(error);
      }
    },
    async cancel() {
      zip.terminate();
      await steps.return(undefined);
    },
  });
}

/** Whose archive it is: read once, before the first byte. */
interface Subject {
  account: { email: string; emailVerified: boolean; createdAt: Date };
  profile: typeof profiles.$inferSelect | null;
}

/** Writes the archive into `zip` a piece per step: the JSON as it is read, then the picture. */
async function* archiveSteps(options: ExportOptions, subject: Subject, zip: Zip): AsyncGenerator<void> {
  const json = new ZipDeflate(EXPORT_JSON_NAME, { level: 6 });
  zip.add(json);
  const encoder = new TextEncoder();
  for await (const text of exportJson(options, subject)) {
    json.push(encoder.encode(text));
    yield;
  }
  json.push(new Uint8Array(0), true);
  yield;
  const key = subject.profile?.profilePictureKey;
  const picture = key ? await options.storage.get(key) : null;
  if (picture) {
    // JPEG is compressed already: stored as it is.
    const file = new ZipPassThrough(EXPORT_PHOTO_NAME);
    zip.add(file);
    file.push(new Uint8Array(picture.body), true);
    yield;
  }
  zip.end();
}

/** The JSON document, a piece at a time (valid JSON once joined). */
async function* exportJson(
  { db, userId, origin, pageSize: size = PAGE }: ExportOptions,
  { account, profile }: Subject,
): AsyncGenerator<string> {
  const postUrl = (id: string) => `${origin}/post/${id}`;
  const signInMethods = await db
    .select({ provider: accounts.providerId })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.providerId));
  const devices = await db
    .select({
      signedInAt: sessions.createdAt,
      lastActiveAt: sessions.updatedAt,
      expiresAt: sessions.expiresAt,
      browser: sessions.userAgent,
      address: sessions.ipAddress,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
  const submitted = await db
    .select({
      id: asklines.id,
      content: asklines.content,
      createdAt: asklines.createdAt,
      verified: asklines.verified,
      reviewedAt: asklines.reviewedAt,
    })
    .from(asklines)
    .where(eq(asklines.createdBy, userId))
    .orderBy(asc(asklines.createdAt), asc(asklines.id));
  // A handful at most: staff remove few posts of one account.
  const removals = await db
    .select({
      postId: sql<string>`coalesce(${moderationDecisions.postId}, ${moderationDecisions.heldPostId})`,
      kind: moderationDecisions.kind,
      rule: moderationDecisions.rule,
      facts: moderationDecisions.facts,
      foundBy: moderationDecisions.foundBy,
      decidedAt: moderationDecisions.decidedAt,
      appealText: appeals.text,
      appealedAt: appeals.createdAt,
      appealOutcome: appeals.outcome,
      appealDecidedAt: appeals.decidedAt,
    })
    .from(moderationDecisions)
    .leftJoin(appeals, eq(appeals.decisionId, moderationDecisions.id))
    .where(eq(moderationDecisions.authorId, userId))
    .orderBy(asc(moderationDecisions.decidedAt), asc(moderationDecisions.id));

  const head = {
    about:
      'Everything Campus Yearbook keeps about your account, as of exportedAt. Posts of others appear only by their address.',
    exportedAt: new Date().toISOString(),
    account: {
      email: account.email,
      emailConfirmed: account.emailVerified,
      createdAt: account.createdAt.toISOString(),
      signInMethods: signInMethods.map((row) => (row.provider === 'credential' ? 'password' : row.provider)),
    },
    profile: profile
      ? {
          username: profile.username,
          fullName: profile.fullName,
          bio: profile.bio,
          instagramUrl: profile.instagramUrl,
          linkedinUrl: profile.linkedinUrl,
          institution: profile.institution,
          graduationYear: profile.graduationYear,
          dateOfBirth: profile.dob,
          role: profile.userType,
          profilePicture: profile.profilePictureKey ? EXPORT_PHOTO_NAME : null,
          createdAt: profile.createdAt.toISOString(),
        }
      : null,
    signedInDevices: devices.map((row) => ({
      signedInAt: row.signedInAt.toISOString(),
      lastActiveAt: row.lastActiveAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      browser: row.browser,
      address: row.address,
    })),
    // What they chose for each kind of notification (the notifications themselves say what others did:
    // who liked, what staff decided, and are not part of the export).
    notificationSettings: await readNotificationSettings(db, userId),
    asklinesSubmitted: submitted.map((row) => ({
      id: row.id,
      content: row.content,
      createdAt: row.createdAt.toISOString(),
      status: row.verified ? 'verified' : row.reviewedAt ? 'rejected' : 'pending',
    })),
    // Whom they blocked and muted, and their muted words (issue #48): never who blocked or muted them.
    personalControls: await controlsForExport(db, userId),
    // Each removal of their post by staff: its statement of reasons, and their appeal (never who decided).
    removalsOfYourPosts: removals.map((row) => ({
      postUrl: postUrl(row.postId),
      heldForReview: row.kind === 'held_removed',
      rule: row.rule,
      facts: row.facts,
      foundBy: row.foundBy,
      decidedAt: row.decidedAt.toISOString(),
      appeal:
        row.appealText !== null && row.appealedAt !== null
          ? {
              text: row.appealText,
              appealedAt: row.appealedAt.toISOString(),
              outcome: row.appealOutcome,
              decidedAt: row.appealDecidedAt?.toISOString() ?? null,
            }
          : null,
    })),
  };
  // The head, without its closing brace; the long lists follow it.
  yield JSON.stringify(head, null, 2).slice(0, -2);

  yield ',\n  "posts": [';
  yield* pages(
    (after) => postsPage(db, userId, after, size),
    (row) => ({
      id: row.id,
      // A reply (issue #49) is at its place in its thread, with its label there when anonymous.
      url: row.parentId ? `${postUrl(row.parentId)}#reply-${row.id}` : postUrl(row.id),
      content: row.content,
      anonymous: row.isAnonymous,
      removed: row.deleted,
      likes: row.likeCount,
      asklineId: row.asklineId,
      replyTo: row.parentId ? { post: postUrl(row.parentId), reply: row.replyToId } : null,
      label: row.anonymousLabel === null ? null : anonymousLabel(row.anonymousLabel),
      createdAt: row.createdAt.toISOString(),
    }),
    (row) => ({ id: row.id, time: row.exactly }),
    size,
  );
  yield '\n  ],\n  "likesGiven": [';
  yield* pages(
    (after) => likesPage(db, userId, after, size),
    (row) => ({ postUrl: postUrl(row.postId), likedAt: row.createdAt.toISOString() }),
    (row) => ({ id: row.postId }),
    size,
  );
  yield '\n  ],\n  "reportsMade": [';
  yield* pages(
    (after) => reportsPage(db, userId, after, size),
    (row) => ({
      postUrl: postUrl(row.postId),
      reason: row.reason,
      detail: row.detail,
      reportedAt: row.createdAt.toISOString(),
    }),
    (row) => ({ id: row.postId }),
    size,
  );
  yield '\n  ],\n  "postsHidden": [';
  yield* pages(
    (after) => hiddenPostsPage(db, userId, after, size),
    (row) => ({ postUrl: postUrl(row.postId), reason: row.reason, hiddenAt: row.createdAt.toISOString() }),
    (row) => ({ id: row.postId }),
    size,
  );
  // Signatures (issue #52): both sides are named, so each names the other person by username.
  yield '\n  ],\n  "signaturesWritten": [';
  yield* pages(
    (after) => signaturesPage(db, userId, 'written', after, size),
    (row) => presentExportedSignature(row, 'recipient'),
    (row) => ({ id: row.id }),
    size,
  );
  yield '\n  ],\n  "signaturesReceived": [';
  yield* pages(
    (after) => signaturesPage(db, userId, 'received', after, size),
    (row) => presentExportedSignature(row, 'writer'),
    (row) => ({ id: row.id }),
    size,
  );
  // Superlatives (issue #52): the nominations and votes it made, whom each chose (a few per class).
  for (const kind of ['nominations', 'votes'] as const) {
    yield `\n  ],\n  "${kind === 'nominations' ? 'superlativeNominations' : 'superlativeVotes'}": [`;
    const rows = await choicesForExport(db, userId, kind);
    yield* pages(
      async () => rows,
      (row) => ({
        class: { year: row.year, campus: row.campus },
        category: row.category,
        [kind === 'nominations' ? 'nominee' : 'votedFor']: row.chose,
        [kind === 'nominations' ? 'nominatedAt' : 'votedAt']: new Date(row.at).toISOString(),
      }),
      () => ({ id: '' }),
      rows.length + 1,
    );
  }
  yield '\n  ]\n}\n';
}

type SignatureExportRow = Awaited<ReturnType<typeof signaturesPage>>[number];

function presentExportedSignature(row: SignatureExportRow, other: 'recipient' | 'writer') {
  return {
    [other]: row.otherUsername,
    content: row.content,
    status: row.status,
    writtenAt: row.createdAt.toISOString(),
    editedAt: row.updatedAt.toISOString(),
    approvedAt: row.approvedAt?.toISOString() ?? null,
  };
}

/**
 * A page of the signatures it wrote or received, in id order (one per pair: a few hundred at most,
 * so each page sorts the account's own rows, read by the pair's key or the recipient's index).
 */
export function signaturesPage(
  db: Db,
  userId: string,
  side: 'written' | 'received',
  after: Cursor | null,
  size = PAGE,
) {
  const [own, other] =
    side === 'written'
      ? [signatures.writerId, signatures.recipientId]
      : [signatures.recipientId, signatures.writerId];
  return db
    .select({
      id: signatures.id,
      otherUsername: profiles.username,
      content: signatures.content,
      status: signatures.status,
      createdAt: signatures.createdAt,
      updatedAt: signatures.updatedAt,
      approvedAt: signatures.approvedAt,
    })
    .from(signatures)
    .leftJoin(profiles, eq(profiles.userId, other))
    .where(and(eq(own, userId), after ? gt(signatures.id, after.id) : undefined))
    .orderBy(asc(signatures.id))
    .limit(size);
}

/** A page of the account's posts, oldest first, deleted ones too (posts_user_created_idx, backwards). */
export function postsPage(db: Db, userId: string, after: Cursor | null, size = PAGE) {
  return db
    .select({
      id: posts.id,
      content: posts.content,
      isAnonymous: posts.isAnonymous,
      deleted: posts.deleted,
      likeCount: posts.likeCount,
      asklineId: posts.asklineId,
      parentId: posts.parentId,
      replyToId: posts.replyToId,
      anonymousLabel: posts.anonymousLabel,
      createdAt: posts.createdAt,
      // The time as the database wrote it (microseconds: a JavaScript Date would round them).
      exactly: sql<string>`${posts.createdAt}::text`,
    })
    .from(posts)
    .where(
      and(
        eq(posts.userId, userId),
        after
          ? sql`(${posts.createdAt}, ${posts.id}) > (${after.time}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(posts.createdAt), asc(posts.id))
    .limit(size);
}

/** A page of the likes it gave, in the order of their key (user, post). */
export function likesPage(db: Db, userId: string, after: Cursor | null, size = PAGE) {
  return db
    .select({ postId: likes.postId, createdAt: likes.createdAt })
    .from(likes)
    .where(and(eq(likes.userId, userId), after ? gt(likes.postId, after.id) : undefined))
    .orderBy(asc(likes.postId))
    .limit(size);
}

/** A page of the reports it made, in the order of report_reasons_reporter_idx (reporter, post). */
export function reportsPage(db: Db, userId: string, after: Cursor | null, size = PAGE) {
  return db
    .select({
      postId: reportReasons.postId,
      reason: reportReasons.reason,
      detail: reportReasons.detail,
      createdAt: reportReasons.createdAt,
    })
    .from(reportReasons)
    .where(and(eq(reportReasons.reporterId, userId), after ? gt(reportReasons.postId, after.id) : undefined))
    .orderBy(asc(reportReasons.postId))
    .limit(size);
}

/** Where a page ends: the last row's key (and its exact time, for lists in time order). */
export interface Cursor {
  id: string;
  time?: string;
}

/** Every page of a keyset query (each read after the last row of the one before), as JSON rows. */
async function* pages<Row>(
  read: (after: Cursor | null) => Promise<Row[]>,
  present: (row: Row) => unknown,
  cursorOf: (row: Row) => Cursor,
  size: number,
): AsyncGenerator<string> {
  let after: Cursor | null = null;
  let first = true;
  for (;;) {
    const rows = await read(after);
    for (const row of rows) {
      yield `${first ? '' : ','}\n    ${JSON.stringify(present(row))}`;
      first = false;
    }
    const last = rows.at(-1);
    if (!last || rows.length < size) return;
    after = cursorOf(last);
  }
}
