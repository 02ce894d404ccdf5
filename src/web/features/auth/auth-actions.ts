// What the Get Started card asks of the account system. The card only knows this interface; the
// landing page hands it the real implementation (server-auth-actions.ts).

export type AuthOutcome =
  /** Something went wrong; `message` is shown in the card (SPEC §8 wording). */
  | { kind: 'error'; message: string }
  /** Not an error, but nothing more happens here (e.g. "check your inbox"). */
  | { kind: 'notice'; message: string }
  /** Done: sign-in navigates away, a reset request shows the "Reset Email Sent!" panel. */
  | { kind: 'success' };

export type AuthActions = {
  signIn(input: { identifier: string; password: string }): Promise<AuthOutcome>;
  signUp(input: { email: string; password: string }): Promise<AuthOutcome>;
  requestPasswordReset(input: { email: string }): Promise<AuthOutcome>;
  /** A new confirmation link (the first expired or broke): a notice to check the inbox. */
  resendConfirmation(input: { email: string }): Promise<AuthOutcome>;
  /** Leaves for Google's sign-in page; comes back to /profile/setup, or to / with an error. */
  signInWithGoogle(): Promise<AuthOutcome>;
};
