// The process's one text checker (issue #47). Building one costs 60-190 ms, so it is built once, on
// first use, and every check reads it through `currentTextChecker()`. That function is the seam for the
// admins' term lists (a later step): it will build from the stored lists and build again when they
// change (a new checker replacing this one, so a check in progress keeps the one it started with).
import { createTextChecker, type TermList, type TextChecker } from './text-check';

let checker: TextChecker | null = null;

/** The checker every check uses now. */
export function currentTextChecker(): TextChecker {
  checker ??= createTextChecker(adminTerms());
  return checker;
}

/** The admins' additions: none until they can be stored (issue #47's admin pages). */
function adminTerms(): Partial<TermList> {
  return {};
}
