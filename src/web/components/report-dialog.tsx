import { useEffect, useId, useRef, useState } from 'react';
import {
  REPORT_DETAIL_MAX_LENGTH,
  REPORT_MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
} from '../../shared/values/reports';
import { checkBy, useForm } from '../lib/use-form';
import { composeButtonClasses } from './ui/control-classes';
import { inputClasses } from './ui/text-field';

type ReportValues = { reason: ReportReason | ''; detail: string };

const checkReport = checkBy(({ reason, detail }: ReportValues) => ({
  reason: reason ? undefined : 'Choose why you are reporting this post.',
  detail: reason === 'other' && !detail.trim() ? REPORT_MESSAGES.detailRequired : undefined,
}));

interface ReportDialogProps {
  open: boolean;
  onCancel: () => void;
  onConfirm: (reason: ReportReason, detail: string | undefined) => void;
}

// The confirmation before a report (SPEC §2: confirmations exist for report): why, and for "something
// else" a few words. A native modal <dialog>: focus moves in and stays, Escape cancels. Drawn from its
// first opening on (and kept, so closing it hands focus back as a dialog does): every post card and
// reply has one, and a thread's worth of closed forms cost the page's first moments (issue #51).
export function ReportDialog(props: ReportDialogProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  return used ? <OpenedReportDialog {...props} /> : null;
}

function OpenedReportDialog({ open, onCancel, onConfirm }: ReportDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const detailId = useId();
  const form = useForm<ReportValues>({ initial: { reason: '', detail: '' }, check: checkReport });
  const { reason } = form.values;
  const { error: detailError, ...detail } = form.field('detail');
  const error = form.errors.reason ?? detailError;

  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts empty; reset only sets state.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      form.reset();
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const submit = form.handleSubmit((values) => {
    if (values.reason) onConfirm(values.reason, values.reason === 'other' ? values.detail.trim() : undefined);
  });

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={onCancel}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/50 dark:border-slate-800 dark:bg-slate-900 dark:text-white"
    >
      <form onSubmit={(event) => void submit(event)} className="p-5">
        <h2 id={titleId} className="text-lg font-semibold">
          Report this post?
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Moderators will review it. The author is not told who reported it.
        </p>
        <fieldset className="mt-4 space-y-1">
          <legend className="sr-only">Reason</legend>
          {REPORT_REASONS.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => form.setValue('reason', value)}
                className="size-4 accent-brand-600"
              />
              {REPORT_REASON_LABELS[value]}
            </label>
          ))}
        </fieldset>
        {reason === 'other' ? (
          <div className="mt-3">
            <label htmlFor={detailId} className="text-sm font-medium">
              What is wrong?
            </label>
            <input
              id={detailId}
              {...detail}
              maxLength={REPORT_DETAIL_MAX_LENGTH}
              className={`${inputClasses} mt-1`}
            />
          </div>
        ) : null}
        {error ? (
          <p role="alert" className="mt-3 text-sm font-medium text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : null}
        <div className="mt-5 flex justify-end gap-2">
          <button
            type="button"
            onClick={onCancel}
            className={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
          >
            Cancel
          </button>
          <button type="submit" className={composeButtonClasses({ size: 'sm' })}>
            Report
          </button>
        </div>
      </form>
    </dialog>
  );
}
