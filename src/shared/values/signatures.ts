// The zod-free half of the signatures contract (../signatures.ts): limits and messages, for the
// profile's Sign button and the signatures page (decision 013).
import { POST_MAX_LENGTH } from '../limits';

/** A signature is as long as a post may be (issue #52: "a message ≤ 256 characters"). */
export const SIGNATURE_MAX_LENGTH = POST_MAX_LENGTH;
/** Signatures on one page of a person's yearbook, or of their pending ones. */
export const SIGNATURE_PAGE_SIZE = 20;

export const SIGNATURE_STATUSES = ['pending', 'approved'] as const;
export type SignatureStatus = (typeof SIGNATURE_STATUSES)[number];

export const SIGNATURE_MESSAGES = {
  signedOut: 'Please sign in to sign yearbooks.',
  contentRequired: 'Please write a message before signing.',
  contentTooLong: `A signature can be at most ${SIGNATURE_MAX_LENGTH} characters.`,
  controlCharacters: 'Please remove special control characters from your message.',
  yourself: 'You cannot sign your own yearbook.',
  alreadyApproved: 'Your signature was approved, so it can no longer be changed.',
  approvedStays: 'Your signature was approved: only the yearbook’s owner can remove it now.',
  nothingToWithdraw: 'You have not signed this yearbook.',
  /** The text check would hold it for review: a signature is not held, it is refused (decision 040). */
  held: 'This message cannot go in a yearbook as it is. Please change it.',
  missing: 'That signature does not exist.',
  badPage: 'That page link is not valid.',
  failed: 'Signatures could not be loaded. Please try again.',
  empty: 'No signatures yet',
  waiting: 'Waiting for approval',
} as const;

/** "Sign Priya's yearbook": the first word of a full name. */
export function firstNameOf(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}
