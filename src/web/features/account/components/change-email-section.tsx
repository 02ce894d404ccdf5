import { useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../../../shared/values/account';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { FormOutcome } from '../../../components/ui/form-outcome';
import { TextField } from '../../../components/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { useChangeEmail } from '../api/account-api';
import { accountFormError } from './account-form-errors';
import { AccountSection } from './account-section';
import { OwnerProof } from './owner-proof';

// The account page's "Email address": asks for a change, which the current address approves and the
// new one confirms (/email-change).
export function ChangeEmailSection(props: { needsPassword: boolean; signInFresh: boolean }) {
  const { needsPassword, signInFresh } = props;
  const change = useChangeEmail();
  const form = useForm({ initial: { newEmail: '', password: '' } });
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ approvalSentTo: string; newEmail: string } | null>(null);
  const canChange = needsPassword || signInFresh;

  const submit = form.handleSubmit(async ({ newEmail, password }) => {
    setFormError(null);
    setSent(null);
    try {
      const answer = await change.mutateAsync({ newEmail, ...(needsPassword ? { password } : {}) });
      setSent(answer);
      form.setValue('newEmail', '');
      form.setValue('password', '');
    } catch (problem) {
      if (!form.refuse(problem)) setFormError(accountFormError(problem));
    }
  });

  return (
    <AccountSection title="Email address">
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        To change the address you sign in with, give the new one: you approve the change from your current
        address, then confirm it from the new one. Every other device is signed out when it happens.
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-5 space-y-4">
        <TextField
          label="New email"
          type="email"
          autoComplete="email"
          {...form.field('newEmail')}
          disabled={change.isPending || !canChange}
        />
        <OwnerProof
          needsPassword={needsPassword}
          signInFresh={signInFresh}
          password={form.field('password')}
          disabled={change.isPending}
          signInAgain={ACCOUNT_MESSAGES.signInAgainForEmail}
        />
        {sent ? (
          <FormOutcome
            outcome={{
              tone: 'ok',
              text: `To approve, open the link we sent to ${sent.approvalSentTo} and press its button. Then ${sent.newEmail} gets an email of its own: your email changes when it is confirmed from there. Asking again cancels this request.`,
            }}
          />
        ) : null}
        {formError ? <FormOutcome outcome={{ tone: 'error', text: formError }} /> : null}
        <button
          type="submit"
          disabled={change.isPending || !canChange}
          className={composeButtonClasses({ variant: 'secondary' })}
        >
          {change.isPending ? 'Sending...' : 'Send confirmation link'}
        </button>
      </form>
    </AccountSection>
  );
}
