// What other features may use of safety: the text check of a post or askline (issue #47), with the
// app's one checker of the word lists as admins extended them; and how members' muted words read text
// (issue #48).
export { checkText } from './check-text';
export { type CurrentTextChecker, listeningTextChecker } from './current-checker';
export {
  combinedPattern,
  ENDING_GROUPS,
  type MutedPhrase,
  mutedPhrase,
  textMatchForm,
  WORD_ENDINGS,
  type WordEnding,
} from './word-pattern';
