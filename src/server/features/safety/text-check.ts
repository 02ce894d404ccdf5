// The local text check of issue #47: word lists in English and in the languages of the campuses as students
// type them, matched in-process with no network (decision record 028). Pure: the caller keeps the admins'
// terms and allowlist words wherever it likes and builds a new checker when they change.
import { LIST_CATEGORIES, type ListCategory, type SafetyVerdict } from '../../../shared/values/safety';
import { BUILT_IN_TERMS } from './lists';
import { toUnits } from './normalise-text';
import { ENGLISH_ENDINGS, INDIAN_LATIN_ENDINGS, key, TermMatcher } from './term-matcher';

export { foldLookAlikes, normaliseText } from './normalise-text';
/** The word lists' categories (shared/values/safety.ts): every category but `names_member`. */
export { LIST_CATEGORIES, type ListCategory };

export type Verdict = SafetyVerdict;

/**
 * What a matched entry is. Mild ones ask the person to think again; severe ones hold the post for review.
 * - `profanity`: swearing not aimed at anyone in particular ("fuck", "shit", "bhenchod", "otha") — rethink.
 * - `insult`: names that demean the person they are aimed at ("bastard", "chutiya", "porambokku") — rethink.
 * - `harassment`: bullying that tells someone they are unwanted or worthless ("everyone hates you",
 *   "nobody would miss you") — hold.
 * - `threat`: violence promised or wished on someone ("I will kill you", "maar dunga", "konnuduven") — hold.
 * - `slur`: words that demean a caste, religion, region, race, sexuality, gender identity or disability
 *   ("chamar", "katua", "faggot", "retard", "pottai") — hold.
 * - `sexual`: sexual demands, offers or threats aimed at a person ("send nudes", "chodunga") — hold.
 * - `self_harm`: telling someone to hurt or kill themselves ("kys", "mar ja", "sethu po") — hold.
 */
export const VERDICT_BY_CATEGORY: Readonly<Record<ListCategory, Exclude<Verdict, 'ok'>>> = {
  profanity: 'rethink',
  insult: 'rethink',
  harassment: 'hold',
  threat: 'hold',
  slur: 'hold',
  sexual: 'hold',
  self_harm: 'hold',
};

export interface SafetyReason {
  category: ListCategory;
  /** The text as written that matched: the whole word(s), e.g. "f.u.c.k", "Ｓｈｉｔｔｙ". */
  match: string;
}

export interface TermList {
  /**
   * A term is a word or phrase as people write it, in any script. A Latin-letter term matches whole words
   * with the usual endings of its language; a "*" at either end lets a word go on that way ("*fuck*").
   * A term in an Indic script matches at a word's start, with any ending. `language` is a BCP 47 tag
   * ("en", "hi-Latn", "ta"); Latin-letter terms tagged "en" or untagged take English endings.
   */
  terms: { term: string; category: ListCategory; language?: string }[];
  /** Words and names that must not count however they look ("Scunthorpe", "paal", "Dick Van Dyke"). */
  allow: string[];
}

export interface TextCheck {
  verdict: Verdict;
  /**
   * One per category and matched text, in the order they appear in the text; a match inside a longer one
   * of the same category ("fuck" in "fuck off") is not repeated.
   */
  reasons: SafetyReason[];
}

export interface TextChecker {
  check(text: string): TextCheck;
}

const SEVERITY: Record<Verdict, number> = { ok: 0, rethink: 1, hold: 2 };
const ALLOW_ENDINGS: ReadonlySet<string> = new Set(['', 's', 'es'].map(key));

/** The matchers of a term list; an allowlist word's value is its key (an admin's term may set it aside). */
interface Matchers {
  terms: TermMatcher<ListCategory>;
  allow: TermMatcher<string>;
  /** Whether any term was added (a matcher with none finds nothing: skipped). */
  hasTerms: boolean;
  hasAllow: boolean;
}

function buildMatchers(list: Partial<TermList>, allowExcept: ReadonlySet<string> = new Set()): Matchers {
  const terms = new TermMatcher<ListCategory>();
  const allow = new TermMatcher<string>();
  let hasTerms = false;
  let hasAllow = false;
  for (const entry of list.terms ?? []) {
    const endings = !entry.language || entry.language === 'en' ? ENGLISH_ENDINGS : INDIAN_LATIN_ENDINGS;
    hasTerms = terms.add(entry.term, entry.category, endings) || hasTerms;
  }
  for (const word of list.allow ?? []) {
    const k = key(word);
    if (!allowExcept.has(k)) hasAllow = allow.add(word, k, ALLOW_ENDINGS) || hasAllow;
  }
  return { terms, allow, hasTerms, hasAllow };
}

// The built-in lists' matchers: built once per process (60-190 ms), shared by every checker.
let builtIn: Matchers | null = null;
const builtInMatchers = () => {
  builtIn ??= buildMatchers(BUILT_IN_TERMS);
  return builtIn;
};

/**
 * A checker over the built-in lists and the admins' additions. An admin's term that is also a built-in
 * allowlist word takes that word off the allowlist (the admin's is the later word); an admin's allowlist
 * word silences any term, built-in or added, that matches only inside it. The built-in lists' matchers
 * are built once; a new checker builds only the admins' (a few hundred words: about a millisecond), so
 * rebuilding on a change costs next to nothing, and a check walks one more small trie for each.
 */
export function createTextChecker(extra: Partial<TermList> = {}): TextChecker {
  const base = builtInMatchers();
  const added = new Set((extra.terms ?? []).map((entry) => key(entry.term)));
  const admins = buildMatchers(extra);

  return {
    check(text) {
      const units = toUnits(text);
      const found = base.terms.find(units);
      if (admins.hasTerms) found.push(...admins.terms.find(units));
      const allowed =
        found.length > 0
          ? [
              ...base.allow.find(units).filter((place) => !added.has(place.value)),
              ...(admins.hasAllow ? admins.allow.find(units) : []),
            ]
          : [];
      const reasons: (SafetyReason & { start: number })[] = [];
      const seen = new Set<string>();
      let verdict: Verdict = 'ok';
      // Longest first where two start together, so that a match inside another of its category is dropped.
      found.sort((a, b) => a.from - b.from || b.to - a.to);
      const kept: typeof found = [];
      for (const place of found) {
        if (allowed.some((a) => a.from <= place.from && place.to <= a.to)) continue;
        if (kept.some((k) => k.value === place.value && k.from <= place.from && place.to <= k.to)) continue;
        kept.push(place);
        const match = text.slice(place.start, place.end);
        const id = `${place.value}\u0000${match}`;
        if (seen.has(id)) continue;
        seen.add(id);
        reasons.push({ category: place.value, match, start: place.start });
        const severity = VERDICT_BY_CATEGORY[place.value];
        if (SEVERITY[severity] > SEVERITY[verdict]) verdict = severity;
      }
      reasons.sort((a, b) => a.start - b.start);
      return { verdict, reasons: reasons.map(({ category, match }) => ({ category, match })) };
    },
  };
}

/**
 * How the checker reads a term (`*` at its ends aside): its letters folded as every text's are (case,
 * look-alikes, accents, spelling variants). Two terms with the same key match the same words; an empty
 * key matches nothing.
 */
export function termKey(term: string): string {
  return key(term);
}
