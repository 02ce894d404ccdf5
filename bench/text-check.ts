// The local text check (issue #47) in this process: p50/p95 per 256-character text, over texts cut from
// the labelled test set (abusive and clean, every language and script), after a warm-up; with the
// built-in lists alone, and with a campus's worth of admins' words added (their checker is built again
// at each change of those: rebuildMs).

import {
  createTextChecker,
  LIST_CATEGORIES,
  type TermList,
  type TextChecker,
} from '../src/server/features/safety/text-check';
import { LABELLED_TEXTS } from '../src/server/features/safety/text-check.cases';

export interface CheckTimes {
  checks: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface TextCheckFigures extends CheckTimes {
  texts: number;
  /** Building the first checker: the built-in lists' matchers (once per process, at first use). */
  buildMs: number;
  /** The same texts with ADMIN_WORDS terms and ADMIN_ALLOW allowlist words added by admins. */
  withAdminWords: CheckTimes;
  /** Building a checker with the admins' words, as every instance does when they change. */
  rebuildMs: number;
}

const TEXT_LENGTH = 256;
const ADMIN_WORDS = 300;
const ADMIN_ALLOW = 100;

/** Texts of exactly 256 characters (UTF-16 units, as the composer counts), each a different mix. */
function texts(count: number): string[] {
  const pool = LABELLED_TEXTS.map((t) => t.text);
  return Array.from({ length: count }, (_, i) => {
    let text = '';
    for (let k = (i * 7) % pool.length; text.length < TEXT_LENGTH; k += 3)
      text += `${pool[k % pool.length]} `;
    return text.slice(0, TEXT_LENGTH);
  });
}

/** Made-up words, as admins would add a campus's own: a few letters each, some two words. */
function adminWords(): Partial<TermList> {
  const letters = 'bdfgklmnprstvz';
  const word = (i: number, salt: number) => {
    let n = i * 7919 + salt;
    let out = '';
    for (let k = 0; k < 6; k++) {
      out += letters[n % letters.length];
      n = Math.floor(n / letters.length) + k * 31;
      out += 'aeiou'[n % 5];
    }
    return out;
  };
  return {
    terms: Array.from({ length: ADMIN_WORDS }, (_, i) => ({
      term: i % 5 === 0 ? `${word(i, 1)} ${word(i, 2)}` : word(i, 3),
      category: LIST_CATEGORIES[i % LIST_CATEGORIES.length] ?? 'insult',
    })),
    allow: Array.from({ length: ADMIN_ALLOW }, (_, i) => word(i, 4)),
  };
}

const at = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
const round = (ms: number) => Math.round(ms * 1000) / 1000;

function time(checker: TextChecker, sample: string[], rounds: number): CheckTimes {
  for (const text of sample) checker.check(text);
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const text of sample) {
      const started = performance.now();
      checker.check(text);
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  return {
    checks: times.length,
    p50: round(at(times, 0.5)),
    p95: round(at(times, 0.95)),
    p99: round(at(times, 0.99)),
  };
}

export function benchTextCheck({ count = 1_000, rounds = 5 } = {}): TextCheckFigures {
  const built = performance.now();
  const checker = createTextChecker();
  const buildMs = performance.now() - built;
  const sample = texts(count);
  const plain = time(checker, sample, rounds);
  const rebuilt = performance.now();
  const extended = createTextChecker(adminWords());
  const rebuildMs = performance.now() - rebuilt;
  return {
    texts: count,
    ...plain,
    buildMs: round(buildMs),
    withAdminWords: time(extended, sample, rounds),
    rebuildMs: round(rebuildMs),
  };
}
