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

// Lower-case Cyrillic and Greek letters that look like Latin ones (after NFKD and lower-casing).
const LOOK_ALIKES: Record<string, string> = {
  а: 'a',
  в: 'b',
  с: 'c',
  ԁ: 'd',
  е: 'e',
  ё: 'e',
  һ: 'h',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  ӏ: 'l',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  г: 'r',
  ѕ: 's',
  т: 't',
  у: 'y',
  ү: 'y',
  х: 'x',
  ԝ: 'w',
  ь: 'b',
  п: 'n',
  α: 'a',
  β: 'b',
  ϲ: 'c',
  δ: 'd',
  ε: 'e',
  η: 'n',
  ι: 'i',
  ί: 'i',
  κ: 'k',
  μ: 'u',
  ν: 'v',
  ο: 'o',
  ό: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  ύ: 'u',
  χ: 'x',
  γ: 'y',
  ω: 'w',
  ɑ: 'a',
  ɡ: 'g',
  ı: 'i',
  ȷ: 'j',
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
};

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
    if (isInvisible(char)) continue;
    for (const piece of char.normalize('NFKD').toLowerCase()) {
      if (MARK.test(piece) && (previousLatin || !LETTER.test(units.at(-1)?.c ?? ' '))) continue;
      const folded = LOOK_ALIKES[piece] ?? piece;
      previousLatin = LATIN_LIKE.test(piece) || !LETTER.test(piece);
      for (const c of folded) units.push({ c, start, end: index });
    }
  }
  return units;
}

/** Read leetspeak and masks inside words; everything that is not part of a word becomes a separator. */
function readLeet(units: Unit[], leet: boolean): Unit[] {
  const out: Unit[] = [];
  let i = 0;
  while (i < units.length) {
    const first = units[i] as Unit;
    const inWord = (c: string) => LETTER.test(c) || /[0-9]/.test(c) || (leet && isLeetable(c));
    if (!inWord(first.c)) {
      out.push({ c: SEPARATOR, start: first.start, end: first.end });
      i++;
      continue;
    }
    let j = i;
    while (j < units.length && inWord((units[j] as Unit).c)) j++;
    const word = units.slice(i, j);
    const letterAfter = word.map(() => false);
    for (let k = word.length - 2; k >= 0; k--) {
      letterAfter[k] = letterAfter[k + 1] || LETTER.test((word[k + 1] as Unit).c);
    }
    const hasLetter = word.some((u) => LETTER.test(u.c));
    word.forEach((u, k) => {
      const before = k > 0;
      let c: string;
      if (LETTER.test(u.c)) c = u.c;
      else if (!hasLetter || !leet) c = SEPARATOR;
      else if (/[0-9]/.test(u.c)) c = letterAfter[k] ? (LEET[u.c] ?? SEPARATOR) : SEPARATOR;
      else if (u.c === '$' || u.c === '€' || u.c === '£' || u.c === '¢') c = LEET[u.c] as string;
      else if (u.c === '@') c = letterAfter[k] ? WILDCARD : SEPARATOR;
      else if (MASKS.has(u.c)) c = before && letterAfter[k] ? WILDCARD : SEPARATOR;
      else c = letterAfter[k] ? (LEET[u.c] ?? SEPARATOR) : SEPARATOR;
      out.push({ c, start: u.start, end: u.end });
    });
    i = j;
  }
  return out;
}

/** One separator for each run of them. */
function joinSeparators(units: Unit[]): Unit[] {
  const out: Unit[] = [];
  for (const u of units) {
    const last = out.at(-1);
    if (u.c === SEPARATOR && last?.c === SEPARATOR) last.end = u.end;
    else out.push({ ...u });
  }
  return out;
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
  const words = joinSeparators(readLeet(foldUnits(text), leet));
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
