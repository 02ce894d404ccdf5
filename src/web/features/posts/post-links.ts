import type { Post } from '../../../shared/posts';
import { paths } from '../../config/paths';

export const POST_FORMATS = [
  { format: 'default', label: 'Original' },
  { format: 'square', label: 'LinkedIn 1:1' },
  { format: 'story', label: 'Story 9:16' },
] as const;
export type PostFormat = (typeof POST_FORMATS)[number]['format'];

/** A post's own page: /{username}/{postId}, or /post/{postId} for an anonymous post (SPEC §2). */
export function postHref(post: Pick<Post, 'id' | 'author'>, format?: PostFormat): string {
  const base = post.author
    ? paths.userPost.getHref(post.author.username, post.id)
    : paths.anonymousPost.getHref(post.id);
  return format && format !== 'default' ? `${base}?format=${format}` : base;
}
