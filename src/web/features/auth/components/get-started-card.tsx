import { useEffect, useRef, useState } from 'react';
import { CONFIRMATION_MESSAGES, type ConfirmationOutcome } from '../../../../shared/values/confirmation';
import { Icon } from '../../../components/icons/icon';
import { composeButtonClasses, textLinkClasses } from '../../../components/ui/control-classes';
import { paths } from '../../../config/paths';
import { useLocation } from '../../../lib/router';
import { useForm } from '../../../lib/use-form';
import type { AuthActions, AuthOutcome } from '../auth-actions';
import { pickResetEmail } from '../validate-auth-forms';
import { AuthMessage, type AuthMessageContent } from './auth-message';
import { CredentialsForm } from './credentials-form';
import { EmailLinkForm } from './email-link-form';
import { GoogleSignInButton } from './google-sign-in-button';

export type AuthMode = 'sign-in' | 'sign-up' | 'reset-password' | 'resend-confirmation';

/** What the card's forms hold: the credentials, and the address a link is mailed to. */
export type CardValues = { identifier: string; password: string; linkEmail: string };

const subtitles: Record<AuthMode, string> = {
  'sign-in': 'Sign in to your yearbook.',
  'sign-up': 'Create your account. It takes a minute.',
  'reset-password': 'Reset your password.',
  'resend-confirmation': 'Confirm your email.',
};

// The landing page's card (SPEC §2): sign in, sign up and forgot password. It owns the mode and the
// typed values; what submitting does comes from `actions`. Google shows only where the server has it
// configured; `initialError` is a failed Google round trip to tell about, and `confirmation` how a
// confirmation link went that did not sign the person in: opened again (sign in), or expired or
// broken (a new link is offered).
export function GetStartedCard({
  actions,
  googleAvailable,
  initialError,
  confirmation = null,
}: {
  actions: AuthActions;
  googleAvailable: boolean;
  initialError: string | null;
  confirmation?: ConfirmationOutcome | null;
}) {
  const [mode, setMode] = useState<AuthMode>(
    confirmation === 'expired' || confirmation === 'invalid' ? 'resend-confirmation' : 'sign-in',
  );
  // One set of values for the card's forms, so switching modes keeps what was typed.
  const form = useForm<CardValues>({ initial: { identifier: '', password: '', linkEmail: '' } });
  const { identifier, password, linkEmail } = form.values;
  const [resetSent, setResetSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<AuthMessageContent | null>(() => {
    if (initialError) return { tone: 'error', text: initialError, id: 0 };
    if (!confirmation) return null;
    return {
      tone: confirmation === 'already' ? 'info' : 'error',
      text: CONFIRMATION_MESSAGES[confirmation],
      id: 0,
    };
  });
  const formRegionRef = useRef<HTMLDivElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const userSwitchedMode = useRef(false);

  // Arriving with something to say (Google's refusal, how a confirmation link went): on a phone the
  // card is below the hero, where the message would go unseen. When the page opens, and again once
  // the message's words have been taken out of the address: that replace navigation scrolls a page
  // to its top (app/scroll-to-top-on-navigate.tsx), after this card's effects, so the scroll waits
  // for the next task.
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each address the card is shown at.
  useEffect(() => {
    if (!initialError && !confirmation) return;
    const timer = setTimeout(() => sectionRef.current?.scrollIntoView({ block: 'center' }));
    return () => clearTimeout(timer);
  }, [key]);

  // The control that switched modes disappears with the old form; move focus into the new one so
  // keyboard users are not dropped back at the top of the page. Never on first render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: mode and resetSent are what trigger the move.
  useEffect(() => {
    if (!userSwitchedMode.current) return;
    formRegionRef.current?.querySelector<HTMLElement>('input, button')?.focus();
  }, [mode, resetSent]);

  function switchMode(next: AuthMode) {
    userSwitchedMode.current = true;
    if (next === 'reset-password') form.setValue('linkEmail', pickResetEmail(identifier));
    form.showErrors({});
    setResetSent(false);
    setMessage(null);
    setMode(next);
  }

  async function runAction(action: () => Promise<AuthOutcome>, onSuccess?: () => void) {
    setBusy(true);
    setMessage(null);
    try {
      const outcome = await action();
      if (outcome.kind === 'success') onSuccess?.();
      else
        setMessage({
          tone: outcome.kind === 'error' ? 'error' : 'info',
          text: outcome.message,
          id: Date.now(),
        });
    } catch {
      setMessage({ tone: 'error', text: 'Something went wrong. Please try again.', id: Date.now() });
    } finally {
      setBusy(false);
    }
  }

  const isCredentialsMode = mode === 'sign-in' || mode === 'sign-up';

  return (
    <section
      ref={sectionRef}
      id={paths.home.signInSectionId}
      aria-labelledby="get-started-title"
      className="w-full scroll-mt-24 rounded-3xl border border-slate-200/80 bg-white p-6 shadow-xl shadow-brand-900/5 sm:p-8 dark:border-slate-800 dark:bg-slate-900 dark:shadow-black/30"
    >
      <h2 id="get-started-title" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        Get Started
      </h2>
      <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-300">{subtitles[mode]}</p>

      <div ref={formRegionRef} className="mt-6">
        {isCredentialsMode ? (
          <CredentialsForm
            key={mode}
            variant={mode}
            form={form}
            busy={busy}
            onSubmit={() =>
              runAction(() =>
                mode === 'sign-up'
                  ? actions.signUp({ email: identifier.trim(), password })
                  : actions.signIn({ identifier: identifier.trim(), password }),
              )
            }
            onForgotPassword={mode === 'sign-in' ? () => switchMode('reset-password') : undefined}
          />
        ) : resetSent ? (
          <div className="rounded-2xl bg-brand-50 p-5 text-center dark:bg-brand-950/60">
            <Icon name="mail-check" className="mx-auto size-8 text-brand-700 dark:text-brand-300" />
            <h3 className="mt-3 text-lg font-semibold">Reset Email Sent!</h3>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              Check your inbox for a link to choose a new password.
            </p>
            <button
              type="button"
              onClick={() => switchMode('sign-in')}
              className={composeButtonClasses({ className: 'mt-4 w-full' })}
            >
              Back to Sign In
            </button>
          </div>
        ) : mode === 'resend-confirmation' ? (
          <EmailLinkForm
            form={form}
            busy={busy}
            hint="We'll email you a new link to confirm your address."
            submitLabel="Send New Link"
            onSubmit={() => runAction(() => actions.resendConfirmation({ email: linkEmail.trim() }))}
          />
        ) : (
          <EmailLinkForm
            form={form}
            busy={busy}
            onSubmit={() =>
              runAction(
                () => actions.requestPasswordReset({ email: linkEmail.trim() }),
                () => setResetSent(true),
              )
            }
          />
        )}

        <AuthMessage message={message} />

        {isCredentialsMode && googleAvailable ? (
          <>
            <div className="my-5 flex items-center gap-3 text-xs font-medium text-slate-600 uppercase dark:text-slate-400">
              <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" aria-hidden="true" />
              or
              <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" aria-hidden="true" />
            </div>
            <GoogleSignInButton busy={busy} onClick={() => runAction(() => actions.signInWithGoogle())} />
          </>
        ) : null}
      </div>

      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">
        {mode === 'sign-in' ? (
          <>
            New to Campus Yearbook?{' '}
            <button type="button" onClick={() => switchMode('sign-up')} className={textLinkClasses}>
              Create an account
            </button>
          </>
        ) : mode === 'sign-up' ? (
          <>
            Already have an account?{' '}
            <button type="button" onClick={() => switchMode('sign-in')} className={textLinkClasses}>
              Sign in instead
            </button>
          </>
        ) : resetSent ? null : (
          <button type="button" onClick={() => switchMode('sign-in')} className={textLinkClasses}>
            Back to Sign In
          </button>
        )}
      </p>
    </section>
  );
}
