import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Askline, AsklineDecision } from '../../../../shared/asklines';
import { DocumentTitle } from '../../../components/document-title';
import { Icon } from '../../../components/icons/icon';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { LoadError } from '../../../components/ui/load-error';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useReviewAskline } from '../api/asklines-api';
import { pendingAsklinesQueryOptions } from '../api/review-queue-query';
import { AsklineCard } from '../components/askline-card';

// /asklines/review (admins and moderators): the asklines waiting for a decision, oldest first. Verify
// publishes one; Reject keeps it hidden (its creator sees it as not published).
export function ReviewAsklinesRoute() {
  const queue = useInfiniteQuery(pendingAsklinesQueryOptions);
  const asklines = queue.data?.pages.flatMap((page) => page.asklines) ?? [];

  return (
    <div className="mx-auto max-w-2xl px-4 pt-8 pb-20 sm:px-6 sm:pt-10">
      <DocumentTitle title="Review asklines" />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Pending Asklines</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        New asklines appear to everyone only once an admin or moderator verifies them.
      </p>
      <div className="mt-8">
        {queue.isPending ? (
          <LoadingStatus>Loading...</LoadingStatus>
        ) : queue.isError ? (
          <LoadError
            message="Failed to load pending asklines. Please try again."
            onRetry={() => void queue.refetch()}
          />
        ) : asklines.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-300">No asklines are waiting for verification.</p>
        ) : (
          <ul className="space-y-4">
            {asklines.map((askline) => (
              <li key={askline.id}>
                <PendingAskline askline={askline} />
              </li>
            ))}
          </ul>
        )}
        <LoadMoreButton list={queue} label="More" />
      </div>
    </div>
  );
}

function PendingAskline({ askline }: { askline: Askline }) {
  const review = useReviewAskline();
  const [error, setError] = useState<string | null>(null);

  function decide(decision: AsklineDecision) {
    setError(null);
    review.mutate(
      { id: askline.id, decision },
      {
        onError: () =>
          setError(
            decision === 'verify'
              ? 'Failed to verify askline. Please try again.'
              : 'Failed to reject askline. Please try again.',
          ),
      },
    );
  }

  return (
    <AsklineCard askline={askline} headingLevel="h2">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={() => decide('verify')}
          disabled={review.isPending}
          className={composeButtonClasses({ size: 'sm' })}
          aria-label={`Verify: ${askline.content}`}
        >
          <Icon name="check" className="size-4" />
          Verify
        </button>
        <button
          type="button"
          onClick={() => decide('reject')}
          disabled={review.isPending}
          className={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
          aria-label={`Reject: ${askline.content}`}
        >
          <Icon name="x" className="size-4" />
          Reject
        </button>
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : null}
      </div>
    </AsklineCard>
  );
}
