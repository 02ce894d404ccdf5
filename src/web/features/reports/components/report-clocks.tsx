// The grievance clocks on /reports (issue #47; India's IT Rules 2021, rule 3(2)): each unresolved
// report against 24 hours to be acknowledged by staff and 15 days to be resolved, and for admins how
// many are past them. The states are the server's (it reads the rule and the time); this only words
// them, with durations between the answer's own time and the limits, so the page the server drew and
// the browser's first render say the same. Each state is said in words, with an icon; colour only adds.
import type { OverdueCounts, ReportClocks, ReportItem } from '../../../../shared/reports';
import { REPORT_CLOCKS, REPORT_MESSAGES } from '../../../../shared/values/reports';
import { Icon } from '../../../components/icons/icon';
import type { IconName } from '../../../components/icons/icon-names';
import { announce } from '../../../components/ui/announcer';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { refusalMessage } from '../../../lib/api-client';
import { useAcknowledgeReport } from '../api/reports-api';

const MINUTE = 60_000;

/** "40 minutes", "5 hours", "3 days": a span, rounded down (never below a minute). */
export function spanOf(ms: number): string {
  const minutes = Math.max(1, Math.floor(Math.abs(ms) / MINUTE));
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (minutes < 60) return unit(minutes, 'minute');
  if (minutes < 48 * 60) return unit(Math.floor(minutes / 60), 'hour');
  return unit(Math.floor(minutes / 1440), 'day');
}

const between = (from: string, to: string) => Date.parse(to) - Date.parse(from);

/** What each clock says, as words: the state first, then how long. */
export function clockWords(clocks: ReportClocks, asOf: string) {
  const { acknowledge, resolve } = clocks;
  const ackLimit = `${REPORT_CLOCKS.acknowledgeHours} hours`;
  const resolveLimit = `${REPORT_CLOCKS.resolveDays} days`;
  return {
    age: `Open for ${spanOf(between(clocks.openedAt, asOf))}`,
    acknowledge:
      acknowledge.state === 'done'
        ? 'Acknowledged by staff'
        : acknowledge.state === 'due'
          ? `Acknowledge within ${spanOf(between(asOf, acknowledge.dueAt))}`
          : `Not acknowledged: ${spanOf(between(acknowledge.dueAt, asOf))} past ${ackLimit}`,
    resolve:
      resolve.state === 'overdue'
        ? `Overdue: ${spanOf(between(resolve.dueAt, asOf))} past ${resolveLimit}`
        : `Resolve within ${spanOf(between(asOf, resolve.dueAt))}`,
  };
}

const TONE = {
  done: 'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800',
  due: 'bg-slate-100 text-slate-800 ring-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-700',
  overdue: 'bg-red-50 text-red-800 ring-red-200 dark:bg-red-950 dark:text-red-200 dark:ring-red-800',
} as const;
const ICON: Record<keyof typeof TONE, IconName> = {
  done: 'circle-check',
  due: 'clock',
  overdue: 'circle-exclamation-point',
};

function Clock({ state, children }: { state: keyof typeof TONE; children: string }) {
  return (
    <li
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 ring-1 ring-inset ${TONE[state]}`}
    >
      <Icon name={ICON[state]} className="size-3.5 shrink-0" />
      {children}
    </li>
  );
}

/** One report's clocks, and Acknowledge while staff have not acted on it. */
export function ReportClocksLine({ report, asOf }: { report: ReportItem; asOf: string }) {
  const acknowledge = useAcknowledgeReport();
  const { clocks } = report;
  if (!clocks) return null;
  const words = clockWords(clocks, asOf);

  function onAcknowledge() {
    acknowledge.mutate(report.id, {
      onSuccess: () => announce('Report acknowledged.', 'info'),
      onError: (problem) => announce(refusalMessage(problem, REPORT_MESSAGES.acknowledgeFailed)),
    });
  }

  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2">
      <ul aria-label="Time limits" className="flex flex-wrap items-center gap-2 text-xs font-medium">
        <Clock state="due">{words.age}</Clock>
        <Clock state={clocks.acknowledge.state}>{words.acknowledge}</Clock>
        <Clock state={clocks.resolve.state}>{words.resolve}</Clock>
      </ul>
      {clocks.acknowledge.state === 'done' ? null : (
        <button
          type="button"
          onClick={onAcknowledge}
          disabled={acknowledge.isPending}
          className={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
        >
          {acknowledge.isPending ? 'Acknowledging...' : 'Acknowledge'}
        </button>
      )}
    </div>
  );
}

const reportsWord = (n: number) => (n === 1 ? '1 report' : `${n} reports`);

/** For admins: how many unresolved reports are past each limit, or that none is. */
export function OverdueSummary({ counts }: { counts: OverdueCounts }) {
  const late = counts.resolve > 0 || counts.acknowledge > 0;
  return (
    <p
      className={`mt-3 flex items-start gap-2 rounded-xl px-3 py-2 text-sm ring-1 ring-inset ${late ? TONE.overdue : TONE.done}`}
    >
      <Icon name={late ? 'circle-exclamation-point' : 'circle-check'} className="mt-0.5 size-4 shrink-0" />
      <span>
        {late
          ? `${reportsWord(counts.resolve)} overdue (unresolved after ${REPORT_CLOCKS.resolveDays} days) · ${reportsWord(counts.acknowledge)} not acknowledged within ${REPORT_CLOCKS.acknowledgeHours} hours`
          : `No report is past its limits (${REPORT_CLOCKS.acknowledgeHours} hours to acknowledge, ${REPORT_CLOCKS.resolveDays} days to resolve).`}
      </span>
    </p>
  );
}
