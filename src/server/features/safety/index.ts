// What other features may use of safety: the text check of a post or askline (issue #47).
export { checkText } from './check-text';
export { currentTextChecker } from './current-checker';
