// The confirmation's modal <dialog> (see confirm-dialog.tsx, which loads it when first asked).
import { useEffect, useId, useRef } from 'react';
import type { ConfirmRequest } from './confirm-dialog';
import { composeButtonClasses } from './control-classes';

/** The question `confirmAction` asked (null: none open), and where its answer goes. */
export function ConfirmDialogView({
  request,
  onAnswer,
}: {
  request: ConfirmRequest | null;
  onAnswer: (confirmed: boolean) => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (request && !dialog.open) dialog.showModal();
    if (!request && dialog.open) dialog.close();
  }, [request]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={request?.message ? messageId : undefined}
      onClose={() => onAnswer(false)}
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/50 dark:border-slate-800 dark:bg-slate-900 dark:text-white"
    >
      {request ? (
        <div className="p-5">
          <h2 id={titleId} className="text-lg font-semibold">
            {request.title}
          </h2>
          {request.message ? (
            <p id={messageId} className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              {request.message}
            </p>
          ) : null}
          <div className="mt-5 flex justify-end gap-2">
            <button
              type="button"
              onClick={() => onAnswer(false)}
              className={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
            >
              Cancel
            </button>
            <button
              type="button"
              onClick={() => onAnswer(true)}
              className={composeButtonClasses({
                variant: request.destructive ? 'danger' : 'primary',
                size: 'sm',
              })}
            >
              {request.confirmLabel}
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
