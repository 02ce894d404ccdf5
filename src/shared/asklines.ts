// Asklines: prompts people answer with posts (SPEC §2, §3, §5). New asklines wait for an admin or a
// moderator to verify them ("We will verify and publish it"); until then only their creator and staff
// ever see them, and nothing lists, searches or picks them.
import * as z from 'zod/mini';
import { ASKLINE_MAX_LENGTH } from './limits';
import { hasControlCharacters, searchTextSchema } from './text-rules';

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

/** SPEC §5: non-empty after trim, at most 128 characters; one line (a prompt, not a post). */
export const asklineContentSchema = z.pipe(
  z.pipe(
    z.string({ error: ASKLINE_MESSAGES.contentRequired }),
    z.transform((value: string) => value.replace(/\s+/g, ' ').trim()),
  ),
  z.string().check(
    z.minLength(1, ASKLINE_MESSAGES.contentRequired),
    z.maxLength(ASKLINE_MAX_LENGTH, ASKLINE_MESSAGES.contentTooLong),
    z.refine(
      (value) => !hasControlCharacters(value),
      'Please remove special control characters from your askline.',
    ),
  ),
);

/** POST /api/asklines */
export const createAsklineRequestSchema = z.strictObject({ content: asklineContentSchema });

/** GET /api/asklines/search?q= : the similar asklines (create form) and the chooser's search. */
export const asklineSearchQuerySchema = z.strictObject({
  q: searchTextSchema(ASKLINE_MAX_LENGTH * 2),
});

/** GET /api/asklines/random?exclude= : any verified askline but the one already chosen. */
export const randomAsklineQuerySchema = z.strictObject({
  exclude: z.optional(z.uuid({ error: 'exclude must be an askline id.' })),
});

export const ASKLINE_DECISIONS = ['verify', 'reject'] as const;
export type AsklineDecision = (typeof ASKLINE_DECISIONS)[number];

/** PUT /api/asklines/{id}/review (staff) */
export const reviewAsklineRequestSchema = z.strictObject({
  decision: z.enum(ASKLINE_DECISIONS, { error: 'Choose verify or reject.' }),
});

/** Where an askline stands: only `verified` ones are public. */
export const ASKLINE_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type AsklineStatus = (typeof ASKLINE_STATUSES)[number];

export const asklineSchema = z.object({
  id: z.string(),
  content: z.string(),
  /** Null when the creator has no profile any more. */
  creatorUsername: z.nullable(z.string()),
  createdAt: z.string(),
  /** Non-deleted posts answering it. */
  postCount: z.number(),
  status: z.enum(ASKLINE_STATUSES),
});
export type Askline = z.infer<typeof asklineSchema>;

export const asklineListSchema = z.object({
  /** Up to 100 verified asklines, newest first (the page shuffles them, SPEC §9). */
  asklines: z.array(asklineSchema),
  /** The viewer's own asklines still waiting for a decision, or turned down: theirs alone. */
  mine: z.array(asklineSchema),
});
export type AsklineList = z.infer<typeof asklineListSchema>;

/** A search hit or a random pick: what the chooser and the similar list need. */
export const asklineSummarySchema = z.object({ id: z.string(), content: z.string() });
export type AsklineSummary = z.infer<typeof asklineSummarySchema>;

export const asklineSummaryListSchema = z.object({ asklines: z.array(asklineSummarySchema) });

export const pendingAsklinePageSchema = z.object({
  asklines: z.array(asklineSchema),
  nextCursor: z.nullable(z.string()),
});
export type PendingAsklinePage = z.infer<typeof pendingAsklinePageSchema>;

export function describePostCount(count: number): string {
  return count === 1 ? '1 post' : `${count} posts`;
}
