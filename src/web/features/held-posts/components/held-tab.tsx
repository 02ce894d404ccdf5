// The Held tab of /reports (issue #47, staff only: its own chunk, loaded when the tab opens): posts the
// text check held, oldest first, each with its askline, what the check found and how long it has waited.
// An anonymous one reads "Anonymous": the server sends no author for it. Approve publishes it; Remove
// asks for the rule of the Terms it broke and the facts (the author's statement of reasons).
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { SAFETY_CATEGORY_LABELS, type StaffHeldPost } from '../../../../shared/safety';
import { RemovalDialog } from '../../../components/removal-dialog';
import { ReplyContextLine } from '../../../components/reply-context-line';
import { announce } from '../../../components/ui/announcer';
import { confirmAction } from '../../../components/ui/confirm-dialog';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { LoadError } from '../../../components/ui/load-error';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { refusalMessage } from '../../../lib/api-client';
import { waitedFor } from '../../../lib/waited-for';
import { heldQueueQueryOptions, useApproveHeld, useRemoveHeld } from '../api/held-posts-api';

export const HELD_LOAD_FAILED = 'Failed to load held posts. Please try again.';

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
  const approve = useApproveHeld();
  const remove = useRemoveHeld();
  const [removing, setRemoving] = useState(false);
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
      {post.reply ? <ReplyContextLine context={post.reply} className="mt-1" /> : null}
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
          onClick={() => setRemoving(true)}
          className={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
        >
          Remove
        </button>
      </div>
      <RemovalDialog
        open={removing}
        title="Remove this held post?"
        onCancel={() => setRemoving(false)}
        onConfirm={async (statement) => {
          await remove.mutateAsync({ id: post.id, ...statement });
          setRemoving(false);
          announce('Post removed. Its author was sent the statement of reasons.', 'info');
        }}
      />
    </article>
  );
}
