// The one confirmation before an action that cannot be taken back (delete, resolve, suspend, lift): a
// native modal <dialog>, so focus moves in and stays, Escape cancels, and focus goes back to the
// button that asked when it closes. `confirmAction` opens it and answers true or false.
import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { composeButtonClasses } from './control-classes';

export interface ConfirmRequest {
  /** The question, as the dialog's heading: "Delete this post?" */
  title: string;
  /** What happens, when the title does not say it all. */
  message?: string;
  /** The confirming button's words: "Delete". */
  confirmLabel: string;
  /** A destructive action's button is red. */
  destructive?: boolean;
}

interface Pending extends ConfirmRequest {
  resolve: (confirmed: boolean) => void;
}

let pending: Pending | null = null;
const listeners = new Set<() => void>();

function publish(next: Pending | null) {
  pending = next;
  for (const listener of listeners) listener();
}

/** Asks; resolves true when confirmed, false when cancelled (or replaced by another question). */
export function confirmAction(request: ConfirmRequest): Promise<boolean> {
  pending?.resolve(false);
  return new Promise((resolve) => publish({ ...request, resolve }));
}

function answer(confirmed: boolean) {
  const current = pending;
  if (!current) return;
  publish(null);
  current.resolve(confirmed);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Rendered once, by the layout of the screens that act (app/layouts/query-layout.tsx). */
export function ConfirmHost() {
  const request = useSyncExternalStore(
    subscribe,
    () => pending,
    () => pending,
  );
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (request && !dialog.open) dialog.showModal();
    if (!request && dialog.open) dialog.close();
  }, [request]);

  // Unmounted with a question open (leaving the screens that act): it was not confirmed.
  useEffect(() => () => answer(false), []);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={request?.message ? messageId : undefined}
      onClose={() => answer(false)}
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
              onClick={() => answer(false)}
              className={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
            >
              Cancel
            </button>
            <button
              type="button"
              onClick={() => answer(true)}
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
