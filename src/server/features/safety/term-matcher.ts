// Finds list entries in a text's units (normalise-text.ts): a trie of the entries walked from each word
// start, letting a letter repeat ("fuuuck"), a mask stand for a letter ("f*ck") and a space in an entry
// match any gap or none ("kill yourself", "killyourself"). Where a word may go on past an entry is the
// entry's to say: a Latin-letter entry is a whole word with the usual endings of its language ("fucking",
// "chutiye"), so "Scunthorpe", "Harshit" and "assassin" never meet "cunt", "shit" or "ass"; an entry in
// an Indic script may take any ending if it is one word (the languages join endings to words: "நாயே",
// "लौड़े"); a "*" at either end of an entry lets a word go on that way ("*fuck*"); a word spelled out letter by letter
// ("f u c k") matches anywhere inside.
import { SEPARATOR, toUnits, type Unit, WILDCARD } from './normalise-text';

export interface EntryInfo<T> {
  value: T;
  /** The word may go on before the entry. */
  anyStart: boolean;
  /** The word may go on after the entry with any letters; otherwise only with one of `endings`. */
  anyEnd: boolean;
  endings: ReadonlySet<string>;
}

interface Node<T> {
  next: Map<string, Node<T>>;
  entries: EntryInfo<T>[];
  id: number;
}

export interface Found<T> {
  value: T;
  /** The original text's range: the whole word(s) the entry matched in. */
  start: number;
  end: number;
  /** Unit positions of the same, for comparing matches. */
  from: number;
  to: number;
}

const LATIN = /\p{Script=Latin}/u;

export const ENGLISH_ENDINGS: ReadonlySet<string> = new Set(
  ['', 's', 'es', 'ed', 'd', 'er', 'ers', 'r', 'rs', 'ing', 'in', 'ings', 'y', 'ies', 'ie'].map(key),
);
/** Hindi, Tamil, Telugu and others typed in Latin letters: spellings are listed, endings kept few. */
export const INDIAN_LATIN_ENDINGS: ReadonlySet<string> = new Set(['', 's', 'ey', 'on', 'yon'].map(key));

/** An entry (or ending) in matched form, "*" marks removed; a space in it stays one separator. */
export function key(entry: string): string {
  return toUnits(entry.replace(/^\*|\*$/g, ''), { leet: false })
    .map((u) => u.c)
    .join('')
    .trim();
}

export class TermMatcher<T> {
  private readonly root: Node<T>;
  private nodes = 1;
  /** Whether any entry may start inside a word: if none, only word starts are tried. */
  private anyStart = false;

  constructor() {
    this.root = { next: new Map(), entries: [], id: 0 };
  }

  /** Adds an entry; `latinEndings` are the endings a whole-word Latin entry may take. */
  add(entry: string, value: T, latinEndings: ReadonlySet<string>): boolean {
    const k = key(entry);
    if (!k) return false;
    const latin = LATIN.test(k);
    let node = this.root;
    for (const c of k) {
      let child = node.next.get(c);
      if (!child) {
        child = { next: new Map(), entries: [], id: this.nodes++ };
        node.next.set(c, child);
      }
      node = child;
    }
    const anyStart = entry.trimStart().startsWith('*');
    this.anyStart ||= anyStart;
    node.entries.push({
      value,
      anyStart,
      anyEnd: entry.trimEnd().endsWith('*') || (!latin && !k.includes(SEPARATOR)),
      endings: latinEndings,
    });
    return true;
  }

  /** Every entry found in the units, each once per place. */
  find(units: Unit[]): Found<T>[] {
    const found: Found<T>[] = [];
    const n = units.length;
    const isWord = (at: number) => at >= 0 && at < n && (units[at] as Unit).c !== SEPARATOR;
    const wordEnd = (at: number) => {
      let k = at;
      while (isWord(k)) k++;
      return k;
    };
    for (let from = 0; from < n; from++) {
      const first = units[from] as Unit;
      if (first.c === SEPARATOR) continue;
      const atWordStart = !isWord(from - 1) || (first.spaced ?? false);
      if (!atWordStart && !this.anyStart) continue;
      if (first.c !== WILDCARD && !this.root.next.has(first.c)) continue;
      const seen = new Set<number>();
      const visit = (node: Node<T>, at: number, last: string) => {
        const state = node.id * (n + 1) + at;
        if (seen.has(state)) return;
        seen.add(state);
        for (const entry of node.entries) {
          if (!atWordStart && !entry.anyStart) continue;
          const spaced = (units[at - 1] as Unit).spaced ?? false;
          const end = wordEnd(at);
          if (!spaced && !entry.anyEnd && !entry.endings.has(ending(units, at, end))) continue;
          // Quote whole words, except inside a spelled-out run, which may be a whole sentence.
          const to = spaced ? at : end;
          let start = from;
          while (!first.spaced && isWord(start - 1)) start--;
          found.push({
            value: entry.value,
            start: (units[start] as Unit).start,
            end: (units[to - 1] as Unit).end,
            from: start,
            to,
          });
        }
        const space = node.next.get(SEPARATOR);
        if (space && last !== SEPARATOR) {
          if (at < n && (units[at] as Unit).c === SEPARATOR) visit(space, at + 1, SEPARATOR);
          else visit(space, at, SEPARATOR);
        }
        if (at >= n) return;
        const c = (units[at] as Unit).c;
        if (c === SEPARATOR) return;
        if (c === WILDCARD) {
          for (const [letter, child] of node.next) if (letter !== SEPARATOR) visit(child, at + 1, letter);
          if (last !== SEPARATOR && last !== '') visit(node, at + 1, last);
          return;
        }
        const child = node.next.get(c);
        if (child) visit(child, at + 1, c);
        if (c === last) visit(node, at + 1, last);
      };
      visit(this.root, from, '');
    }
    return found;
  }
}

/** What follows an entry up to the word's end, a repeated letter once ("fuckinggg" ends in "ing"). */
function ending(units: Unit[], from: number, to: number): string {
  let text = '';
  for (let k = from; k < to; k++) {
    const c = (units[k] as Unit).c;
    if (c !== text.at(-1)) text += c;
  }
  return text;
}
