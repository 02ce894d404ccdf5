// The shape of a built-in word list: one language (a BCP 47 tag: "en", "hi-Latn" for Hindi typed in Latin
// letters, "ta" for Tamil script) and its entries by category (categories: ../text-check.ts).
import type { ListCategory } from '../text-check';

export interface TermGroup {
  language: string;
  terms: Partial<Record<ListCategory, string[]>>;
}
