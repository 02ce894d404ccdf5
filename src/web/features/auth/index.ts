// What the auth feature offers the other features (src/web/boundaries.test.ts): who is signed in,
// a fresh Google sign-in, and forgetting a session that ended. Re-exports only: a page that takes
// one runs none of the others' code.
export { startGoogleSignIn } from './api/account-requests';
export { useSession } from './api/session-query';
export { forgetEverything, stopQueries, tellOtherTabsSignedOut } from './sign-out';
