import { useState } from 'react';
import type { EmailChangeState } from '../../../../shared/account';
import { ACCOUNT_MESSAGES } from '../../../../shared/values/account';
import { Icon } from '../../../components/icons/icon';
import type { IconName } from '../../../components/icons/icon-names';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { FormOutcome } from '../../../components/ui/form-outcome';
import { TextField } from '../../../components/ui/text-field';
import { useLocalDate } from '../../../lib/local-dates';
import { useForm } from '../../../lib/use-form';
import { useChangeEmail } from '../api/account-api';
import { accountFormError } from './account-form-errors';
import { AccountSection } from './account-section';
import { OwnerProof } from './owner-proof';

// The account page's "Email address": asks for a change, which the current address approves and the
// new one confirms (/email-change), and says where the latest one stands: the links' pages lead here.
export function ChangeEmailSection(props: {
  needsPassword: boolean;
  signInFresh: boolean;
  emailChange: EmailChangeState | null;
}) {
  const { needsPassword, signInFresh, emailChange } = props;
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
      {/* Once asked here, the section's own answer says it; after that, where it stands. */}
      {emailChange && !sent ? <EmailChangeStanding change={emailChange} /> : null}
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

const STANDING_ICONS: Record<EmailChangeState['state'], IconName> = {
  approve: 'mail',
  confirm: 'mail-check',
  expired: 'clock',
  changed: 'circle-check',
};

/** Where the latest change stands, in words (issue #51): what was done, and what is left to do. */
function EmailChangeStanding({ change }: { change: EmailChangeState }) {
  const at = useLocalDate(change.at, 'exact');
  const { fromEmail, toEmail } = change;
  const words = {
    approve: `You asked to move your account to ${toEmail}. To approve, open the link we sent to ${fromEmail} and press its button (it works until ${at}).`,
    confirm: `Approved. Now confirm it from ${toEmail}: open the link we sent there, signed in to this account (it works until ${at}). Your email changes when you do.`,
    expired: `Your request to move to ${toEmail} ran out on ${at} before it was confirmed, so nothing changed. Ask again below.`,
    changed: `Your email address was changed from ${fromEmail} to ${toEmail} on ${at}.`,
  }[change.state];
  return (
    <p
      role="status"
      className="mt-4 flex items-start gap-2 rounded-xl bg-slate-100 px-4 py-3 text-sm text-slate-800 break-words dark:bg-slate-800 dark:text-slate-100"
    >
      <Icon name={STANDING_ICONS[change.state]} className="mt-0.5 size-4 shrink-0" />
      <span>{words}</span>
    </p>
  );
}
