// The zod-free half of the post contract (../posts.ts): what reading posts says and the feed's orders,
// for the pages every visitor opens (decision 013). What writing one says is in post-writing.ts, so
// those pages do not carry it.

export const POST_MESSAGES = {
  /** SPEC §8, spelled as in the product. */
  likeFailed: 'failled to register the like OR you are in demo mode',
  loadFailed: 'Failed to load posts. Please try again later.',
  empty: 'No posts yet. Be the first to share!',
  notFound: 'Post not found',
  loadOneFailed: "Could not load the post. It might have been deleted or doesn't exist.",
} as const;

/** SPEC §9 sort modes; `default` puts posts the viewer has not liked first, then newest. */
export const FEED_SORTS = ['default', 'newest', 'oldest', 'most_liked'] as const;
export type FeedSort = (typeof FEED_SORTS)[number];

export const FEED_SORT_LABELS: Record<FeedSort, string> = {
  default: 'Default',
  newest: 'Newest First',
  oldest: 'Oldest First',
  most_liked: 'Most Liked',
};

/**
 * The feed's tabs (issue #51, decision 038): every post, a campus's named posts, or the named posts of
 * the viewer's class (their graduation year). An anonymous post shows only under Everyone: a campus or
 * a class would say something about who wrote it.
 */
export const FEED_TABS = ['everyone', 'vitc', 'vitv', 'class'] as const;
export type FeedTab = (typeof FEED_TABS)[number];

export const FEED_TAB_LABELS: Record<FeedTab, string> = {
  everyone: 'Everyone',
  vitc: 'VITC',
  vitv: 'VITV',
  class: 'My class',
};
