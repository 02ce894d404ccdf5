// The zod-free half of the account contract (../account.ts): messages and limits of "Your data and
// account", for the page and the server alike.

/** A Google-only account proves it is its owner by a sign-in this recent (no password to ask for). */
export const FRESH_SIGN_IN_MINUTES = 10;

export const ACCOUNT_MESSAGES = {
  signedOut: 'You must be logged in to manage your account',
  confirmationWrong: (phrase: string) => `Type ${phrase} exactly to confirm`,
  passwordRequired: 'Enter your password to delete your account',
  passwordRequiredForEmail: 'Enter your password to change your email',
  sameEmail: 'That is already your email address',
  signInAgainForEmail: `For your safety, sign in with Google again, then change your email within ${FRESH_SIGN_IN_MINUTES} minutes`,
  passwordWrong: 'Your password is incorrect',
  signInAgain: `For your safety, sign in with Google again, then delete your account within ${FRESH_SIGN_IN_MINUTES} minutes`,
  deleted: 'Your account and everything in it have been deleted.',
  deviceMissing: 'That device is not signed in to your account.',
  currentDevice: 'This is the device you are using: sign out from the menu instead.',
} as const;
