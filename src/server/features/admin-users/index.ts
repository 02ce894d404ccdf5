// What other features may use of account management: suspending an account (staff, from a post).
export { suspendAccount } from './set-suspension';
