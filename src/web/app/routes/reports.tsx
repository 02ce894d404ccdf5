import { useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import type { ReportItem } from '../../../shared/reports';
import {
  REPORT_MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_SORT_LABELS,
  REPORT_SORTS,
  REPORT_STATUSES,
  type ReportSort,
  type ReportStatus,
} from '../../../shared/values/reports';
import { DocumentTitle } from '../../components/document-title';
import { Icon } from '../../components/icons/icon';
import { ReplyContextLine } from '../../components/reply-context-line';
import { composeButtonClasses } from '../../components/ui/control-classes';
import { LoadError } from '../../components/ui/load-error';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { LoadingStatus } from '../../components/ui/loading-status';
import { MenuButton } from '../../components/ui/menu-button';
import { PostCard } from '../../features/posts/components/post-card';
import { reportsQueryOptions } from '../../features/reports/api/reports-api';
import { OverdueSummary, ReportClocksLine } from '../../features/reports/components/report-clocks';
import { lazyPage, usePreloadModule } from '../../lib/lazy-page';
import { useSearchParams } from '../../lib/router';
import { readReportsView } from '../route-params';

const STATUS_LABELS: Record<ReportStatus, string> = { unresolved: 'Unresolved', resolved: 'Resolved' };

/** The Held tab (issue #47): staff-only, so its own chunk, loaded when the tab is opened. */
const HELD_TAB = 'features/held-posts/components/held-tab.tsx';
const HeldTab = lazyPage(
  HELD_TAB,
  () => import('../../features/held-posts/components/held-tab').then((m) => m.HeldTab),
  { preload: false },
);

/** The Appeals tab (issue #47): staff-only as well, its own chunk in the same way. */
const APPEALS_TAB = 'features/appeals/components/appeals-tab.tsx';
const AppealsTab = lazyPage(
  APPEALS_TAB,
  () => import('../../features/appeals/components/appeals-tab').then((m) => m.AppealsTab),
  { preload: false },
);

// /reports (SPEC §2, admins and moderators): 'Reported Posts', Sort (Most Reported by default; oldest
// first while a report is overdue, as the server decides: issue #47), the Unresolved and Resolved tabs,
// each report with its post, count, reasons and clocks. Tab and a chosen sort live in the address, so a
// reload keeps them. Staff work each post from its card (resolve, delete, suspend).
export function ReportsRoute() {
  const [params, setParams] = useSearchParams();
  const { status, sort } = readReportsView(params);
  const heldTab = params.get('tab') === 'held';
  const appealsTab = params.get('tab') === 'appeals';
  const otherTab = heldTab || appealsTab;
  // Opened by its address, the tab is drawn by the server (app/page-data.ts): its chunk comes with the page.
  usePreloadModule(HELD_TAB, heldTab);
  usePreloadModule(APPEALS_TAB, appealsTab);
  const list = useInfiniteQuery({ ...reportsQueryOptions(status, sort), enabled: !otherTab });
  const reports = list.data?.pages.flatMap((page) => page.reports) ?? [];
  // The order the server applied (its default, unless one was chosen: issue #47), and for admins the
  // overdue counts, both told by the first page.
  const first = list.data?.pages[0];
  const applied = first?.sort ?? sort;

  function choose(next: { status?: ReportStatus; sort?: ReportSort }) {
    const values = { status, sort, ...next };
    const search: Record<string, string> = {};
    if (values.status !== 'unresolved') search.status = values.status;
    // A chosen order stays in the address; without one the server picks.
    if (values.sort) search.sort = values.sort;
    setParams(search, { replace: true });
  }

  function openTab(tab: 'held' | 'appeals') {
    setParams({ tab }, { replace: true });
  }

  return (
    <div className="mx-auto max-w-2xl px-4 pt-8 pb-20 sm:px-6 sm:pt-10">
      <DocumentTitle title="Reported Posts" />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Reported Posts</h1>
        {/* The held and appeals queues have one order (oldest first): sorting is the reports' alone. */}
        {otherTab ? null : (
          <MenuButton
            label={applied ? `Sort: ${REPORT_SORT_LABELS[applied]}` : 'Sort'}
            buttonContent={
              <>
                {applied ? `Sort: ${REPORT_SORT_LABELS[applied]}` : 'Sort'}
                <Icon name="chevron-down" className="size-4" />
              </>
            }
            buttonClassName={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
            items={REPORT_SORTS.map((option) => ({
              key: option,
              label: REPORT_SORT_LABELS[option],
              checked: option === applied,
              onSelect: () => choose({ sort: option }),
            }))}
          />
        )}
      </div>

      {first?.overdue && !heldTab ? <OverdueSummary counts={first.overdue} /> : null}

      {/* Tabs as toggle buttons: each shows a different list, in place. */}
      <fieldset className="mt-6 inline-flex rounded-xl bg-slate-100 p-1 dark:bg-slate-800">
        <legend className="sr-only">Which list</legend>
        {REPORT_STATUSES.map((option) => (
          <ListTab
            key={option}
            pressed={!otherTab && option === status}
            onClick={() => choose({ status: option })}
          >
            {STATUS_LABELS[option]}
          </ListTab>
        ))}
        <ListTab pressed={heldTab} onClick={() => openTab('held')}>
          Held
        </ListTab>
        <ListTab pressed={appealsTab} onClick={() => openTab('appeals')}>
          Appeals
        </ListTab>
      </fieldset>

      {heldTab ? (
        <Suspense fallback={<LoadingStatus>Loading held posts...</LoadingStatus>}>
          <HeldTab />
        </Suspense>
      ) : appealsTab ? (
        <Suspense fallback={<LoadingStatus>Loading appeals...</LoadingStatus>}>
          <AppealsTab />
        </Suspense>
      ) : (
        <section aria-label={`${STATUS_LABELS[status]} reports`} className="mt-6">
          {list.isPending ? (
            <LoadingStatus>Loading reports...</LoadingStatus>
          ) : list.isError ? (
            <LoadError message={REPORT_MESSAGES.loadFailed} onRetry={() => void list.refetch()} />
          ) : reports.length === 0 ? (
            <p className="text-slate-600 dark:text-slate-300">No {status} reports found.</p>
          ) : (
            <ul className="space-y-6">
              {reports.map((report) => (
                <li key={report.id}>
                  {/* One card: the reports on top, the post and what staff may do with it below. */}
                  <PostCard
                    post={report.post}
                    showSuspend
                    header={
                      <>
                        <ReportSummary report={report} asOf={first?.asOf ?? report.createdAt} />
                        {report.reply ? (
                          <ReplyContextLine
                            context={report.reply}
                            replyId={report.post.id}
                            className="mb-3"
                          />
                        ) : null}
                      </>
                    }
                  />
                </li>
              ))}
            </ul>
          )}
          <LoadMoreButton list={list} />
        </section>
      )}
    </div>
  );
}

function ReportSummary({ report, asOf }: { report: ReportItem; asOf: string }) {
  return (
    <div className="mb-4 border-b border-slate-200 pb-3 text-sm text-slate-700 dark:border-slate-800 dark:text-slate-300">
      <p>
        <span className="font-semibold text-slate-900 dark:text-white">
          {report.count === 1 ? '1 report' : `${report.count} reports`}
        </span>
        {report.reasons.length > 0
          ? `: ${report.reasons.map(({ reason, count }) => `${REPORT_REASON_LABELS[reason]} (${count})`).join(', ')}`
          : ''}
        {report.resolvedBy ? ` · resolved by @${report.resolvedBy}` : ''}
      </p>
      <ReportClocksLine report={report} asOf={asOf} />
      {report.details.length > 0 ? (
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-slate-600 dark:text-slate-400">
          {report.details.map((detail, index) => (
            // Details can repeat word for word; their order is fixed by the server.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is static between refetches
            <li key={index}>“{detail}”</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** One of the page's tabs: a toggle button, pressed for the list on screen. */
function ListTab({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`rounded-lg px-4 py-1.5 text-sm font-semibold ${
        pressed
          ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
          : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
      }`}
    >
      {children}
    </button>
  );
}
