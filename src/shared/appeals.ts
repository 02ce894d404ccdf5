// Statements of reasons and appeals (issue #47): what staff send to remove someone else's post or a
// held post, the statement its author reads (in their notification and on the post's own page), the
// author's appeal, and the staff's Appeals tab. A statement names no staff member and no reporter;
// an anonymous post's appeal reaches staff with no author.
import * as z from 'zod/mini';
import {
  APPEAL_MESSAGES,
  APPEAL_OUTCOMES,
  APPEAL_TEXT_MAX_LENGTH,
  DECISION_KINDS,
  REMOVAL_FACTS_MAX_LENGTH,
  REMOVAL_FOUND_BY,
  TERMS_RULE_IDS,
} from './values/appeals';

/** POST /api/posts/{id}/removal and POST /api/held-posts/{id}/removal: the statement staff write. */
export const removalRequestSchema = z.strictObject({
  rule: z.enum(TERMS_RULE_IDS, { error: APPEAL_MESSAGES.ruleRequired }),
  facts: z
    .string({ error: APPEAL_MESSAGES.factsRequired })
    .check(
      z.trim(),
      z.minLength(1, APPEAL_MESSAGES.factsRequired),
      z.maxLength(REMOVAL_FACTS_MAX_LENGTH, APPEAL_MESSAGES.factsTooLong),
    ),
});
export type RemovalRequest = z.input<typeof removalRequestSchema>;

export const removalAnswerSchema = z.object({ id: z.string(), outcome: z.literal('removed') });
export type RemovalAnswer = z.infer<typeof removalAnswerSchema>;

/** The statement of reasons, as its author reads it: never who decided, never who reported. */
export const statementSchema = z.object({
  kind: z.enum(DECISION_KINDS),
  rule: z.enum(TERMS_RULE_IDS),
  facts: z.string(),
  foundBy: z.enum(REMOVAL_FOUND_BY),
  decidedAt: z.string(),
});
export type Statement = z.infer<typeof statementSchema>;

const removedPostSchema = z.object({
  id: z.string(),
  content: z.string(),
  isAnonymous: z.boolean(),
  askline: z.nullable(z.object({ id: z.string(), content: z.string() })),
  createdAt: z.string(),
});

/** The author's appeal, as the author reads it. */
export const ownAppealSchema = z.object({
  text: z.string(),
  createdAt: z.string(),
  /** Null while it waits for a moderator. */
  outcome: z.nullable(z.enum(APPEAL_OUTCOMES)),
  decidedAt: z.nullable(z.string()),
});
export type OwnAppeal = z.infer<typeof ownAppealSchema>;

/** GET /api/posts/{id}/removal: the author's removed post, its statement, and their appeal. */
export const removalSchema = z.object({
  post: removedPostSchema,
  statement: statementSchema,
  appeal: z.nullable(ownAppealSchema),
  /** The server's rule: the author may still appeal this decision (once). */
  canAppeal: z.boolean(),
});
export type Removal = z.infer<typeof removalSchema>;

/** POST /api/posts/{id}/appeal */
export const appealRequestSchema = z.strictObject({
  text: z
    .string({ error: APPEAL_MESSAGES.appealRequired })
    .check(
      z.trim(),
      z.minLength(1, APPEAL_MESSAGES.appealRequired),
      z.maxLength(APPEAL_TEXT_MAX_LENGTH, APPEAL_MESSAGES.appealTooLong),
    ),
});
export type AppealRequest = z.input<typeof appealRequestSchema>;

/** One open appeal in staff's Appeals tab. */
export const staffAppealSchema = z.object({
  id: z.string(),
  text: z.string(),
  createdAt: z.string(),
  post: removedPostSchema,
  /** Null for an anonymous post, whoever asks. */
  author: z.nullable(z.object({ username: z.string(), fullName: z.string() })),
  statement: statementSchema,
  /** False for the staff member who made the decision: another must decide it. */
  canDecide: z.boolean(),
});
export type StaffAppeal = z.infer<typeof staffAppealSchema>;

export const staffAppealPageSchema = z.object({
  appeals: z.array(staffAppealSchema),
  nextCursor: z.nullable(z.string()),
});
export type StaffAppealPage = z.infer<typeof staffAppealPageSchema>;

/** POST /api/appeals/{id}/decision */
export const appealDecisionRequestSchema = z.strictObject({
  outcome: z.enum(APPEAL_OUTCOMES, { error: APPEAL_MESSAGES.outcomeRequired }),
});
export type AppealDecisionRequest = z.input<typeof appealDecisionRequestSchema>;

export const appealDecisionSchema = z.object({ id: z.string(), outcome: z.enum(APPEAL_OUTCOMES) });
export type AppealDecision = z.infer<typeof appealDecisionSchema>;

export * from './values/appeals';
