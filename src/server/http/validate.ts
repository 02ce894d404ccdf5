import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError } from './app-error';

/**
 * Reads and checks a JSON body against a shared schema. Bad JSON and failed rules answer 400 with
 * the rule's own message (the spec's message) and the field it concerns; nothing runs after.
 */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError('invalid_json', 'The request body must be valid JSON.');
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.map(String).join('.') || undefined;
    const message =
      issue?.code === 'invalid_type' && issue.input === undefined
        ? `${field ?? 'A field'} is required.`
        : (issue?.message ?? 'The request is not valid.');
    throw new AppError('validation_failed', message, field);
  }
  return result.data;
}
