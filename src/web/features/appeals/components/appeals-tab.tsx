// The Appeals tab of /reports (issue #47, staff only: its own chunk, loaded when the tab opens): open
// appeals, oldest first, each with the removed post, its statement of reasons and the author's own
// words. An anonymous post's appeal reads "Anonymous": the server sends no author for it. Uphold keeps
// the post removed; Overturn puts it back; each is confirmed, and the author is told. The staff member
// who made the decision (or wrote the post) is shown why they cannot decide it: the server says so.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { APPEAL_MESSAGES, type AppealOutcome, type StaffAppeal } from '../../../../shared/appeals';
import { announce } from '../../../components/ui/announcer';
import { confirmAction } from '../../../components/ui/confirm-dialog';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { LoadError } from '../../../components/ui/load-error';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { ApiError } from '../../../lib/api-client';
import { waitedFor } from '../../../lib/waited-for';
import { appealsQueueQueryOptions, useDecideAppeal } from '../api/appeals-api';

import { StatementOfReasons } from './statement-of-reasons';

export function AppealsTab() {
  const list = useInfiniteQuery(appealsQueueQueryOptions());
  const appeals = list.data?.pages.flatMap((page) => page.appeals) ?? [];
  return (
    <section aria-label="Appeals" className="mt-6">
      {list.isPending ? (
        <LoadingStatus>Loading appeals...</LoadingStatus>
      ) : list.isError ? (
        <LoadError message={APPEAL_MESSAGES.loadFailed} onRetry={() => void list.refetch()} />
      ) : appeals.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">No open appeals.</p>
      ) : (
        <ul className="space-y-6">
          {appeals.map((appeal) => (
            <li key={appeal.id}>
              <AppealItem appeal={appeal} />
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton list={list} label="More" />
    </section>
  );
}

const CONFIRM: Record<AppealOutcome, { title: string; message: string; done: string }> = {
  upheld: {
    title: 'Uphold the removal?',
    message: 'The post stays removed, and its author is told.',
    done: 'Removal upheld. The author was told.',
  },
  overturned: {
    title: 'Overturn the removal?',
    message: 'The post is put back where it was, and its author is told.',
    done: 'Removal overturned: the post is back. The author was told.',
  },
};

function AppealItem({ appeal }: { appeal: StaffAppeal }) {
  const headingId = useId();
  const decide = useDecideAppeal();
  const who = appeal.author ? `${appeal.author.fullName} (@${appeal.author.username})` : 'Anonymous';

  async function onDecide(outcome: AppealOutcome) {
    const ok = await confirmAction({
      title: CONFIRM[outcome].title,
      message: CONFIRM[outcome].message,
      confirmLabel: outcome === 'upheld' ? 'Uphold' : 'Overturn',
    });
    if (!ok) return;
    try {
      await decide.mutateAsync({ id: appeal.id, outcome });
      announce(CONFIRM[outcome].done, 'info');
    } catch (problem) {
      announce(
        problem instanceof ApiError ? problem.message : 'Failed to decide the appeal. Please try again.',
      );
    }
  }

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={headingId} className="text-sm font-semibold text-slate-900 dark:text-white">
        {who} · waiting {waitedFor(appeal.createdAt)}
      </h2>
      {appeal.post.askline ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Askline: {appeal.post.askline.content}
        </p>
      ) : null}
      <p className="mt-3 whitespace-pre-wrap break-words text-slate-900 dark:text-slate-100">
        {appeal.post.content}
      </p>
      <div className="mt-4 rounded-xl bg-slate-50 px-3.5 py-3 dark:bg-slate-800/60">
        <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Statement of reasons</h3>
        <div className="mt-2">
          <StatementOfReasons statement={appeal.statement} />
        </div>
      </div>
      <h3 className="mt-4 text-sm font-semibold text-slate-900 dark:text-white">The author’s appeal</h3>
      <blockquote className="mt-1 whitespace-pre-wrap break-words border-l-4 border-slate-300 pl-3 text-slate-800 dark:border-slate-600 dark:text-slate-200">
        {appeal.text}
      </blockquote>
      {appeal.canDecide ? (
        <div className="mt-4 flex flex-wrap gap-3">
          <button
            type="button"
            disabled={decide.isPending}
            onClick={() => void onDecide('upheld')}
            className={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
          >
            Uphold
          </button>
          <button
            type="button"
            disabled={decide.isPending}
            onClick={() => void onDecide('overturned')}
            className={composeButtonClasses({ size: 'sm' })}
          >
            Overturn
          </button>
        </div>
      ) : (
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">{APPEAL_MESSAGES.ownDecision}</p>
      )}
    </article>
  );
}
