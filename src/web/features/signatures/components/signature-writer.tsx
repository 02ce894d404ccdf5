// The viewer's own signature in someone else's yearbook (issue #52): "Sign {name}'s yearbook" opens
// the form; a signature waiting for approval can be edited or withdrawn; an approved one stays as it
// is. The form says what the server says: too long, refused by the text check, "Sign anyway?" for a
// warning (a 422 `rethink`, answered with postAnyway), approved meanwhile (409).
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { SIGNATURE_MAX_LENGTH, SIGNATURE_MESSAGES } from '../../../../shared/signatures';
import { announce } from '../../../components/ui/announcer';
import { confirmAction } from '../../../components/ui/confirm-dialog';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { LoadError } from '../../../components/ui/load-error';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { ApiError, failureMessage, refusalMessage } from '../../../lib/api-client';
import { LocalDate } from '../../../lib/local-dates';
import { mySignatureQueryOptions, useWithdrawSignature, useWriteSignature } from '../api/signatures-api';

const LOAD_FAILED = 'Your signature could not be loaded. Please try again.';
const WITHDRAW_FAILED = 'Your signature could not be withdrawn. Please try again.';

/** What the form says before asking the server: the server's own rules, said the same way. */
export function checkSignatureText(content: string): string | null {
  const text = content.replace(/\r\n?/g, '\n').trim();
  if (!text) return SIGNATURE_MESSAGES.contentRequired;
  if (text.length > SIGNATURE_MAX_LENGTH) return SIGNATURE_MESSAGES.contentTooLong;
  return null;
}

export function SignatureWriter({ username, firstName }: { username: string; firstName: string }) {
  const mine = useQuery(mySignatureQueryOptions(username));
  const withdraw = useWithdrawSignature(username);
  const [editing, setEditing] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);

  if (mine.isPending) return <LoadingStatus>Loading your signature...</LoadingStatus>;
  if (mine.isError) return <LoadError message={LOAD_FAILED} onRetry={() => void mine.refetch()} />;
  const signature = mine.data.signature;

  if (editing) {
    return (
      <SignatureForm
        username={username}
        firstName={firstName}
        initial={signature?.content ?? ''}
        editing={Boolean(signature)}
        onDone={() => setEditing(false)}
      />
    );
  }
  if (!signature) {
    return (
      <button
        ref={openButton}
        type="button"
        onClick={() => setEditing(true)}
        className={composeButtonClasses({ className: 'w-full sm:w-auto' })}
      >
        Sign {firstName}'s yearbook
      </button>
    );
  }
  if (signature.status === 'approved') {
    return (
      <div className="rounded-2xl border border-emerald-300 bg-emerald-50 p-4 text-slate-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-50">
        <p className="text-sm font-semibold">You signed {firstName}'s yearbook</p>
        <p className="mt-2 whitespace-pre-wrap break-words">{signature.content}</p>
      </div>
    );
  }

  async function withdrawMine() {
    const confirmed = await confirmAction({
      title: 'Withdraw your signature?',
      message: `It will be taken out of ${firstName}'s yearbook before they approve it.`,
      confirmLabel: 'Withdraw',
      destructive: true,
    });
    if (!confirmed) return;
    withdraw.mutate(undefined, {
      onSuccess: () => announce('Signature withdrawn.', 'info'),
      onError: (problem) =>
        announce(
          problem instanceof ApiError && problem.status === 409
            ? problem.message
            : refusalMessage(problem, WITHDRAW_FAILED),
          'error',
        ),
    });
  }

  return (
    <div className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-slate-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-semibold">Your signature</span>
        <span className="rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-950 dark:bg-amber-800 dark:text-amber-50">
          {SIGNATURE_MESSAGES.waiting}
        </span>
        <time dateTime={signature.updatedAt} className="text-slate-700 dark:text-amber-100">
          <LocalDate isoDate={signature.updatedAt} />
        </time>
      </p>
      <p className="mt-2 whitespace-pre-wrap break-words">{signature.content}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => setEditing(true)}
          className={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
        >
          Edit
        </button>
        <button
          type="button"
          onClick={() => void withdrawMine()}
          disabled={withdraw.isPending}
          className={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
        >
          Withdraw
        </button>
      </div>
    </div>
  );
}

function SignatureForm({
  username,
  firstName,
  initial,
  editing,
  onDone,
}: {
  username: string;
  firstName: string;
  initial: string;
  editing: boolean;
  onDone: () => void;
}) {
  const textId = useId();
  const counterId = useId();
  const errorId = useId();
  const [content, setContent] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  /** The text check's warning, in the server's words: signing again sends postAnyway. */
  const [warning, setWarning] = useState<string | null>(null);
  const write = useWriteSignature(username);
  const textRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => textRef.current?.focus(), []);

  function send(postAnyway: boolean) {
    if (write.isPending) return;
    const problem = checkSignatureText(content);
    if (problem) {
      setError(problem);
      textRef.current?.focus();
      return;
    }
    write.mutate(
      { content, postAnyway },
      {
        onSuccess: () => {
          announce(
            editing ? 'Signature saved. Waiting for approval.' : 'Signature sent. Waiting for approval.',
            'info',
          );
          onDone();
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === 'rethink') {
            setWarning(failure.message);
            return;
          }
          // 409: approved meanwhile; the page now shows it as approved (the query is asked again).
          if (failure instanceof ApiError && failure.status === 409) {
            announce(failure.message, 'error');
            onDone();
            return;
          }
          setError(failureMessage(failure, SIGNATURE_MESSAGES.signedOut));
          textRef.current?.focus();
        },
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    send(false);
  }

  const label = `Your message in ${firstName}'s yearbook`;
  const tooLong = content.length > SIGNATURE_MAX_LENGTH;
  return (
    <form
      onSubmit={submit}
      aria-label={editing ? 'Edit your signature' : `Sign ${firstName}'s yearbook`}
      className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <label htmlFor={textId} className="block text-sm font-semibold text-slate-900 dark:text-white">
        {label}
      </label>
      <textarea
        id={textId}
        ref={textRef}
        value={content}
        onChange={(event) => {
          setContent(event.target.value);
          setError(null);
          setWarning(null);
        }}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${counterId}${error ? ` ${errorId}` : ''}`}
        className="block w-full resize-y rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-brand-600 sm:text-sm dark:border-slate-700 dark:bg-slate-950 dark:text-white dark:placeholder:text-slate-400"
      />
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      {warning ? (
        <div
          role="alert"
          className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          <p>{warning}</p>
          <button
            type="button"
            onClick={() => send(true)}
            disabled={write.isPending}
            className={composeButtonClasses({ variant: 'secondary', size: 'sm', className: 'mt-2' })}
          >
            Sign anyway
          </button>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <span
          id={counterId}
          className={`text-sm tabular-nums ${tooLong ? 'font-semibold text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-400'}`}
        >
          {content.length}/{SIGNATURE_MAX_LENGTH}
        </span>
        <button
          type="button"
          onClick={onDone}
          className={composeButtonClasses({ variant: 'ghost', size: 'sm', className: 'ml-auto' })}
        >
          Cancel
        </button>
        <button type="submit" disabled={write.isPending} className={composeButtonClasses({ size: 'sm' })}>
          {write.isPending ? 'Signing...' : editing ? 'Save' : 'Sign'}
        </button>
      </div>
    </form>
  );
}
