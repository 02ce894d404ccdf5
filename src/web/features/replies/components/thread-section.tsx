import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Reply, ThreadEntry } from '../../../../shared/replies';
import {
  REPLY_MESSAGES,
  THREAD_ORDER_LABELS,
  THREAD_ORDERS,
  type ThreadOrder,
} from '../../../../shared/values/replies';
import { announce } from '../../../components/ui/announcer';
import { composeButtonClasses, textLinkClasses } from '../../../components/ui/control-classes';
import { LoadError } from '../../../components/ui/load-error';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { refusalMessage } from '../../../lib/api-client';
import { useToggleReplies } from '../api/replies-api';
import { branchQueryOptions, threadQueryOptions } from '../api/replies-queries';
import { ReplyComposer } from './reply-composer';
import { ReplyItem } from './reply-item';

// A post's thread on its page (issue #49, decision 034): how many replies, the order (oldest or newest
// first), a reply box for whom the server lets reply, the top-level replies 50 a page, each with its
// branch one level in ("Show n more replies"), and, for the post's author and staff, replies off and
// on. Drawn on the server with the page, so it reads without JavaScript.
export function ThreadSection({ postId }: { postId: string }) {
  const [order, setOrder] = useState<ThreadOrder>('oldest');
  const [showMuted, setShowMuted] = useState(false);
  const thread = useInfiniteQuery(threadQueryOptions(postId, order, showMuted));
  const toggle = useToggleReplies(postId);
  const first = thread.data?.pages[0];
  const entries = thread.data?.pages.flatMap((page) => page.entries) ?? [];
  const hiddenByWords = thread.data?.pages.reduce((sum, page) => sum + page.hiddenByMutedWords, 0) ?? 0;

  return (
    <section id="replies" aria-labelledby="replies-heading" className="mt-8 scroll-mt-24">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="replies-heading" className="text-lg font-semibold tracking-tight">
          {first ? (first.replyCount === 1 ? '1 reply' : `${first.replyCount} replies`) : 'Replies'}
        </h2>
        <fieldset className="ml-auto flex gap-1">
          <legend className="sr-only">Order of replies</legend>
          {THREAD_ORDERS.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={option === order}
              onClick={() => setOrder(option)}
              className={composeButtonClasses({
                variant: option === order ? 'secondary' : 'ghost',
                size: 'sm',
              })}
            >
              {THREAD_ORDER_LABELS[option]}
            </button>
          ))}
        </fieldset>
      </div>

      {first && !first.repliesEnabled ? (
        <p className="mt-3 rounded-xl bg-slate-100 px-3.5 py-2.5 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          {REPLY_MESSAGES.repliesOff}
        </p>
      ) : null}
      {first?.viewer.canToggleReplies ? (
        <button
          type="button"
          disabled={toggle.isPending}
          onClick={() =>
            toggle.mutate(!first.repliesEnabled, {
              onSuccess: () =>
                announce(first.repliesEnabled ? 'Replies are off.' : 'Replies are on.', 'info'),
              onError: (error) => announce(refusalMessage(error, 'That did not work. Please try again.')),
            })
          }
          className={composeButtonClasses({ variant: 'secondary', size: 'sm', className: 'mt-3' })}
        >
          {first.repliesEnabled ? 'Turn off replies' : 'Turn on replies'}
        </button>
      ) : null}
      {first?.viewer.canReply ? (
        <div className="mt-4">
          <ReplyComposer postId={postId} />
        </div>
      ) : null}

      {!thread.isPending && (showMuted || hiddenByWords > 0) ? (
        <MutedRepliesLine
          className="mt-4"
          hidden={hiddenByWords}
          showing={showMuted}
          onToggle={() => setShowMuted(!showMuted)}
        />
      ) : null}
      {thread.isPending ? (
        <LoadingStatus className="mt-5">Loading replies...</LoadingStatus>
      ) : thread.isError && entries.length === 0 ? (
        <LoadError
          className="mt-5"
          message={REPLY_MESSAGES.loadFailed}
          onRetry={() => void thread.refetch()}
        />
      ) : entries.length === 0 ? (
        // Replies hidden by muted words are said above; "no replies yet" would not be true.
        hiddenByWords > 0 ? null : (
          <p className="mt-5 text-slate-600 dark:text-slate-300">{REPLY_MESSAGES.empty}</p>
        )
      ) : (
        <ol className="mt-5 space-y-3" aria-label="Replies">
          {entries.map((entry) => (
            <ReplyItem key={entry.reply.id} reply={entry.reply} postId={postId} showReplyTo={false}>
              <Branch
                postId={postId}
                entry={entry}
                showMuted={showMuted}
                onShowMuted={() => setShowMuted(true)}
              />
            </ReplyItem>
          ))}
        </ol>
      )}
      <LoadMoreButton list={thread} />
    </section>
  );
}

/**
 * "n replies hidden by your muted words" with Show them (or, while they show, Hide them again): above
 * the thread for its pages, and in a branch for the rest of it.
 */
function MutedRepliesLine({
  hidden,
  showing,
  onToggle,
  className,
}: {
  hidden: number;
  showing: boolean;
  onToggle: () => void;
  className: string;
}) {
  return (
    <p className={`${className} text-sm text-slate-600 dark:text-slate-300`}>
      {showing ? 'Showing the replies your muted words hide.' : `${REPLY_MESSAGES.hiddenByWords(hidden)}.`}{' '}
      <button type="button" onClick={onToggle} className={textLinkClasses}>
        {showing ? 'Hide them again' : 'Show them'}
      </button>
    </p>
  );
}

/** A top-level reply's branch, one level in: its first replies, then the rest when asked for. */
function Branch({
  postId,
  entry,
  showMuted,
  onShowMuted,
}: {
  postId: string;
  entry: ThreadEntry;
  showMuted: boolean;
  onShowMuted: () => void;
}) {
  const [more, setMore] = useState(false);
  const restList = useInfiniteQuery({
    ...branchQueryOptions(postId, entry.reply.id, entry.branchCursor ?? '', showMuted),
    enabled: more && entry.branchCursor !== null,
  });
  const restPages = restList.data?.pages ?? [];
  const replies: Reply[] = [...entry.branch, ...restPages.flatMap((page) => page.replies)];
  const restHidden = restPages.reduce((sum, page) => sum + page.hiddenByMutedWords, 0);
  if (replies.length === 0 && restHidden === 0) return null;
  // The count is of live replies; a removed one keeps its place but is not counted.
  const hidden = Math.max(0, entry.reply.replyCount - replies.filter((reply) => !reply.removed).length);
  return (
    <div className="mt-2 ml-5 border-l-2 border-slate-200 pl-3 sm:ml-8 dark:border-slate-800">
      <ol
        className="space-y-2"
        aria-label={`Replies to ${entry.reply.author?.fullName ?? entry.reply.label ?? 'this reply'}`}
      >
        {replies.map((reply) => (
          <ReplyItem
            key={reply.id}
            reply={reply}
            postId={postId}
            showReplyTo={reply.replyTo !== null && reply.replyTo.id !== entry.reply.id}
          />
        ))}
      </ol>
      {restHidden > 0 ? (
        <MutedRepliesLine className="mt-2" hidden={restHidden} showing={false} onToggle={onShowMuted} />
      ) : null}
      {entry.branchCursor && (!more || restList.hasNextPage) ? (
        <button
          type="button"
          disabled={restList.isFetching}
          onClick={() => (more ? void restList.fetchNextPage() : setMore(true))}
          className="mt-2 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          {restList.isFetching
            ? 'Loading...'
            : hidden > 0
              ? `Show ${hidden} more ${hidden === 1 ? 'reply' : 'replies'}`
              : 'Show more replies'}
        </button>
      ) : null}
    </div>
  );
}
