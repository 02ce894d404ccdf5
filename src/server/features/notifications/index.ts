// What other features may use of notifications: telling reporters what became of their report, and
// reading a person's settings (their data export).
export { readSettings } from './settings';
export { tellReporters } from './tell-reporters';
