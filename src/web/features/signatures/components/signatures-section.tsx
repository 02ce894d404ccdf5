// A person's yearbook on their profile (issue #52, decision 040): `#signatures`, where the
// notification of a new signature leads. Everyone signed in reads the approved signatures; someone
// else signs (or sees their own signature waiting); the owner approves or removes what waits. The
// writer's and the owner's tools are chunks of their own, drawn by the server with the page.
import { useInfiniteQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useId, useRef } from 'react';
import { firstNameOf, SIGNATURE_MESSAGES } from '../../../../shared/signatures';
import { announce } from '../../../components/ui/announcer';
import { confirmAction } from '../../../components/ui/confirm-dialog';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { LoadError } from '../../../components/ui/load-error';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { refusalMessage } from '../../../lib/api-client';
import { lazyPage } from '../../../lib/lazy-page';
import { REMOVE_FAILED, signatureBookQueryOptions, useRemoveSignature } from '../api/signatures-api';
import { SignatureEntry } from './signature-entry';

const SignatureWriter = lazyPage('features/signatures/components/signature-writer.tsx', () =>
  import('./signature-writer').then((m) => m.SignatureWriter),
);
const OwnerPendingSignatures = lazyPage('features/signatures/components/owner-pending-signatures.tsx', () =>
  import('./owner-pending-signatures').then((m) => m.OwnerPendingSignatures),
);

export function SignaturesSection({
  username,
  fullName,
  isOwner,
}: {
  username: string;
  fullName: string;
  isOwner: boolean;
}) {
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  const firstName = firstNameOf(fullName);
  // Opened from the notification (`/{me}#signatures`) within the app: the browser scrolls to an
  // anchor only on a page it loads itself.
  useEffect(() => {
    if (window.location.hash === '#signatures') section.current?.scrollIntoView();
  }, []);
  return (
    <section ref={section} id="signatures" aria-labelledby={headingId} className="mt-8 mb-10 scroll-mt-24">
      <h2 id={headingId} className="text-xl font-bold tracking-tight text-slate-900 dark:text-white">
        {isOwner ? 'My yearbook signatures' : `${firstName}'s yearbook`}
      </h2>
      <div className="mt-4 space-y-6">
        <Suspense fallback={<LoadingStatus>Loading...</LoadingStatus>}>
          {isOwner ? (
            <OwnerPendingSignatures owner={username} />
          ) : (
            <SignatureWriter username={username} firstName={firstName} />
          )}
        </Suspense>
        <ApprovedSignatures username={username} isOwner={isOwner} />
      </div>
    </section>
  );
}

/** The yearbook's approved signatures, newest first, with Show more; the owner may remove each. */
function ApprovedSignatures({ username, isOwner }: { username: string; isOwner: boolean }) {
  const book = useInfiniteQuery(signatureBookQueryOptions(username));
  const remove = useRemoveSignature(username);
  const listLabel = isOwner ? 'Approved signatures' : 'Signatures';

  if (book.isPending) return <LoadingStatus>Loading signatures...</LoadingStatus>;
  if (book.isError)
    return <LoadError message={SIGNATURE_MESSAGES.failed} onRetry={() => void book.refetch()} />;
  const signatures = book.data.pages.flatMap((page) => page.signatures);

  async function removeOne(id: string, writerName: string) {
    const confirmed = await confirmAction({
      title: 'Remove this signature?',
      message: `${writerName}'s signature will no longer be in your yearbook.`,
      confirmLabel: 'Remove',
      destructive: true,
    });
    if (!confirmed) return;
    remove.mutate(id, {
      onSuccess: () => announce('Signature removed.', 'info'),
      onError: (problem) => announce(refusalMessage(problem, REMOVE_FAILED), 'error'),
    });
  }

  return (
    <div>
      {isOwner ? (
        <h3 className="mb-3 text-base font-semibold text-slate-900 dark:text-white">{listLabel}</h3>
      ) : null}
      {signatures.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 p-5 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {SIGNATURE_MESSAGES.empty}
        </p>
      ) : (
        <ul aria-label={listLabel} className="space-y-3">
          {signatures.map((signature) => (
            <li key={signature.id}>
              <SignatureEntry
                writer={signature.writer}
                content={signature.content}
                date={signature.approvedAt}
              >
                {signature.viewer.canRemove ? (
                  <button
                    type="button"
                    onClick={() => void removeOne(signature.id, signature.writer.fullName)}
                    disabled={remove.isPending && remove.variables === signature.id}
                    aria-label={`Remove the signature from ${signature.writer.fullName}`}
                    className={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
                  >
                    Remove
                  </button>
                ) : null}
              </SignatureEntry>
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton list={book} label="Show more" className="mt-4" />
    </div>
  );
}
