// What the share surfaces (link previews, preview images, the embed page, oEmbed) may show: exactly
// what a visitor sees. A post goes through presentPost for a visitor, so an anonymous post arrives here
// with no author at all, and nothing downstream can name one. Deleted posts and unpublished asklines
// are not found.
import type { Askline } from '../../../shared/asklines';
import type { RowId } from '../../../shared/path-params';
import type { Post } from '../../../shared/posts';
import type { Db } from '../../db/client';
import type { ObjectStorage } from '../../platform/storage';
import { findVisibleAskline, presentAskline } from '../asklines';
import { findPost, presentPost } from '../posts';

export interface SharedPost {
  post: Post;
  /** The author's photo in storage, for the preview image; always null for an anonymous post. */
  photoKey: string | null;
}

export async function findSharedPost(db: Db, storage: ObjectStorage, id: RowId): Promise<SharedPost | null> {
  const row = await findPost(db, id, null);
  // A reply (issue #49) is not shared as a card: its address leads to its thread (replyPlace).
  if (!row || row.threadId !== null) return null;
  const post = presentPost(row, null, storage);
  return { post, photoKey: post.author ? row.authorPictureKey : null };
}

export async function findSharedAskline(db: Db, id: RowId): Promise<Askline | null> {
  const row = await findVisibleAskline(db, id, null);
  return row ? presentAskline(row) : null;
}

/**
 * The post a page address names: /post/{id} (any post), or /{username}/{id}, where an anonymous post
 * does not exist (the API answers the same: a guessed username is never confirmed).
 */
export async function findPostAt(
  db: Db,
  storage: ObjectStorage,
  address: { username: string | null; postId: RowId },
): Promise<SharedPost | null> {
  const found = await findSharedPost(db, storage, address.postId);
  if (!found) return null;
  if (address.username !== null && !found.post.author) return null;
  return found;
}

/**
 * Where a reply's own address leads: its place in its thread, `/post/{post}#reply-{reply}` (the export
 * links there too). Under a username, only a named reply of that username has one, as a post does.
 */
export async function replyPlace(
  db: Db,
  address: { username: string | null; postId: RowId },
): Promise<string | null> {
  const row = await findPost(db, address.postId, null);
  if (!row?.threadId) return null;
  if (
    address.username !== null &&
    (row.isAnonymous || row.authorUsername?.toLowerCase() !== address.username.toLowerCase())
  ) {
    return null;
  }
  return `/post/${row.threadId}#reply-${row.id}`;
}
