// The addresses people share (SPEC §2 route table) and the ones the server makes for them: a post's
// page, an askline's page, their preview images and the embed page.
import { type RowId, rowIdSchema } from '../../../shared/path-params';
import { matchRoute } from '../../../shared/routes';
import { postPagePath, type ShareFormat } from '../../../shared/share';

export type SharedPage =
  | { kind: 'post'; username: string | null; postId: RowId }
  | { kind: 'askline'; id: RowId };

const USERNAME_SEGMENT = /^[A-Za-z0-9_.]{1,40}$/;

/**
 * Which shared page a path names: /post/{id}, /askline/{id} or /{username}/{id}, with ids that are
 * UUIDs, read as the web app reads the address (src/shared/routes.ts: any case, decoded, ranked), so
 * the preview tags and oEmbed answer describe the page the browser shows. Anything else
 * (/profile/setup, /ADMIN/log, a short or strange path) is not one.
 */
export function readSharedPage(pathname: string): SharedPage | null {
  const found = matchRoute(pathname);
  // The page's own address, not an API route's: its id is checked here, as the API's are.
  const checked = rowIdSchema.safeParse((found?.params.uuid ?? found?.params.postId ?? '').toLowerCase());
  if (!found || !checked.success) return null;
  const id = checked.data;
  if (found.id === 'askline') return { kind: 'askline', id };
  if (found.id === 'anonymousPost') return { kind: 'post', username: null, postId: id };
  const username = found.params.username ?? '';
  if (found.id !== 'userPost' || !USERNAME_SEGMENT.test(username)) return null;
  return { kind: 'post', username: username.toLowerCase(), postId: id };
}

export interface ShareUrls {
  /** The post's page, no template: the canonical address. */
  page: string;
  /** The embed page, in a template. */
  embed: (format: ShareFormat) => string;
  image: string;
}

/** Absolute addresses for a post, from PUBLIC_URL (`origin` has no trailing slash). */
export function postUrls(
  origin: string,
  post: { id: string; author: { username: string } | null },
  imageVersion: string,
): ShareUrls {
  const id = encodeURIComponent(post.id);
  return {
    page: `${origin}${postPagePath(post)}`,
    embed: (format) => `${origin}/embed/posts/${id}${format === 'default' ? '' : `?format=${format}`}`,
    image: `${origin}/og/posts/${id}.png?v=${imageVersion}`,
  };
}
