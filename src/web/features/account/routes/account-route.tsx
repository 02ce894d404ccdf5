import { useQuery } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES } from '../../../../shared/values/account';
import { DocumentTitle } from '../../../components/document-title';
import { Icon } from '../../../components/icons/icon';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { FormOutcome } from '../../../components/ui/form-outcome';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { paths } from '../../../config/paths';
import { failureMessage } from '../../../lib/api-client';
import { Link } from '../../../lib/router';
import { accountQueryOptions } from '../api/account-api';
import { AccountSection } from '../components/account-section';
import { ChangeEmailSection } from '../components/change-email-section';
import { DeleteAccountSection } from '../components/delete-account-section';
import { DownloadDataSection } from '../components/download-data-section';
import { SignedInDevicesSection } from '../components/signed-in-devices-section';

// /profile/account, "Your data and account" (issue #27): change the email address, sign out other
// devices, download everything kept about the account, or delete it; and the way to Mute and block
// (issue #48). Each section is a component of
// its own (features/account/components/); what they ask for comes from the account's answer.
export function AccountRoute() {
  const account = useQuery(accountQueryOptions);

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-14">
      <DocumentTitle title="Your data and account" />
      <Link
        to={paths.editProfile.getHref()}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
      >
        <Icon name="arrow-left" className="size-4" />
        Edit Profile
      </Link>
      <h1 className="mt-3 text-3xl font-bold tracking-tight">Your data and account</h1>
      {account.data ? (
        <>
          <p className="mt-2 text-slate-600 dark:text-slate-400">
            Signed in as{' '}
            <span className="font-medium break-all text-slate-900 dark:text-white">{account.data.email}</span>
          </p>
          {account.data.username ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Your username, @{account.data.username}, stays as it is: the links to your profile and posts
              that people have shared use it, and a new name would break every one of them.
            </p>
          ) : null}
          <ChangeEmailSection
            needsPassword={account.data.deletion.needsPassword}
            signInFresh={account.data.deletion.signInFresh}
            emailChange={account.data.emailChange}
          />
          <SignedInDevicesSection />
          <DownloadDataSection />
          <AccountSection title="Mute and block">
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              Your muted words, the people you muted or blocked and the posts you hid, each with a way to undo
              it.
            </p>
            <Link
              to={paths.controls.getHref()}
              className={composeButtonClasses({ variant: 'secondary', className: 'mt-5' })}
            >
              Mute and block
            </Link>
          </AccountSection>
          <DeleteAccountSection
            confirmationPhrase={account.data.deletion.confirmationPhrase}
            needsPassword={account.data.deletion.needsPassword}
            signInFresh={account.data.deletion.signInFresh}
            anonymousPosts={account.data.deletion.anonymousPosts}
            username={account.data.username}
          />
        </>
      ) : account.isError ? (
        <div className="mt-8">
          <FormOutcome
            outcome={{ tone: 'error', text: failureMessage(account.error, ACCOUNT_MESSAGES.signedOut) }}
          />
          <button
            type="button"
            onClick={() => void account.refetch()}
            className={composeButtonClasses({ variant: 'secondary', className: 'mt-4' })}
          >
            Try Again
          </button>
        </div>
      ) : (
        <LoadingStatus className="mt-8">Loading your account...</LoadingStatus>
      )}
    </div>
  );
}
