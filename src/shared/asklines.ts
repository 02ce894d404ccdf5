// Asklines: prompts people answer with posts (SPEC §2, §3, §5). New asklines wait for an admin or a
// moderator to verify them ("We will verify and publish it"); until then only their creator and staff
// ever see them, and nothing lists, searches or picks them.
import * as z from 'zod/mini';
import { ASKLINE_MAX_LENGTH } from './limits';
import { hasControlCharacters, searchTextSchema } from './text-rules';
import { ASKLINE_WRITE_MESSAGES } from './values/askline-writing';
import { ASKLINE_DECISIONS, ASKLINE_STATUSES } from './values/asklines';

/** SPEC §5: non-empty after trim, at most 128 characters; one line (a prompt, not a post). */
export const asklineContentSchema = z.pipe(
  z.pipe(
    z.string({ error: ASKLINE_WRITE_MESSAGES.contentRequired }),
    z.transform((value: string) => value.replace(/\s+/g, ' ').trim()),
  ),
  z.string().check(
    z.minLength(1, ASKLINE_WRITE_MESSAGES.contentRequired),
    z.maxLength(ASKLINE_MAX_LENGTH, ASKLINE_WRITE_MESSAGES.contentTooLong),
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

/** PUT /api/asklines/{id}/review (staff) */
export const reviewAsklineRequestSchema = z.strictObject({
  decision: z.enum(ASKLINE_DECISIONS, { error: 'Choose verify or reject.' }),
});

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

/** GET /api/asklines/today (issue #51). */
export const asklineOfTheDaySchema = z.object({ askline: z.nullable(asklineSummarySchema) });
export type AsklineOfTheDay = z.infer<typeof asklineOfTheDaySchema>;

export const asklineSummaryListSchema = z.object({ asklines: z.array(asklineSummarySchema) });
export type AsklineSummaryList = z.infer<typeof asklineSummaryListSchema>;

export const pendingAsklinePageSchema = z.object({
  asklines: z.array(asklineSchema),
  nextCursor: z.nullable(z.string()),
});
export type PendingAsklinePage = z.infer<typeof pendingAsklinePageSchema>;

export * from './values/askline-writing';
export * from './values/asklines';
