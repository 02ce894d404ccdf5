import { useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../../../shared/values/account';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { FormOutcome } from '../../../components/ui/form-outcome';
import { PasswordField } from '../../../components/ui/password-field';
import { paths } from '../../../config/paths';
import { failureMessage } from '../../../lib/api-client';
import type { FieldProps } from '../../../lib/use-form';
import { startGoogleSignIn } from '../../auth';

/**
 * What an action on the account asks to prove it is the owner's, as the server's answer says: the
 * password, or (an account without one) a Google sign-in recent enough, or a way to make one.
 */
export function OwnerProof(props: {
  needsPassword: boolean;
  signInFresh: boolean;
  /** The form's password field (lib/use-form.ts). */
  password: FieldProps;
  disabled: boolean;
  /** What to say when a fresh sign-in is needed. */
  signInAgain: string;
}) {
  if (props.needsPassword) {
    return (
      <PasswordField
        label="Your password"
        autoComplete="current-password"
        {...props.password}
        disabled={props.disabled}
      />
    );
  }
  return props.signInFresh ? null : <SignInAgain message={props.signInAgain} />;
}

/** For an account without a password: a recent Google sign-in proves it is its owner. */
function SignInAgain({ message }: { message: string }) {
  const [redirecting, setRedirecting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signInAgain() {
    setRedirecting(true);
    setError(null);
    try {
      window.location.assign(await startGoogleSignIn(paths.account.getHref()));
    } catch (problem) {
      setRedirecting(false);
      setError(failureMessage(problem, ACCOUNT_MESSAGES.signedOut));
    }
  }

  return (
    <div className="mt-4 space-y-3">
      <p className="text-sm text-slate-700 dark:text-slate-300">{message}.</p>
      {error ? <FormOutcome outcome={{ tone: 'error', text: error }} /> : null}
      <button
        type="button"
        onClick={() => void signInAgain()}
        disabled={redirecting}
        className={composeButtonClasses({ variant: 'secondary' })}
      >
        Sign in with Google again
      </button>
    </div>
  );
}
