// What a reply looks like outside the server (issue #49, decision 034). An anonymous reply carries its
// label in the thread and no author, for anyone; a removed one keeps its place with nothing of what it
// was: no text, no author, no label.
import { anonymousLabel, type Reply } from '../../../shared/replies';
import { can, postControlsOffer, reportAccess } from '../../auth/policies';
import type { Viewer } from '../../auth/viewer';
import type { ObjectStorage } from '../../platform/storage';
import type { ReplyRow } from './list-thread';

export function presentReply(
  row: ReplyRow,
  viewer: Viewer | null,
  storage: ObjectStorage,
  thread: { repliesEnabled: boolean },
): Reply {
  const replyTo = row.reply_to_id ? { id: row.reply_to_id, name: row.reply_to_name ?? 'a reply' } : null;
  const common = {
    id: row.id,
    postId: row.parent_id,
    replyTo,
    createdAt: new Date(row.created_at).toISOString(),
    replyCount: row.reply_count,
  };
  if (row.deleted) {
    return {
      ...common,
      removed: true,
      content: '',
      isAnonymous: false,
      author: null,
      label: null,
      viewer: {
        isAuthor: false,
        canReply: false,
        canDelete: false,
        canRemove: false,
        report: 'none',
        canMuteAuthor: 'none',
        canBlockAuthor: false,
      },
    };
  }
  const owner = { ownerId: row.user_id };
  const controls = postControlsOffer(viewer, { ownerId: row.user_id, anonymous: row.is_anonymous });
  return {
    ...common,
    removed: false,
    content: row.content,
    isAnonymous: row.is_anonymous,
    author:
      row.is_anonymous || row.author_username === null || row.author_full_name === null
        ? null
        : {
            username: row.author_username,
            fullName: row.author_full_name,
            profilePictureUrl: row.author_picture_key ? storage.publicUrl(row.author_picture_key) : null,
          },
    label: row.is_anonymous && row.anonymous_label !== null ? anonymousLabel(row.anonymous_label) : null,
    viewer: {
      isAuthor: viewer?.userId === row.user_id,
      canReply: thread.repliesEnabled && can(viewer, 'post:reply'),
      canDelete: can(viewer, 'post:delete', owner),
      canRemove: can(viewer, 'post:remove', owner),
      report: reportAccess(viewer, owner),
      canMuteAuthor: controls.canMuteAuthor,
      canBlockAuthor: controls.canBlockAuthor,
    },
  };
}
