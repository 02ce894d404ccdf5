import type { Post } from '../../../shared/posts';
import {
  postPagePath,
  SHARE_FORMATS,
  SHARE_MENU_LABELS,
  type ShareFormat,
} from '../../../shared/share-links';

/** The post card's share menu: the three templates by the names of SPEC §2. */
export const POST_FORMATS = SHARE_FORMATS.map((format) => ({ format, label: SHARE_MENU_LABELS[format] }));

/** A link to a post's own page (SPEC §2), naming its template only when it is not the default. */
export function postHref(post: Pick<Post, 'id' | 'author'>, format?: ShareFormat): string {
  return postPagePath(post, format === 'default' ? undefined : format);
}
