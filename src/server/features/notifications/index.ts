// What other features may use of notifications: telling reporters what became of their report.
export { tellReporters } from './tell-reporters';
