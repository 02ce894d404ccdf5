// Signatures in each other's yearbooks (issue #52, decision 040). Its routes are mounted by app.ts.
export { profileSignatureRoutes, signatureRoutes } from './routes';
