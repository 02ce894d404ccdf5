// What other features may use of the account: a new password voids the email changes asked with the old.
export { voidEmailChanges } from './email-change';
