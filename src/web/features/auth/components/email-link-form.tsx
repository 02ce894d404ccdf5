import { type FormEvent, useRef, useState } from 'react';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { TextField } from '../../../components/ui/text-field';
import { validateResetEmail } from '../validate-auth-forms';

type EmailLinkFormProps = {
  email: string;
  busy: boolean;
  onEmailChange: (value: string) => void;
  /** Called only with an email that passed validation. */
  onSubmit: () => void;
  /** What the link mailed is for, and the button: a new password unless said otherwise. */
  hint?: string;
  submitLabel?: string;
};

// The card's one-address forms: an email for a link to be mailed to (a password reset, by default;
// or a new confirmation link).
export function EmailLinkForm({
  email,
  busy,
  onEmailChange,
  onSubmit,
  hint = "We'll email you a link to choose a new password.",
  submitLabel = 'Send Reset Link',
}: EmailLinkFormProps) {
  const [error, setError] = useState<string | undefined>();
  const emailRef = useRef<HTMLInputElement>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const nextError = validateResetEmail(email);
    setError(nextError);
    if (nextError) emailRef.current?.focus();
    else onSubmit();
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4" aria-busy={busy}>
      <TextField
        ref={emailRef}
        label="Email"
        placeholder="Email"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={email}
        error={error}
        hint={hint}
        onChange={(event) => {
          onEmailChange(event.target.value);
          setError(undefined);
        }}
      />
      <button type="submit" disabled={busy} className={composeButtonClasses({ className: 'w-full' })}>
        {submitLabel}
      </button>
    </form>
  );
}
