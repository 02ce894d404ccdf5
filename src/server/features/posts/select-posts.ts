// The one way posts are read: each row with its author's public fields and whether the viewer liked
// it, in a single query whatever the page size (no query per post). Presenters decide what leaves.
import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { asklines, posts, profiles, reports } from '../../db/schema';
import { hiddenByViewer, type PostRef } from '../personal-controls';

/** The post row's columns the personal controls' rules read (features/personal-controls). */
export const postColumns: PostRef = {
  id: posts.id,
  userId: posts.userId,
  isAnonymous: posts.isAnonymous,
  content: posts.content,
  matchText: posts.matchText,
};

/**
 * `viewerId` may be a placeholder (a prepared statement's): bound to null, nobody liked anything.
 */
export function selectPosts(db: Db, viewerId: string | null | Placeholder) {
  return selectPostsWith(db, viewerId, {});
}

/**
 * selectPosts with more columns beside the post's (search adds how many matched). `hiddenFiltered`:
 * the list leaves out what the viewer hid (personal-controls LIST_RULES), so none of its rows is.
 * Every column has a name of its own, so the select can be read as a subquery (list-page.ts).
 */
export function selectPostsWith<Extra extends Record<string, SQL.Aliased>>(
  db: Db,
  viewerId: string | null | Placeholder,
  extra: Extra,
  options: { hiddenFiltered?: boolean } = {},
) {
  return (
    db
      .select({
        id: posts.id,
        userId: posts.userId,
        content: posts.content,
        isAnonymous: posts.isAnonymous,
        asklineId: posts.asklineId,
        asklineContent: sql<string | null>`${asklines.content}`.as('askline_content'),
        createdAt: posts.createdAt,
        // Microseconds matter to the keyset cursor; a JavaScript Date keeps only milliseconds.
        createdAtExact: sql<string>`${posts.createdAt}::text`.as('created_at_exact'),
        likeCount: posts.likeCount,
        replyCount: posts.replyCount,
        authorUsername: profiles.username,
        authorFullName: profiles.fullName,
        authorPictureKey: profiles.profilePictureKey,
        // Read always, shown only to staff (present-post.ts): a join on reports' unique post key.
        reportId: sql<string | null>`${reports.id}`.as('report_id'),
        reportCount: reports.reportCount,
        reportResolved: reports.resolved,
        postedAfterWarning: posts.postedAfterWarning,
        // Shown to the author of an anonymous askline answer alone (present-post.ts, issue #52).
        inClassBook: posts.inClassBook,
        likedByMe: (viewerId
          ? sql<boolean>`exists (select 1 from likes l where l.post_id = ${posts.id} and l.user_id = ${viewerId})`
          : sql<boolean>`false`
        ).as('liked_by_me'),
        // The viewer hid it (issue #48): its page offers Undo.
        hiddenByMe: (viewerId && !options.hiddenFiltered
          ? hiddenByViewer(viewerId, postColumns)
          : sql<boolean>`false`
        ).as('hidden_by_me'),
        ...extra,
      })
      .from(posts)
      // A left join: an anonymous post may have no author any more (decision 019); it needs none.
      .leftJoin(profiles, eq(profiles.userId, posts.userId))
      // The askline a post answers, shown on its card while the askline is published.
      .leftJoin(asklines, and(eq(asklines.id, posts.asklineId), eq(asklines.verified, true)))
      .leftJoin(reports, eq(reports.postId, posts.id))
  );
}

/** After a newest-first keyset cursor: older posts, or as old with a smaller id. */
export function olderThan(time: string | Placeholder, id: string | Placeholder): SQL {
  return sql`(${posts.createdAt}, ${posts.id}) < (${time}::timestamptz, ${id}::uuid)`;
}

export type PostRow = Awaited<ReturnType<ReturnType<typeof selectPosts>['execute']>>[number];
