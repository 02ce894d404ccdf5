import { composeButtonClasses, textLinkClasses } from '../../../components/ui/control-classes';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { checkBy, type Form } from '../../../lib/use-form';
import { validateSignIn, validateSignUp } from '../validate-auth-forms';
import type { CardValues } from './get-started-card';

type CredentialsFormProps = {
  variant: 'sign-in' | 'sign-up';
  /** The card's values (lib/use-form.ts), kept across its modes. */
  form: Form<CardValues>;
  busy: boolean;
  /** Called only with values that passed validation. */
  onSubmit: () => Promise<unknown>;
  onForgotPassword?: (() => void) | undefined;
};

const checkSignIn = checkBy((values: CardValues) => validateSignIn(values));
const checkSignUp = checkBy((values: CardValues) => {
  const errors = validateSignUp({ email: values.identifier, password: values.password });
  return { identifier: errors.email, password: errors.password };
});

// Sign-in and sign-up share one identifier field (SPEC §2): "Username or Email" to sign in, "Email" to
// sign up, so switching modes keeps what was typed.
export function CredentialsForm({ variant, form, busy, onSubmit, onForgotPassword }: CredentialsFormProps) {
  const isSignUp = variant === 'sign-up';
  const submit = form.handleSubmit(onSubmit, isSignUp ? checkSignUp : checkSignIn);

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4" aria-busy={busy}>
      <TextField
        label={isSignUp ? 'Email' : 'Username or Email'}
        placeholder={isSignUp ? 'Email' : 'Username or Email'}
        type={isSignUp ? 'email' : 'text'}
        autoComplete={isSignUp ? 'email' : 'username'}
        autoCapitalize="none"
        spellCheck={false}
        required
        {...form.field('identifier')}
      />
      <div>
        <PasswordField
          label="Password"
          placeholder="Password"
          autoComplete={isSignUp ? 'new-password' : 'current-password'}
          required
          hint={isSignUp ? 'At least 6 characters.' : undefined}
          {...form.field('password')}
        />
        {onForgotPassword ? (
          <div className="mt-2 flex justify-end">
            <button type="button" onClick={onForgotPassword} className={`text-sm ${textLinkClasses}`}>
              Forgot password?
            </button>
          </div>
        ) : null}
      </div>
      <button type="submit" disabled={busy} className={composeButtonClasses({ className: 'w-full' })}>
        {isSignUp ? 'Sign Up' : 'Sign In'}
      </button>
    </form>
  );
}
