import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { Device } from '../../../../shared/account';
import { ACCOUNT_MESSAGES } from '../../../../shared/values/account';
import { DocumentTitle } from '../../../components/document-title';
import { Icon } from '../../../components/icons/icon';
import { confirmAction } from '../../../components/ui/confirm-dialog';
import { composeButtonClasses, textLinkClasses } from '../../../components/ui/control-classes';
import { FormOutcome, type FormOutcomeState } from '../../../components/ui/form-outcome';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { ApiError, failureMessage } from '../../../lib/api-client';
import { useLocalDate } from '../../../lib/local-dates';
import { Link, useNavigate } from '../../../lib/router';
import { saveFile } from '../../../lib/save-file';
import { startGoogleSignIn } from '../../auth/api/account-requests';
import { forgetEverything, stopQueries, tellOtherTabsSignedOut } from '../../auth/sign-out';
import {
  accountQueryOptions,
  devicesQueryOptions,
  downloadAccountData,
  refreshAccount,
  useChangeEmail,
  useDeleteAccount,
  useDeleteAnonymousPosts,
  useSignOutDevices,
} from '../api/account-api';
import { ACCOUNT_DELETED_STATE } from '../components/account-deleted-notice';

const sectionClasses = 'mt-8 rounded-2xl border bg-white p-5 sm:p-8 dark:bg-slate-900';

// /profile/account, "Your data and account" (issue #27): download everything kept about the account,
// or delete it. What deleting asks for (a password, or a recent Google sign-in, and the phrase to type)
// comes from the server's answer, never from a rule of the page's own.
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
          <EmailSection
            needsPassword={account.data.deletion.needsPassword}
            signInFresh={account.data.deletion.signInFresh}
          />
          <DevicesSection />
          <DownloadSection />
          <DeleteSection
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

function EmailSection(props: { needsPassword: boolean; signInFresh: boolean }) {
  const { needsPassword, signInFresh } = props;
  const headingId = useId();
  const change = useChangeEmail();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ newEmail?: string; password?: string; form?: string }>({});
  const [sent, setSent] = useState<{ approvalSentTo: string; newEmail: string } | null>(null);
  const canChange = needsPassword || signInFresh;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setSent(null);
    try {
      const answer = await change.mutateAsync({ newEmail, ...(needsPassword ? { password } : {}) });
      setSent(answer);
      setNewEmail('');
      setPassword('');
    } catch (problem) {
      setErrors(errorsFrom(problem, ['newEmail', 'password']));
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className={`${sectionClasses} border-slate-200 dark:border-slate-800`}
    >
      <h2 id={headingId} className="text-xl font-semibold">
        Email address
      </h2>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        To change the address you sign in with, give the new one: you approve the change from your current
        address, then confirm it from the new one. Every other device is signed out when it happens.
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-5 space-y-4">
        <TextField
          label="New email"
          type="email"
          autoComplete="email"
          value={newEmail}
          onChange={(event) => setNewEmail(event.target.value)}
          error={errors.newEmail}
          disabled={change.isPending || !canChange}
        />
        <OwnerProof
          needsPassword={needsPassword}
          signInFresh={signInFresh}
          password={password}
          onPassword={setPassword}
          error={errors.password}
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
        {errors.form ? <FormOutcome outcome={{ tone: 'error', text: errors.form }} /> : null}
        <button
          type="submit"
          disabled={change.isPending || !canChange}
          className={composeButtonClasses({ variant: 'secondary' })}
        >
          {change.isPending ? 'Sending...' : 'Send confirmation link'}
        </button>
      </form>
    </section>
  );
}

function DevicesSection() {
  const headingId = useId();
  const devices = useQuery(devicesQueryOptions);
  const signOut = useSignOutDevices();
  const [outcome, setOutcome] = useState<FormOutcomeState>(null);
  const others = devices.data?.devices.filter((device) => !device.current) ?? [];

  async function end(id: string | null, what: string) {
    setOutcome(null);
    try {
      const { signedOut } = await signOut.mutateAsync(id);
      setOutcome({
        tone: 'ok',
        text: id
          ? `${what} is signed out.`
          : `Signed out of ${signedOut} other ${signedOut === 1 ? 'device' : 'devices'}.`,
      });
    } catch (problem) {
      setOutcome({ tone: 'error', text: failureMessage(problem, ACCOUNT_MESSAGES.signedOut) });
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className={`${sectionClasses} border-slate-200 dark:border-slate-800`}
    >
      <h2 id={headingId} className="text-xl font-semibold">
        Signed-in devices
      </h2>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        Where your account is signed in now. Sign out a device you do not recognise, or one you no longer use.
      </p>
      {devices.data ? (
        <ul className="mt-5 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {devices.data.devices.map((device) => (
            <DeviceRow
              key={device.id}
              device={device}
              busy={signOut.isPending}
              onSignOut={() => void end(device.id, device.browser)}
            />
          ))}
        </ul>
      ) : devices.isError ? (
        <div className="mt-5">
          <FormOutcome
            outcome={{ tone: 'error', text: failureMessage(devices.error, ACCOUNT_MESSAGES.signedOut) }}
          />
        </div>
      ) : (
        <LoadingStatus className="mt-5">Loading your devices...</LoadingStatus>
      )}
      <div className="mt-4 space-y-4">
        <FormOutcome outcome={outcome} />
        {others.length > 0 ? (
          <button
            type="button"
            onClick={() => void end(null, '')}
            disabled={signOut.isPending}
            className={composeButtonClasses({ variant: 'secondary' })}
          >
            Sign out all other devices
          </button>
        ) : null}
      </div>
    </section>
  );
}

function DeviceRow({ device, busy, onSignOut }: { device: Device; busy: boolean; onSignOut: () => void }) {
  const signedIn = useLocalDate(device.signedInAt);
  const active = useLocalDate(device.lastActiveAt);
  return (
    <li className="flex items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <p className="font-medium">
          {device.browser}
          {device.current ? (
            <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800 dark:bg-brand-900/60 dark:text-brand-200">
              This device
            </span>
          ) : null}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Signed in {signedIn}
          <span className="block sm:inline">
            <span className="hidden sm:inline"> · </span>Last active around {active}
          </span>
        </p>
      </div>
      {device.current ? null : (
        <button
          type="button"
          onClick={onSignOut}
          disabled={busy}
          aria-label={`Sign out ${device.browser}, signed in ${signedIn}`}
          className={composeButtonClasses({ variant: 'ghost', size: 'sm', className: 'shrink-0' })}
        >
          Sign out
        </button>
      )}
    </li>
  );
}

function DownloadSection() {
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<FormOutcomeState>(null);

  async function download() {
    setBusy(true);
    setOutcome(null);
    try {
      const { file, fileName } = await downloadAccountData();
      saveFile(file, fileName);
      setOutcome({ tone: 'ok', text: `Your data is downloading as ${fileName}.` });
    } catch (problem) {
      setOutcome({ tone: 'error', text: failureMessage(problem, ACCOUNT_MESSAGES.signedOut) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className={`${sectionClasses} border-slate-200 dark:border-slate-800`}
    >
      <h2 id={headingId} className="text-xl font-semibold">
        Download your data
      </h2>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        A zip file with your account and profile, every post you wrote (anonymous ones included, marked as
        such), the likes you gave, the reports you made, the asklines you submitted, the devices you are
        signed in on, and your profile picture.
      </p>
      <div className="mt-5 space-y-4">
        <FormOutcome outcome={outcome} />
        <button
          type="button"
          onClick={() => void download()}
          disabled={busy}
          className={composeButtonClasses({ variant: 'secondary' })}
        >
          <Icon name="download" className="size-4" />
          {busy ? 'Preparing your data...' : 'Download my data'}
        </button>
      </div>
    </section>
  );
}

function DeleteSection(props: {
  confirmationPhrase: string;
  needsPassword: boolean;
  signInFresh: boolean;
  anonymousPosts: number;
  username: string | null;
}) {
  const { confirmationPhrase, needsPassword, signInFresh, anonymousPosts } = props;
  const headingId = useId();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [leaveAnonymous, setLeaveAnonymous] = useState(false);
  // How many anonymous posts were just taken down: said here, where the choice was (it is gone now).
  const [takenDown, setTakenDown] = useState<number | null>(null);
  const [errors, setErrors] = useState<{
    password?: string;
    confirmation?: string;
    anonymousPosts?: string;
    form?: string;
  }>({});
  const canDelete = needsPassword || signInFresh;
  const busy = remove.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    try {
      await remove.mutateAsync({
        confirmation,
        ...(needsPassword ? { password } : {}),
        ...(anonymousPosts > 0 && leaveAnonymous ? { anonymousPosts: 'leave' as const } : {}),
      });
    } catch (problem) {
      setErrors(errorsFrom(problem, ['password', 'confirmation', 'anonymousPosts']));
      return;
    }
    // The account is gone: nothing of it stays in this browser either, in any tab.
    await stopQueries();
    forgetEverything();
    tellOtherTabsSignedOut();
    navigate(paths.home.getHref(), { replace: true, state: ACCOUNT_DELETED_STATE });
  }

  return (
    <section aria-labelledby={headingId} className={`${sectionClasses} border-red-300 dark:border-red-900`}>
      <h2 id={headingId} className="text-xl font-semibold text-red-800 dark:text-red-300">
        Delete your account
      </h2>
      <div className="mt-2 space-y-2 text-sm text-slate-600 dark:text-slate-400">
        <p>
          This deletes your account at once and for good: your profile and picture, every post you wrote under
          your name, your likes and your reports. Asklines you submitted stay, without your name.
        </p>
        <p className="font-medium text-slate-800 dark:text-slate-200">
          It cannot be undone. Download your data first if you want to keep a copy.
        </p>
      </div>
      {anonymousPosts > 0 ? (
        <AnonymousPosts count={anonymousPosts} username={props.username} onDeleted={setTakenDown} />
      ) : null}
      {takenDown !== null ? (
        <div className="mt-5">
          <FormOutcome
            outcome={{
              tone: 'ok',
              text: `${countOf(takenDown)} deleted. Your account is still here: come back another day to delete it.`,
            }}
          />
        </div>
      ) : null}
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-5 space-y-4">
        {anonymousPosts > 0 ? (
          <CheckboxField
            label={`Leave my ${countOf(anonymousPosts)} up, with no author`}
            checked={leaveAnonymous}
            onChange={setLeaveAnonymous}
            error={errors.anonymousPosts}
            disabled={busy || !canDelete}
          />
        ) : null}
        <OwnerProof
          needsPassword={needsPassword}
          signInFresh={signInFresh}
          password={password}
          onPassword={setPassword}
          error={errors.password}
          disabled={busy}
          signInAgain={ACCOUNT_MESSAGES.signInAgain}
        />
        <TextField
          label={`Type ${confirmationPhrase} to confirm`}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={errors.confirmation}
          disabled={busy || !canDelete}
        />
        {errors.form ? <FormOutcome outcome={{ tone: 'error', text: errors.form }} /> : null}
        <button
          type="submit"
          disabled={busy || !canDelete}
          className={composeButtonClasses({ variant: 'danger' })}
        >
          <Icon name="trash" className="size-4" />
          {remove.isPending ? 'Deleting your account...' : 'Delete my account'}
        </button>
      </form>
    </section>
  );
}

/** A labelled checkbox with its error read with it (only this page asks for one). */
function CheckboxField(props: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | undefined;
  disabled: boolean;
}) {
  const errorId = useId();
  return (
    <div>
      <label className="inline-flex cursor-pointer items-start gap-2 text-sm font-medium text-slate-800 dark:text-slate-200">
        <input
          type="checkbox"
          checked={props.checked}
          onChange={(event) => props.onChange(event.target.checked)}
          disabled={props.disabled}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          className="mt-0.5 size-4 accent-brand-600"
        />
        {props.label}
      </label>
      {props.error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-300">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

const countOf = (count: number) => `${count} anonymous ${count === 1 ? 'post' : 'posts'}`;

/**
 * The choice for the anonymous posts still up (decision 019), in plain words: they stay, with no
 * author, or they are taken down first, on their own, some time before the account goes.
 */
function AnonymousPosts(props: {
  count: number;
  username: string | null;
  onDeleted: (count: number) => void;
}) {
  const { count, username } = props;
  const remove = useDeleteAnonymousPosts();
  const [error, setError] = useState<string | null>(null);

  async function takeDown() {
    const confirmed = await confirmAction({
      title: `Delete your ${countOf(count)} now?`,
      message:
        'They disappear together, now, and cannot be brought back. Your account stays: come back another day to delete it.',
      confirmLabel: 'Delete them',
      destructive: true,
    });
    if (!confirmed) return;
    setError(null);
    try {
      props.onDeleted((await remove.mutateAsync()).deleted);
    } catch (problem) {
      setError(failureMessage(problem, ACCOUNT_MESSAGES.signedOut));
    }
  }

  return (
    <div className="mt-5 rounded-xl border border-slate-200 p-4 text-sm text-slate-700 dark:border-slate-800 dark:text-slate-300">
      <h3 className="font-semibold text-slate-900 dark:text-white">Your {countOf(count)}</h3>
      <p className="mt-2">
        They never showed your name, and they stay up when your account goes, with no author at all:
        afterwards nobody, not even our staff, can link them to you.
      </p>
      <p className="mt-2">
        If you would rather take them down, delete them first and come back another day to delete your
        account. If they disappeared at the same moment as your profile, someone watching both could tell they
        were yours. Deleting them all at once shows they had one author; deleting them one at a time from{' '}
        {username ? (
          <Link to={paths.userProfile.getHref(username)} className={textLinkClasses}>
            your profile
          </Link>
        ) : (
          'your profile'
        )}{' '}
        over a few days does not.
      </p>
      {error ? (
        <div className="mt-3">
          <FormOutcome outcome={{ tone: 'error', text: error }} />
        </div>
      ) : null}
      <button
        type="button"
        onClick={() => void takeDown()}
        disabled={remove.isPending}
        className={composeButtonClasses({ variant: 'secondary', className: 'mt-3' })}
      >
        {remove.isPending ? 'Deleting...' : `Delete my ${countOf(count)} now`}
      </button>
    </div>
  );
}

/**
 * What an action on the account asks to prove it is the owner's, as the server's answer says: the
 * password, or (an account without one) a Google sign-in recent enough, or a way to make one.
 */
function OwnerProof(props: {
  needsPassword: boolean;
  signInFresh: boolean;
  password: string;
  onPassword: (password: string) => void;
  error: string | undefined;
  disabled: boolean;
  /** What to say when a fresh sign-in is needed. */
  signInAgain: string;
}) {
  if (props.needsPassword) {
    return (
      <PasswordField
        label="Your password"
        autoComplete="current-password"
        value={props.password}
        onChange={(event) => props.onPassword(event.target.value)}
        error={props.error}
        disabled={props.disabled}
      />
    );
  }
  return props.signInFresh ? null : <SignInAgain message={props.signInAgain} />;
}

/**
 * A refused request's messages: under the field the server named, else for the whole form. A 403 means
 * the sign-in the page was read with is no longer recent: the account is asked again.
 */
function errorsFrom<Field extends string>(
  problem: unknown,
  fields: readonly Field[],
): { [K in Field | 'form']?: string } {
  const errors: { [K in Field | 'form']?: string } = {};
  const field = fields.find((name) => problem instanceof ApiError && problem.field === name);
  if (field && problem instanceof ApiError) {
    errors[field] = problem.message;
    return errors;
  }
  if (problem instanceof ApiError && problem.status === 403) refreshAccount();
  errors.form = failureMessage(problem, ACCOUNT_MESSAGES.signedOut);
  return errors;
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
