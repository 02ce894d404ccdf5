// Superlatives (issue #52, decision 042). Its routes are mounted by app.ts; the book reads a person's
// shown wins and a class's shown results.

export { choicesForExport } from './export-choices';
export { type ClassResult, classResults, listWins, type Win } from './results';
export {
  classSuperlativeRoutes,
  profileSuperlativeRoutes,
  type SuperlativeDeps,
  superlativeCategoryRoutes,
  superlativeRoundRoutes,
} from './routes';
export { dropNominationsOf } from './take-part';
