// /transparency (issue #47): what moderation did, month by month, open to everyone. The server gives
// each figure already banded (none under 5 exactly) and each median only over 5 actions or more; this
// page only words them.
import { useQuery } from '@tanstack/react-query';
import type { PublishedCount, TransparencyMonth } from '../../../../shared/transparency';
import { REPORT_REASON_LABELS } from '../../../../shared/values/reports';
import { SMALLEST_EXACT_FIGURE, TRANSPARENCY_MESSAGES } from '../../../../shared/values/transparency';
import { ContentPage } from '../../../components/layout/content-page';
import { LoadError } from '../../../components/ui/load-error';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { paths } from '../../../config/paths';
import { Link } from '../../../lib/router';
import { transparencyQueryOptions } from '../api/transparency-api';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "November 2026" from "2026-11": the same words on the server and in every browser. */
export function monthName(month: string): string {
  const [year, number] = month.split('-');
  return `${MONTH_NAMES[Number(number) - 1] ?? month} ${year}`;
}

export function countText(count: PublishedCount): string {
  return 'exact' in count ? String(count.exact) : `Fewer than ${count.fewerThan}`;
}

export function hoursText(hours: number | null): string {
  if (hours === null) return 'Not shown';
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))} minutes`;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

export function TransparencyRoute() {
  const report = useQuery(transparencyQueryOptions);
  return (
    <ContentPage
      title="Transparency report"
      eyebrow="Transparency"
      lead="What our moderators and the automatic check did, month by month: reports received, posts held for review, removals and appeals."
    >
      <p>
        Every figure counts events, not people, and none names anyone. A figure under {SMALLEST_EXACT_FIGURE}{' '}
        is shown as &ldquo;Fewer than {SMALLEST_EXACT_FIGURE}&rdquo;, and a median over fewer than{' '}
        {SMALLEST_EXACT_FIGURE} actions is &ldquo;Not shown&rdquo;, so that no figure can point at a person.
        Months follow India Standard Time. How we moderate is in our{' '}
        <Link to={paths.terms.getHref()}>Terms</Link>; to reach our Grievance Officer, see the{' '}
        <Link to={paths.contact.getHref()}>contact page</Link>.
      </p>
      {report.isPending ? (
        <LoadingStatus className="mt-8">Loading...</LoadingStatus>
      ) : report.isError ? (
        <LoadError
          className="mt-8"
          message={TRANSPARENCY_MESSAGES.loadFailed}
          onRetry={() => void report.refetch()}
        />
      ) : (
        report.data.months.map((month) => <MonthFigures key={month.month} month={month} />)
      )}
    </ContentPage>
  );
}

function MonthFigures({ month }: { month: TransparencyMonth }) {
  const headingId = `month-${month.month}`;
  const groups: { title: string; rows: [string, string][] }[] = [
    {
      title: 'Reports received, by reason',
      rows: month.reportsByReason.map(({ reason, count }) => [
        REPORT_REASON_LABELS[reason],
        countText(count),
      ]),
    },
    {
      title: 'Held for review by the automatic check',
      rows: [
        ['Posts held', countText(month.postsHeld)],
        ['Approved', countText(month.heldApproved)],
        ['Removed', countText(month.heldRemoved)],
      ],
    },
    {
      title: 'Removals and appeals',
      rows: [
        ['Posts removed by moderators', countText(month.postsRemoved)],
        ['Appeals made', countText(month.appealsMade)],
        ['Appeals overturned (post restored)', countText(month.appealsOverturned)],
      ],
    },
    {
      title: 'Time to act (median)',
      rows: [
        ['From a report to the first action', hoursText(month.medianHoursToAction)],
        ['A held post waiting for a decision', hoursText(month.medianHoursHeld)],
      ],
    },
  ];
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>
        {monthName(month.month)}
        {month.partial ? (
          <span className="font-normal text-slate-600 dark:text-slate-400"> (so far)</span>
        ) : null}
      </h2>
      <table className="mt-2 w-full border-collapse text-left text-sm sm:text-base">
        <caption className="sr-only">{`Moderation figures for ${monthName(month.month)}`}</caption>
        {groups.map((group) => (
          <tbody key={group.title}>
            <tr>
              <th
                scope="colgroup"
                colSpan={2}
                className="pt-5 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400"
              >
                {group.title}
              </th>
            </tr>
            {group.rows.map(([label, value]) => (
              <tr key={label} className="border-b border-slate-200 dark:border-slate-800">
                <th scope="row" className="py-2 pr-4 font-normal text-slate-700 dark:text-slate-300">
                  {label}
                </th>
                <td className="py-2 text-right font-semibold whitespace-nowrap tabular-nums text-slate-900 dark:text-white">
                  {value}
                </td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </section>
  );
}
