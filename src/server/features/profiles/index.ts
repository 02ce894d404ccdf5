// What other features may use of profiles: whose account a username is (a profile's post list).
export { findUserIdByUsername } from './find-profile';
