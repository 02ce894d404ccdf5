import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { POST_MAX_LENGTH } from '../../../../shared/limits';
import { getPostContentSchema } from '../../../../shared/post-content';
import { POST_MESSAGES } from '../../../../shared/values/posts';
import { Icon } from '../../../components/icons/icon';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { failureMessage } from '../../../lib/api-client';
import { type Checked, useForm } from '../../../lib/use-form';
import { useCreatePost } from '../api/posts-api';

/** SPEC §5: the text as the server will take it, or its message. */
function checkContent({ content }: { content: string }): Checked<{ content: string }, string> {
  const checked = getPostContentSchema().safeParse(content);
  if (checked.success) return { ok: true, data: checked.data };
  return {
    ok: false,
    errors: { content: checked.error.issues[0]?.message ?? POST_MESSAGES.contentRequired },
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
  onPosted: () => void;
  autoFocus?: boolean;
}) {
  const textId = useId();
  const counterId = useId();
  const errorId = useId();
  const form = useForm({ initial: { content: initialContent }, check: checkContent });
  const [anonymous, setAnonymous] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreatePost();
  const { error: invalid, ...text } = form.field('content');
  const content = form.values.content;
  const error = invalid ?? failure;
  const atLimit = content.length >= POST_MAX_LENGTH;
  const overLimit = content.length > POST_MAX_LENGTH;

  const submit = form.handleSubmit(async (checked) => {
    setFailure(null);
    try {
      await create.mutateAsync({ content: checked, isAnonymous: anonymous, asklineId });
      form.setValue('content', '');
      setAnonymous(false);
      onPosted();
    } catch (problem) {
      setFailure(failureMessage(problem, POST_MESSAGES.createSignedOut));
    }
  });

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
      {asklineChooser}
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
