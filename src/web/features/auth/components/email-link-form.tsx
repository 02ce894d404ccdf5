import { composeButtonClasses } from '../../../components/ui/control-classes';
import { TextField } from '../../../components/ui/text-field';
import { checkBy, type Form } from '../../../lib/use-form';
import { validateResetEmail } from '../validate-auth-forms';
import type { CardValues } from './get-started-card';

type EmailLinkFormProps = {
  /** The card's values (lib/use-form.ts), kept across its modes. */
  form: Form<CardValues>;
  busy: boolean;
  /** Called only with an email that passed validation. */
  onSubmit: () => Promise<unknown>;
  /** What the link mailed is for, and the button: a new password unless said otherwise. */
  hint?: string;
  submitLabel?: string;
};

const checkEmail = checkBy((values: CardValues) => ({ linkEmail: validateResetEmail(values.linkEmail) }));

// The card's one-address forms: an email for a link to be mailed to (a password reset, by default;
// or a new confirmation link).
export function EmailLinkForm({
  form,
  busy,
  onSubmit,
  hint = "We'll email you a link to choose a new password.",
  submitLabel = 'Send Reset Link',
}: EmailLinkFormProps) {
  const submit = form.handleSubmit(onSubmit, checkEmail);

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4" aria-busy={busy}>
      <TextField
        label="Email"
        placeholder="Email"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        hint={hint}
        {...form.field('linkEmail')}
      />
      <button type="submit" disabled={busy} className={composeButtonClasses({ className: 'w-full' })}>
        {submitLabel}
      </button>
    </form>
  );
}
