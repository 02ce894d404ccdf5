// What other features may use of the yearbook (issue #52): a class's members as its page lists them
// (superlatives' picker and the class book draw the same list). Its routes are mounted by app.ts.
export { type ClassmateRow, countClass, listClass, viewerOfClass } from './list-class';
export { presentClassmate } from './present-classmate';
