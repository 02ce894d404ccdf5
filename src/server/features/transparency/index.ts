// The transparency report (issue #47): the ledger every moderation event writes, and /api/transparency.
export { recordTransparency, type TransparencyEvent } from './ledger';
export { transparencyRoutes } from './routes';
