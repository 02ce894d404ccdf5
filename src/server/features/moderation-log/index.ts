// What other features may use of the moderation log: recording what staff did, keeping it told apart
// once a staff member's account is deleted, and writing down a removal's statement of reasons.
export { numberFormerStaff } from './number-former-staff';
export { recordModeration } from './record';
export { type RemovalStatement, recordHeldRemoval, recordPostRemoval } from './record-decision';
