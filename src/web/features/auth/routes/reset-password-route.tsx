import { useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/limits';
import { DocumentTitle } from '../../../components/document-title';
import { Icon } from '../../../components/icons/icon';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { FormOutcome } from '../../../components/ui/form-outcome';
import { PasswordField } from '../../../components/ui/password-field';
import { paths } from '../../../config/paths';
import { ApiError, ConnectionError } from '../../../lib/api-client';
import { Link, useSearchParams } from '../../../lib/router';
import { checkBy, useForm } from '../../../lib/use-form';
import { resetPassword } from '../api/account-requests';

const SHORT_PASSWORD = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
const INVALID_LINK = 'This reset link is invalid or has expired. Ask for a new one from the sign-in card.';

const checkPassword = checkBy(({ password }: { password: string }) => ({
  password: password.length < PASSWORD_MIN_LENGTH ? SHORT_PASSWORD : undefined,
}));

// Where the emailed reset link lands (?token=…, or ?error=INVALID_TOKEN when it has expired): the user
// chooses a new password. The server ends the account's other sessions.
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkBroken = !token || params.has('error');
  const form = useForm({ initial: { password: '' }, check: checkPassword });
  const [formError, setFormError] = useState<string | null>(linkBroken ? INVALID_LINK : null);
  const [done, setDone] = useState(false);
  const busy = form.pending;

  const submit = form.handleSubmit(async ({ password }) => {
    if (!token) return;
    setFormError(null);
    try {
      await resetPassword({ token, newPassword: password });
      setDone(true);
    } catch (error) {
      const invalidToken = error instanceof ApiError && error.code === 'INVALID_TOKEN';
      setFormError(
        invalidToken
          ? INVALID_LINK
          : error instanceof ApiError || error instanceof ConnectionError
            ? error.message
            : 'Something went wrong. Please try again.',
      );
    }
  });

  return (
    <div className="mx-auto max-w-md px-4 py-16 sm:py-24">
      <DocumentTitle title="Choose a new password" />
      <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-xl shadow-brand-900/5 sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        {done ? (
          <div className="text-center">
            <Icon name="circle-check" className="mx-auto size-10 text-emerald-600 dark:text-emerald-400" />
            <h1 className="mt-4 text-2xl font-bold tracking-tight">Password changed</h1>
            <p role="status" className="mt-2 text-slate-700 dark:text-slate-300">
              Your new password is set, and you were signed out everywhere else. Sign in with it now.
            </p>
            <Link to={paths.home.getHref()} className={composeButtonClasses({ className: 'mt-6 w-full' })}>
              Sign In
            </Link>
          </div>
        ) : (
          <>
            <Icon name="key-round" className="size-8 text-brand-700 dark:text-brand-300" />
            <h1 className="mt-3 text-2xl font-bold tracking-tight">Choose a new password</h1>
            <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-300">
              At least {PASSWORD_MIN_LENGTH} characters.
            </p>
            <form className="mt-6 space-y-4" onSubmit={(event) => void submit(event)} noValidate>
              <PasswordField
                label="New password"
                autoComplete="new-password"
                {...form.field('password')}
                name="new-password"
                disabled={linkBroken || busy}
              />
              {formError ? <FormOutcome outcome={{ tone: 'error', text: formError }} /> : null}
              <button
                type="submit"
                disabled={linkBroken || busy}
                className={composeButtonClasses({ className: 'w-full' })}
              >
                {busy ? 'Saving...' : 'Set New Password'}
              </button>
            </form>
            <p className="mt-6 text-center text-sm">
              <Link
                to={paths.home.getHref()}
                className="font-semibold text-brand-700 hover:underline dark:text-brand-300"
              >
                Back to Sign In
              </Link>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
