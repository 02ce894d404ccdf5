import * as z from 'zod/mini';

// Characters no one-line text may hold: control characters (NUL included: PostgreSQL refuses it in
// text) and the bidirectional overrides that can disguise what text says.

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const ONE_LINE_CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export function hasControlCharacters(value: string): boolean {
  return ONE_LINE_CONTROL_CHARACTERS.test(value);
}

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
