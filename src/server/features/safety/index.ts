// What other features may use of safety: the text check of a post or askline (issue #47), with the
// app's one checker of the word lists as admins extended them; and how members' muted words read text
// (issue #48).
export { checkText } from './check-text';
export { type CurrentTextChecker, listeningTextChecker } from './current-checker';
export { type MutedPhrase, mutedPhrase, textMatchForm } from './word-pattern';
