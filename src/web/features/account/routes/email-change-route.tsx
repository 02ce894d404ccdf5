import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ACCOUNT_MESSAGES, EMAIL_CHANGE_OUTCOMES } from '../../../../shared/values/account';
import { DocumentTitle } from '../../../components/document-title';
import { Icon } from '../../../components/icons/icon';
import { composeButtonClasses, textLinkClasses } from '../../../components/ui/control-classes';
import { FormOutcome } from '../../../components/ui/form-outcome';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { paths } from '../../../config/paths';
import { ApiError, failureMessage } from '../../../lib/api-client';
import { Link, useSearchParams } from '../../../lib/router';
import { emailChangeLinkQueryOptions } from '../api/email-change-api';

/** What went wrong when the button was pressed (`?problem=`, the server's error code). */
const PROBLEMS: Record<string, string> = {
  conflict: ACCOUNT_MESSAGES.emailTaken,
  rate_limited: 'Too many attempts. Please try again in a minute.',
};

// Where an email change's mailed links open (/email-change?token=…, issue #43): the current address's
// link to approve, then the new address's link to confirm. Opening a link changes nothing (mail
// scanners open links); the button does, signed in as the account, as a plain form the browser sends
// itself, before or without this page's script. The server answers with this page again: the outcome
// (`?outcome=`), or the link with what went wrong (`?problem=`).
export function EmailChangeRoute() {
  const [params] = useSearchParams();
  const outcome = params.get('outcome');
  const token = params.get('token') ?? '';
  const problem = params.get('problem');

  return (
    <div className="mx-auto max-w-md px-4 py-16 sm:py-24">
      <DocumentTitle title="Change of email address" />
      <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-xl shadow-brand-900/5 sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        {outcome === 'approved' || outcome === 'changed' ? (
          <Outcome outcome={outcome} />
        ) : token ? (
          <LinkStep token={token} problem={problem ? (PROBLEMS[problem] ?? null) : null} />
        ) : (
          <Card icon="mail" title="Change of email address">
            <div className="mt-4">
              <FormOutcome outcome={{ tone: 'error', text: ACCOUNT_MESSAGES.emailLinkDead }} />
            </div>
            <AccountLink />
          </Card>
        )}
      </div>
    </div>
  );
}

function LinkStep({ token, problem }: { token: string; problem: string | null }) {
  const link = useQuery(emailChangeLinkQueryOptions(token));
  if (link.isError) {
    const signedOut = link.error instanceof ApiError && link.error.status === 401;
    return (
      <Card icon="mail" title="Change of email address">
        <div className="mt-4">
          <FormOutcome
            outcome={{ tone: 'error', text: failureMessage(link.error, ACCOUNT_MESSAGES.emailLinkSignedOut) }}
          />
        </div>
        {signedOut ? (
          <Link to={paths.home.getHref()} className={composeButtonClasses({ className: 'mt-6 w-full' })}>
            Sign In
          </Link>
        ) : (
          <AccountLink />
        )}
      </Card>
    );
  }
  if (!link.data) return <LoadingStatus>Loading...</LoadingStatus>;
  const { step, fromEmail, toEmail } = link.data;
  const approving = step === 'approve';
  return (
    <Card
      icon={approving ? 'mail-check' : 'mail'}
      title={approving ? 'Approve the new email address' : 'Confirm your new email address'}
    >
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        {approving ? (
          <>
            Your account, now at <Address>{fromEmail}</Address>, would move to <Address>{toEmail}</Address>.
            Approve only if you asked for this: {toEmail} then gets an email of its own, and the change
            happens once it is confirmed from there.
          </>
        ) : (
          <>
            Press the button to make <Address>{toEmail}</Address> the address of your account, instead of{' '}
            <Address>{fromEmail}</Address>. Every other device will be signed out.
          </>
        )}
      </p>
      {problem ? (
        <div className="mt-4">
          <FormOutcome outcome={{ tone: 'error', text: problem }} />
        </div>
      ) : null}
      <form method="post" action={`/api/account/email/${approving ? 'approve' : 'confirm'}`} className="mt-6">
        <input type="hidden" name="token" value={token} />
        <button type="submit" className={composeButtonClasses({ className: 'w-full' })}>
          {approving ? 'Approve the change' : 'Use this email address'}
        </button>
      </form>
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        {approving
          ? 'Not you? Do not approve, and change your password: that cancels the request.'
          : 'Not you? Close this page: nothing changes until the button is pressed.'}
      </p>
    </Card>
  );
}

function Outcome({ outcome }: { outcome: 'approved' | 'changed' }) {
  return (
    <Card icon="circle-check" title={outcome === 'approved' ? 'Change approved' : 'Email address changed'}>
      <p role="status" className="mt-2 text-slate-700 dark:text-slate-300">
        {EMAIL_CHANGE_OUTCOMES[outcome]}
      </p>
      <AccountLink />
    </Card>
  );
}

function Card({
  icon,
  title,
  children,
}: {
  icon: 'mail' | 'mail-check' | 'circle-check';
  title: string;
  children: ReactNode;
}) {
  return (
    <>
      <Icon name={icon} className="size-8 text-brand-700 dark:text-brand-300" />
      <h1 className="mt-3 text-2xl font-bold tracking-tight">{title}</h1>
      {children}
    </>
  );
}

function Address({ children }: { children: string }) {
  return <span className="font-medium break-all text-slate-900 dark:text-white">{children}</span>;
}

function AccountLink() {
  return (
    <p className="mt-6 text-sm">
      <Link to={paths.account.getHref()} className={textLinkClasses}>
        Your data and account
      </Link>
    </p>
  );
}
