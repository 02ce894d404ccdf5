// What the Get Started card asks of the account system. The card only knows this interface, so the
// accounts release swaps `pendingAuthActions` for real calls without touching the components.

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
  signInWithGoogle(): Promise<AuthOutcome>;
};

export const ACCOUNTS_PENDING_MESSAGE = 'Accounts open soon — sign-in arrives in the next release.';

const accountsPending: AuthOutcome = { kind: 'notice', message: ACCOUNTS_PENDING_MESSAGE };

// Until accounts exist every action answers honestly that they are not open yet: no network call and
// no pretend success.
export const pendingAuthActions: AuthActions = {
  signIn: async () => accountsPending,
  signUp: async () => accountsPending,
  requestPasswordReset: async () => accountsPending,
  signInWithGoogle: async () => accountsPending,
};
