import type { PostResult } from '../../../../shared/search';
import { postPagePath } from '../../../../shared/share-links';
import { Avatar } from '../../../components/avatar';
import { Icon } from '../../../components/icons/icon';
import { LinkifiedText } from '../../../components/linkified-text';
import { paths } from '../../../config/paths';
import { LocalDate } from '../../../lib/local-dates';
import { Link } from '../../../lib/router';

/**
 * A reply that search found (issue #49), marked as one: who wrote it as its thread shows them (a
 * member, or its label there, "Anonymous 2"), when, its text, and a link to its place in the thread,
 * where it is answered, reported or hidden like any reply.
 */
export function ReplyResult({
  reply,
  thread,
}: {
  reply: PostResult;
  thread: { postId: string; label: string | null };
}) {
  const author = reply.author;
  const name = author ? author.fullName : (thread.label ?? 'Anonymous');
  const place = `${postPagePath({ id: thread.postId, author: null })}#reply-${encodeURIComponent(reply.id)}`;
  return (
    <article
      aria-labelledby={`reply-result-${reply.id}`}
      className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h3 id={`reply-result-${reply.id}`} className="sr-only">
        Reply by {name}
      </h3>
      <p className="mb-2 flex items-center gap-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
        <Icon name="message-circle" className="size-3.5" />
        Reply in a thread
      </p>
      <div className="flex items-start gap-2.5">
        <Avatar name={name} src={author?.profilePictureUrl} size="sm" tone={author ? 'brand' : 'neutral'} />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
            {author ? (
              <Link
                to={paths.userProfile.getHref(author.username)}
                className="font-semibold text-slate-900 hover:underline dark:text-white"
              >
                {author.fullName}{' '}
                <span className="font-normal text-slate-600 dark:text-slate-400">@{author.username}</span>
              </Link>
            ) : (
              <span className="font-semibold text-slate-900 dark:text-white">{name}</span>
            )}
            <span className="text-slate-600 dark:text-slate-400">
              <LocalDate isoDate={reply.createdAt} kind="timeAgo" />
            </span>
          </p>
          <p className="mt-1 text-sm leading-6 break-words text-slate-800 dark:text-slate-100">
            <LinkifiedText text={reply.content} />
          </p>
          <Link
            to={place}
            className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
          >
            View in thread
            <span className="sr-only">: the reply by {name}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
