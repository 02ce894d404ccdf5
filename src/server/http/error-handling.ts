import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiError, ErrorCode } from '../../shared/errors';
import { SERVICE_TROUBLE_MESSAGE, SERVICE_TROUBLE_RETRY_SECONDS } from '../../shared/service-trouble';
import { AppError } from '../app-error';
import { databaseUnavailability, describeUnavailability } from '../db/unavailable';
import { violatedForeignKey } from '../db/unique-violation';
import type { DependencyHealth } from '../platform/dependency-health';
import type { AppEnv } from './context';

const GENERIC_500 = 'Something went wrong on our side. Please try again.';
const GONE_WHILE_WRITING = 'What this was about has just been deleted. Please reload the page.';

function errorBody(c: Context<AppEnv>, code: ErrorCode, message: string, field?: string): ApiError {
  return { error: { code, message, requestId: c.get('requestId'), ...(field ? { field } : {}) } };
}

/**
 * The API's answer to an error. A database that cannot serve (down, restarting, or this request waited
 * too long for a lock or a connection: db/unavailable.ts) is not our bug: 503 with Retry-After, and
 * `dependencies` logs the outage once and counts it (without it, each one is logged as a warning).
 */
export function createErrorHandler(dependencies: DependencyHealth | null): ErrorHandler<AppEnv> {
  return (err, c) => {
    if (!(err instanceof AppError) && databaseUnavailability(err) !== null) {
      const cause = describeUnavailability(err);
      if (dependencies) dependencies.failed('database', cause);
      else c.get('log').warn({ dependency: 'database', cause }, 'database cannot serve');
      c.header('Retry-After', String(SERVICE_TROUBLE_RETRY_SECONDS));
      return c.json(errorBody(c, 'unavailable', SERVICE_TROUBLE_MESSAGE), 503);
    }
    return answerError(err, c);
  };
}

/** The error handler of an app that does not track its dependencies (a test's app). */
export const handleError = createErrorHandler(null);

const answerError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof AppError) {
    if (err.retryAfterSeconds !== undefined) c.header('Retry-After', String(err.retryAfterSeconds));
    return c.json(errorBody(c, err.code, err.message, err.field), err.status);
  }
  if (err instanceof HTTPException && err.status < 500) {
    const code: ErrorCode =
      err.status === 413 ? 'payload_too_large' : err.status === 401 ? 'unauthenticated' : 'bad_request';
    return c.json(errorBody(c, code, err.message || 'Bad request.'), err.status as ContentfulStatusCode);
  }
  // A like, report or post about something deleted while the request ran (its author's account went):
  // the race is the database's to settle, and the answer says what happened.
  if (violatedForeignKey(err) !== null) {
    return c.json(errorBody(c, 'conflict', GONE_WHILE_WRITING), 409);
  }
  // Our own bug: log everything, show nothing but the request id.
  c.get('log').error({ err }, 'unhandled error');
  return c.json(errorBody(c, 'internal', GENERIC_500), 500);
};

/** Unknown /api paths answer JSON; everything else falls through to the web app before this. */
export const handleNotFound: NotFoundHandler<AppEnv> = (c) => {
  return c.json(errorBody(c, 'not_found', `No API route matches ${c.req.method} ${c.req.path}.`), 404);
};
