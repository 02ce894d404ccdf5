import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiError, ErrorCode } from '../../shared/errors';
import { AppError } from '../app-error';
import { violatedForeignKey } from '../db/unique-violation';
import type { AppEnv } from './context';

const GENERIC_500 = 'Something went wrong on our side. Please try again.';
const GONE_WHILE_WRITING = 'What this was about has just been deleted. Please reload the page.';

function errorBody(c: Context<AppEnv>, code: ErrorCode, message: string, field?: string): ApiError {
  return { error: { code, message, requestId: c.get('requestId'), ...(field ? { field } : {}) } };
}

export const handleError: ErrorHandler<AppEnv> = (err, c) => {
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
