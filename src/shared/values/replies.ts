// The zod-free half of the replies contract (../replies.ts, issue #49, decision 034): the thread's
// sizes and orders, the labels and every sentence replies say.

/** Top-level replies on a page of a thread. */
export const THREAD_PAGE_SIZE = 50;
/** Replies of a branch shown under its top-level reply before "Show n more replies". */
export const BRANCH_PREVIEW_SIZE = 3;
/** Replies of a branch read at a time after that. */
export const BRANCH_PAGE_SIZE = 50;
/** People one text may notify by @mention. */
export const MENTION_LIMIT = 10;

export const THREAD_ORDERS = ['oldest', 'newest'] as const;
export type ThreadOrder = (typeof THREAD_ORDERS)[number];
export const THREAD_ORDER_LABELS: Record<ThreadOrder, string> = {
  oldest: 'Oldest first',
  newest: 'Newest first',
};

/** An anonymous reply's label in its thread (decision 034): 0 is the anonymous post's own author. */
export function anonymousLabel(label: number): string {
  return label === 0 ? 'Author' : `Anonymous ${label}`;
}

export const REPLY_MESSAGES = {
  replyToMissing: 'The reply you are answering is not there any more.',
  repliesOff: 'Replies are turned off for this post.',
  notOwner: 'Only the post’s author and staff can turn its replies on or off.',
  removed: 'Reply removed',
  loadFailed: 'Failed to load replies. Please try again.',
  empty: 'No replies yet. Start the conversation.',
  createSignedOut: 'You must be logged in to reply',
  contentRequired: 'Please write something before replying.',
  /** The page could not load what sending needs (offline since it was opened). */
  sendFailed: 'Could not send your reply. Check your connection and try again.',
  /** The text check's warning (issue #47), as the reply box says it. */
  rethink: 'This reply may hurt someone. Edit it, or reply anyway.',
  /** The count a thread gives of the replies the viewer's muted words hid (issue #48). */
  hiddenByWords: (n: number) =>
    n === 1 ? '1 reply hidden by your muted words' : `${n} replies hidden by your muted words`,
} as const;
