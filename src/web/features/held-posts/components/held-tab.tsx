// The Held tab of /reports (issue #47, staff only: its own chunk, loaded when the tab opens): posts the
// text check held, oldest first, each with its askline, what the check found and how long it has waited.
// An anonymous one reads "Anonymous": the server sends no author for it. Approve publishes it; Remove
// asks for a reason (told to the author) and confirms.
import { useInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import {
  HELD_REMOVAL_REASON_MAX_LENGTH,
  SAFETY_CATEGORY_LABELS,
  SAFETY_MESSAGES,
  type StaffHeldPost,
} from '../../../../shared/safety';
import { announce } from '../../../components/ui/announcer';
import { confirmAction } from '../../../components/ui/confirm-dialog';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { LoadError } from '../../../components/ui/load-error';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { refusalMessage } from '../../../lib/api-client';
import { heldQueueQueryOptions, useApproveHeld, useRemoveHeld } from '../api/held-posts-api';

export const HELD_LOAD_FAILED = 'Failed to load held posts. Please try again.';

/** "3 hours", "2 days": how long a post has waited. */
export function waitedFor(createdAt: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(createdAt).getTime()) / 60_000));
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (minutes < 60) return unit(minutes, 'minute');
  if (minutes < 48 * 60) return unit(Math.floor(minutes / 60), 'hour');
  return unit(Math.floor(minutes / 1440), 'day');
}

export function HeldTab() {
  const list = useInfiniteQuery(heldQueueQueryOptions());
  const held = list.data?.pages.flatMap((page) => page.heldPosts) ?? [];
  return (
    <section aria-label="Held posts" className="mt-6">
      {list.isPending ? (
        <LoadingStatus>Loading held posts...</LoadingStatus>
      ) : list.isError ? (
        <LoadError message={HELD_LOAD_FAILED} onRetry={() => void list.refetch()} />
      ) : held.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">No held posts.</p>
      ) : (
        <ul className="space-y-6">
          {held.map((post) => (
            <li key={post.id}>
              <HeldItem post={post} />
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton list={list} label="More" />
    </section>
  );
}

function HeldItem({ post }: { post: StaffHeldPost }) {
  const headingId = useId();
  const reasonId = useId();
  const approve = useApproveHeld();
  const remove = useRemoveHeld();
  const [removing, setRemoving] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const busy = approve.isPending || remove.isPending;
  const who = post.author ? `${post.author.fullName} (@${post.author.username})` : 'Anonymous';

  async function onApprove() {
    const ok = await confirmAction({
      title: 'Approve this post?',
      message: 'It will be published now, and its author told.',
      confirmLabel: 'Approve',
    });
    if (!ok) return;
    try {
      await approve.mutateAsync(post.id);
      announce('Post approved and published.', 'info');
    } catch (problem) {
      announce(refusalMessage(problem, 'Failed to approve the post. Please try again.'));
    }
  }

  async function onRemove(event: FormEvent) {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) return setReasonError(SAFETY_MESSAGES.reasonRequired);
    if (trimmed.length > HELD_REMOVAL_REASON_MAX_LENGTH) return setReasonError(SAFETY_MESSAGES.reasonTooLong);
    setReasonError(null);
    const ok = await confirmAction({
      title: 'Remove this post?',
      message: 'It will not be published. Its author is told your reason.',
      confirmLabel: 'Remove',
      destructive: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync({ id: post.id, reason: trimmed });
      announce('Post removed.', 'info');
    } catch (problem) {
      announce(refusalMessage(problem, 'Failed to remove the post. Please try again.'));
    }
  }

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={headingId} className="text-sm font-semibold text-slate-900 dark:text-white">
        {who} · waiting {waitedFor(post.createdAt)}
      </h2>
      {post.askline ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Askline: {post.askline.content}</p>
      ) : null}
      <p className="mt-3 whitespace-pre-wrap break-words text-slate-900 dark:text-slate-100">
        {post.content}
      </p>
      <ul aria-label="What the check found" className="mt-3 flex flex-wrap gap-2 text-sm">
        {post.reasons.map((found) => (
          <li
            key={`${found.category}:${found.match}`}
            className="rounded-lg bg-amber-100 px-2 py-0.5 text-amber-950 dark:bg-amber-900 dark:text-amber-50"
          >
            {SAFETY_CATEGORY_LABELS[found.category]}: “{found.match}”
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="button"
          disabled={busy}
          onClick={() => void onApprove()}
          className={composeButtonClasses({ size: 'sm' })}
        >
          Approve
        </button>
        <button
          type="button"
          disabled={busy}
          aria-expanded={removing}
          onClick={() => setRemoving((open) => !open)}
          className={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
        >
          Remove
        </button>
      </div>
      {removing ? (
        <form onSubmit={(event) => void onRemove(event)} className="mt-3" noValidate>
          <label htmlFor={reasonId} className="text-sm font-semibold text-slate-900 dark:text-white">
            Reason for removal (told to the author)
          </label>
          <textarea
            id={reasonId}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            rows={3}
            required
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${reasonId}-error` : undefined}
            className="mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-white"
          />
          {reasonError ? (
            <p
              id={`${reasonId}-error`}
              role="alert"
              className="mt-1 text-sm font-medium text-red-700 dark:text-red-300"
            >
              {reasonError}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={busy}
            className={`mt-2 ${composeButtonClasses({ variant: 'danger', size: 'sm' })}`}
          >
            Remove post
          </button>
        </form>
      ) : null}
    </article>
  );
}
