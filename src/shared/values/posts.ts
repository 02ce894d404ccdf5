// The zod-free half of the post contract (../posts.ts): messages and the feed's orders, for the pages
// every visitor opens (decision 013).
import { POST_MAX_LENGTH } from '../limits';

export const POST_MESSAGES = {
  contentRequired: 'Please write something before posting.',
  contentTooLong: `Posts can be at most ${POST_MAX_LENGTH} characters.`,
  createSignedOut: 'You must be logged in to create a post',
  likeSignedOut: 'Sign in to like',
  /** SPEC §8, spelled as in the product. */
  likeFailed: 'failled to register the like OR you are in demo mode',
  deleteFailed: 'Failed to delete post. Please try again.',
  loadFailed: 'Failed to load posts. Please try again later.',
  empty: 'No posts yet. Be the first to share!',
  notFound: 'Post not found',
  loadOneFailed: "Could not load the post. It might have been deleted or doesn't exist.",
  asklineMissing: 'That askline does not exist or is not published yet.',
  notOwner: 'You can only delete your own posts.',
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
