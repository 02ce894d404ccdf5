import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ModerationLogActor, ModerationLogEntry, SealedSuspension } from '../../../../shared/reports';
import { MODERATION_ACTION_LABELS } from '../../../../shared/values/reports';
import { DocumentTitle } from '../../../components/document-title';
import { confirmAction } from '../../../components/ui/confirm-dialog';
import { composeButtonClasses, textLinkClasses } from '../../../components/ui/control-classes';
import { FormOutcome, type FormOutcomeState } from '../../../components/ui/form-outcome';
import { LoadError } from '../../../components/ui/load-error';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { paths } from '../../../config/paths';
import { useLocalDate } from '../../../lib/local-dates';
import { Link } from '../../../lib/router';
import {
  moderationLogQueryOptions,
  sealedSuspensionsQueryOptions,
  useLiftSealedSuspension,
} from '../api/moderation-log-api';

/** When it happened, in the reader's words (lib/local-dates.ts). */
function LoggedAt({ isoDate, className }: { isoDate: string; className?: string }) {
  return (
    <time dateTime={isoDate} className={className}>
      {useLocalDate(isoDate, 'exact')}
    </time>
  );
}

type Status = FormOutcomeState;

// /admin/log (admins): what staff did, newest first, and the suspensions made through anonymous posts
// that are in force. The author of an anonymous post is never named, here or anywhere.
export function ModerationLogRoute() {
  const log = useInfiniteQuery(moderationLogQueryOptions);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const [status, setStatus] = useState<Status>(null);

  return (
    <div className="mx-auto max-w-3xl px-4 pt-8 pb-20 sm:px-6 sm:pt-10">
      <DocumentTitle title="Moderation log" />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Moderation log</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Every resolve, delete, askline decision, role change and suspension, newest first.
      </p>
      <FormOutcome outcome={status} look="line" className="mt-4 min-h-6" />
      <SealedSuspensions onStatus={setStatus} />
      <h2 id="log-heading" className="mt-10 text-lg font-semibold">
        Log
      </h2>
      <div className="mt-4">
        {log.isPending ? (
          <LoadingStatus>Loading...</LoadingStatus>
        ) : log.isError ? (
          <LoadError
            message="Failed to load the moderation log. Please try again."
            onRetry={() => void log.refetch()}
          />
        ) : entries.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-300">Nothing has been moderated yet.</p>
        ) : (
          <ol
            aria-labelledby="log-heading"
            className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
          >
            {entries.map((entry) => (
              <li key={entry.id} className="px-4 py-3">
                <LogEntry entry={entry} onStatus={setStatus} />
              </li>
            ))}
          </ol>
        )}
        <LoadMoreButton list={log} label="More" />
      </div>
    </div>
  );
}

/** Suspensions sealed through anonymous posts: listed by post, lifted from here or the log entry. */
function SealedSuspensions({ onStatus }: { onStatus: (status: Status) => void }) {
  const list = useInfiniteQuery(sealedSuspensionsQueryOptions);
  const suspensions = list.data?.pages.flatMap((page) => page.suspensions) ?? [];

  return (
    <section aria-labelledby="sealed-heading" className="mt-6">
      <h2 id="sealed-heading" className="text-lg font-semibold">
        Suspended through anonymous posts
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        These authors cannot sign in. Who they are stays sealed: no list, profile or search shows it, to you
        or anyone. Lift a suspension to let its author back in.
      </p>
      <div className="mt-4">
        {list.isPending ? (
          <LoadingStatus>Loading...</LoadingStatus>
        ) : list.isError ? (
          <LoadError
            message="Failed to load the suspensions. Please try again."
            onRetry={() => void list.refetch()}
          />
        ) : suspensions.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">None in force.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {suspensions.map((suspension) => (
              <li key={suspension.postId} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
                <SealedSuspensionSummary suspension={suspension} />
                <LiftButton postId={suspension.postId} onStatus={onStatus} />
              </li>
            ))}
          </ul>
        )}
        <LoadMoreButton list={list} label="More" className="mt-4" />
      </div>
    </section>
  );
}

function SealedSuspensionSummary({ suspension }: { suspension: SealedSuspension }) {
  return (
    <div className="min-w-0 flex-1 text-sm">
      <p className="break-words text-slate-900 dark:text-white">
        {suspension.postContent === null ? (
          <span className="italic text-slate-600 dark:text-slate-400">A deleted post</span>
        ) : (
          <Link to={paths.anonymousPost.getHref(suspension.postId)} className={textLinkClasses}>
            “{suspension.postContent}”
          </Link>
        )}
      </p>
      <p className="text-slate-600 dark:text-slate-400">
        {suspension.suspendedBy ? `By @${suspension.suspendedBy}` : 'By a former admin'} ·{' '}
        <LoggedAt isoDate={suspension.createdAt} />
      </p>
    </div>
  );
}

function LiftButton({ postId, onStatus }: { postId: string; onStatus: (status: Status) => void }) {
  const lift = useLiftSealedSuspension();

  async function confirmAndLift() {
    const confirmed = await confirmAction({
      title: 'Lift this suspension?',
      message: 'The author of the post can sign in again.',
      confirmLabel: 'Lift suspension',
    });
    if (!confirmed) return;
    // Told through the promise, not mutate's callbacks: the lists are read again before those would
    // run, and this button, gone with the suspension it lifted, would never hear them.
    lift.mutateAsync(postId).then(
      () => onStatus({ tone: 'ok', text: 'The suspension is lifted.' }),
      (error: Error) => onStatus({ tone: 'error', text: error.message }),
    );
  }

  return (
    <button
      type="button"
      onClick={() => void confirmAndLift()}
      disabled={lift.isPending}
      className={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
    >
      {lift.isPending ? 'Lifting...' : 'Lift suspension'}
    </button>
  );
}

/**
 * Who acted. A staff member whose account is gone is "Former moderator #12": the number tells their
 * entries from another former moderator's without naming them (issue #43).
 */
function actorLabel(actor: ModerationLogActor): string {
  switch (actor.kind) {
    case 'staff':
      return `@${actor.username}`;
    case 'former':
      return `Former ${actor.role === 'admin' || actor.role === 'moderator' ? actor.role : 'staff member'} #${actor.number}`;
    case 'command-line':
      return 'Command line';
  }
}

function LogEntry({ entry, onStatus }: { entry: ModerationLogEntry; onStatus: (status: Status) => void }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
      <p className="text-slate-900 dark:text-white">
        <span className="font-semibold">{actorLabel(entry.actor)}</span>{' '}
        {MODERATION_ACTION_LABELS[entry.action].toLowerCase()}
        {entry.postId ? (
          <>
            {' '}
            <Link to={paths.anonymousPost.getHref(entry.postId)} className={textLinkClasses}>
              (post)
            </Link>
          </>
        ) : null}
        {entry.asklineId ? (
          <>
            {' '}
            <Link to={paths.askline.getHref(entry.asklineId)} className={textLinkClasses}>
              {entry.asklineText ? `“${entry.asklineText}”` : '(askline)'}
            </Link>
          </>
        ) : null}
        {entry.target
          ? ` · @${entry.target}`
          : entry.postId && (entry.action === 'user_suspended' || entry.action === 'user_restored')
            ? ' · its author'
            : ''}
        {entry.detail ? ` · ${entry.detail}` : ''}
      </p>
      <span className="flex items-center gap-3">
        <LoggedAt isoDate={entry.createdAt} className="text-slate-600 dark:text-slate-400" />
        {entry.liftable && entry.postId ? <LiftButton postId={entry.postId} onStatus={onStatus} /> : null}
      </span>
    </div>
  );
}
