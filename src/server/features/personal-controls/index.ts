// What other features may use of personal controls (issue #48): the visibility rules every list a
// member reads is filtered by (visibility.ts), and the controls' rows for an account's export.
export { controlsForExport, hiddenPostsPage } from './export-controls';
export {
  blockedBetween,
  blockedByViewer,
  hasMutedWords,
  hiddenByViewer,
  LIST_RULES,
  type ListName,
  likerShown,
  type MutedWord,
  matchesMutedWords,
  mutedByViewer,
  mutedByWords,
  mutedWordsMatchText,
  mutedWordsNow,
  noBlockBetween,
  type PostRef,
  postRefAs,
  profileShown,
  shownInList,
  textLetters,
  type ViewerRef,
} from './visibility';
