// The local text check (issue #47) in this process: p50/p95 per 256-character text, over texts cut from
// the labelled test set (abusive and clean, every language and script), after a warm-up.

import { createTextChecker } from '../src/server/features/safety/text-check';
import { LABELLED_TEXTS } from '../src/server/features/safety/text-check.cases';

export interface TextCheckFigures {
  texts: number;
  checks: number;
  p50: number;
  p95: number;
  p99: number;
  /** Building a checker from the lists, as the server does at start and when admins change a term. */
  buildMs: number;
}

const TEXT_LENGTH = 256;

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

const at = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
const round = (ms: number) => Math.round(ms * 1000) / 1000;

export function benchTextCheck({ count = 1_000, rounds = 5 } = {}): TextCheckFigures {
  const built = performance.now();
  const checker = createTextChecker();
  const buildMs = performance.now() - built;
  const sample = texts(count);
  for (const text of sample) checker.check(text);
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const text of sample) {
      const started = performance.now();
      checker.check(text);
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  return {
    texts: count,
    checks: times.length,
    p50: round(at(times, 0.5)),
    p95: round(at(times, 0.95)),
    p99: round(at(times, 0.99)),
    buildMs: round(buildMs),
  };
}
