// Keyset cursors (never OFFSET): a page ends at a row, and the next page starts after that row's
// sort values. The cursor is those values, base64url-encoded JSON; the client treats it as opaque.
import { z } from 'zod';
import { AppError } from '../app-error';

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

const CURSOR_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-](\d{2})(?::(\d{2}))?$/;

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

/** Whether `text` is written as `CURSOR_TIME` and names a real instant PostgreSQL can cast. */
function isRealInstant(text: string): boolean {
  const match = CURSOR_TIME.exec(text);
  if (!match) return false;
  const field = (index: number) => Number(match[index] ?? 0);
  const [year, month, day] = [field(1), field(2), field(3)];
  return (
    year >= 1 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    field(4) <= 23 &&
    field(5) <= 59 &&
    field(6) <= 59 &&
    field(7) <= 15 &&
    field(8) <= 59
  );
}

/**
 * A timestamp as PostgreSQL writes `created_at::text` ("2026-01-10 12:00:00.123456+00"), and a real
 * one: anything else in a cursor (a 13th month, a 25th hour, an offset of 99 hours) is refused with 400
 * before it can reach a `::timestamptz` cast, where it would be the database's error.
 */
export const cursorTime = z.string().refine(isRealInstant);

/** A count in a cursor: within PostgreSQL's integer. */
export const cursorCount = z.number().int().min(0).max(2_147_483_647);
