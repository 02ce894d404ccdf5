// The zod-free half of the askline contract (../asklines.ts): what the browser shows on pages opened
// from a link, which must not load zod (decision 013).
import { ASKLINE_MAX_LENGTH } from '../limits';

export const ASKLINE_MESSAGES = {
  contentRequired: 'Please write your askline before submitting.',
  contentTooLong: `Asklines can be at most ${ASKLINE_MAX_LENGTH} characters.`,
  createSignedOut: 'You must be logged in to create an askline',
  notFound: 'Askline not found.',
  listEmpty: 'No asklines found.',
  listFailed: 'Failed to load asklines. Please try again.',
  postsEmpty: 'No posts for this askline.',
  noMatch:
    'No match is found. You can submit an askline on the Asklines page. We will verify and publish it.',
  searchFailed: 'Failed to search asklines. Please try again.',
  noneVerified: 'No verified asklines available',
  randomFailed: 'Failed to choose random askline',
  queryRequired: 'Type something to search for.',
  reviewForbidden: 'Only admins and moderators can verify asklines.',
  alreadyReviewed: 'This askline has already been reviewed.',
  submitted: 'Thanks! Your askline will appear once it is verified.',
} as const;

export const ASKLINE_DECISIONS = ['verify', 'reject'] as const;
export type AsklineDecision = (typeof ASKLINE_DECISIONS)[number];

/** Where an askline stands: only `verified` ones are public. */
export const ASKLINE_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type AsklineStatus = (typeof ASKLINE_STATUSES)[number];

export function describePostCount(count: number): string {
  return count === 1 ? '1 post' : `${count} posts`;
}
