// Calls to services outside the process (the bucket, Google) get a deadline, and a call made for a
// request also ends when that request's client goes away (Hono: c.req.raw.signal). A call that runs
// out of time, or finds the service down, becomes one 503 answer with Retry-After and a message that
// blames the service, not the person's connection (shared/service-trouble.ts).
import { SERVICE_TROUBLE_MESSAGE, SERVICE_TROUBLE_RETRY_SECONDS } from '../../shared/service-trouble';
import { AppError } from '../app-error';
import type { DependencyName } from './dependency-health';

/**
 * The request's client went away before the change was committed: nothing more is done for it. An
 * AppError, so the error handler answers it (to no one) without logging it as our bug.
 */
export class ClientGoneError extends AppError {
  constructor() {
    super('bad_request', 'The request was cancelled before it was done.');
    this.name = 'ClientGoneError';
  }
}

/** A signal that ends the call after `timeoutMs`, or sooner when `requestSignal` aborts. */
export function deadlineSignal(timeoutMs: number, requestSignal?: AbortSignal): AbortSignal {
  const deadline = AbortSignal.timeout(timeoutMs);
  return requestSignal ? AbortSignal.any([deadline, requestSignal]) : deadline;
}

/** Throws ClientGoneError when the request's client has gone: call it before committing a change. */
export function ensureClientStillThere(requestSignal: AbortSignal | undefined): void {
  if (requestSignal?.aborted) throw new ClientGoneError();
}

/**
 * The 503 for a service that failed or did not answer in time. The caller tells its dependency
 * tracker (dependency-health.ts), which logs the outage once; this error is answered without a log.
 */
export function serviceTrouble(service: DependencyName, cause: unknown): AppError {
  const error = new AppError('unavailable', SERVICE_TROUBLE_MESSAGE, {
    retryAfterSeconds: SERVICE_TROUBLE_RETRY_SECONDS,
  });
  error.cause = { service, error: cause };
  return error;
}

/** The service's own error behind serviceTrouble's 503 (a refused connection, a timeout), or null. */
export function serviceTroubleCause(error: unknown): { service: DependencyName; error: unknown } | null {
  if (!(error instanceof AppError) || error.code !== 'unavailable') return null;
  const cause = error.cause as { service?: DependencyName; error?: unknown } | undefined;
  return cause?.service ? { service: cause.service, error: cause.error } : null;
}
