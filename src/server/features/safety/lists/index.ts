// The built-in lists, as one TermList.
import type { TermList } from '../text-check';
import { ALLOWED } from './allow';
import { kannada, malayalam, telugu as teluguLatin } from './dravidian-latin';
import { english } from './english';
import { hinglish } from './hinglish';
import { hindi, tamil, telugu } from './indic-scripts';
import { tanglish } from './tanglish';
import type { TermGroup } from './term-group';

const GROUPS: TermGroup[] = [
  english,
  hinglish,
  tanglish,
  teluguLatin,
  malayalam,
  kannada,
  hindi,
  tamil,
  telugu,
];

export const BUILT_IN_TERMS: TermList = {
  terms: GROUPS.flatMap(({ language, terms }) =>
    Object.entries(terms).flatMap(([category, words]) =>
      (words ?? []).map((term) => ({ term, category: category as keyof typeof terms, language })),
    ),
  ),
  allow: ALLOWED,
};
