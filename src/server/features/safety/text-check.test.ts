import { describe, expect, it } from 'vitest';
import {
  createTextChecker,
  foldLookAlikes,
  LIST_CATEGORIES,
  normaliseText,
  VERDICT_BY_CATEGORY,
} from './text-check';
import { LABELLED_TEXTS } from './text-check.cases';

const checker = createTextChecker();
const verdictOf = (text: string) => checker.check(text).verdict;

describe('the labelled test set (issue #47 acceptance)', () => {
  const abusive = LABELLED_TEXTS.filter((t) => t.verdict !== 'ok');
  const clean = LABELLED_TEXTS.filter((t) => t.verdict === 'ok');

  it('holds at least 150 texts in every language and script, abusive and clean', () => {
    expect(LABELLED_TEXTS.length).toBeGreaterThanOrEqual(150);
    for (const language of ['en', 'hi-Latn', 'ta-Latn', 'hi', 'ta', 'te']) {
      const texts = LABELLED_TEXTS.filter((t) => t.language === language);
      expect(
        texts.some((t) => t.verdict === 'ok'),
        language,
      ).toBe(true);
      expect(
        texts.some((t) => t.verdict !== 'ok'),
        language,
      ).toBe(true);
    }
  });

  it('finds at least 90% of the abusive texts and flags at most 2% of the clean ones', () => {
    const missed = abusive.filter((t) => verdictOf(t.text) === 'ok');
    const falseHits = clean.filter((t) => verdictOf(t.text) !== 'ok');
    const recall = 1 - missed.length / abusive.length;
    const falseHitRate = falseHits.length / clean.length;
    console.log(
      `text check: recall ${recall.toFixed(3)} (${abusive.length - missed.length}/${abusive.length}), ` +
        `false hits ${(falseHitRate * 100).toFixed(1)}% (${falseHits.length}/${clean.length}); ` +
        `missed: ${JSON.stringify(missed.map((t) => t.text))}; false hits: ${JSON.stringify(falseHits.map((t) => t.text))}`,
    );
    expect(recall).toBeGreaterThanOrEqual(0.9);
    expect(falseHitRate).toBeLessThanOrEqual(0.02);
  });

  it('holds what is severe: no severe text found is only asked about', () => {
    const severe = abusive.filter((t) => t.verdict === 'hold');
    const softened = severe.filter((t) => verdictOf(t.text) === 'rethink');
    // One known: "randi" alone is an insult; a sentence about a woman's clothes around it is not seen.
    expect(softened.length / severe.length).toBeLessThanOrEqual(0.05);
  });
});

describe('normalising', () => {
  it.each([
    ['f u c k', 'spaced letters'],
    ['f.u.c.k', 'dotted letters'],
    ['f_u_c_k', 'underscored letters'],
    ['fuuuuuck', 'repeated letters'],
    ['FUCK', 'capitals'],
    ['f@ck', 'a mask'],
    ['f**k', 'masks'],
    ['fu¢k', 'a cent sign'],
    ['phuck', 'a sound-alike'],
    ['fvck', 'a listed variant'],
    ['ｆｕｃｋ', 'fullwidth letters'],
    ['𝐟𝐮𝐜𝐤', 'mathematical bold letters'],
    ['fυck', 'a Greek look-alike'],
    ['fuсk', 'a Cyrillic look-alike'],
    ['f\u200Bu\u200Dc\uFEFFk', 'zero-width characters'],
    ['fück', 'a diacritic'],
    ['f\u0336u\u0336c\u0336k\u0336', 'combining strokes'],
  ])('sees "%s" (%s) as the word it hides', (text) => {
    expect(checker.check(text)).toEqual({
      verdict: 'rethink',
      reasons: [{ category: 'profanity', match: text }],
    });
  });

  it('reads leetspeak inside words, not numbers or punctuation', () => {
    expect(normaliseText('sh1t')).toBe('shit');
    expect(normaliseText('a$$hole')).toBe('asshole');
    expect(normaliseText('shit!')).toBe('shit');
    expect(normaliseText('Hall 304, 10 people')).toBe('hall people');
    expect(verdictOf('Meet at 5!! Bring 3 pens')).toBe('ok');
  });

  it('folds look-alikes without touching Indic signs', () => {
    expect(foldLookAlikes('Ｐаypаl Café')).toBe('paypal cafe');
    expect(foldLookAlikes('தேவடியா')).toBe('தேவடியா'.normalize('NFKD'));
    expect(foldLookAlikes('चूतिया')).toBe('चूतिया'.normalize('NFKD'));
  });

  it('matches composed and decomposed Tamil alike', () => {
    const composed = 'கொன்னுடுவேன்';
    const decomposed = composed.normalize('NFD');
    expect(verdictOf(composed)).toBe('hold');
    expect(verdictOf(decomposed)).toBe('hold');
  });

  it('lets a letter repeat but does not invent one', () => {
    expect(verdictOf('assss')).toBe('rethink');
    expect(verdictOf('as i said')).toBe('ok');
  });
});

describe('the allowlist', () => {
  it.each([
    'Scunthorpe United',
    'assassin',
    'cocktail night',
    'Dick Van Dyke',
    'shitake',
    'shiitake',
    'magna cum laude',
    'Harshit',
    'paal kudi',
    'en pulla',
    'kutti paiyan',
    'பால்',
    'புள்ள',
    'लंडन',
  ])('leaves "%s" alone', (text) => {
    expect(checker.check(text)).toEqual({ verdict: 'ok', reasons: [] });
  });

  it('silences a word only where the allowed word or phrase is, not elsewhere in the text', () => {
    expect(checker.check('Dick Van Dyke is great, unlike that dick')).toEqual({
      verdict: 'rethink',
      reasons: [{ category: 'profanity', match: 'dick' }],
    });
  });
});

describe('admins’ terms and allowlist words', () => {
  it('adds terms in any script and category, with the same normalising', () => {
    const extended = createTextChecker({
      terms: [
        { term: 'kaddu', category: 'insult', language: 'hi-Latn' },
        { term: 'ban the seniors', category: 'harassment' },
        { term: 'துரோகி', category: 'insult', language: 'ta' },
      ],
    });
    expect(extended.check('oye k@dduuu').reasons).toEqual([{ category: 'insult', match: 'k@dduuu' }]);
    expect(extended.check('BAN  THE  SENIORS').verdict).toBe('hold');
    expect(extended.check('நீ ஒரு துரோகியே').reasons).toEqual([{ category: 'insult', match: 'துரோகியே' }]);
    expect(createTextChecker().check('oye kaddu').verdict).toBe('ok');
  });

  it('lets a term run on inside a word only where it says so with "*"', () => {
    const extended = createTextChecker({ terms: [{ term: '*crapola*', category: 'profanity' }] });
    expect(extended.check('supercrapolaship').reasons).toEqual([
      { category: 'profanity', match: 'supercrapolaship' },
    ]);
    const whole = createTextChecker({ terms: [{ term: 'crapola', category: 'profanity' }] });
    expect(whole.check('supercrapolaship').verdict).toBe('ok');
  });

  it('allows words the admins name, and an admin term overrides a built-in allowlist word', () => {
    expect(createTextChecker({ allow: ['dickhead sauce'] }).check('dickhead sauce recipe').verdict).toBe(
      'ok',
    );
    expect(createTextChecker({ allow: ['bhenchod'] }).check('bhenchod').verdict).toBe('ok');
    expect(
      createTextChecker({ terms: [{ term: 'paal', category: 'insult', language: 'ta-Latn' }] }).check('paal')
        .verdict,
    ).toBe('rethink');
  });
});

describe('reasons', () => {
  it('names each category with the words as written, in order, once each', () => {
    expect(checker.check('F.U.C.K off, kys. Sh1t, kys').reasons).toEqual([
      { category: 'profanity', match: 'F.U.C.K off' },
      { category: 'self_harm', match: 'kys' },
      { category: 'profanity', match: 'Sh1t' },
    ]);
  });

  it('quotes the whole word and the whole phrase', () => {
    expect(checker.check('you fucking clown').reasons).toEqual([{ category: 'profanity', match: 'fucking' }]);
    expect(checker.check("I'LL   kill you").reasons).toEqual([
      { category: 'threat', match: "I'LL   kill you" },
    ]);
  });

  it('gives the most severe verdict of what it found', () => {
    expect(checker.check('shit, I will kill you')).toEqual({
      verdict: 'hold',
      reasons: [
        { category: 'profanity', match: 'shit' },
        { category: 'threat', match: 'I will kill you' },
      ],
    });
  });

  it('maps every category to a verdict: mild ones ask again, severe ones hold', () => {
    expect(LIST_CATEGORIES.filter((c) => VERDICT_BY_CATEGORY[c] === 'rethink')).toEqual([
      'profanity',
      'insult',
    ]);
    expect(LIST_CATEGORIES.filter((c) => VERDICT_BY_CATEGORY[c] === 'hold')).toEqual([
      'harassment',
      'threat',
      'slur',
      'sexual',
      'self_harm',
    ]);
  });
});
