import type { Context } from 'hono';
// The full build, not zod/mini: importing it installs zod's English messages ("Invalid input: expected
// string, ...", "Too big: ...") for every schema, the shared zod/mini ones included, which on their own
// would say only "Invalid input" where a rule has no message of its own.
import { z } from 'zod';
import { AppError } from '../app-error';

/**
 * Reads and checks a JSON body against a shared schema. Bad JSON and failed rules answer 400 with
 * the rule's own message (the spec's message) and the field it concerns; nothing runs after.
 */
export async function readJson<S extends z.core.$ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  // Only JSON is read as JSON: a form on another site can send text/plain that looks like JSON, but
  // not application/json (that needs the browser's permission first), so this also stops CSRF.
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(c.req.header('content-type') ?? '')) {
    throw new AppError(
      'unsupported_media_type',
      'Send the request body as JSON (Content-Type: application/json).',
    );
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError('invalid_json', 'The request body must be valid JSON.');
  }
  return parseOrRefuse(schema, body);
}

/**
 * Reads a body sent as JSON or as a plain HTML form (application/x-www-form-urlencoded, single values):
 * for a page's button that must work before, or without, the page's script. A form from another site
 * is refused before this by its Origin (same-site-writes.ts), and session cookies are SameSite=Lax.
 */
export async function readFormOrJson<S extends z.core.$ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  if (!isFormPost(c)) return readJson(c, schema);
  const form = await c.req.parseBody();
  const fields = Object.fromEntries(Object.entries(form).filter(([, value]) => typeof value === 'string'));
  return parseOrRefuse(schema, fields);
}

/** Whether the request's body is a plain HTML form's (the browser then expects a page, not JSON). */
export function isFormPost(c: Context): boolean {
  return /^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? '');
}

/** Checks the query string (`?a=1&b=2`, single values) against a shared schema. */
export function readQuery<S extends z.core.$ZodType>(c: Context, schema: S): z.infer<S> {
  return parseOrRefuse(schema, c.req.query());
}

/** Checks any value against a shared schema; a failed rule answers 400 with its message. */
export function parseOrRefuse<S extends z.core.$ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = z.safeParse(schema, input);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.map(String).join('.') || undefined;
    // zod's own wording for a missing field ("Invalid input: expected string, received undefined")
    // is replaced; a schema's own message (the spec's) is kept.
    const message =
      issue?.code === 'invalid_type' && issue.input === undefined && issue.message.startsWith('Invalid input')
        ? `${field ?? 'A field'} is required.`
        : (issue?.message ?? 'The request is not valid.');
    throw new AppError('validation_failed', message, field);
  }
  return result.data;
}

/**
 * Checks the address's params (`:id`) against a shared schema. Unlike a body or a query, params that
 * break it are not refused with a 400: such an address names nothing, so this answers null and the
 * route answers it as it answers an id of nothing (same status, message and body), and a malformed
 * guess is told from a wrong one by nothing.
 */
export function readParams<S extends z.core.$ZodType>(c: Context, schema: S): z.infer<S> | null {
  const result = z.safeParse(schema, c.req.param());
  return result.success ? result.data : null;
}
