import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { POST_MAX_LENGTH } from '../../../../shared/limits';
import type { CreateReplyRequest } from '../../../../shared/replies';
import { REPLY_MESSAGES } from '../../../../shared/values/replies';
import { SAFETY_MESSAGES } from '../../../../shared/values/safety';
import { announce } from '../../../components/ui/announcer';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { ApiError, failureMessage } from '../../../lib/api-client';
import { useCreateReply } from '../api/replies-api';

// Writing a reply (issue #49): to the post, or under a reply (`replyTo`), named or anonymous, with the
// post's limits and the text check's answers: "Post anyway?" to a warning, and a held reply said so.
/** The text's rule, loaded on the first focus or send (once: the module is cached). */
const loadContentRule = () => import('../../../../shared/post-content');

export function ReplyComposer({
  postId,
  replyTo,
  onDone,
  autoFocus = false,
}: {
  postId: string;
  /** The reply answered, with the name the thread shows for it; absent: the post. */
  replyTo?: { id: string; name: string };
  onDone?: () => void;
  autoFocus?: boolean;
}) {
  const textId = useId();
  const errorId = useId();
  const counterId = useId();
  const [content, setContent] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [warning, setWarning] = useState(false);
  const create = useCreateReply(postId);
  const textRef = useRef<HTMLTextAreaElement>(null);
  /** A send waiting for the text's rule to arrive: a second press is not a second reply. */
  const loading = useRef(false);
  useEffect(() => {
    if (autoFocus) textRef.current?.focus();
  }, [autoFocus]);

  async function send(postAnyway: boolean) {
    // The text's rule (shared with the server, built on zod) arrives when the box is first used, not
    // with the post page: most readers never reply (docs/performance.md, "Lighthouse after #49").
    if (loading.current) return;
    loading.current = true;
    let rule: Awaited<ReturnType<typeof loadContentRule>>;
    try {
      rule = await loadContentRule();
    } catch {
      setError(REPLY_MESSAGES.sendFailed);
      return;
    } finally {
      loading.current = false;
    }
    const checked = rule.getPostContentSchema().safeParse(content);
    if (!checked.success) {
      setError(
        content.trim()
          ? (checked.error.issues[0]?.message ?? REPLY_MESSAGES.contentRequired)
          : REPLY_MESSAGES.contentRequired,
      );
      textRef.current?.focus();
      return;
    }
    const request: CreateReplyRequest = {
      content: checked.data,
      isAnonymous: anonymous,
      replyToId: replyTo?.id ?? null,
      postAnyway,
    };
    create.mutate(request, {
      onSuccess: (answer) => {
        setContent('');
        setWarning(false);
        setError(null);
        if ('held' in answer) announce(SAFETY_MESSAGES.held, 'info');
        else announce(anonymous ? 'Reply posted anonymously.' : 'Reply posted.', 'info');
        onDone?.();
      },
      onError: (problem) => {
        if (problem instanceof ApiError && problem.code === 'rethink') {
          setWarning(true);
          return;
        }
        setError(failureMessage(problem, REPLY_MESSAGES.createSignedOut));
      },
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!create.isPending) void send(false);
  }

  const label = replyTo ? `Reply to ${replyTo.name}` : 'Write a reply';
  return (
    <form onSubmit={submit} className="space-y-2" aria-label={label}>
      <label htmlFor={textId} className="sr-only">
        {label}
      </label>
      <textarea
        id={textId}
        ref={textRef}
        value={content}
        onChange={(event) => {
          setContent(event.target.value);
          setError(null);
          setWarning(false);
        }}
        // The text's rule starts to arrive as soon as someone means to write.
        onFocus={() => void loadContentRule().catch(() => {})}
        rows={2}
        placeholder={replyTo ? `Reply to ${replyTo.name}…` : 'Write a reply…'}
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
          <p>{REPLY_MESSAGES.rethink}</p>
          <button
            type="button"
            onClick={() => void send(true)}
            disabled={create.isPending}
            className={composeButtonClasses({ variant: 'secondary', size: 'sm', className: 'mt-2' })}
          >
            Reply anyway
          </button>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <label className="inline-flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
          <input
            type="checkbox"
            checked={anonymous}
            onChange={(event) => setAnonymous(event.target.checked)}
            className="size-4 rounded border-slate-300 accent-brand-600"
          />
          Reply anonymously
        </label>
        <span
          id={counterId}
          className={`ml-auto text-sm tabular-nums ${content.length > POST_MAX_LENGTH ? 'font-semibold text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-400'}`}
        >
          {content.length}/{POST_MAX_LENGTH}
        </span>
        {onDone ? (
          <button
            type="button"
            onClick={onDone}
            className={composeButtonClasses({ variant: 'ghost', size: 'sm' })}
          >
            Cancel
          </button>
        ) : null}
        <button type="submit" disabled={create.isPending} className={composeButtonClasses({ size: 'sm' })}>
          {create.isPending ? 'Replying...' : 'Reply'}
        </button>
      </div>
    </form>
  );
}
