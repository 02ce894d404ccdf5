// Reports and moderation (SPEC §2 post card staff parts and Reports page, §3 Report, §6 roles, §8): why
// people report, what staff see, and the moderation log. Report data leaves the server only for staff.
import * as z from 'zod/mini';
import { postSchema } from './posts';
import { replyContextSchema } from './reply-context';
import { USER_TYPES } from './roles';
import { hasControlCharacters } from './text-rules';
import {
  CLOCK_STATES,
  MODERATION_ACTIONS,
  REPORT_DETAIL_MAX_LENGTH,
  REPORT_MESSAGES,
  REPORT_REASONS,
  REPORT_SORTS,
  REPORT_STATUSES,
} from './values/reports';

/** POST /api/posts/{id}/report */
export const reportPostRequestSchema = z
  .strictObject({
    reason: z.enum(REPORT_REASONS, { error: 'Choose why you are reporting this post.' }),
    detail: z.optional(
      z.pipe(
        z.pipe(
          z
            .string()
            .check(
              z.refine((value) => !hasControlCharacters(value), 'Please remove special control characters.'),
            ),
          z.transform((value: string) => value.replace(/\s+/g, ' ').trim() || undefined),
        ),
        z.optional(z.string().check(z.maxLength(REPORT_DETAIL_MAX_LENGTH, REPORT_MESSAGES.detailTooLong))),
      ),
    ),
  })
  .check(
    z.refine((body) => body.reason !== 'other' || Boolean(body.detail), {
      message: REPORT_MESSAGES.detailRequired,
      path: ['detail'],
    }),
  );
export type ReportPostRequest = z.input<typeof reportPostRequestSchema>;

export const reportsQuerySchema = z.strictObject({
  status: z._default(z.enum(REPORT_STATUSES, { error: 'Choose unresolved or resolved.' }), 'unresolved'),
  /** Absent: the server's default order (REPORT_SORTS), which the answer names. */
  sort: z.optional(z.enum(REPORT_SORTS, { error: 'Choose most_reported, newest or oldest.' })),
  cursor: z.optional(z.string().check(z.maxLength(200, 'That page link is not valid.'))),
});

/** PUT /api/reports/{id}/resolution */
export const resolutionRequestSchema = z.strictObject({
  resolved: z.boolean({ error: 'resolved must be true or false.' }),
});

export const reasonCountSchema = z.object({ reason: z.enum(REPORT_REASONS), count: z.number() });

/** One clock of a report: where it stands and when its limit falls (the server's reading of the rule). */
export const reportClockSchema = z.object({
  state: z.enum(CLOCK_STATES),
  dueAt: z.string(),
});

/**
 * An unresolved report against the grievance clocks (REPORT_CLOCKS): when it came in (or opened again),
 * whether staff have acted on it within 24 hours, and its 15 days to be resolved.
 */
export const reportClocksSchema = z.object({
  openedAt: z.string(),
  /** `done` once staff acted on the report or its post: acknowledged, resolved, deleted, suspended. */
  acknowledge: reportClockSchema,
  /** Never `done` here: a resolved report has no clocks. */
  resolve: reportClockSchema,
});
export type ReportClocks = z.infer<typeof reportClocksSchema>;

export const reportItemSchema = z.object({
  id: z.string(),
  count: z.number(),
  resolved: z.boolean(),
  /** The staff member who resolved it, while resolved. */
  resolvedBy: z.nullable(z.string()),
  createdAt: z.string(),
  reasons: z.array(reasonCountSchema),
  /** The latest "something else" explanations, newest first. */
  details: z.array(z.string()),
  /** Null for a resolved report. */
  clocks: z.nullable(reportClocksSchema),
  post: postSchema,
  /** The reported post is a reply (issue #49): its thread. */
  reply: z.nullable(replyContextSchema),
});
export type ReportItem = z.infer<typeof reportItemSchema>;

/** How many unresolved reports are past each limit (admins, on the first page of a list). */
export const overdueCountsSchema = z.object({
  /** Past 15 days without being resolved. */
  resolve: z.number(),
  /** Past 24 hours without any staff action. */
  acknowledge: z.number(),
});
export type OverdueCounts = z.infer<typeof overdueCountsSchema>;

export const reportPageSchema = z.object({
  reports: z.array(reportItemSchema),
  nextCursor: z.nullable(z.string()),
  /** The order this page is in: the one asked for, or the server's default (REPORT_SORTS). */
  sort: z.enum(REPORT_SORTS),
  /** The server's time of the answer, which the clocks were read at. */
  asOf: z.string(),
  /** For admins on a list's first page; null otherwise. */
  overdue: z.nullable(overdueCountsSchema),
});
export type ReportPage = z.infer<typeof reportPageSchema>;

export const reportResultSchema = z.object({ reported: z.literal(true) });

/** POST /api/reports/{id}/acknowledgement: staff saw it and are on it (stops the 24-hour clock). */
export const acknowledgementSchema = z.object({ id: z.string(), acknowledgedAt: z.string() });
export type Acknowledgement = z.infer<typeof acknowledgementSchema>;

/**
 * Who did it (issue #43). A staff member whose account is gone is told apart from another by a number
 * all their entries share, with the role they acted in, never by name or id: deleting an account does
 * not make what they did look like the command line's. `role` is null only for an entry whose role was
 * never known (written before roles were recorded, by an account without a profile).
 */
export const moderationLogActorSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('staff'),
    username: z.string(),
    role: z.nullable(z.enum(USER_TYPES)),
  }),
  z.object({
    kind: z.literal('former'),
    number: z.number(),
    role: z.nullable(z.enum(USER_TYPES)),
  }),
  /** The admin command line: no account at all. */
  z.object({ kind: z.literal('command-line') }),
]);
export type ModerationLogActor = z.infer<typeof moderationLogActorSchema>;

export const moderationLogEntrySchema = z.object({
  id: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  actor: moderationLogActorSchema,
  postId: z.nullable(z.string()),
  asklineId: z.nullable(z.string()),
  /** The askline's words, so the log says which one was decided; null without one. */
  asklineText: z.nullable(z.string()),
  /** The account acted on, by username; null when it was the hidden author of an anonymous post. */
  target: z.nullable(z.string()),
  detail: z.nullable(z.string()),
  createdAt: z.string(),
  /** A sealed suspension made through this entry's anonymous post, still in force: it may be lifted. */
  liftable: z.boolean(),
});
export type ModerationLogEntry = z.infer<typeof moderationLogEntrySchema>;

export const moderationLogPageSchema = z.object({
  entries: z.array(moderationLogEntrySchema),
  nextCursor: z.nullable(z.string()),
});
export type ModerationLogPage = z.infer<typeof moderationLogPageSchema>;

/**
 * A suspension made through an anonymous post (sealed: issue «Trust» 1), as admins see it: the post it
 * was made through and who made it, never the account.
 */
export const sealedSuspensionSchema = z.object({
  postId: z.string(),
  /** The post's text, or null once the post is deleted. */
  postContent: z.nullable(z.string()),
  /** Username of the admin who made it; null once that account is gone. */
  suspendedBy: z.nullable(z.string()),
  createdAt: z.string(),
});
export type SealedSuspension = z.infer<typeof sealedSuspensionSchema>;

export const sealedSuspensionPageSchema = z.object({
  suspensions: z.array(sealedSuspensionSchema),
  nextCursor: z.nullable(z.string()),
});
export type SealedSuspensionPage = z.infer<typeof sealedSuspensionPageSchema>;

export * from './values/reports';
