import { eq } from 'drizzle-orm';
import type { RowId } from '../../../shared/path-params';
import { POST_MESSAGES } from '../../../shared/posts';
import { AppError } from '../../app-error';
import type { EndSessions } from '../../auth/auth';
import { authorizeAuthorSuspension } from '../../auth/policies';
import type { Viewer } from '../../auth/viewer';
import type { Db } from '../../db/client';
import { posts, profiles, sealedSuspensions, sessions } from '../../db/schema';
import { suspendAccount } from '../admin-users';
import { recordModeration } from '../moderation-log';

/**
 * Suspends the author of a post (issue «Moderation» 4): staff act on the account behind a post, named or
 * anonymous (deleted posts included: deleting is often the step before).
 *
 * The author of a named post is suspended by name, as on /admin/users, where it then shows. The author
 * of an anonymous post is suspended *sealed* (issue «Trust» 1): a row of `sealed_suspensions` for the
 * post, which stops sign-in and every request of the account (auth/suspension.ts) but changes nothing
 * any staff list shows, so comparing /admin/users, profiles or search before and after names no one.
 * Staff see and lift it by the post (sealed-suspensions.ts). Suspending through the same post again
 * answers the same and changes nothing.
 *
 * Who may suspend whom is auth/policies.ts's authorizeAuthorSuspension. The author's role is read and
 * the suspension written in one transaction. Sessions end at once.
 *
 * An anonymous post whose author deleted their account has no author (decision 019): it is suspended
 * like any other, a sealed row with nobody behind it, so staff see the same answer and the same list
 * whether or not the author is still here.
 */
export async function suspendAuthor(
  db: Db,
  options: { postId: RowId; staff: Viewer; endSessions: EndSessions },
): Promise<void> {
  const missing = new AppError('not_found', POST_MESSAGES.notFound);
  const authorId = await db.transaction(async (tx) => {
    const [post] = await tx
      .select({ userId: posts.userId, isAnonymous: posts.isAnonymous })
      .from(posts)
      .where(eq(posts.id, options.postId))
      .limit(1);
    if (!post) throw missing;
    // The author's profile, locked: a role change meanwhile waits for this decision.
    const [author] = post.userId
      ? await tx
          .select({ userType: profiles.userType })
          .from(profiles)
          .where(eq(profiles.userId, post.userId))
          .for('update')
      : [];
    authorizeAuthorSuspension(options.staff, {
      ownerId: post.userId,
      ownerType: author?.userType ?? 'ordinary',
      anonymous: post.isAnonymous,
    });
    if (post.isAnonymous) {
      await tx
        .insert(sealedSuspensions)
        .values({ postId: options.postId, userId: post.userId, suspendedBy: options.staff.userId })
        .onConflictDoNothing();
      if (post.userId) await tx.delete(sessions).where(eq(sessions.userId, post.userId));
    } else if (post.userId) {
      await suspendAccount(tx, post.userId);
    }
    await recordModeration(tx, {
      actorId: options.staff.userId,
      action: 'user_suspended',
      postId: options.postId,
      targetUserId: post.userId ?? undefined,
      subjectHidden: post.isAnonymous,
    });
    return post.userId;
  });
  if (authorId) await options.endSessions(authorId);
}
