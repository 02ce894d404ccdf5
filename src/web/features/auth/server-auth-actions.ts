import { useMemo } from 'react';
import { CONFIRMATION_MESSAGES } from '../../../shared/values/confirmation';
import { paths } from '../../config/paths';
import { ApiError, ConnectionError } from '../../lib/api-client';
import { startDemoSession } from '../../lib/demo-flag';
import { useNavigate } from '../../lib/router';
import * as accountRequests from './api/account-requests';
import type * as sessionApi from './api/session-api';
import type { AuthActions, AuthOutcome } from './auth-actions';
import { DEMO_SESSION } from './demo-session';
import { describeGoogleError } from './hooks/use-auth-error-from-address';

function failure(error: unknown): AuthOutcome {
  if (error instanceof ApiError || error instanceof ConnectionError)
    return { kind: 'error', message: error.message };
  return { kind: 'error', message: 'Something went wrong. Please try again.' };
}

/** Tells the session cache about a new session. Loaded on demand: TanStack Query is not on the landing page's first load. */
export async function applySession(session: sessionApi.Session): Promise<void> {
  const { rememberSession } = await import('./api/session-query');
  rememberSession(session);
}

/** The card's actions against the real server; a sign-in goes on to the dashboard or profile setup. */
export function useServerAuthActions(): AuthActions {
  const navigate = useNavigate();
  return useMemo(
    () => ({
      async signIn(input) {
        try {
          const session = await accountRequests.signIn(input);
          await applySession(session);
          navigate(session.needsProfileSetup ? paths.profileSetup.getHref() : paths.dashboard.getHref());
          return { kind: 'success' };
        } catch (error) {
          return failure(error);
        }
      },
      async signUp(input) {
        try {
          await accountRequests.signUp(input);
          return {
            kind: 'notice',
            message: `Check your email: we sent a confirmation link to ${input.email}. Open it to finish creating your account.`,
          };
        } catch (error) {
          return failure(error);
        }
      },
      async signInWithGoogle() {
        try {
          window.location.assign(await accountRequests.startGoogleSignIn());
          return { kind: 'success' };
        } catch (error) {
          if (error instanceof ApiError)
            return { kind: 'error', message: describeGoogleError(error.code, error.message) };
          return failure(error);
        }
      },
      async resendConfirmation(input) {
        try {
          await accountRequests.resendConfirmation(input.email);
          return { kind: 'notice', message: CONFIRMATION_MESSAGES.resent };
        } catch (error) {
          return failure(error);
        }
      },
      async requestPasswordReset(input) {
        try {
          await accountRequests.requestPasswordReset(input.email);
          return { kind: 'success' };
        } catch (error) {
          return failure(error);
        }
      },
    }),
    [navigate],
  );
}

/** Demo Sign In: the local demo user, no request to the server (SPEC §1). */
export function signInAsDemo(): void {
  startDemoSession();
  void applySession(DEMO_SESSION);
}
