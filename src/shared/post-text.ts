// Post-text tokenizer (SPEC: "http/https and www. links become external links; @name mentions
// become links to that user's profile"; issue #51: #hashtags lead to the search for them). Used for
// post content, replies and profile bios, on the web only as data: the renderer turns tokens into
// elements, never HTML.
//
// A single left-to-right scan with no backtracking regexes, so it runs in linear time on any
// input. Concatenating every token's `text` gives back the input exactly.

import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from './limits';

export type TextToken =
  | { type: 'text'; text: string }
  /** `href` is always an absolute http:// or https:// URL (normalized by `new URL()`). */
  | { type: 'link'; text: string; href: string }
  /** `text` includes the '@'; `username` is lower-cased. */
  | { type: 'mention'; text: string; username: string }
  /** `text` includes the '#': what the search for it looks for, as written (search ignores case). */
  | { type: 'hashtag'; text: string };

const SCHEMES = ['https://', 'http://'] as const;
const WWW = 'www.';

/** Punctuation that ends a sentence rather than a URL. */
const TRAILING_PUNCTUATION = new Set(['.', ',', '!', '?', ';', ':', "'", '"']);

const WORD_CHAR = /^[\p{L}\p{N}\p{M}_]$/u;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
/**
 * Characters that end a URL: whitespace, controls, emoji, CJK punctuation (plus `<>"` and the
 * zero-width joiner / variation selector, checked by code point in isUrlTerminator).
 */
const URL_TERMINATOR =
  /^[\s\p{Cc}\p{Extended_Pictographic}\u200B\u200C\u2060\u3000-\u303F\uFF01\uFF08\uFF09\uFF0C\uFF1A\uFF1B\uFF1F]$/u;
const ZERO_WIDTH_JOINER = 0x200d;
const VARIATION_SELECTOR_16 = 0xfe0f;

function isAsciiWordChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || // 0-9
    (code >= 65 && code <= 90) || // A-Z
    (code >= 97 && code <= 122) || // a-z
    code === 95 // _
  );
}

function isWordCodePoint(cp: number): boolean {
  if (cp < 128) return isAsciiWordChar(cp);
  return WORD_CHAR.test(String.fromCodePoint(cp));
}

/** The code point that ends just before index `i`, or undefined at the start. */
function codePointBefore(s: string, i: number): number | undefined {
  if (i <= 0) return undefined;
  const low = s.charCodeAt(i - 1);
  if (low >= 0xdc00 && low <= 0xdfff && i >= 2) {
    const high = s.charCodeAt(i - 2);
    if (high >= 0xd800 && high <= 0xdbff) return s.codePointAt(i - 2);
  }
  return low;
}

function codePointWidth(cp: number): number {
  return cp > 0xffff ? 2 : 1;
}

function isUrlTerminator(cp: number): boolean {
  if (cp < 128) return cp <= 0x20 || cp === 0x7f || cp === 0x3c || cp === 0x3e || cp === 0x22;
  if (cp === ZERO_WIDTH_JOINER || cp === VARIATION_SELECTOR_16) return true;
  return URL_TERMINATOR.test(String.fromCodePoint(cp));
}

/**
 * A URL may start at `i` only at a word boundary. Besides word characters, '@', '.' and '/' before
 * it also disqualify it, so `me@www.x.com`, `ftp://www.x.com` and `foo.www.x.com` stay text.
 */
function isUrlBoundary(s: string, i: number): boolean {
  const prev = codePointBefore(s, i);
  if (prev === undefined) return true;
  if (prev === 0x40 || prev === 0x2e || prev === 0x2f) return false;
  return !isWordCodePoint(prev);
}

/** Length of the URL prefix (scheme or `www.`) at `i`, or 0. */
function urlPrefixAt(s: string, i: number): { length: number; www: boolean } | null {
  const head = s.slice(i, i + 8).toLowerCase();
  for (const scheme of SCHEMES) {
    if (head.startsWith(scheme)) return { length: scheme.length, www: false };
  }
  if (head.startsWith(WWW)) return { length: WWW.length, www: true };
  return null;
}

/** End index (exclusive) of the raw URL run starting at `start`. */
function scanUrlRun(s: string, start: number): number {
  let j = start;
  while (j < s.length) {
    const cp = s.codePointAt(j) as number;
    if (isUrlTerminator(cp)) break;
    j += codePointWidth(cp);
  }
  return j;
}

/** Drops trailing sentence punctuation and unbalanced closing brackets from s[start, end). */
function trimUrlEnd(s: string, start: number, end: number): number {
  let openParen = 0;
  let closeParen = 0;
  let openBracket = 0;
  let closeBracket = 0;
  for (let k = start; k < end; k++) {
    const c = s[k];
    if (c === '(') openParen++;
    else if (c === ')') closeParen++;
    else if (c === '[') openBracket++;
    else if (c === ']') closeBracket++;
  }
  while (end > start) {
    const c = s[end - 1] as string;
    if (TRAILING_PUNCTUATION.has(c)) {
      end--;
    } else if (c === ')' && closeParen > openParen) {
      closeParen--;
      end--;
    } else if (c === ']' && closeBracket > openBracket) {
      closeBracket--;
      end--;
    } else {
      break;
    }
  }
  return end;
}

/** The http(s) href for a URL candidate, or null when it is not a valid http(s) URL. */
function toHref(candidate: string, www: boolean): string | null {
  let url: URL;
  try {
    url = new URL(www ? `https://${candidate}` : candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname === '') return null;
  return url.href;
}

/** Tries a URL at `i`; returns its end and href, or the end of the text to skip when invalid. */
function matchUrl(
  s: string,
  i: number,
  prefix: { length: number; www: boolean },
): { end: number; href: string | null } {
  const runEnd = scanUrlRun(s, i + prefix.length);
  const end = trimUrlEnd(s, i, runEnd);
  if (end <= i + prefix.length) return { end: Math.max(end, i + 1), href: null };
  if (prefix.www) {
    const first = s.codePointAt(i + prefix.length) as number;
    if (!LETTER_OR_DIGIT.test(String.fromCodePoint(first))) return { end, href: null };
  }
  return { end, href: toHref(s.slice(i, end), prefix.www) };
}

function isUsernameChar(code: number): boolean {
  return isAsciiWordChar(code) || code === 0x2e;
}

/**
 * Tries a mention at `i` (where s[i] is '@'); returns its end (exclusive, after dropping trailing
 * periods) or -1. The whole run of username characters must form a valid username, so a too-long
 * name is not cut down to a shorter one.
 */
function matchMention(s: string, i: number): number {
  const start = i + 1;
  let runEnd = start;
  while (runEnd < s.length && isUsernameChar(s.charCodeAt(runEnd))) runEnd++;
  // A username glued to more word characters (`@janeé`) or another '@' (`@jane@x.com`) is not one.
  if (runEnd < s.length) {
    const next = s.codePointAt(runEnd) as number;
    if (next === 0x40 || isWordCodePoint(next)) return -1;
  }
  let end = runEnd;
  while (end > start && s.charCodeAt(end - 1) === 0x2e) end--;
  const length = end - start;
  if (length < USERNAME_MIN_LENGTH || length > USERNAME_MAX_LENGTH) return -1;
  if (s.charCodeAt(start) === 0x2e) return -1;
  if (s.slice(start, end).includes('..')) return -1;
  return end;
}

/** A hashtag is at most this long, '#' included: the longest search there is (values/search.ts). */
const HASHTAG_MAX_LENGTH = 100;
const LETTER = /\p{L}/u;

/**
 * Tries a hashtag at `i` (where s[i] is '#'): the run of word characters after it, which must hold a
 * letter (`#1` is "number one", `#2026` a year). Returns its end (exclusive) or -1. Like a mention, it
 * starts only after a non-word character (`C#`, `a#b` stay text); a '#' inside a link never gets here.
 */
function matchHashtag(s: string, i: number): number {
  let end = i + 1;
  while (end < s.length) {
    const cp = s.codePointAt(end) as number;
    if (!isWordCodePoint(cp)) break;
    end += codePointWidth(cp);
  }
  return end - i <= HASHTAG_MAX_LENGTH && LETTER.test(s.slice(i + 1, end)) ? end : -1;
}

export function tokenizePostText(input: string): TextToken[] {
  const tokens: TextToken[] = [];
  let textStart = 0;
  const flushText = (upTo: number) => {
    if (upTo > textStart) tokens.push({ type: 'text', text: input.slice(textStart, upTo) });
  };

  let i = 0;
  while (i < input.length) {
    const code = input.charCodeAt(i);

    // '@' a mention, '#' a hashtag, each only after a non-word character.
    if (code === 0x40 || code === 0x23) {
      const prev = codePointBefore(input, i);
      if (prev === undefined || !isWordCodePoint(prev)) {
        const end = code === 0x40 ? matchMention(input, i) : matchHashtag(input, i);
        if (end !== -1) {
          flushText(i);
          const text = input.slice(i, end);
          tokens.push(
            code === 0x40
              ? { type: 'mention', text, username: text.slice(1).toLowerCase() }
              : { type: 'hashtag', text },
          );
          i = end;
          textStart = end;
          continue;
        }
      }
      i++;
      continue;
    }

    // Only 'h'/'H'/'w'/'W' can begin a URL prefix.
    if ((code === 0x68 || code === 0x48 || code === 0x77 || code === 0x57) && isUrlBoundary(input, i)) {
      const prefix = urlPrefixAt(input, i);
      if (prefix) {
        const { end, href } = matchUrl(input, i, prefix);
        if (href !== null) {
          flushText(i);
          tokens.push({ type: 'link', text: input.slice(i, end), href });
          textStart = end;
        }
        // An invalid candidate is skipped as text in one step, which keeps the scan linear.
        i = end;
        continue;
      }
    }

    i++;
  }
  flushText(input.length);
  return tokens;
}
