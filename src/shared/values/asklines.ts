// The zod-free half of the askline contract (../asklines.ts): what the browser shows on pages opened
// from a link, which must not load zod (decision 013). What asking, choosing and reviewing one say is
// in askline-writing.ts, so those pages do not carry it.

export const ASKLINE_MESSAGES = {
  notFound: 'Askline not found.',
  listEmpty: 'No asklines found.',
  listFailed: 'Failed to load asklines. Please try again.',
  postsEmpty: 'No posts for this askline.',
} as const;

export const ASKLINE_DECISIONS = ['verify', 'reject'] as const;
export type AsklineDecision = (typeof ASKLINE_DECISIONS)[number];

/** Where an askline stands: only `verified` ones are public. */
export const ASKLINE_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type AsklineStatus = (typeof ASKLINE_STATUSES)[number];

export function describePostCount(count: number): string {
  return count === 1 ? '1 post' : `${count} posts`;
}
