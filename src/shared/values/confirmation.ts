// How a confirmation link went, for the sign-in card (issue #30). A file of its own: the account
// values beside it (auth.ts) are in every member page's first download, these only in the landing
// page's.

/**
 * How a confirmation link went, when it did not sign the person in (issue #30): the server sends
 * them to the sign-in card with `?confirmation=` and one of these, and the card says it.
 */
export const CONFIRMATION_OUTCOMES = ['already', 'expired', 'invalid'] as const;
export type ConfirmationOutcome = (typeof CONFIRMATION_OUTCOMES)[number];
export const CONFIRMATION_PARAM = 'confirmation';
/**
 * Where a confirmation mail's link opens (issue #43): the landing page, whose card then holds a button
 * that confirms, so a mail scanner that opens the link confirms nothing. The token is `?confirm=`.
 */
export const CONFIRM_PARAM = 'confirm';
export const confirmEmailHref = (token: string) =>
  `/?${CONFIRM_PARAM}=${encodeURIComponent(token)}#${SIGN_IN_SECTION_ID}`;
/**
 * Where the card is on the landing page, so a phone opens the page there (config/paths.ts has its
 * own copy, which every page loads: paths.test.ts checks they agree).
 */
export const SIGN_IN_SECTION_ID = 'get-started';

/** The landing page's address that tells the card how a confirmation link went. */
export const confirmationHref = (outcome: ConfirmationOutcome) =>
  `/?${CONFIRMATION_PARAM}=${outcome}#${SIGN_IN_SECTION_ID}`;

export const CONFIRMATION_MESSAGES = {
  already: 'Your email is already confirmed — sign in.',
  expired: "This confirmation link has expired. Enter your email and we'll send you a new one.",
  invalid: "This confirmation link doesn't work. Enter your email and we'll send you a new one.",
  resent: 'If that address is waiting for confirmation, a new link is on its way. Check your inbox.',
} as const;
