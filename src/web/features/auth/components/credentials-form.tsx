import { type FormEvent, useRef, useState } from 'react';
import { composeButtonClasses, textLinkClasses } from '../../../components/ui/control-classes';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { type FieldErrors, hasErrors, validateSignIn, validateSignUp } from '../validate-auth-forms';

type CredentialsFormProps = {
  variant: 'sign-in' | 'sign-up';
  identifier: string;
  password: string;
  busy: boolean;
  onIdentifierChange: (value: string) => void;
  onPasswordChange: (value: string) => void;
  /** Called only with values that passed validation. */
  onSubmit: () => void;
  onForgotPassword?: () => void;
};

// Sign-in and sign-up share one identifier field (SPEC §2): "Username or Email" to sign in, "Email" to
// sign up, so switching modes keeps what was typed.
export function CredentialsForm(props: CredentialsFormProps) {
  const { variant, identifier, password, busy, onForgotPassword } = props;
  const isSignUp = variant === 'sign-up';
  const [errors, setErrors] = useState<FieldErrors<'identifier' | 'password'>>({});
  const identifierRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  function validateFields(): FieldErrors<'identifier' | 'password'> {
    if (!isSignUp) return validateSignIn({ identifier, password });
    const signUpErrors = validateSignUp({ email: identifier, password });
    return { identifier: signUpErrors.email, password: signUpErrors.password };
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const nextErrors = validateFields();
    setErrors(nextErrors);
    if (nextErrors.identifier) identifierRef.current?.focus();
    else if (nextErrors.password) passwordRef.current?.focus();
    if (!hasErrors(nextErrors)) props.onSubmit();
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4" aria-busy={busy}>
      <TextField
        ref={identifierRef}
        label={isSignUp ? 'Email' : 'Username or Email'}
        placeholder={isSignUp ? 'Email' : 'Username or Email'}
        type={isSignUp ? 'email' : 'text'}
        autoComplete={isSignUp ? 'email' : 'username'}
        autoCapitalize="none"
        spellCheck={false}
        required
        value={identifier}
        error={errors.identifier}
        onChange={(event) => {
          props.onIdentifierChange(event.target.value);
          setErrors((current) => ({ ...current, identifier: undefined }));
        }}
      />
      <div>
        <PasswordField
          ref={passwordRef}
          label="Password"
          placeholder="Password"
          autoComplete={isSignUp ? 'new-password' : 'current-password'}
          required
          value={password}
          error={errors.password}
          hint={isSignUp ? 'At least 6 characters.' : undefined}
          onChange={(event) => {
            props.onPasswordChange(event.target.value);
            setErrors((current) => ({ ...current, password: undefined }));
          }}
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
