// matchesMutedWords (visibility.ts) puts in a reader's expression only the words that can match the
// text: it must answer exactly as the whole expression does (the one the lists build in SQL), for
// every kind of ending, repeated and masked letters, spaces between a phrase's words, and scripts
// other than Latin.
import { describe, expect, it } from 'vitest';
import {
  MUTED_WORD_PHRASES as PHRASES,
  MUTED_WORD_TEXTS as TEXTS,
} from '../../../../tests/support/muted-word-cases';
import { combinedPattern, mutedPhrase, textMatchForm } from '../safety';
import { type MutedWord, matchesMutedWords } from './visibility';

const words = (phrases: string[]): MutedWord[] =>
  phrases.map((phrase) => mutedPhrase(phrase)).filter((word) => word !== null);

describe('matchesMutedWords', () => {
  it('answers exactly as the whole expression does, for each word alone and all together', () => {
    const sets = [...PHRASES.map((phrase) => [phrase]), PHRASES];
    let matched = 0;
    for (const set of sets) {
      const muted = words(set);
      const whole = new RegExp(combinedPattern(muted) ?? '(?!)', 'u');
      for (const text of TEXTS) {
        const form = textMatchForm(text);
        const expected = whole.test(form);
        if (expected) matched++;
        expect(matchesMutedWords(muted, form), `${set.join(', ')} in "${text}"`).toBe(expected);
      }
    }
    // Not vacuous: many pairs match, many do not.
    expect(matched).toBeGreaterThan(20);
  });

  it('is false with no words, and the same again once the expression is compiled', () => {
    expect(matchesMutedWords([], textMatchForm('exam'))).toBe(false);
    const muted = words(['exam', 'hostel']);
    for (let i = 0; i < 3; i++) {
      expect(matchesMutedWords(muted, textMatchForm('exam hall'))).toBe(true);
      expect(matchesMutedWords(muted, textMatchForm('the library'))).toBe(false);
    }
  });
});
