import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import type { ApiError, ErrorCode } from '../../shared/errors';
import { SERVICE_TROUBLE_MESSAGE, SERVICE_TROUBLE_RETRY_SECONDS } from '../../shared/service-trouble';
import { AppError } from '../app-error';
import { databaseUnavailability, describeUnavailability } from '../db/unavailable';
import { violatedForeignKey } from '../db/unique-violation';
import {
  type DependencyHealth,
  type DependencyName,
  describeFailure,
  type FailureCause,
} from '../platform/dependency-health';
import { serviceTroubleCause } from '../platform/outbound-calls';
import type { AppEnv } from './context';

const GENERIC_500 = 'Something went wrong on our side. Please try again.';
const GONE_WHILE_WRITING = 'What this was about has just been deleted. Please reload the page.';

function errorBody(
  c: Context<AppEnv>,
  code: ErrorCode,
  message: string,
  field?: string,
  reasons?: readonly { category: string; match: string }[],
): ApiError {
  return {
    error: {
      code,
      message,
      requestId: c.get('requestId'),
      ...(field ? { field } : {}),
      ...(reasons ? { reasons: reasons.map(({ category, match }) => ({ category, match })) } : {}),
    },
  };
}

/** A service that could not serve, as told by an error: which, why, and whether it is counted yet. */
interface DependencyTrouble {
  dependency: DependencyName;
  cause: FailureCause;
  /** The call that failed told the tracker itself (the bucket's driver: serviceTrouble's callers). */
  counted: boolean;
}

/**
 * The trouble of a service in `err`, or null for anything else (our bug, a refusal). The database's
 * errors surface here, from any query (db/unavailable.ts); a call to another service that failed
 * arrives as serviceTrouble's 503 (platform/outbound-calls.ts), already counted by its caller.
 */
export function dependencyTrouble(err: unknown): DependencyTrouble | null {
  const service = serviceTroubleCause(err);
  if (service) return { dependency: service.service, cause: describeFailure(service.error), counted: true };
  if (err instanceof AppError) return null;
  if (databaseUnavailability(err) === null) return null;
  return { dependency: 'database', cause: describeUnavailability(err), counted: false };
}

/** Counts a trouble its caller did not; without a tracker (a test's app), logs it as a warning. */
function countTrouble(dependencies: DependencyHealth | null, log: Logger, trouble: DependencyTrouble) {
  if (trouble.counted) return;
  if (dependencies) dependencies.failed(trouble.dependency, trouble.cause);
  else
    log.warn({ dependency: trouble.dependency, cause: trouble.cause }, `${trouble.dependency} cannot serve`);
}

/**
 * The API's answer to an error. A service that cannot serve (the database down, restarting, or this
 * request waited too long for a lock or a connection: db/unavailable.ts; the bucket down or silent)
 * is not our bug: 503 with Retry-After, and `dependencies` logs the outage once and counts it.
 */
export function createErrorHandler(dependencies: DependencyHealth | null): ErrorHandler<AppEnv> {
  return (err, c) => {
    const trouble = dependencyTrouble(err);
    if (trouble) {
      countTrouble(dependencies, c.get('log'), trouble);
      c.header('Retry-After', String(SERVICE_TROUBLE_RETRY_SECONDS));
      return c.json(errorBody(c, 'unavailable', SERVICE_TROUBLE_MESSAGE), 503);
    }
    return answerError(err, c);
  };
}

/**
 * An error after an answer's headers went out (a streamed download): nothing can be answered, so the
 * connection is cut before the answer's end and the client sees a failed download rather than a short
 * file. A service's trouble is counted as the error handler counts it (its outage logged once) and
 * this answer gets one line without a stack; anything else is our bug, logged with its stack.
 * Returns whether the connection was cut here (the node server's response, destroyed); if not, the
 * caller errors its stream, which cuts it too (the node adapter then prints the error to stderr).
 */
export function breakStreamedAnswer<E extends AppEnv>(
  c: Context<E>,
  dependencies: DependencyHealth | null,
  err: unknown,
  what: string,
): boolean {
  const log: Logger = c.var.log;
  const trouble = dependencyTrouble(err);
  if (trouble) {
    countTrouble(dependencies, log, trouble);
    log.warn(
      { interruptedBy: trouble.dependency },
      `${what} was cut off: ${trouble.dependency} could not serve`,
    );
  } else {
    log.error({ err }, `${what} failed part way`);
  }
  const outgoing = (c.env as { outgoing?: { destroy(): void } } | undefined)?.outgoing;
  if (!outgoing) return false;
  outgoing.destroy();
  return true;
}

/** The error handler of an app that does not track its dependencies (a test's app). */
export const handleError = createErrorHandler(null);

const answerError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof AppError) {
    if (err.retryAfterSeconds !== undefined) c.header('Retry-After', String(err.retryAfterSeconds));
    return c.json(errorBody(c, err.code, err.message, err.field, err.reasons), err.status);
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
