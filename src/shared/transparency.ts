// The transparency report (issue #47; IT Rules 2021 ask intermediaries to publish what they do about
// complaints): per month, reports received by reason, posts held and the decisions on them, posts
// removed, appeals and how many were overturned, and the median wait before staff acted. Open to all,
// so it carries no personal data, and no count under SMALLEST_EXACT_FIGURE is given exactly.
import * as z from 'zod/mini';
import { REPORT_REASONS } from './values/reports';

/** A count as published: exact from 5 up; below that, only that it is fewer than 5 (0 included). */
export const publishedCountSchema = z.union([
  z.object({ exact: z.number() }),
  z.object({ fewerThan: z.number() }),
]);
export type PublishedCount = z.infer<typeof publishedCountSchema>;

export const transparencyMonthSchema = z.object({
  /** The calendar month on the campuses' clock, `YYYY-MM`. */
  month: z.string(),
  /** The month is still going: its figures will grow. */
  partial: z.boolean(),
  /** Reports received (one per person and post), by the reason given. */
  reportsByReason: z.array(z.object({ reason: z.enum(REPORT_REASONS), count: publishedCountSchema })),
  /** Posts the automatic check held for review this month. */
  postsHeld: publishedCountSchema,
  /** Decisions on held posts made this month. */
  heldApproved: publishedCountSchema,
  heldRemoved: publishedCountSchema,
  /** Published posts removed by staff this month. */
  postsRemoved: publishedCountSchema,
  /** Appeals made this month, and those decided this month in the author's favour. */
  appealsMade: publishedCountSchema,
  appealsOverturned: publishedCountSchema,
  /** Median hours from a report to staff's first action on it, over the month's actions; null under 5. */
  medianHoursToAction: z.nullable(z.number()),
  /** Median hours a held post waited for its decision, over the month's decisions; null under 5. */
  medianHoursHeld: z.nullable(z.number()),
});
export type TransparencyMonth = z.infer<typeof transparencyMonthSchema>;

export const transparencyReportSchema = z.object({
  /** The clock the months are counted on (an IANA name). */
  timeZone: z.string(),
  /** Newest first. */
  months: z.array(transparencyMonthSchema),
});
export type TransparencyReport = z.infer<typeof transparencyReportSchema>;
