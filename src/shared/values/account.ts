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
  /** An email change's link that expired, was used, or was replaced by a newer request or a new password. */
  emailLinkDead:
    'This link has expired, was already used, or was replaced by a newer one. Ask for a new one on your account page.',
  emailLinkOtherAccount:
    'This link is for another account. Sign out, then sign in to the account it was sent for.',
  emailLinkSignedOut: 'Sign in to your account first, then open the link from the email again.',
  emailTaken: 'That email address has an account of its own now. Choose another.',
  anonymousPostsChoice:
    'Choose what happens to your anonymous posts: leave them up with no author, or delete them first.',
} as const;

/** What the page says after each step of an email change's links (`/email-change?outcome=`). */
export const EMAIL_CHANGE_OUTCOMES = {
  approved:
    'Approved. We emailed the new address: open the link in that email, signed in to this account, to finish the change.',
  changed: 'Your email address was changed, and every other device was signed out.',
} as const;
