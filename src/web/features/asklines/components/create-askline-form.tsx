import { type KeyboardEvent, useId, useState } from 'react';
import { type AsklineSummary, asklineContentSchema } from '../../../../shared/asklines';
import { ASKLINE_MAX_LENGTH } from '../../../../shared/limits';
import { ASKLINE_WRITE_MESSAGES } from '../../../../shared/values/askline-writing';
import { Icon } from '../../../components/icons/icon';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { type CreatePostState, paths } from '../../../config/paths';
import { failureMessage } from '../../../lib/api-client';
import { Link } from '../../../lib/router';
import { type Checked, useForm } from '../../../lib/use-form';
import { searchAsklines, useCreateAskline } from '../api/asklines-api';

/** SPEC §5: the askline as the server will take it, or its message. */
function checkContent({ content }: { content: string }): Checked<{ content: string }, string> {
  const checked = asklineContentSchema.safeParse(content);
  if (checked.success) return { ok: true, data: checked.data };
  return {
    ok: false,
    errors: { content: checked.error.issues[0]?.message ?? ASKLINE_WRITE_MESSAGES.contentRequired },
  };
}

// SPEC §2 Creating an askline: the first submit looks for similar asklines and shows them; a second
// submit ('Post Anyways') creates it anyway. Enter without Shift submits. A new askline waits for staff
// to verify it, so success says so instead of showing it in the list.
export function CreateAsklineForm({ onCreated }: { onCreated?: () => void }) {
  const textId = useId();
  const counterId = useId();
  const messageId = useId();
  const form = useForm({ initial: { content: '' }, check: checkContent });
  const content = form.values.content;
  // The similar asklines found for the text as it was when searched; editing the text asks again.
  const [similar, setSimilar] = useState<{ for: string; asklines: AsklineSummary[] } | null>(null);
  const [selected, setSelected] = useState<AsklineSummary | null>(null);
  const [searching, setSearching] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const create = useCreateAskline();
  const { error: invalid, ...text } = form.field('content');
  const error = invalid ?? failure;
  const atLimit = content.length >= ASKLINE_MAX_LENGTH;
  const shownSimilar = similar && similar.for === content ? similar.asklines : null;
  const postAnyway = Boolean(shownSimilar?.length) || selected !== null;
  const busy = searching || create.isPending;

  const submit = form.handleSubmit(async (checked: string) => {
    if (busy) return;
    setFailure(null);
    setDone(false);
    if (!shownSimilar) {
      setSearching(true);
      try {
        const found = await searchAsklines(checked);
        setSimilar({ for: content, asklines: found });
        // Nothing alike: no reason to ask twice.
        if (found.length > 0) return;
      } catch {
        setFailure(ASKLINE_WRITE_MESSAGES.searchFailed);
        return;
      } finally {
        setSearching(false);
      }
    }
    try {
      await create.mutateAsync(checked);
      form.setValue('content', '');
      setSimilar(null);
      setSelected(null);
      setDone(true);
      onCreated?.();
    } catch (problem) {
      setFailure(failureMessage(problem, ASKLINE_WRITE_MESSAGES.createSignedOut));
    }
  });

  function submitOnEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label="Create a new askline"
      className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <label htmlFor={textId} className="text-sm font-semibold text-slate-900 dark:text-white">
        Your askline: a prompt for everyone to answer
      </label>
      <textarea
        id={textId}
        {...text}
        onChange={(event) => {
          form.setValue('content', event.target.value.slice(0, ASKLINE_MAX_LENGTH));
          setDone(false);
        }}
        onKeyDown={submitOnEnter}
        rows={2}
        maxLength={ASKLINE_MAX_LENGTH}
        placeholder="What will you miss most about campus?"
        aria-describedby={`${counterId}${error ? ` ${messageId}` : ''}`}
        aria-invalid={error ? true : undefined}
        className="mt-2 block w-full resize-y rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:outline-none focus-visible:outline-2 dark:border-slate-700 dark:bg-slate-950 dark:text-white dark:placeholder:text-slate-400"
      />
      <p
        id={counterId}
        className={`mt-1 text-right text-sm tabular-nums ${atLimit ? 'font-semibold text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-400'}`}
      >
        {content.length}/{ASKLINE_MAX_LENGTH}
        {atLimit ? ' · limit reached' : ''}
      </p>

      {shownSimilar && shownSimilar.length > 0 ? (
        <div className="mt-3">
          <p className="text-sm font-semibold text-slate-900 dark:text-white" id={`${textId}-similar`}>
            Similar asklines already exist. Answer one of them, or post yours anyway.
          </p>
          <ul className="mt-2 space-y-1" aria-labelledby={`${textId}-similar`}>
            {shownSimilar.map((askline) => (
              <li key={askline.id}>
                <label className="flex cursor-pointer items-start gap-2 rounded-lg px-3 py-2 text-sm text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800">
                  <input
                    type="radio"
                    name={`${textId}-choice`}
                    checked={selected?.id === askline.id}
                    onChange={() => setSelected(askline)}
                    className="mt-0.5 size-4 accent-brand-600"
                  />
                  {askline.content}
                </label>
              </li>
            ))}
          </ul>
          {selected ? (
            <Link
              to={paths.dashboard.getHref()}
              state={{ openCreatePost: true, asklineId: selected.id } satisfies CreatePostState}
              className={composeButtonClasses({ variant: 'secondary', size: 'sm', className: 'mt-2' })}
            >
              Answer the selected askline
            </Link>
          ) : null}
        </div>
      ) : null}

      <div aria-live="polite">
        {error ? (
          <p id={messageId} role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : done ? (
          <p className="mt-2 flex items-center gap-2 text-sm font-medium text-emerald-800 dark:text-emerald-300">
            <Icon name="circle-check" className="size-4" />
            {ASKLINE_WRITE_MESSAGES.submitted}
          </p>
        ) : null}
      </div>
      <div className="mt-3 flex justify-end">
        <button type="submit" disabled={busy} className={composeButtonClasses()}>
          {busy ? (
            <Icon name="loader-circle" className="size-4 animate-spin motion-reduce:animate-none" />
          ) : null}
          {postAnyway ? 'Post Anyways' : 'Submit'}
        </button>
      </div>
    </form>
  );
}
