import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { campusDayAndTime } from '../../../../shared/campus-day-and-time';
import {
  addMutedWordRequestSchema,
  CONTROL_LIMITS,
  CONTROL_MESSAGES,
  MUTE_DURATION_LABELS,
  MUTE_DURATIONS,
  type MuteDuration,
  type MutedWord,
} from '../../../../shared/personal-controls';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { FormOutcome, type FormOutcomeState } from '../../../components/ui/form-outcome';
import { LoadError } from '../../../components/ui/load-error';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { TextField } from '../../../components/ui/text-field';
import { useLocalDate } from '../../../lib/local-dates';
import { checkWith, useForm } from '../../../lib/use-form';
import { mutedWordsQueryOptions, useAddMutedWord, useRemoveMutedWord } from '../api/controls-api';
import { ControlsSection, emptyClasses, listClasses, usedOf } from './controls-section';

const checkWord = checkWith(addMutedWordRequestSchema);

/** Muted words and phrases: the form that adds one for a while or always, and those acting now. */
export function MutedWordsSection() {
  const words = useQuery(mutedWordsQueryOptions);
  const [outcome, setOutcome] = useState<FormOutcomeState>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listHeadingId = useId();
  const list = words.data?.words ?? [];
  const limit = words.data?.limit ?? CONTROL_LIMITS.mutedWords;

  return (
    <ControlsSection
      title="Muted words and phrases"
      headingRef={headingRef}
      used={words.data ? usedOf(list.length, limit) : null}
      description={
        <p>
          Posts with a muted word leave your feed and askline pages, whoever wrote them, named or anonymous. A
          word is read as the campus's text check reads it: in any case, with repeated or look-alike letters.
          Only you see this list.
        </p>
      }
    >
      <AddWordForm atCap={words.data ? list.length >= limit : false} onOutcome={setOutcome} />
      <FormOutcome outcome={outcome} look="line" className="mt-3 min-h-5 text-sm" />

      <h3 id={listHeadingId} className="mt-4 font-semibold text-slate-900 dark:text-white">
        Muted now
      </h3>
      {words.isPending ? (
        <LoadingStatus className="mt-3">Loading your muted words...</LoadingStatus>
      ) : words.isError ? (
        <LoadError
          className="mt-3"
          message="Could not load your muted words."
          onRetry={() => void words.refetch()}
        />
      ) : list.length === 0 ? (
        <p className={emptyClasses}>You haven't muted any words.</p>
      ) : (
        <ul aria-labelledby={listHeadingId} className={listClasses}>
          {list.map((word) => (
            <WordRow
              key={word.id}
              word={word}
              onOutcome={setOutcome}
              onGone={() => headingRef.current?.focus()}
            />
          ))}
        </ul>
      )}
    </ControlsSection>
  );
}

function AddWordForm({
  atCap,
  onOutcome,
}: {
  atCap: boolean;
  onOutcome: (outcome: FormOutcomeState) => void;
}) {
  const legendId = useId();
  const form = useForm({
    initial: { phrase: '', duration: 'always' as MuteDuration },
    // At the cap the form says so before sending, in the server's words (it refuses the same).
    check: (values) =>
      atCap ? { ok: false, errors: { phrase: CONTROL_MESSAGES.tooManyWords } } : checkWord(values),
  });
  const add = useAddMutedWord();

  const submit = form.handleSubmit(async (word) => {
    onOutcome(null);
    try {
      const added = await add.mutateAsync(word);
      const how = word.duration === 'always' ? '' : ` for ${MUTE_DURATION_LABELS[word.duration]}`;
      onOutcome({ tone: 'ok', text: `Muted “${added.phrase}”${how}.` });
      form.reset({ phrase: '', duration: word.duration });
    } catch (problem) {
      if (!form.refuse(problem)) {
        onOutcome({ tone: 'error', text: problem instanceof Error ? problem.message : String(problem) });
      }
    }
  });

  return (
    <form aria-label="Mute a word" onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
      {atCap ? (
        <p className="text-sm font-medium text-amber-800 dark:text-amber-300">
          {CONTROL_MESSAGES.tooManyWords}
        </p>
      ) : null}
      <TextField
        label="Word or phrase"
        autoComplete="off"
        maxLength={CONTROL_LIMITS.phraseMaxLength}
        {...form.field('phrase')}
      />
      <fieldset aria-describedby={`${legendId}-hint`}>
        <legend id={legendId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          For how long
        </legend>
        <div className="mt-1.5 flex flex-wrap gap-2">
          {MUTE_DURATIONS.map((duration) => (
            <label key={duration} className="relative">
              <input
                type="radio"
                name="duration"
                value={duration}
                checked={form.values.duration === duration}
                onChange={() => form.setValue('duration', duration)}
                className="peer sr-only"
              />
              <span className="inline-flex h-10 cursor-pointer items-center rounded-xl border border-slate-300 px-3.5 text-sm font-medium text-slate-800 peer-checked:border-brand-600 peer-checked:bg-brand-600 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 hover:bg-slate-50 peer-checked:hover:bg-brand-700 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800 dark:peer-checked:border-brand-500 dark:peer-checked:bg-brand-600">
                {MUTE_DURATION_LABELS[duration]}
              </span>
            </label>
          ))}
        </div>
        <p id={`${legendId}-hint`} className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">
          It stops hiding posts when its time is up.
        </p>
      </fieldset>
      <button type="submit" disabled={form.pending} className={composeButtonClasses()}>
        {form.pending ? 'Adding...' : 'Add'}
      </button>
    </form>
  );
}

function WordRow({
  word,
  onOutcome,
  onGone,
}: {
  word: MutedWord;
  onOutcome: (outcome: FormOutcomeState) => void;
  onGone: () => void;
}) {
  const remove = useRemoveMutedWord();

  return (
    <li className="flex items-center justify-between gap-3 p-3 sm:gap-4 sm:p-4">
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words text-slate-900 dark:text-white">“{word.phrase}”</p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {word.expiresAt ? <Until isoDate={word.expiresAt} /> : 'Always'}
        </p>
      </div>
      <button
        type="button"
        onClick={() =>
          remove.mutate(word.id, {
            onSuccess: () => {
              onOutcome({ tone: 'ok', text: `Removed “${word.phrase}”: posts with it show again.` });
              onGone();
            },
            onError: (error) => onOutcome({ tone: 'error', text: error.message }),
          })
        }
        disabled={remove.isPending}
        aria-label={`Remove “${word.phrase}”`}
        className={composeButtonClasses({ variant: 'secondary', size: 'sm', className: 'shrink-0' })}
      >
        {remove.isPending ? 'Removing...' : 'Remove'}
      </button>
    </li>
  );
}

/** "Until 3 Dec, 10:00": when the server stops applying a word. */
function Until({ isoDate }: { isoDate: string }) {
  const when = useLocalDate(isoDate, 'dayAndTime', campusDayAndTime);
  return (
    <>
      Until <time dateTime={isoDate}>{when}</time>
    </>
  );
}
