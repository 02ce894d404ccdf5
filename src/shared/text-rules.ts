import * as z from 'zod/mini';
import { hasControlCharacters } from './values/text-rules';

// Characters no one-line text may hold: control characters (NUL included: PostgreSQL refuses it in
// text) and the bidirectional overrides that can disguise what text says.

/** What someone typed to search for: trimmed, not blank, not too long, no control characters. */
export function searchTextSchema(maxLength: number) {
  return z.string({ error: 'Type something to search for.' }).check(
    z.trim(),
    z.minLength(1, 'Type something to search for.'),
    z.maxLength(maxLength, 'That search is too long.'),
    z.refine(
      (value) => !hasControlCharacters(value),
      'Please remove special control characters from your search.',
    ),
  );
}

export * from './values/text-rules';
