import * as z from 'zod/mini';

/**
 * Stable error codes of the API. Each maps to one HTTP status on the server; the web client
 * branches on the code, never on the message. Messages are the spec's messages (SPEC §8).
 */
export const ERROR_STATUS = {
  bad_request: 400,
  invalid_json: 400,
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  /** What was there is gone for good: a made book past its week (issue #52). */
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  /**
   * The text check asks the person to think again before posting (issue #47): the body carries its
   * `reasons`; sending the same post with `postAnyway: true` posts it.
   */
  rethink: 422,
  rate_limited: 429,
  internal: 500,
  /** oEmbed's answer to a format it does not serve (oembed.com §2.3.4: XML here). */
  not_implemented: 501,
  /**
   * A service the app depends on (the database, the bucket, the mail server) failed or did not answer
   * in time, or a preview image could not be drawn now: with Retry-After (shared/service-trouble.ts).
   */
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    requestId: z.optional(z.string()),
    field: z.optional(z.string()),
    /** `rethink` and refused asklines: what the text check found, quoting the sender's own words. */
    reasons: z.optional(z.array(z.object({ category: z.string(), match: z.string() }))),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
