import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { POST_MAX_LENGTH } from '../../../../shared/limits';
import { getPostContentSchema } from '../../../../shared/post-content';
import { POST_WRITE_MESSAGES } from '../../../../shared/values/post-writing';
import { Icon } from '../../../components/icons/icon';
import { announce } from '../../../components/ui/announcer';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { ConnectionError, failureMessage } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { type Checked, useForm } from '../../../lib/use-form';
import { postingAllowanceQueryOptions, rethinkReasons, useCreatePost } from '../api/create-post-api';
import type { DraftFindings } from './draft-check';

/**
 * A post refused with no network (issue #51): the page's offline notice already says "You're offline",
 * so the refusal says it in the same words, not the connection trouble of a server that does not
 * answer, and goes once the network is back.
 */
const OFFLINE_REFUSAL = "You're offline — this was not sent. Try again when you're back online.";

/** How long typing must pause before the draft is checked (issue #47). */
const CHECK_PAUSE_MS = 800;
const loadDraftCheck = () => import('./draft-check');

/** SPEC §5: the text as the server will take it, or its message. */
function checkContent({ content }: { content: string }): Checked<{ content: string }, string> {
  const checked = getPostContentSchema().safeParse(content);
  if (checked.success) return { ok: true, data: checked.data };
  return {
    ok: false,
    errors: { content: checked.error.issues[0]?.message ?? POST_WRITE_MESSAGES.contentRequired },
  };
}

// The create-post panel (SPEC §2 Dashboard): the text with its counter (limit style at 256; longer
// cannot be sent), the anonymous toggle, and the askline it answers: chosen by search or at random, or
// given by the page that opened the panel (an askline's Answer, the navbar's Create on an askline page).
export function CreatePostPanel({
  asklineId,
  asklineChooser,
  onPosted,
  autoFocus = false,
  initialContent = '',
}: {
  asklineId: string | null;
  /** The first draft (text shared to the installed app). */
  initialContent?: string;
  /** The askline chooser, given by the page (it belongs to the asklines feature). */
  asklineChooser?: ReactNode;
  /** Told the new post's id once it is live; null when it waits for review (held). */
  onPosted: (postId: string | null) => void;
  autoFocus?: boolean;
}) {
  const textId = useId();
  const counterId = useId();
  const errorId = useId();
  const form = useForm({ initial: { content: initialContent }, check: checkContent });
  const [anonymous, setAnonymous] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreatePost();
  const textRef = useRef<HTMLTextAreaElement | null>(null);
  const allowance = useQuery(postingAllowanceQueryOptions());
  // What the check found after a pause in typing, and (on posting) a warning waiting for an answer.
  const [findings, setFindings] = useState<DraftFindings | null>(null);
  const [warning, setWarning] = useState<string[] | null>(null);
  const { error: invalid, ...text } = form.field('content');
  const content = form.values.content;
  const error = invalid ?? failure;
  const atLimit = content.length >= POST_MAX_LENGTH;
  const overLimit = content.length > POST_MAX_LENGTH;

  useEffect(() => {
    if (failure !== OFFLINE_REFUSAL) return;
    const back = () => setFailure(null);
    if (navigator.onLine) return back();
    addEventListener('online', back);
    return () => removeEventListener('online', back);
  }, [failure]);

  const settled = useDebouncedValue(content, CHECK_PAUSE_MS);
  useEffect(() => {
    if (!settled.trim()) {
      setFindings(null);
      return;
    }
    // The check's code loads on the first pause in typing; a failed check only leaves nothing shown
    // (posting checks again on the server).
    const controller = new AbortController();
    loadDraftCheck()
      .then((m) => m.checkDraft(settled, anonymous, controller.signal))
      .then((found) => {
        if (!controller.signal.aborted) setFindings(found);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [settled, anonymous]);

  async function send(checked: string, postAnyway: boolean) {
    setFailure(null);
    try {
      const answer = await create.mutateAsync({
        content: checked,
        isAnonymous: anonymous,
        asklineId,
        postAnyway,
      });
      form.setValue('content', '');
      setAnonymous(false);
      setWarning(null);
      setFindings(null);
      if ('held' in answer) announce(answer.message, 'info');
      onPosted('held' in answer ? null : answer.id);
    } catch (problem) {
      const reasons = rethinkReasons(problem);
      if (reasons) {
        const { describeReasons } = await loadDraftCheck();
        setWarning(describeReasons(reasons));
        return;
      }
      const offline = problem instanceof ConnectionError && !navigator.onLine;
      setFailure(offline ? OFFLINE_REFUSAL : failureMessage(problem, POST_WRITE_MESSAGES.createSignedOut));
    }
  }

  const submit = form.handleSubmit((checked) => send(checked, false));

  function editAgain() {
    setWarning(null);
    textRef.current?.focus();
  }

  function submitOnCtrlEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label="Create a post"
      className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <label htmlFor={textId} className="text-sm font-semibold text-slate-900 dark:text-white">
        Share a thought, a confession, a quote or a prediction
      </label>
      <textarea
        id={textId}
        {...text}
        ref={(node) => {
          textRef.current = node;
          if (typeof text.ref === 'function') text.ref(node);
        }}
        onKeyDown={submitOnCtrlEnter}
        rows={4}
        // biome-ignore lint/a11y/noAutofocus: opened on purpose by Create; the person came here to write
        autoFocus={autoFocus}
        placeholder="What's on your mind?"
        aria-describedby={`${counterId}${error ? ` ${errorId}` : ''}`}
        aria-invalid={overLimit || error ? true : undefined}
        className="mt-2 block w-full resize-y rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:outline-none focus-visible:outline-2 dark:border-slate-700 dark:bg-slate-950 dark:text-white dark:placeholder:text-slate-400"
      />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-800 dark:text-slate-200">
          <input
            type="checkbox"
            checked={anonymous}
            onChange={(event) => setAnonymous(event.target.checked)}
            className="size-4 accent-brand-600"
          />
          Post anonymously
        </label>
        <span
          id={counterId}
          className={`text-sm tabular-nums ${atLimit ? 'font-semibold text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-400'}`}
        >
          {content.length}/{POST_MAX_LENGTH}
        </span>
      </div>
      {allowance.data?.anonymousLimit ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {allowance.data.anonymousLimit.message}
        </p>
      ) : null}
      {asklineChooser}
      {findings && !warning ? (
        <div
          role="status"
          className="mt-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
        >
          <p className="font-semibold">
            {findings.verdict === 'hold'
              ? 'If you post this, it will wait for review by a moderator before anyone sees it.'
              : 'This may hurt someone. You can still post it.'}
          </p>
          <ul className="mt-1 list-disc pl-5">
            {findings.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {warning ? (
        <section
          aria-labelledby={`${textId}-anyway`}
          className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
        >
          <p id={`${textId}-anyway`} className="font-semibold">
            Post anyway?
          </p>
          <p className="mt-1">This post may hurt someone. We found:</p>
          <ul className="mt-1 list-disc pl-5">
            {warning.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <div className="mt-3 flex gap-3">
            <button
              type="button"
              disabled={create.isPending}
              onClick={() => void send(content.trim(), true)}
              className={composeButtonClasses({ size: 'sm' })}
            >
              Post anyway
            </button>
            <button
              type="button"
              onClick={editAgain}
              className={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
            >
              Edit
            </button>
          </div>
        </section>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      <div className="mt-3 flex justify-end">
        <button type="submit" disabled={create.isPending || overLimit} className={composeButtonClasses()}>
          {create.isPending ? (
            <Icon name="loader-circle" className="size-4 animate-spin motion-reduce:animate-none" />
          ) : null}
          {create.isPending ? 'Posting...' : 'Post'}
        </button>
      </div>
    </form>
  );
}
