// Superlatives (issue #52, decision 042): staff open a round for a class (a graduation year and a
// campus), add and approve categories; the class's members nominate one classmate per category, vote
// once per category among the five most nominated, and the winners are shown from a date staff set.
// No answer ever says who nominated or voted for whom, nor how many nominated or voted for anyone.
import * as z from 'zod/mini';
import { INSTITUTIONS } from './institutions';
import { hasControlCharacters } from './text-rules';
import {
  SUPERLATIVE_MESSAGES,
  SUPERLATIVE_PHASES,
  SUPERLATIVE_RESULTS_MAX_AHEAD_MS,
  SUPERLATIVE_TITLE_MAX_LENGTH,
} from './values/superlatives';
import { classmateSchema, classQuerySchema } from './yearbook';

export { classParamsSchema as superlativesParamsSchema } from './yearbook';

const campusSchema = z.enum(INSTITUTIONS, { error: 'Please choose a campus: VITC or VITV.' });

/** `GET /api/classes/{year}/superlatives?campus=`: the viewer's campus when left out. */
export const superlativesQuerySchema = z.strictObject({ campus: z.optional(campusSchema) });
export type SuperlativesQuery = z.infer<typeof superlativesQuerySchema>;

/** `GET /api/classes/{year}/superlatives/nominees?campus=&q=&cursor=`: as the class page's query. */
export const nomineesQuerySchema = classQuerySchema;

const resultsAtSchema = z.iso.datetime({ offset: true, error: SUPERLATIVE_MESSAGES.resultsAt });

/**
 * Why `resultsAt` cannot be a results date at `now` (the server's clock decides; the form checks with
 * the device's), or null when it can.
 */
export function resultsAtProblem(resultsAt: string, now: number): string | null {
  const at = Date.parse(resultsAt);
  if (Number.isNaN(at)) return SUPERLATIVE_MESSAGES.resultsAt;
  if (at <= now) return SUPERLATIVE_MESSAGES.resultsAtPast;
  if (at > now + SUPERLATIVE_RESULTS_MAX_AHEAD_MS) return SUPERLATIVE_MESSAGES.resultsAtTooFar;
  return null;
}

/** Staff: `POST /api/classes/{year}/superlatives`, a round in draft. */
export const createRoundRequestSchema = z.strictObject({
  campus: campusSchema,
  /** When results are shown, ISO 8601 with an offset; in the future, at most two years ahead. */
  resultsAt: resultsAtSchema,
});
export type CreateRoundRequest = z.input<typeof createRoundRequestSchema>;

/**
 * Staff: `PATCH /api/superlatives/{roundId}`. `phase` only the next one. `resultsAt` may change until
 * the results are shown; once the round is closed a time not in the future means "show them now".
 */
export const updateRoundRequestSchema = z
  .strictObject({
    resultsAt: z.optional(resultsAtSchema),
    phase: z.optional(z.enum(['nominating', 'voting', 'closed'], { error: SUPERLATIVE_MESSAGES.phase })),
  })
  .check(
    z.refine((value) => value.resultsAt !== undefined || value.phase !== undefined, {
      message: SUPERLATIVE_MESSAGES.nothingToChange,
    }),
  );
export type UpdateRoundRequest = z.input<typeof updateRoundRequestSchema>;

/** A category's title: trimmed, one line, 1-80. */
export const superlativeTitleSchema = z.pipe(
  z.pipe(
    z.string({ error: SUPERLATIVE_MESSAGES.titleRequired }),
    z.transform((value: string) => value.trim().replace(/\s+/g, ' ')),
  ),
  z.string().check(
    z.minLength(1, SUPERLATIVE_MESSAGES.titleRequired),
    z.maxLength(SUPERLATIVE_TITLE_MAX_LENGTH, SUPERLATIVE_MESSAGES.titleTooLong),
    z.refine((value) => !hasControlCharacters(value), SUPERLATIVE_MESSAGES.controlCharacters),
  ),
);

/** Staff: `POST /api/superlatives/{roundId}/categories` (draft). */
export const createCategoryRequestSchema = z.strictObject({
  title: superlativeTitleSchema,
  /** Staff saw the text check's warning ("… anyway?") and add it anyway (issue #47). */
  postAnyway: z._default(z.boolean({ error: 'postAnyway must be true or false.' }), false),
});
export type CreateCategoryRequest = z.input<typeof createCategoryRequestSchema>;

/** A classmate chosen by username (any case); one who cannot be chosen is a 404. */
const chosenSchema = z.strictObject({
  username: z
    .string({ error: SUPERLATIVE_MESSAGES.username })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, SUPERLATIVE_MESSAGES.username),
      z.maxLength(40, SUPERLATIVE_MESSAGES.username),
    ),
});

/** Member of the class: `PUT /api/superlative-categories/{id}/nomination` (nominating). */
export const nominationRequestSchema = chosenSchema;
export type NominationRequest = z.input<typeof nominationRequestSchema>;
/** Member of the class: `POST /api/superlative-categories/{id}/vote` (voting), once. */
export const voteRequestSchema = chosenSchema;
export type VoteRequest = z.input<typeof voteRequestSchema>;

/** How many took part in a category: staff only, never per candidate. */
export const participationSchema = z.object({ nominated: z.number(), voted: z.number() });
export type Participation = z.infer<typeof participationSchema>;

export const superlativeCategorySchema = z.object({
  id: z.string(),
  title: z.string(),
  position: z.number(),
  /** Members only ever see approved ones. */
  approved: z.boolean(),
  /** The viewer's own nomination (nominating phase, members of the class); else null. */
  myNomination: z.nullable(classmateSchema),
  /**
   * Voting and closed: the (up to five) candidates, by name then username (never by how many
   * nominated them), less anyone between whom and the viewer there is a block; [] otherwise.
   */
  ballot: z.array(classmateSchema),
  /** The username the viewer voted for, or null. */
  myVote: z.nullable(z.string()),
  /** When results are shown (to staff once closed); null for no winner (no votes) or not yet. */
  winner: z.nullable(classmateSchema),
  /** Staff only: how many nominated and voted in it; null for members. */
  participation: z.nullable(participationSchema),
});
export type SuperlativeCategory = z.infer<typeof superlativeCategorySchema>;

export const superlativeRoundSchema = z.object({
  id: z.string(),
  phase: z.enum(SUPERLATIVE_PHASES),
  /** When results are shown (ISO). */
  resultsAt: z.string(),
  /** Closed and resultsAt reached: winners shown to everyone. */
  resultsShown: z.boolean(),
  /** Staff: may manage the round (categories, phases, dates). */
  canManage: z.boolean(),
  /** In position order. */
  categories: z.array(superlativeCategorySchema),
});
export type SuperlativeRound = z.infer<typeof superlativeRoundSchema>;

/** `GET /api/classes/{year}/superlatives`. A draft round is null to members. */
export const classSuperlativesSchema = z.object({
  year: z.number(),
  campus: z.enum(INSTITUTIONS),
  round: z.nullable(superlativeRoundSchema),
  viewer: z.object({
    isStaff: z.boolean(),
    /** The viewer's profile is of this year and campus: only they nominate and vote. */
    inClass: z.boolean(),
    /** The viewer left superlatives (Edit Profile). */
    optedOut: z.boolean(),
  }),
});
export type ClassSuperlatives = z.infer<typeof classSuperlativesSchema>;

/** `GET /api/classes/{year}/superlatives/nominees`: a keyset page of classmates one may nominate. */
export const nomineePageSchema = z.object({
  members: z.array(classmateSchema),
  nextCursor: z.nullable(z.string()),
});
export type NomineePage = z.infer<typeof nomineePageSchema>;

/** The answer to a nomination. */
export const myNominationSchema = z.object({ myNomination: classmateSchema });
export type MyNomination = z.infer<typeof myNominationSchema>;

/** The answer to a vote. */
export const myVoteSchema = z.object({ myVote: z.string() });
export type MyVote = z.infer<typeof myVoteSchema>;

export const superlativeWinSchema = z.object({
  title: z.string(),
  year: z.number(),
  campus: z.enum(INSTITUTIONS),
});
export type SuperlativeWin = z.infer<typeof superlativeWinSchema>;

/** `GET /api/profiles/{username}/superlatives`: shown results only. */
export const profileSuperlativesSchema = z.object({ wins: z.array(superlativeWinSchema) });
export type ProfileSuperlatives = z.infer<typeof profileSuperlativesSchema>;

export * from './values/superlatives';
