// The text check's contract (issue #47): POST /api/safety/check, what a held post looks like to its
// author and to staff, and staff's decisions. A held anonymous post never carries its author for staff.
import * as z from 'zod/mini';
import { replyContextSchema } from './reply-context';
import { hasControlCharacters } from './text-rules';
import {
  SAFETY_CATEGORIES,
  SAFETY_CHECK_MAX_LENGTH,
  SAFETY_MESSAGES,
  SAFETY_VERDICTS,
  WORD_LIST_EFFECTS,
  WORD_LIST_MESSAGES,
  WORD_LIST_TERM_LIMITS,
  WORD_LISTS,
} from './values/safety';

/** POST /api/safety/check */
export const safetyCheckRequestSchema = z.strictObject({
  text: z
    .string({ error: SAFETY_MESSAGES.textRequired })
    .check(z.maxLength(SAFETY_CHECK_MAX_LENGTH, SAFETY_MESSAGES.textTooLong)),
  anonymous: z._default(z.boolean({ error: 'anonymous must be true or false.' }), false),
});
export type SafetyCheckRequest = z.input<typeof safetyCheckRequestSchema>;

export const safetyReasonSchema = z.object({
  category: z.enum(SAFETY_CATEGORIES),
  /** The words as the sender wrote them; never anything about a member they named. */
  match: z.string(),
});
export type SafetyReason = z.infer<typeof safetyReasonSchema>;

export const safetyCheckSchema = z.object({
  verdict: z.enum(SAFETY_VERDICTS),
  reasons: z.array(safetyReasonSchema),
});
export type SafetyCheck = z.infer<typeof safetyCheckSchema>;

/** POST /api/posts answered 202: the post is held for review, seen only by its author and staff. */
export const heldPostAnswerSchema = z.object({
  held: z.literal(true),
  id: z.string(),
  content: z.string(),
  isAnonymous: z.boolean(),
  createdAt: z.string(),
  message: z.string(),
});
export type HeldPostAnswer = z.infer<typeof heldPostAnswerSchema>;

/** The author's own held posts, on their profile ("Waiting for review"). */
export const ownHeldPostSchema = z.object({
  id: z.string(),
  content: z.string(),
  isAnonymous: z.boolean(),
  askline: z.nullable(z.object({ id: z.string(), content: z.string() })),
  createdAt: z.string(),
});
export type OwnHeldPost = z.infer<typeof ownHeldPostSchema>;
export const ownHeldPostsSchema = z.object({ heldPosts: z.array(ownHeldPostSchema) });
export type OwnHeldPosts = z.infer<typeof ownHeldPostsSchema>;

/** One held post in the staff's Held tab: an anonymous one has no author at all. */
export const staffHeldPostSchema = z.object({
  id: z.string(),
  content: z.string(),
  isAnonymous: z.boolean(),
  /** Null for an anonymous post, whoever asks. */
  author: z.nullable(z.object({ username: z.string(), fullName: z.string() })),
  askline: z.nullable(z.object({ id: z.string(), content: z.string() })),
  reasons: z.array(safetyReasonSchema),
  createdAt: z.string(),
  /** A held reply (issue #49): the thread it would join. */
  reply: z.nullable(replyContextSchema),
});
export type StaffHeldPost = z.infer<typeof staffHeldPostSchema>;
export const staffHeldPageSchema = z.object({
  heldPosts: z.array(staffHeldPostSchema),
  nextCursor: z.nullable(z.string()),
});
export type StaffHeldPage = z.infer<typeof staffHeldPageSchema>;

export const heldDecisionSchema = z.object({
  id: z.string(),
  outcome: z.enum(['approved', 'removed']),
});
export type HeldDecision = z.infer<typeof heldDecisionSchema>;

/** GET /api/posts/allowance: what the composer says about posting (the rule is the server's). */
export const postingAllowanceSchema = z.object({
  /** Set while the account is new: the plain sentence the composer shows, with the numbers. */
  anonymousLimit: z.nullable(z.object({ perDay: z.number(), until: z.string(), message: z.string() })),
});
export type PostingAllowance = z.infer<typeof postingAllowanceSchema>;

/**
 * POST /api/admin/word-lists: a word or phrase for one list. Spaces are folded to one; a `*` may stand
 * at either end of a term (the word may go on that way: "*fuck*"), never inside it, and never in an
 * allowlist word (matched whole). The server also reads it as the check does, and refuses one with too
 * few letters left or one already on the lists.
 */
export const addWordRequestSchema = z
  .strictObject({
    list: z.enum(WORD_LISTS, { error: WORD_LIST_MESSAGES.chooseList }),
    term: z.pipe(
      z.pipe(
        z
          .string({ error: WORD_LIST_MESSAGES.termRequired })
          .check(z.refine((value) => !hasControlCharacters(value), WORD_LIST_MESSAGES.controlCharacters)),
        z.transform((value: string) => value.replace(/\s+/g, ' ').trim()),
      ),
      z.string().check(
        z.minLength(1, WORD_LIST_MESSAGES.termRequired),
        z.maxLength(WORD_LIST_TERM_LIMITS.maxLength, WORD_LIST_MESSAGES.termTooLong),
        z.refine((value) => !value.slice(1, -1).includes('*'), WORD_LIST_MESSAGES.starsAtEnds),
      ),
    ),
  })
  .check(
    z.refine((body) => body.list !== 'allow' || !body.term.includes('*'), {
      message: WORD_LIST_MESSAGES.noStarsAllowed,
      path: ['term'],
    }),
  );
export type AddWordRequest = z.input<typeof addWordRequestSchema>;

/** One word an admin added, as the admin page lists it. */
export const wordListEntrySchema = z.object({
  id: z.string(),
  list: z.enum(WORD_LISTS),
  term: z.string(),
  /** The admin who added it, by username; null once their account is gone. */
  addedBy: z.nullable(z.string()),
  createdAt: z.string(),
});
export type WordListEntry = z.infer<typeof wordListEntrySchema>;

/** GET /api/admin/word-lists: the lists and what each does, and the added words, newest first. */
export const wordListPageSchema = z.object({
  lists: z.array(z.object({ list: z.enum(WORD_LISTS), effect: z.enum(WORD_LIST_EFFECTS) })),
  entries: z.array(wordListEntrySchema),
  nextCursor: z.nullable(z.string()),
});
export type WordListPage = z.infer<typeof wordListPageSchema>;

export * from './values/safety';
