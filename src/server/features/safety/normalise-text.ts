// Turns text as typed into the form the word lists are matched in, keeping where each piece came from so a
// reason can quote the text as written. Evasions it undoes: invisible characters, fullwidth and styled
// letters, diacritics, Cyrillic/Greek look-alikes, leetspeak and masks ("sh1t", "f@ck", "f**k"), letters
// spaced out ("f u c k", "f.u.c.k"), and the spellings that sound alike ("phuck", "fuk", "bhenchod" and
// "benchod"). Repeated letters ("fuuuck") are left in place: the matcher lets a letter repeat, which keeps
// "as" apart from "ass".

/** One character of the matched form, with the range of the original text it came from. */
export interface Unit {
  /** A lower-case letter (or an Indic letter or sign), SEPARATOR, or WILDCARD. */
  c: string;
  start: number;
  end: number;
  /** Part of a word that was spelled out letter by letter: a term may match anywhere inside it. */
  spaced?: boolean;
}

export const SEPARATOR = ' ';
/** A mask character inside a word ("f*ck", "f@ck"): stands for any one letter. */
export const WILDCARD = '\u0000';

// Characters that show nothing: zero-width spaces and joiners, direction marks, soft hyphen, BOM and the like.
const INVISIBLE_RANGES: [number, number][] = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xe0000, 0xe007f],
];
const isInvisible = (char: string) => {
  const cp = char.codePointAt(0) ?? 0;
  return INVISIBLE_RANGES.some(([from, to]) => cp >= from && cp <= to);
};
const MARK = /\p{M}/u;
const LETTER = /[\p{L}\p{M}]/u;
const LATIN_LIKE = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u;

// Lower-case Cyrillic and Greek letters that look like Latin ones (after NFKD and lower-casing), as pairs.
const LOOK_ALIKES = new Map(
  (
    'аa вb сc ԁd еe ёe һh іi їi јj кk ӏl мm нh оo рp ԛq гr ѕs тt уy үy хx ԝw ьb пn ' +
    'αa βb ϲc δd εe ηn ιi ίi κk μu νv οo όo ρp τt υu ύu χx γy ωw ɑa ɡg ıi ȷj łl øo đd ßss æae œoe'
  )
    .split(' ')
    .map((pair) => [pair.slice(0, 1), pair.slice(1)] as const),
);

const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '9': 'g',
  $: 's',
  '!': 'i',
  '|': 'i',
  '+': 't',
  '€': 'e',
  '£': 'l',
  '¢': 'c',
};
const MASKS = new Set(['*', '#', '@', '%']);
const isLeetable = (c: string) => c in LEET || MASKS.has(c);

/**
 * Fold what only looks different: invisible characters, compatibility forms, diacritics on Latin, Greek
 * and Cyrillic letters (never on Indic scripts, whose signs are letters), case and look-alike letters.
 * Each resulting character keeps the range of the original it came from.
 */
function foldUnits(text: string): Unit[] {
  const units: Unit[] = [];
  let previousLatin = false;
  let index = 0;
  for (const char of text) {
    const start = index;
    index += char.length;
    for (const piece of foldChar(char)) {
      if (piece.mark && (previousLatin || units.length === 0)) {
        // A dropped mark still belongs to the letter before it when the text is quoted.
        const last = units.at(-1);
        if (last) last.end = index;
        continue;
      }
      previousLatin = piece.latin;
      for (const c of piece.folded) units.push({ c, start, end: index });
    }
  }
  return units;
}

interface Piece {
  folded: string;
  mark: boolean;
  /** Latin, Greek, Cyrillic or not a letter: a combining mark after it is a diacritic to drop. */
  latin: boolean;
}

// Texts are short and draw on few characters: each is folded once per process.
const FOLDED = new Map<string, Piece[]>();
function foldChar(char: string): Piece[] {
  let pieces = FOLDED.get(char);
  if (pieces) return pieces;
  pieces = isInvisible(char)
    ? []
    : [...char.normalize('NFKD').toLowerCase()].map((piece) => ({
        folded: LOOK_ALIKES.get(piece) ?? piece,
        mark: MARK.test(piece),
        latin: LATIN_LIKE.test(piece) || !isLetter(piece),
      }));
  if (FOLDED.size < 10_000) FOLDED.set(char, pieces);
  return pieces;
}

const LETTERS = new Map<string, boolean>();
/** A letter or a sign of one (Indic vowel signs are marks). */
export function isLetter(c: string): boolean {
  let letter = LETTERS.get(c);
  if (letter === undefined) {
    letter = LETTER.test(c);
    if (LETTERS.size < 10_000) LETTERS.set(c, letter);
  }
  return letter;
}

const isDigit = (c: string) => c >= '0' && c <= '9';

/**
 * Read leetspeak and masks inside words, and make everything that is not part of a word one separator.
 * A digit or symbol counts only before a letter of the same word ("sh1t", not "10am" or "shit!"), except
 * "$" ("a$$"); a mask inside a word stands for a letter ("f*ck", "f@ck"); numbers stay apart.
 */
function readLeet(units: Unit[], leet: boolean): Unit[] {
  const inWord = (c: string) => isLetter(c) || isDigit(c) || (leet && isLeetable(c));
  let i = 0;
  while (i < units.length) {
    let j = i;
    let hasLetter = false;
    while (j < units.length && inWord((units[j] as Unit).c)) {
      if (isLetter((units[j] as Unit).c)) hasLetter = true;
      j++;
    }
    if (j === i) {
      (units[i++] as Unit).c = SEPARATOR;
      continue;
    }
    let letterAfter = false;
    for (let k = j - 1; k >= i; k--) {
      const u = units[k] as Unit;
      const letter = isLetter(u.c);
      if (!letter) u.c = hasLetter && leet ? readSymbol(u.c, letterAfter, k > i) : SEPARATOR;
      letterAfter ||= letter;
    }
    i = j;
  }
  // One separator for each run of them.
  const out: Unit[] = [];
  for (const u of units) {
    const last = out.at(-1);
    if (u.c === SEPARATOR && last?.c === SEPARATOR) last.end = u.end;
    else out.push(u);
  }
  return out;
}

function readSymbol(c: string, letterAfter: boolean, letterOrSymbolBefore: boolean): string {
  if (c === '$' || c === '€' || c === '£' || c === '¢') return LEET[c] as string;
  if (!letterAfter) return SEPARATOR;
  if (c === '@') return WILDCARD;
  if (MASKS.has(c)) return letterOrSymbolBefore ? WILDCARD : SEPARATOR;
  return LEET[c] ?? SEPARATOR;
}

/** "f u c k", "f.u.c.k": three or more single letters in a row, a short gap apart, become one word. */
function joinSpelledOut(units: Unit[], text: string): Unit[] {
  const isSingle = (k: number) =>
    units[k]?.c !== SEPARATOR &&
    units[k] !== undefined &&
    (k === 0 || units[k - 1]?.c === SEPARATOR) &&
    (k === units.length - 1 || units[k + 1]?.c === SEPARATOR);
  const shortGap = (u: Unit | undefined) =>
    u !== undefined && u.end - u.start <= 3 && !text.slice(u.start, u.end).includes('\n');
  const drop = new Set<number>();
  let k = 0;
  while (k < units.length) {
    if (!isSingle(k)) {
      k++;
      continue;
    }
    const letters = [k];
    while (isSingle(k + 2) && shortGap(units[k + 1])) {
      k += 2;
      letters.push(k);
    }
    if (letters.length >= 3) {
      for (const at of letters) (units[at] as Unit).spaced = true;
      for (const at of letters.slice(1)) drop.add(at - 1);
    }
    k++;
  }
  return drop.size === 0 ? units : units.filter((_, at) => !drop.has(at));
}

const KEEP_PAIRS = new Set(['ch', 'sh']);
const PAIRS: Record<string, string> = {
  ph: 'f',
  ck: 'k',
  bh: 'b',
  dh: 'd',
  th: 't',
  kh: 'k',
  gh: 'g',
  jh: 'j',
  oo: 'u',
  ee: 'i',
};
const SINGLES: Record<string, string> = { c: 'k', q: 'k', w: 'v', z: 's' };

/** Spellings that sound alike in Latin letters, as English and Indian languages are typed. */
function foldSounds(units: Unit[]): Unit[] {
  const out: Unit[] = [];
  let i = 0;
  while (i < units.length) {
    const u = units[i] as Unit;
    const next = units[i + 1];
    const pair = next ? u.c + next.c : '';
    if (next && KEEP_PAIRS.has(pair)) {
      out.push(u, next);
      i += 2;
    } else if (next && pair in PAIRS) {
      out.push({ ...u, c: PAIRS[pair] as string, end: next.end });
      i += 2;
    } else {
      out.push(u.c in SINGLES ? { ...u, c: SINGLES[u.c] as string } : u);
      i++;
    }
  }
  return out;
}

export interface CanonicalOptions {
  /** Read digits and symbols inside words as letters and masks (on for texts, off for list entries). */
  leet?: boolean;
}

/** The units a text is matched as. */
export function toUnits(text: string, { leet = true }: CanonicalOptions = {}): Unit[] {
  const words = readLeet(foldUnits(text), leet);
  return foldSounds(leet ? joinSpelledOut(words, text) : words);
}

/**
 * Look-alike folding only: lower case, no invisible characters, no diacritics on Latin letters, fullwidth
 * and styled letters as plain ones, Cyrillic/Greek look-alikes as Latin. Fit for comparing names.
 */
export function foldLookAlikes(text: string): string {
  return foldUnits(text)
    .map((u) => u.c)
    .join('');
}

/** The full matched form of a text (look-alikes, leetspeak, spacing and sounds folded), for logs and tests. */
export function normaliseText(text: string): string {
  return toUnits(text)
    .map((u) => (u.c === WILDCARD ? '*' : u.c))
    .join('')
    .trim();
}
