import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useState } from 'react';
import type { AsklineSummary } from '../../../../shared/asklines';
import { ASKLINE_WRITE_MESSAGES } from '../../../../shared/values/askline-writing';
import { ASKLINE_MESSAGES } from '../../../../shared/values/asklines';
import { Icon } from '../../../components/icons/icon';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { inputClasses } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { Link } from '../../../lib/router';
import { pickRandomAskline, searchAsklines } from '../api/asklines-api';
import { asklineQueryOptions } from '../api/asklines-queries';

type Lookup =
  | { state: 'idle' }
  | { state: 'busy' }
  | { state: 'results'; asklines: AsklineSummary[] }
  | { state: 'error'; message: string };

// The create-post panel's askline chooser (SPEC §2 Dashboard): the chosen askline with a way to drop
// it, a search by text among verified asklines, and a random pick that never repeats the chosen one.
export function AsklineChooser({
  asklineId,
  onChange,
}: {
  asklineId: string | null;
  onChange: (askline: AsklineSummary | null) => void;
}) {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  // The chosen askline's text: known when picked here, asked for when the page was opened with an id.
  const [picked, setPicked] = useState<AsklineSummary | null>(null);
  const known = picked && picked.id === asklineId ? picked : null;
  const chosen = useQuery({ ...asklineQueryOptions(asklineId ?? ''), enabled: Boolean(asklineId && !known) });
  const chosenText = known?.content ?? chosen.data?.content;

  function choose(askline: AsklineSummary) {
    setPicked(askline);
    setLookup({ state: 'idle' });
    setQuery('');
    onChange(askline);
  }

  async function runSearch() {
    const text = query.trim();
    if (!text) return;
    setLookup({ state: 'busy' });
    try {
      setLookup({ state: 'results', asklines: await searchAsklines(text) });
    } catch {
      setLookup({ state: 'error', message: ASKLINE_WRITE_MESSAGES.searchFailed });
    }
  }

  async function pickRandom() {
    setLookup({ state: 'busy' });
    try {
      choose(await pickRandomAskline(asklineId));
    } catch (problem) {
      setLookup({
        state: 'error',
        message:
          problem instanceof ApiError && problem.status === 404
            ? ASKLINE_WRITE_MESSAGES.noneVerified
            : ASKLINE_WRITE_MESSAGES.randomFailed,
      });
    }
  }

  function searchOnEnter(event: KeyboardEvent<HTMLInputElement>) {
    // Enter searches; it must not send the post this chooser sits in.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void runSearch();
  }

  return (
    <fieldset className="mt-3 rounded-xl border border-slate-200 p-3 dark:border-slate-800">
      <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-white">
        Askline (optional)
      </legend>
      {asklineId ? (
        <div className="flex items-start gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900 dark:bg-brand-950 dark:text-brand-100">
          <Icon name="message-square-quote" className="mt-0.5 size-4 shrink-0" />
          {/* An <output> is a live status: screen readers hear the askline each time it changes. */}
          <output className="block flex-1">
            <span className="block text-xs font-semibold tracking-wide uppercase">Answering</span>
            {chosenText ?? (chosen.isError ? ASKLINE_MESSAGES.notFound : 'Loading...')}
          </output>
          <button
            type="button"
            onClick={() => onChange(null)}
            className="rounded p-1 hover:bg-brand-100 dark:hover:bg-brand-900"
            aria-label="Remove the askline"
          >
            <Icon name="x" className="size-4" />
          </button>
        </div>
      ) : null}

      <div className="mt-2 flex flex-wrap gap-2">
        <label htmlFor={searchId} className="sr-only">
          Search asklines
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={searchOnEnter}
          placeholder="Search asklines"
          maxLength={256}
          className={`${inputClasses} min-w-0 basis-full sm:basis-0 sm:flex-1`}
        />
        <button
          type="button"
          onClick={() => void runSearch()}
          disabled={lookup.state === 'busy' || !query.trim()}
          className={composeButtonClasses({
            variant: 'secondary',
            size: 'sm',
            className: 'h-11 flex-1 sm:flex-none',
          })}
        >
          <Icon name="search" className="size-4" />
          Search
        </button>
        <button
          type="button"
          onClick={() => void pickRandom()}
          disabled={lookup.state === 'busy'}
          className={composeButtonClasses({
            variant: 'secondary',
            size: 'sm',
            className: 'h-11 flex-1 sm:flex-none',
          })}
        >
          <Icon name="shuffle" className="size-4" />
          Random
        </button>
      </div>

      <Link
        to={paths.asklines.getHref()}
        className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
      >
        Browse all asklines
      </Link>
      <div aria-live="polite">
        {lookup.state === 'busy' ? (
          <p className="mt-2 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
            <Icon name="loader-circle" className="size-4 animate-spin motion-reduce:animate-none" />
            Loading...
          </p>
        ) : lookup.state === 'error' ? (
          <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
            {lookup.message}
          </p>
        ) : lookup.state === 'results' ? (
          lookup.asklines.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
              {ASKLINE_WRITE_MESSAGES.noMatch}
            </p>
          ) : (
            <ul className="mt-2 space-y-1" aria-label="Matching asklines">
              {lookup.asklines.map((askline) => (
                <li key={askline.id}>
                  <button
                    type="button"
                    onClick={() => choose(askline)}
                    className="w-full rounded-lg px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                  >
                    {askline.content}
                  </button>
                </li>
              ))}
            </ul>
          )
        ) : null}
      </div>
    </fieldset>
  );
}
