// What other features may use of notifications: telling reporters what became of their report, telling
// people of replies and mentions (issue #49),
// reading a person's settings (their data export), replacing a person's digest unsubscribe token
// (an email change: links mailed to the old address stop working), and for web push (issue #51) the
// channel that says whose notifications changed and what of theirs may be pushed.

export { type ChangedNotification, changedForPush } from './list-notifications';
export { NOTIFICATIONS_CHANNEL } from './live';
export { readSettings } from './settings';
export { tellMentioned, tellReplied, tellRepliedSql } from './tell-replied';
export { tellReporters } from './tell-reporters';
export { rotateUnsubscribeToken } from './unsubscribe-token';
