// Keyset cursors (never OFFSET): a page ends at a row, and the next page starts after that row's
// sort values. The cursor is those values, base64url-encoded JSON; the client treats it as opaque.
import { z } from 'zod';
import { AppError } from '../../http/app-error';

export function encodeCursor(values: unknown[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** The cursor's values checked against their shape, or 400 for anything else. */
export function decodeCursor<S extends z.ZodType>(cursor: string, schema: S): z.infer<S> {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('validation_failed', 'That page link is not valid.', 'cursor');
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw new AppError('validation_failed', 'That page link is not valid.', 'cursor');
  return parsed.data;
}

/**
 * A page from rows fetched with `limit(size + 1)`: the first `size`, and a cursor after the last of
 * them when the extra row shows there is more.
 */
export function takePage<T>(
  rows: T[],
  size: number,
  cursorOf: (last: T) => unknown[],
): { rows: T[]; nextCursor: string | null } {
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: rows.length > size && last !== undefined ? encodeCursor(cursorOf(last)) : null,
  };
}

/**
 * A timestamp as PostgreSQL writes `created_at::text` ("2026-01-10 12:00:00.123456+00"): anything else
 * in a cursor is refused with 400 before it can reach a `::timestamptz` cast.
 */
export const cursorTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/);

/** A count in a cursor: within PostgreSQL's integer. */
export const cursorCount = z.number().int().min(0).max(2_147_483_647);
