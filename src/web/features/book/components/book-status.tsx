import type { BookJob } from '../../../../shared/book';
import { BOOK_MESSAGES } from '../../../../shared/values/book';
import { Icon } from '../../../components/icons/icon';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { LocalDate } from '../../../lib/local-dates';
import { isBeingMade, useBookJobProgress } from '../api/book-api';

const PAPER_NAMES = { A4: 'A4', Letter: 'US Letter' } as const;

// A book's latest job as its screen shows it (issue #52): while it is made, a progress bar that moves
// as the server writes pages (asked every 2 s); then Download, a real link the server answers with
// the file, and how long it is kept; a file past its week, or a job that failed, says so. The sentence
// that says which of these it is sits in a status region, so a screen reader hears it change (and not
// every step of the bar).
export function BookStatus({
  job,
  title,
  onRetry,
  retryPending = false,
}: {
  job: BookJob;
  /** What is being made: "your yearbook page", "the class book". */
  title: string;
  /** "Try again" after a failure: the screen makes it again with what is chosen. */
  onRetry: () => void;
  retryPending?: boolean;
}) {
  useBookJobProgress(job);
  const percent = Math.round(Math.min(1, Math.max(0, job.progress)) * 100);
  const making = isBeingMade(job);
  const sentence = making
    ? job.status === 'queued'
      ? `Waiting to start making ${title}...`
      : `Making ${title}...`
    : job.status === 'failed'
      ? BOOK_MESSAGES.failed
      : job.fileUrl
        ? `${title.charAt(0).toUpperCase()}${title.slice(1)} is ready.`
        : BOOK_MESSAGES.expired;

  return (
    <section
      aria-label={`The PDF of ${title}`}
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <p
        role="status"
        className={`flex items-start gap-2 font-medium ${job.status === 'failed' ? 'text-red-700 dark:text-red-300' : 'text-slate-900 dark:text-white'}`}
      >
        <Icon
          name={
            making ? 'loader-circle' : job.status === 'failed' ? 'circle-exclamation-point' : 'circle-check'
          }
          className={`mt-0.5 size-5 shrink-0 ${making ? 'animate-spin motion-reduce:animate-none' : ''}`}
        />
        {sentence}
      </p>
      {making ? (
        <>
          <div
            role="progressbar"
            aria-label={`Making ${title}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}%`}
            className="mt-4 h-3 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
          >
            <div
              className="h-full rounded-full bg-brand-600 transition-[width] duration-500 motion-reduce:transition-none"
              style={{ width: `${percent}%` }}
            />
          </div>
          <p className="mt-2 flex justify-between gap-3 text-sm text-slate-600 dark:text-slate-300">
            <span>You can leave this page: you will be notified when it is ready.</span>
            <span aria-hidden="true" className="tabular-nums">
              {percent}%
            </span>
          </p>
        </>
      ) : null}
      {job.status === 'ready' && job.fileUrl ? (
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
          <a href={job.fileUrl} download className={composeButtonClasses()}>
            <Icon name="download" className="size-4" />
            Download
          </a>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {PAPER_NAMES[job.paper]} PDF
            {job.expiresAt ? (
              <>
                {' · '}Kept until <LocalDate isoDate={job.expiresAt} />
              </>
            ) : null}
          </p>
        </div>
      ) : null}
      {job.status === 'failed' ? (
        <button
          type="button"
          onClick={onRetry}
          disabled={retryPending}
          className={composeButtonClasses({ variant: 'secondary', className: 'mt-4' })}
        >
          <Icon name="rotate-ccw" className="size-4" />
          Try again
        </button>
      ) : null}
    </section>
  );
}
