// The one confirmation before an action that cannot be taken back (delete, resolve, suspend, lift): a
// native modal <dialog> (confirm-dialog-view.tsx), so focus moves in and stays, Escape cancels, and
// focus goes back to the button that asked when it closes. `confirmAction` opens it and answers true
// or false. The dialog itself loads the first time a question is asked: a page that is only read
// (most visits) never needs it.
import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { lazyPage } from '../../lib/lazy-page';

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

const ConfirmDialogView = lazyPage(
  'components/ui/confirm-dialog-view.tsx',
  () => import('./confirm-dialog-view').then((m) => m.ConfirmDialogView),
  { preload: false },
);

/** Rendered once, by the layout of the screens that act (app/layouts/query-layout.tsx). */
export function ConfirmHost() {
  const request = useSyncExternalStore(
    subscribe,
    () => pending,
    () => pending,
  );
  // Once asked for, the dialog stays mounted, so it is there at once for the next question.
  const [wanted, setWanted] = useState(false);
  if (request && !wanted) setWanted(true);

  // Unmounted with a question open (leaving the screens that act): it was not confirmed.
  useEffect(() => () => answer(false), []);

  return wanted ? (
    <Suspense fallback={null}>
      <ConfirmDialogView request={request} onAnswer={answer} />
    </Suspense>
  ) : null;
}
