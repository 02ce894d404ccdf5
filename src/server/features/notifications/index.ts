// What other features may use of notifications: telling reporters what became of their report, telling
// people of replies and mentions (issue #49),
// reading a person's settings (their data export), and replacing a person's digest unsubscribe token
// (an email change: links mailed to the old address stop working).
export { readSettings } from './settings';
export { tellMentioned, tellReplied } from './tell-replied';
export { tellReporters } from './tell-reporters';
export { rotateUnsubscribeToken } from './unsubscribe-token';
