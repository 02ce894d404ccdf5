import { useId, useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../../../shared/values/account';
import { Icon } from '../../../components/icons/icon';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { FormOutcome } from '../../../components/ui/form-outcome';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { useNavigate } from '../../../lib/router';
import { useForm } from '../../../lib/use-form';
import { forgetEverything, stopQueries, tellOtherTabsSignedOut } from '../../auth';
import { useDeleteAccount } from '../api/account-api';
import { ACCOUNT_DELETED_STATE } from './account-deleted-notice';
import { accountFormError } from './account-form-errors';
import { AccountSection } from './account-section';
import { AnonymousPostsChoice, anonymousPostsCount } from './anonymous-posts-choice';
import { OwnerProof } from './owner-proof';

// The account page's "Delete your account": what deleting asks for (a password, or a recent Google
// sign-in, and the phrase to type) comes from the server's answer, never from a rule of the page's own.
export function DeleteAccountSection(props: {
  confirmationPhrase: string;
  needsPassword: boolean;
  signInFresh: boolean;
  anonymousPosts: number;
  username: string | null;
}) {
  const { confirmationPhrase, needsPassword, signInFresh, anonymousPosts } = props;
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  // anonymousPosts is the checkbox's, held in `leaveAnonymous`: named here so the server's refusal
  // of it goes under the checkbox.
  const form = useForm({ initial: { password: '', confirmation: '', anonymousPosts: '' } });
  const [leaveAnonymous, setLeaveAnonymous] = useState(false);
  // How many anonymous posts were just taken down: said here, where the choice was (it is gone now).
  const [takenDown, setTakenDown] = useState<number | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const canDelete = needsPassword || signInFresh;
  const busy = remove.isPending;

  const submit = form.handleSubmit(async ({ password, confirmation }) => {
    setFormError(null);
    try {
      await remove.mutateAsync({
        confirmation,
        ...(needsPassword ? { password } : {}),
        ...(anonymousPosts > 0 && leaveAnonymous ? { anonymousPosts: 'leave' as const } : {}),
      });
    } catch (problem) {
      if (!form.refuse(problem)) setFormError(accountFormError(problem));
      return;
    }
    // The account is gone: nothing of it stays in this browser either, in any tab.
    await stopQueries();
    forgetEverything();
    tellOtherTabsSignedOut();
    navigate(paths.home.getHref(), { replace: true, state: ACCOUNT_DELETED_STATE });
  });

  return (
    <AccountSection title="Delete your account" danger>
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
        <AnonymousPostsChoice count={anonymousPosts} username={props.username} onDeleted={setTakenDown} />
      ) : null}
      {takenDown !== null ? (
        <div className="mt-5">
          <FormOutcome
            outcome={{
              tone: 'ok',
              text: `${anonymousPostsCount(takenDown)} deleted. Your account is still here: come back another day to delete it.`,
            }}
          />
        </div>
      ) : null}
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-5 space-y-4">
        {anonymousPosts > 0 ? (
          <CheckboxField
            label={`Leave my ${anonymousPostsCount(anonymousPosts)} up, with no author`}
            checked={leaveAnonymous}
            onChange={setLeaveAnonymous}
            error={form.errors.anonymousPosts}
            disabled={busy || !canDelete}
          />
        ) : null}
        <OwnerProof
          needsPassword={needsPassword}
          signInFresh={signInFresh}
          password={form.field('password')}
          disabled={busy}
          signInAgain={ACCOUNT_MESSAGES.signInAgain}
        />
        <TextField
          label={`Type ${confirmationPhrase} to confirm`}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          {...form.field('confirmation')}
          disabled={busy || !canDelete}
        />
        {formError ? <FormOutcome outcome={{ tone: 'error', text: formError }} /> : null}
        <button
          type="submit"
          disabled={busy || !canDelete}
          className={composeButtonClasses({ variant: 'danger' })}
        >
          <Icon name="trash" className="size-4" />
          {remove.isPending ? 'Deleting your account...' : 'Delete my account'}
        </button>
      </form>
    </AccountSection>
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
