// Staff's tools for a class's superlatives (issue #52, decision 042), a chunk only staff load: start a
// round (when results show), add categories while it is a draft (the text check's warning asks "Add
// anyway?", as a signature's does), move it on one phase at a time, change the results date or show
// the results now, delete a draft. Approving and removing a category are on the category itself.
import { type FormEvent, useId, useRef, useState } from 'react';
import {
  type ClassSuperlatives,
  resultsAtProblem,
  SUPERLATIVE_MESSAGES,
  SUPERLATIVE_TITLE_MAX_LENGTH,
  type SuperlativePhase,
  type SuperlativeRound,
} from '../../../../shared/superlatives';
import { announce } from '../../../components/ui/announcer';
import { confirmAction } from '../../../components/ui/confirm-dialog';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { inputClasses } from '../../../components/ui/text-field';
import { ApiError, failureMessage } from '../../../lib/api-client';
import { useAddCategory, useDeleteRound, useStartRound, useUpdateRound } from '../api/superlatives-api';

const fieldClasses = `${inputClasses} border-slate-300 dark:border-slate-700`;

/** A `datetime-local` value (the device's time zone) as ISO 8601, or '' when it is no time. */
function isoFromLocal(value: string): string {
  const time = Date.parse(value);
  return Number.isNaN(time) ? '' : new Date(time).toISOString();
}

function Problem({ id, text }: { id?: string; text: string | null }) {
  if (!text) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
      {text}
    </p>
  );
}

export function RoundTools({ answer, year }: { answer: ClassSuperlatives; year: string }) {
  const { round, campus } = answer;
  if (!round) return <StartRound year={year} campus={campus} />;
  return (
    <div className="mt-4 space-y-4 rounded-xl bg-slate-50 p-3 sm:p-4 dark:bg-slate-950">
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
        Staff · {phaseName(round.phase)}
      </p>
      {round.phase === 'draft' ? <AddCategory round={round} /> : null}
      <PhaseActions round={round} />
    </div>
  );
}

function phaseName(phase: SuperlativePhase): string {
  return {
    draft: 'Draft',
    nominating: 'Nominations open',
    voting: 'Vote open',
    closed: 'Closed',
  }[phase];
}

/** "Start superlatives for the Class of {year} ({campus})": the results date, then a draft round. */
function StartRound({ year, campus }: { year: string; campus: ClassSuperlatives['campus'] }) {
  const fieldId = useId();
  const errorId = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const start = useStartRound(year);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (start.isPending) return;
    const resultsAt = isoFromLocal(value);
    const problem = resultsAtProblem(resultsAt, Date.now());
    if (problem) {
      setError(problem);
      return;
    }
    start.mutate(
      { campus, resultsAt },
      {
        onSuccess: () => announce('Superlatives started. Add the categories.', 'info'),
        onError: (failure) => setError(failureMessage(failure, SUPERLATIVE_MESSAGES.signedOut)),
      },
    );
  }

  const label = `Start superlatives for the Class of ${year} (${campus})`;
  return (
    <form onSubmit={submit} aria-label={label} className="mt-3 space-y-2">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        No superlatives yet for this class. Members see nothing until nominations open.
      </p>
      <label htmlFor={fieldId} className="block text-sm font-semibold text-slate-900 dark:text-white">
        Results shown on
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={fieldId}
          type="datetime-local"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`${fieldClasses} sm:max-w-xs`}
        />
        <button type="submit" disabled={start.isPending} className={composeButtonClasses()}>
          {start.isPending ? 'Starting...' : label}
        </button>
      </div>
      <Problem id={errorId} text={error} />
    </form>
  );
}

/** Draft: a category's title; a warning from the text check asks "Add anyway?" (postAnyway). */
function AddCategory({ round }: { round: SuperlativeRound }) {
  const fieldId = useId();
  const counterId = useId();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const add = useAddCategory(round.id);
  const field = useRef<HTMLInputElement>(null);

  function send(postAnyway: boolean) {
    if (add.isPending) return;
    const text = title.trim();
    const problem = !text
      ? SUPERLATIVE_MESSAGES.titleRequired
      : text.length > SUPERLATIVE_TITLE_MAX_LENGTH
        ? SUPERLATIVE_MESSAGES.titleTooLong
        : null;
    if (problem) {
      setError(problem);
      field.current?.focus();
      return;
    }
    add.mutate(
      { title, postAnyway },
      {
        onSuccess: () => {
          announce(`“${text}” added. Approve it to put it in the round.`, 'info');
          setTitle('');
          setWarning(null);
          field.current?.focus();
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === 'rethink') {
            setWarning(failure.message);
            return;
          }
          setError(failureMessage(failure, SUPERLATIVE_MESSAGES.signedOut));
          field.current?.focus();
        },
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    send(false);
  }

  const tooLong = title.length > SUPERLATIVE_TITLE_MAX_LENGTH;
  return (
    <form onSubmit={submit} aria-label="Add a category" className="space-y-2">
      <label htmlFor={fieldId} className="block text-sm font-semibold text-slate-900 dark:text-white">
        New category
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={fieldId}
          ref={field}
          value={title}
          onChange={(event) => {
            setTitle(event.target.value);
            setError(null);
            setWarning(null);
          }}
          placeholder="Most likely to start a company"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={counterId}
          className={`${fieldClasses} min-w-0 flex-1`}
        />
        <button type="submit" disabled={add.isPending} className={composeButtonClasses()}>
          {add.isPending ? 'Adding...' : 'Add category'}
        </button>
      </div>
      <p
        id={counterId}
        className={`text-xs tabular-nums ${tooLong ? 'font-semibold text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-400'}`}
      >
        {title.length}/{SUPERLATIVE_TITLE_MAX_LENGTH} · No hurtful titles: each one is approved by staff.
      </p>
      <Problem text={error} />
      {warning ? (
        <div
          role="alert"
          className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          <p>{warning}</p>
          <button
            type="button"
            onClick={() => send(true)}
            disabled={add.isPending}
            className={composeButtonClasses({ variant: 'secondary', size: 'sm', className: 'mt-2' })}
          >
            Add anyway
          </button>
        </div>
      ) : null}
    </form>
  );
}

const NEXT: Record<SuperlativePhase, { label: string; title: string; message: string; done: string } | null> =
  {
    draft: {
      label: 'Open nominations',
      done: 'Nominations are open.',
      title: 'Open nominations?',
      message: 'Categories can no longer change, and the ones not approved are removed.',
    },
    nominating: {
      label: 'Close nominations and open the vote',
      done: 'Nominations are closed and the vote is open.',
      title: 'Close nominations and open the vote?',
      message: 'The five most nominated classmates of each category go to its ballot.',
    },
    voting: {
      label: 'Close the vote',
      done: 'The vote is closed.',
      title: 'Close the vote?',
      message: 'The winners are counted now, and shown on the results date.',
    },
    closed: null,
  };

/** The next phase; the results date (until shown) or "Show results now"; delete a draft. */
function PhaseActions({ round }: { round: SuperlativeRound }) {
  const update = useUpdateRound(round.id);
  const remove = useDeleteRound(round.id);
  const [error, setError] = useState<string | null>(null);
  const [changingDate, setChangingDate] = useState(false);
  const next = NEXT[round.phase];
  const busy = update.isPending || remove.isPending;

  const failed = (failure: unknown) => setError(failureMessage(failure, SUPERLATIVE_MESSAGES.signedOut));

  async function moveOn() {
    if (!next) return;
    setError(null);
    if (!(await confirmAction({ title: next.title, message: next.message, confirmLabel: next.label })))
      return;
    const phase = round.phase === 'draft' ? 'nominating' : round.phase === 'nominating' ? 'voting' : 'closed';
    update.mutate({ phase }, { onSuccess: () => announce(next.done, 'info'), onError: failed });
  }

  async function showNow() {
    setError(null);
    const confirmed = await confirmAction({
      title: 'Show the results now?',
      message: 'Everyone sees the winners on the class page and on their profiles.',
      confirmLabel: 'Show results now',
    });
    if (!confirmed) return;
    update.mutate(
      { resultsAt: new Date().toISOString() },
      { onSuccess: () => announce('The results are shown.', 'info'), onError: failed },
    );
  }

  async function deleteRound() {
    setError(null);
    const confirmed = await confirmAction({
      title: 'Delete this round?',
      message: 'Its categories are deleted with it.',
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (!confirmed) return;
    remove.mutate(undefined, { onSuccess: () => announce('Round deleted.', 'info'), onError: failed });
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {next ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => void moveOn()}
            className={composeButtonClasses()}
          >
            {next.label}
          </button>
        ) : null}
        {round.phase === 'closed' && !round.resultsShown ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => void showNow()}
            className={composeButtonClasses()}
          >
            Show results now
          </button>
        ) : null}
        {!round.resultsShown ? (
          <button
            type="button"
            aria-expanded={changingDate}
            onClick={() => setChangingDate((open) => !open)}
            className={composeButtonClasses({ variant: 'secondary' })}
          >
            Change the results date
          </button>
        ) : null}
        {round.phase === 'draft' ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => void deleteRound()}
            className={composeButtonClasses({ variant: 'ghost' })}
          >
            Delete round
          </button>
        ) : null}
      </div>
      {changingDate && !round.resultsShown ? (
        <ResultsDate round={round} onDone={() => setChangingDate(false)} />
      ) : null}
      <Problem text={error} />
    </div>
  );
}

function ResultsDate({ round, onDone }: { round: SuperlativeRound; onDone: () => void }) {
  const fieldId = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateRound(round.id);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    const resultsAt = isoFromLocal(value);
    const problem = resultsAtProblem(resultsAt, Date.now());
    if (problem) {
      setError(problem);
      return;
    }
    update.mutate(
      { resultsAt },
      {
        onSuccess: () => {
          announce('Results date changed.', 'info');
          onDone();
        },
        onError: (failure) => setError(failureMessage(failure, SUPERLATIVE_MESSAGES.signedOut)),
      },
    );
  }

  return (
    <form onSubmit={submit} aria-label="Change the results date" className="space-y-2">
      <label htmlFor={fieldId} className="block text-sm font-semibold text-slate-900 dark:text-white">
        New results date
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={fieldId}
          type="datetime-local"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          className={`${fieldClasses} sm:max-w-xs`}
        />
        <button
          type="submit"
          disabled={update.isPending}
          className={composeButtonClasses({ variant: 'secondary' })}
        >
          Save date
        </button>
      </div>
      <Problem text={error} />
    </form>
  );
}
