import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MODERATION_ACTION_LABELS, type ModerationLogEntry } from '../../../../shared/reports';
import { DocumentTitle } from '../../../components/document-title';
import { textLinkClasses } from '../../../components/ui/control-classes';
import { LoadError } from '../../../components/ui/load-error';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { paths } from '../../../config/paths';
import { moderationLogQueryOptions } from '../api/moderation-log-api';

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

// /admin/log (admins): what staff did, newest first. The author of an anonymous post is never named.
export function ModerationLogRoute() {
  const log = useInfiniteQuery(moderationLogQueryOptions);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <div className="mx-auto max-w-3xl px-4 pt-8 pb-20 sm:px-6 sm:pt-10">
      <DocumentTitle title="Moderation log" />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Moderation log</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Every resolve, delete, askline decision, role change and suspension, newest first.
      </p>
      <div className="mt-8">
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
          <ol className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {entries.map((entry) => (
              <li key={entry.id} className="px-4 py-3">
                <LogEntry entry={entry} />
              </li>
            ))}
          </ol>
        )}
        <LoadMoreButton list={log} label="More" />
      </div>
    </div>
  );
}

function LogEntry({ entry }: { entry: ModerationLogEntry }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
      <p className="text-slate-900 dark:text-white">
        <span className="font-semibold">{entry.actor ? `@${entry.actor}` : 'Command line'}</span>{' '}
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
              (askline)
            </Link>
          </>
        ) : null}
        {entry.target
          ? ` · @${entry.target}`
          : entry.postId && entry.action === 'user_suspended'
            ? ' · its author'
            : ''}
        {entry.detail ? ` · ${entry.detail}` : ''}
      </p>
      <time dateTime={entry.createdAt} className="text-slate-600 dark:text-slate-400">
        {timeFormat.format(new Date(entry.createdAt))}
      </time>
    </div>
  );
}
