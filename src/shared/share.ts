// Sharing a post (SPEC §2 post card share menu and single-post page, §4 template, §7 Other, §8, §9): the
// three templates, the address of a post's page (share-links.ts: what every card carries), the spec's
// failure messages, and the sizes every share surface uses, so the web page, the embed and the server's
// link previews agree.

import { SHARE_LINK_MESSAGES, type ShareFormat } from './share-links';

export * from './share-links';

/** SPEC §2: the single-post page's template buttons. */
export const TEMPLATE_LABELS: Record<ShareFormat, string> = {
  default: 'Default',
  square: 'Square',
  story: 'Story',
};

/** SPEC §2 route table: `format` is default, square or story; other values are ignored. */
export function readShareFormat(value: unknown): ShareFormat {
  return value === 'square' || value === 'story' ? value : 'default';
}

export const SHARE_MESSAGES = {
  ...SHARE_LINK_MESSAGES,
  embedCopyFailed: 'Failed to copy embed code. Please try again.',
  downloadFailed: 'Failed to download image. Please try again with a different template.',
  prepareFailed: 'Failed to prepare image for download. Please try again.',
} as const;

/** SPEC §9 image download: 4× pixel ratio, black background, a second capture after 300 ms. */
export const IMAGE_PIXEL_RATIO = 4;
export const IMAGE_BACKGROUND = '#000000';
export const IMAGE_RETRY_DELAY_MS = 300;

/** SPEC §9 embed page: the card is at most 500 px wide. */
export const EMBED_MAX_WIDTH = 500;

/** Link previews (Open Graph, Twitter cards): the size every network crops to. */
export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;

/** File name of a downloaded image or embed: from username (or "anonymous"), post id and template. */
export function shareFileName(
  post: { id: string; author: { username: string } | null },
  format: ShareFormat,
  extension: 'png' | 'html',
): string {
  return `${post.author?.username ?? 'anonymous'}-${post.id}-${format}.${extension}`;
}
