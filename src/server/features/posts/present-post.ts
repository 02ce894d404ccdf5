// What a post looks like outside the server. An anonymous post carries no author at all, for anyone:
// not the id, username, name, picture or a profile link (DESIGN: anonymity). The viewer learns only
// whether it is their own.
import type { Post } from '../../../shared/posts';
import { can, mayOfferAuthorSuspension, postControlsOffer, reportAccess } from '../../auth/policies';
import type { Viewer } from '../../auth/viewer';
import type { ObjectStorage } from '../../platform/storage';
import type { PostRow } from './select-posts';

export function presentPost(row: PostRow, viewer: Viewer | null, storage: ObjectStorage): Post {
  const moderating = can(viewer, 'reports:manage');
  return {
    id: row.id,
    content: row.content,
    isAnonymous: row.isAnonymous,
    // A named post always has its author's profile (named posts go with their account); only an
    // anonymous one may have none (decision 019), and it shows none either way.
    author:
      row.isAnonymous || row.authorUsername === null || row.authorFullName === null
        ? null
        : {
            username: row.authorUsername,
            fullName: row.authorFullName,
            profilePictureUrl: row.authorPictureKey ? storage.publicUrl(row.authorPictureKey) : null,
          },
    askline: row.asklineId && row.asklineContent ? { id: row.asklineId, content: row.asklineContent } : null,
    createdAt: row.createdAt.toISOString(),
    likeCount: row.likeCount,
    likedByMe: row.likedByMe,
    replyCount: row.replyCount,
    report:
      moderating && row.reportId
        ? {
            id: row.reportId,
            count: row.reportCount ?? 0,
            resolved: row.reportResolved === true,
            postedAfterWarning: row.postedAfterWarning === true,
          }
        : null,
    viewer: {
      isAuthor: viewer?.userId === row.userId,
      canLike: can(viewer, 'post:like'),
      canDelete: can(viewer, 'post:delete', { ownerId: row.userId }),
      canRemove: can(viewer, 'post:remove', { ownerId: row.userId }),
      canModerate: moderating,
      report: reportAccess(viewer, { ownerId: row.userId }),
      canSuspendAuthor: mayOfferAuthorSuspension(viewer, { ownerId: row.userId, anonymous: row.isAnonymous }),
      hidden: row.hiddenByMe === true,
      ...postControlsOffer(viewer, { ownerId: row.userId, anonymous: row.isAnonymous }),
      // The class-book switch (issue #52): its author's alone, on their anonymous askline answer.
      inClassBook:
        viewer !== null && viewer.userId === row.userId && row.isAnonymous && row.asklineId !== null
          ? row.inClassBook === true
          : null,
    },
  };
}
