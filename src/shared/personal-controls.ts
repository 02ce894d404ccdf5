// Personal controls (issue #48, decision 032): block and mute a person, hide a post ("Not for me", or
// "Mute this author" on an anonymous post, which hides that post alone), and muted words with an
// expiry. Only the person who made a control ever reads it: nothing here is about anyone else's.
import * as z from 'zod/mini';
import { postSchema } from './posts';
import { hasControlCharacters } from './text-rules';
import { CONTROL_LIMITS, CONTROL_MESSAGES, HIDE_REASONS, MUTE_DURATIONS } from './values/personal-controls';

/** POST /api/controls/blocks and /mutes: whom, by username (checked by the server: a missing one is a 404). */
export const controlTargetRequestSchema = z.strictObject({
  username: z
    .string({ error: CONTROL_MESSAGES.usernameRequired })
    .check(
      z.trim(),
      z.minLength(1, CONTROL_MESSAGES.usernameRequired),
      z.maxLength(64, CONTROL_MESSAGES.usernameRequired),
    ),
});
export type ControlTargetRequest = z.input<typeof controlTargetRequestSchema>;

/** Someone the viewer blocked or muted, as their list shows them. */
export const controlledPersonSchema = z.object({
  username: z.string(),
  fullName: z.string(),
  profilePictureUrl: z.nullable(z.string()),
  /** When the viewer blocked or muted them. */
  since: z.string(),
});
export type ControlledPerson = z.infer<typeof controlledPersonSchema>;

/** GET /api/controls/blocks and /mutes: newest first, a page at a time, with how many of the cap are used. */
export const controlledPeoplePageSchema = z.object({
  people: z.array(controlledPersonSchema),
  nextCursor: z.nullable(z.string()),
  count: z.number(),
  limit: z.number(),
});
export type ControlledPeoplePage = z.infer<typeof controlledPeoplePageSchema>;

/** POST /api/controls/hidden-posts */
export const hidePostRequestSchema = z.strictObject({
  postId: z.uuid({ error: 'Say which post: its id.' }),
  reason: z.enum(HIDE_REASONS, { error: CONTROL_MESSAGES.chooseReason }),
});
export type HidePostRequest = z.input<typeof hidePostRequestSchema>;

/** The answer to hiding a post: for "Mute this author" on an anonymous post, the sentence saying what it did. */
export const hiddenPostAnswerSchema = z.object({
  postId: z.string(),
  reason: z.enum(HIDE_REASONS),
  message: z.nullable(z.string()),
});
export type HiddenPostAnswer = z.infer<typeof hiddenPostAnswerSchema>;

/** GET /api/controls/hidden-posts: what the viewer hid, newest first, each with Undo. */
export const hiddenPostsPageSchema = z.object({
  hidden: z.array(
    z.object({
      reason: z.enum(HIDE_REASONS),
      hiddenAt: z.string(),
      post: postSchema,
    }),
  ),
  nextCursor: z.nullable(z.string()),
});
export type HiddenPostsPage = z.infer<typeof hiddenPostsPageSchema>;

/** POST /api/controls/muted-words */
export const addMutedWordRequestSchema = z.strictObject({
  phrase: z.pipe(
    z.pipe(
      z
        .string({ error: CONTROL_MESSAGES.phraseRequired })
        .check(z.refine((value) => !hasControlCharacters(value), CONTROL_MESSAGES.phraseControlCharacters)),
      z.transform((value: string) => value.replace(/\s+/g, ' ').trim()),
    ),
    z
      .string()
      .check(
        z.minLength(1, CONTROL_MESSAGES.phraseRequired),
        z.maxLength(CONTROL_LIMITS.phraseMaxLength, CONTROL_MESSAGES.phraseTooLong),
      ),
  ),
  duration: z._default(z.enum(MUTE_DURATIONS, { error: CONTROL_MESSAGES.chooseDuration }), 'always'),
});
export type AddMutedWordRequest = z.input<typeof addMutedWordRequestSchema>;

export const mutedWordSchema = z.object({
  id: z.string(),
  phrase: z.string(),
  /** When it stops hiding posts; null: always. */
  expiresAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type MutedWord = z.infer<typeof mutedWordSchema>;

/** GET /api/controls/muted-words: the words acting now, newest first (expired ones are gone). */
export const mutedWordListSchema = z.object({
  words: z.array(mutedWordSchema),
  limit: z.number(),
});
export type MutedWordList = z.infer<typeof mutedWordListSchema>;

export * from './values/personal-controls';
