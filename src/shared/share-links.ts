// The part of sharing every post card carries (SPEC §2 post card share menu, §4 copied state, §7 Other,
// §8): the three templates by the menu's names, a post's page and the link people copy, and what a
// failed copy says. Apart from the rest of sharing (share.ts, which re-exports this) because every page
// that shows a post loads it (scripts/chunk-groups.ts `cards`), and the image's and embed's parts are
// needed only on a post's own page.

export const SHARE_FORMATS = ['default', 'square', 'story'] as const;
export type ShareFormat = (typeof SHARE_FORMATS)[number];

/** SPEC §2: the post card's share menu names the templates by where they go. */
export const SHARE_MENU_LABELS: Record<ShareFormat, string> = {
  default: 'Original',
  square: 'LinkedIn 1:1',
  story: 'Story 9:16',
};

/** SPEC §8: copying a link (a post's, an askline's) failed. */
export const SHARE_LINK_MESSAGES = {
  copyFailed: 'Failed to copy URL. Please try again.',
  /** The phone's share sheet refused (issue #51); closing it is no failure and says nothing. */
  shareFailed: 'Failed to share. Please try again, or copy the link.',
} as const;

/** What the phone's share sheet shows above the link (issue #51): an anonymous post names no one. */
export function shareTitle(post: { author: { fullName: string } | null }): string {
  return post.author
    ? `Post by ${post.author.fullName} on Campus Yearbook`
    : 'Anonymous post on Campus Yearbook';
}

/** SPEC §4 and §9: the Copy button shows its copied state this long. */
export const COPIED_STATE_MS = 2_000;

/**
 * A post's own page (SPEC §2): /{username}/{postId}, or /post/{postId} for an anonymous post, with
 * `?format=` when a template is given (SPEC §7: the copied link always names it).
 */
export function postPagePath(
  post: { id: string; author: { username: string } | null },
  format?: ShareFormat,
) {
  const base = post.author
    ? `/${encodeURIComponent(post.author.username)}/${encodeURIComponent(post.id)}`
    : `/post/${encodeURIComponent(post.id)}`;
  return format ? `${base}?format=${format}` : base;
}

/** The address people share (SPEC §7 Other): `{origin}{page}?format={template}`, the template always named. */
export function postShareUrl(
  origin: string,
  post: { id: string; author: { username: string } | null },
  format: ShareFormat,
): string {
  return `${origin}${postPagePath(post, format)}`;
}
