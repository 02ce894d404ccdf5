// What other features may use of the moderation log: recording what staff did, and keeping it told
// apart once a staff member's account is deleted.
export { numberFormerStaff } from './number-former-staff';
export { recordModeration } from './record';
