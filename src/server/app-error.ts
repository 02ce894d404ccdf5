import { ERROR_STATUS, type ErrorCode } from '../shared/errors';

export interface AppErrorDetail {
  /** The request field the error is about (the web puts the message under it). */
  field?: string;
  /** A 429's wait: sent as Retry-After, in seconds. */
  retryAfterSeconds?: number;
  /** What the text check found (a `rethink`, a refused askline): sent in the error body. */
  reasons?: readonly { category: string; match: string }[];
}

/**
 * The one error type of the API, raised by the use cases and the routes alike (so it lives beside
 * them, not in http/, which only turns it into an answer: http/error-handling.ts). Its message is
 * shown to people as it is, so it is the spec's message (SPEC §8) or a sentence written for them;
 * internals never go in it. A string `detail` is the field the error is about.
 */
export class AppError extends Error {
  readonly status: (typeof ERROR_STATUS)[ErrorCode];
  readonly field?: string;
  readonly retryAfterSeconds?: number;
  readonly reasons?: readonly { category: string; match: string }[];

  constructor(
    readonly code: ErrorCode,
    message: string,
    detail?: string | AppErrorDetail,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
    const { field, retryAfterSeconds, reasons } =
      typeof detail === 'string' ? { field: detail } : (detail ?? {});
    this.field = field;
    this.retryAfterSeconds = retryAfterSeconds;
    this.reasons = reasons;
  }
}
