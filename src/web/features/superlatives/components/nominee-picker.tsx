// Choosing whom to nominate in a category (issue #52): a search field over the classmates one may
// nominate (the server's list: the class less oneself, anyone who left superlatives or the class
// page, and anyone a block stands between), a page at a time, each a button that nominates them. A
// field and a list of buttons rather than a combobox: each is a control a keyboard, a screen reader
// and a thumb already know; the count of matches is said as it changes.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { Institution } from '../../../../shared/institutions';
import { Avatar } from '../../../components/avatar';
import { announce } from '../../../components/ui/announcer';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { LoadError } from '../../../components/ui/load-error';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { inputClasses } from '../../../components/ui/text-field';
import { failureMessage } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { nomineesQueryOptions, useNominate } from '../api/superlatives-api';

const LOAD_FAILED = 'Your classmates could not be loaded. Please try again.';
const SIGNED_OUT = 'Please sign in to take part in superlatives.';

export function NomineePicker({
  categoryId,
  title,
  year,
  campus,
  onDone,
}: {
  categoryId: string;
  title: string;
  year: number;
  campus: Institution;
  onDone: () => void;
}) {
  const fieldId = useId();
  const countId = useId();
  const [typed, setTyped] = useState('');
  const query = useDebouncedValue(typed.trim(), 250);
  const list = useInfiniteQuery(nomineesQueryOptions(String(year), campus, query));
  const nominate = useNominate(categoryId);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);

  const members = list.data?.pages.flatMap((page) => page.members) ?? [];
  const count = list.isSuccess
    ? members.length === 0
      ? query
        ? `No classmate matches “${query}”.`
        : 'No classmate can be nominated yet.'
      : `${members.length}${list.hasNextPage ? '+' : ''} ${members.length === 1 ? 'classmate' : 'classmates'}`
    : '';

  function choose(username: string, fullName: string) {
    if (nominate.isPending) return;
    setError(null);
    nominate.mutate(username, {
      onSuccess: () => {
        announce(`You nominated ${fullName} for “${title}”.`, 'info');
        onDone();
      },
      onError: (problem) => setError(failureMessage(problem, SIGNED_OUT)),
    });
  }

  return (
    <fieldset className="mt-3 min-w-0 rounded-xl border border-slate-200 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-950">
      <legend className="sr-only">Nominate a classmate for “{title}”</legend>
      <label htmlFor={fieldId} className="block text-sm font-semibold text-slate-900 dark:text-white">
        Search your classmates
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={fieldId}
          ref={field}
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onDone();
          }}
          placeholder="Name or username"
          autoComplete="off"
          aria-describedby={countId}
          className={`${inputClasses} min-w-0 flex-1 border-slate-300 dark:border-slate-700`}
        />
        <button
          type="button"
          onClick={onDone}
          className={composeButtonClasses({ variant: 'ghost', size: 'md' })}
        >
          Cancel
        </button>
      </div>
      <p id={countId} aria-live="polite" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {count}
      </p>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      {list.isPending ? (
        <LoadingStatus className="mt-2">Loading your classmates...</LoadingStatus>
      ) : list.isError ? (
        <LoadError className="mt-2" message={LOAD_FAILED} onRetry={() => void list.refetch()} />
      ) : members.length > 0 ? (
        <ul aria-label="Classmates you can nominate" className="mt-2 max-h-80 space-y-1 overflow-y-auto">
          {members.map((member) => (
            <li key={member.username}>
              <button
                type="button"
                disabled={nominate.isPending}
                onClick={() => choose(member.username, member.fullName)}
                className="flex w-full items-center gap-3 rounded-xl p-2 text-left hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60 dark:hover:bg-slate-800"
              >
                <Avatar name={member.fullName} src={member.profilePictureUrl} size="sm" />
                <span className="min-w-0">
                  <span className="sr-only">Nominate </span>
                  <span className="block font-semibold break-words text-slate-900 dark:text-white">
                    {member.fullName}
                  </span>
                  <span className="block truncate text-sm text-slate-600 dark:text-slate-400">
                    @{member.username}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <LoadMoreButton list={list} label="Show more" className="mt-2" />
    </fieldset>
  );
}
