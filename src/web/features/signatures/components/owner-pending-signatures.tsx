// The owner's side of their yearbook (issue #52): the signatures waiting for their approval, each with
// Approve and Remove (asked first). Approving moves it into the approved list below.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { SIGNATURE_MESSAGES } from '../../../../shared/signatures';
import { announce } from '../../../components/ui/announcer';
import { confirmAction } from '../../../components/ui/confirm-dialog';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { LoadError } from '../../../components/ui/load-error';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { refusalMessage } from '../../../lib/api-client';
import {
  pendingSignaturesQueryOptions,
  REMOVE_FAILED,
  useApproveSignature,
  useRemoveSignature,
} from '../api/signatures-api';
import { SignatureEntry } from './signature-entry';

const APPROVE_FAILED = 'The signature could not be approved. Please try again.';

export function OwnerPendingSignatures({ owner }: { owner: string }) {
  const headingId = useId();
  const pending = useInfiniteQuery(pendingSignaturesQueryOptions());
  const approve = useApproveSignature(owner);
  const remove = useRemoveSignature(owner);

  if (pending.isPending) return <LoadingStatus>Loading signatures waiting for you...</LoadingStatus>;
  if (pending.isError)
    return <LoadError message={SIGNATURE_MESSAGES.failed} onRetry={() => void pending.refetch()} />;
  const signatures = pending.data.pages.flatMap((page) => page.signatures);
  // Nothing waiting: nothing to say (the approved list below says whether the book is empty).
  if (signatures.length === 0) return null;

  function approveOne(id: string, writerName: string) {
    approve.mutate(id, {
      onSuccess: () => announce(`Signature from ${writerName} approved.`, 'info'),
      onError: (problem) => announce(refusalMessage(problem, APPROVE_FAILED), 'error'),
    });
  }

  async function removeOne(id: string, writerName: string) {
    const confirmed = await confirmAction({
      title: 'Remove this signature?',
      message: `${writerName}'s signature will not go into your yearbook.`,
      confirmLabel: 'Remove',
      destructive: true,
    });
    if (!confirmed) return;
    remove.mutate(id, {
      onSuccess: () => announce('Signature removed.', 'info'),
      onError: (problem) => announce(refusalMessage(problem, REMOVE_FAILED), 'error'),
    });
  }

  const busy = (id: string) =>
    (approve.isPending && approve.variables === id) || (remove.isPending && remove.variables === id);
  return (
    <div className="rounded-2xl border border-amber-300 bg-amber-50/60 p-3 sm:p-4 dark:border-amber-800 dark:bg-amber-950/40">
      <h3 id={headingId} className="mb-3 text-base font-semibold text-slate-900 dark:text-white">
        Waiting for your approval
      </h3>
      <ul aria-labelledby={headingId} className="space-y-3">
        {signatures.map((signature) => (
          <li key={signature.id}>
            <SignatureEntry writer={signature.writer} content={signature.content} date={signature.updatedAt}>
              <button
                type="button"
                onClick={() => approveOne(signature.id, signature.writer.fullName)}
                disabled={busy(signature.id)}
                aria-label={`Approve the signature from ${signature.writer.fullName}`}
                className={composeButtonClasses({ size: 'sm' })}
              >
                Approve
              </button>
              <button
                type="button"
                onClick={() => void removeOne(signature.id, signature.writer.fullName)}
                disabled={busy(signature.id)}
                aria-label={`Remove the signature from ${signature.writer.fullName}`}
                className={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
              >
                Remove
              </button>
            </SignatureEntry>
          </li>
        ))}
      </ul>
      <LoadMoreButton list={pending} label="Show more" className="mt-3" />
    </div>
  );
}
