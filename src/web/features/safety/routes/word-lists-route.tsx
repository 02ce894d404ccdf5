import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  addWordRequestSchema,
  WORD_LIST_MESSAGES,
  WORD_LIST_NAMES,
  WORD_LIST_TERM_LIMITS,
  WORD_LISTS,
  type WordList,
  type WordListEffect,
  type WordListEntry,
} from '../../../../shared/safety';
import { DocumentTitle } from '../../../components/document-title';
import { confirmAction } from '../../../components/ui/confirm-dialog';
import { composeButtonClasses, textLinkClasses } from '../../../components/ui/control-classes';
import { FormOutcome, type FormOutcomeState } from '../../../components/ui/form-outcome';
import { LoadError } from '../../../components/ui/load-error';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { inputClasses, TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { useLocalDate } from '../../../lib/local-dates';
import { Link } from '../../../lib/router';
import { checkWith, useForm } from '../../../lib/use-form';
import { useAddWord, useRemoveWord, wordListsQueryOptions } from '../api/word-lists-api';

/** What a list does to a text with one of its words, as the server says (each list's `effect`). */
const EFFECT_WORDS: Record<WordListEffect, string> = {
  rethink: 'asks the writer to think again',
  hold: 'holds the post for review',
  allow: 'never counts',
};

// /admin/word-lists (admins, issue #47): the words they add to the text check's built-in lists, or to
// its allowlist against false hits, and who added each and when. The built-in lists stay as shipped:
// an admin allows a word the lists hit wrongly. Every change is in the moderation log.
export function WordListsRoute() {
  const words = useInfiniteQuery(wordListsQueryOptions);
  const entries = words.data?.pages.flatMap((page) => page.entries) ?? [];
  const effects = new Map(words.data?.pages[0]?.lists.map(({ list, effect }) => [list, effect]));
  const [outcome, setOutcome] = useState<FormOutcomeState>(null);
  const describe = (list: WordList) => {
    const effect = effects.get(list);
    return effect ? `${WORD_LIST_NAMES[list]} (${EFFECT_WORDS[effect]})` : WORD_LIST_NAMES[list];
  };

  return (
    <div className="mx-auto max-w-3xl px-4 pt-8 pb-20 sm:px-6 sm:pt-10">
      <DocumentTitle title="Word lists" />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Word lists</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        The check every post and askline goes through has built-in lists of words in English and the campuses'
        languages. Add words your campus uses to a list, or add a word the lists catch wrongly to the
        allowlist. A change applies at once, to new posts only.
      </p>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Add only words that hurt people: a common word would stop everyone who writes it. Every change is in
        the{' '}
        <Link to={paths.moderationLog.getHref()} className={textLinkClasses}>
          moderation log
        </Link>
        .
      </p>

      <AddWordForm describe={describe} onOutcome={setOutcome} />
      <FormOutcome outcome={outcome} look="line" className="mt-4 min-h-6" />

      <h2 id="added-heading" className="mt-8 text-lg font-semibold">
        Added words
      </h2>
      <div className="mt-3">
        {words.isPending ? (
          <LoadingStatus>Loading...</LoadingStatus>
        ) : words.isError ? (
          <LoadError message={WORD_LIST_MESSAGES.loadFailed} onRetry={() => void words.refetch()} />
        ) : entries.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-300">No words added yet: the built-in lists apply.</p>
        ) : (
          <ul
            aria-labelledby="added-heading"
            className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
          >
            {entries.map((entry) => (
              <WordRow key={entry.id} entry={entry} describe={describe} onOutcome={setOutcome} />
            ))}
          </ul>
        )}
      </div>
      <LoadMoreButton list={words} label="More" className="mt-4" />
    </div>
  );
}

function AddWordForm({
  describe,
  onOutcome,
}: {
  describe: (list: WordList) => string;
  onOutcome: (outcome: FormOutcomeState) => void;
}) {
  const listId = useId();
  const form = useForm({
    initial: { list: '', term: '' } as { list: WordList | ''; term: string },
    check: checkWith(addWordRequestSchema),
  });
  const add = useAddWord();
  const { error: listError, ...list } = form.field('list');

  const submit = form.handleSubmit(async (word) => {
    onOutcome(null);
    try {
      const added = await add.mutateAsync(word);
      onOutcome({ tone: 'ok', text: `Added “${added.term}” to ${WORD_LIST_NAMES[added.list]}.` });
      form.reset({ list: word.list, term: '' });
    } catch (problem) {
      if (!form.refuse(problem)) {
        onOutcome({ tone: 'error', text: problem instanceof Error ? problem.message : String(problem) });
      }
    }
  });

  return (
    <form
      aria-label="Add a word"
      onSubmit={(event) => void submit(event)}
      className="mt-6 space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <div>
        <label htmlFor={listId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
          List
        </label>
        <select
          id={listId}
          aria-invalid={listError ? true : undefined}
          aria-describedby={listError ? `${listId}-error` : undefined}
          className={`${inputClasses} mt-1.5 ${listError ? 'border-red-600 dark:border-red-400' : 'border-slate-300 dark:border-slate-700'}`}
          {...list}
        >
          <option value="">Choose a list</option>
          {WORD_LISTS.map((option) => (
            <option key={option} value={option}>
              {describe(option)}
            </option>
          ))}
        </select>
        {listError ? (
          <p id={`${listId}-error`} className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-300">
            {listError}
          </p>
        ) : null}
      </div>
      <TextField
        label="Word or phrase"
        autoComplete="off"
        maxLength={WORD_LIST_TERM_LIMITS.maxLength}
        hint="Read the way the check reads every text: any case, repeated letters, look-alike letters and spellings. A * at an end also matches longer words (*word*)."
        {...form.field('term')}
      />
      <button type="submit" disabled={form.pending} className={composeButtonClasses()}>
        {form.pending ? 'Adding...' : 'Add'}
      </button>
    </form>
  );
}

function WordRow({
  entry,
  describe,
  onOutcome,
}: {
  entry: WordListEntry;
  describe: (list: WordList) => string;
  onOutcome: (outcome: FormOutcomeState) => void;
}) {
  const remove = useRemoveWord();
  const added = useLocalDate(entry.createdAt, 'exact');

  async function confirmAndRemove() {
    const ok = await confirmAction({
      title: `Remove “${entry.term}”?`,
      message: `It leaves ${WORD_LIST_NAMES[entry.list]}. Posts already checked stay as they are.`,
      confirmLabel: 'Remove',
      destructive: true,
    });
    if (!ok) return;
    remove.mutate(entry.id, {
      onSuccess: () => onOutcome({ tone: 'ok', text: `Removed “${entry.term}”.` }),
      onError: (error) => onOutcome({ tone: 'error', text: error.message }),
    });
  }

  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 p-4">
      <div className="min-w-0">
        <p className="font-semibold break-words text-slate-900 dark:text-white">“{entry.term}”</p>
        <p className="text-sm text-slate-600 dark:text-slate-400">{describe(entry.list)}</p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Added by {entry.addedBy ? `@${entry.addedBy}` : 'a former admin'} ·{' '}
          <time dateTime={entry.createdAt}>{added}</time>
        </p>
      </div>
      <button
        type="button"
        onClick={() => void confirmAndRemove()}
        disabled={remove.isPending}
        aria-label={`Remove “${entry.term}”`}
        className={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
      >
        {remove.isPending ? 'Removing...' : 'Remove'}
      </button>
    </li>
  );
}
