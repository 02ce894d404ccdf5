// The address of a removed post, for its author alone (issue #47): the post's words, "Removed" with
// the statement of reasons, and the appeal (once, in their own words) or what became of it. The server
// answers the statement to no one else, so anyone else sees the page the post page shows for a post
// that does not exist (`fallback`). Its own chunk: loaded only where a signed-in person met a missing
// post.
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import {
  APPEAL_MESSAGES,
  APPEAL_TEXT_MAX_LENGTH,
  type AppealRequest,
  appealRequestSchema,
  type Removal,
} from '../../../../shared/appeals';
import { DocumentTitle } from '../../../components/document-title';
import { Icon } from '../../../components/icons/icon';
import { announce } from '../../../components/ui/announcer';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { ApiError } from '../../../lib/api-client';
import { LocalDate } from '../../../lib/local-dates';
import { checkWith, useForm } from '../../../lib/use-form';
import { removalQueryOptions, useAppealRemoval } from '../api/appeals-api';
import { StatementOfReasons } from './statement-of-reasons';

export function OwnRemovedPost({ postId, fallback }: { postId: string; fallback: ReactNode }) {
  const removal = useQuery(removalQueryOptions(postId));
  if (removal.isPending) return <LoadingStatus>Loading post...</LoadingStatus>;
  if (!removal.data) return fallback;
  return <RemovedPostView postId={postId} removal={removal.data} />;
}

const OUTCOME_TEXT = {
  upheld: 'A moderator who did not remove it looked again and upheld the removal: the post stays removed.',
  overturned: 'A moderator who did not remove it looked again and overturned the removal: the post is back.',
} as const;

function RemovedPostView({ postId, removal }: { postId: string; removal: Removal }) {
  const { post, statement, appeal } = removal;
  const statementId = useId();
  const appealId = useId();
  const held = statement.kind === 'held_removed';
  return (
    <div className="mx-auto max-w-2xl px-4 pt-8 pb-20 sm:px-6 sm:pt-10">
      <DocumentTitle title="Removed post" />
      <p className="flex items-center gap-2 text-sm font-semibold text-red-800 dark:text-red-300">
        <Icon name="eye-off" className="size-4" />
        Only you can see this page
      </p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">Removed</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {held
          ? 'Your post was held for review and a moderator removed it: it was never published.'
          : 'A moderator removed your post: to everyone else it no longer exists.'}
      </p>

      <article
        aria-label="Your post"
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {post.isAnonymous ? 'Your anonymous post' : 'Your post'} · <LocalDate isoDate={post.createdAt} />
        </p>
        {post.askline ? (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Askline: {post.askline.content}</p>
        ) : null}
        <p className="mt-3 whitespace-pre-wrap break-words text-slate-900 dark:text-slate-100">
          {post.content}
        </p>
      </article>

      <section aria-labelledby={statementId} className="mt-8">
        <h2 id={statementId} className="text-lg font-semibold">
          Statement of reasons
        </h2>
        <div className="mt-3">
          <StatementOfReasons statement={statement} />
        </div>
      </section>

      <section aria-labelledby={appealId} className="mt-8">
        <h2 id={appealId} className="text-lg font-semibold">
          Appeal
        </h2>
        {appeal ? (
          <div className="mt-3 space-y-2 text-sm text-slate-800 dark:text-slate-200">
            <p>
              You appealed on <LocalDate isoDate={appeal.createdAt} />:
            </p>
            <blockquote className="whitespace-pre-wrap break-words rounded-xl bg-slate-100 px-3.5 py-2.5 dark:bg-slate-800">
              {appeal.text}
            </blockquote>
            <p role="status" className="font-medium">
              {appeal.outcome
                ? OUTCOME_TEXT[appeal.outcome]
                : 'Waiting for a moderator who did not remove it. You will be told the outcome.'}
            </p>
          </div>
        ) : removal.canAppeal ? (
          <AppealForm postId={postId} />
        ) : null}
      </section>
    </div>
  );
}

function AppealForm({ postId }: { postId: string }) {
  const textId = useId();
  const send = useAppealRemoval(postId);
  const form = useForm<{ text: string }, AppealRequest>({
    initial: { text: '' },
    check: checkWith(appealRequestSchema) as never,
  });
  const { error, ...text } = form.field('text');
  const length = form.values.text.length;

  const submit = form.handleSubmit(async ({ text: words }: AppealRequest) => {
    try {
      await send.mutateAsync(words);
      announce(APPEAL_MESSAGES.sent, 'info');
    } catch (problem) {
      if (!form.refuse(problem)) {
        form.showErrors({
          text:
            problem instanceof ApiError ? problem.message : 'Failed to send your appeal. Please try again.',
        });
      }
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} className="mt-3" noValidate>
      <p className="text-sm text-slate-700 dark:text-slate-300">{APPEAL_MESSAGES.howToAppeal}</p>
      <label htmlFor={textId} className="mt-3 block text-sm font-semibold">
        Your appeal, in your own words
      </label>
      <textarea
        id={textId}
        {...text}
        rows={5}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${textId}-count${error ? ` ${textId}-error` : ''}`}
        className="mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-white"
      />
      <p
        id={`${textId}-count`}
        className={`mt-1 text-xs ${length > APPEAL_TEXT_MAX_LENGTH ? 'font-semibold text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-400'}`}
      >
        {length.toLocaleString('en-US')} / {APPEAL_TEXT_MAX_LENGTH.toLocaleString('en-US')} characters
      </p>
      {error ? (
        <p
          id={`${textId}-error`}
          role="alert"
          className="mt-1 text-sm font-medium text-red-700 dark:text-red-300"
        >
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={form.pending} className={composeButtonClasses({ className: 'mt-3' })}>
        Send appeal
      </button>
    </form>
  );
}
