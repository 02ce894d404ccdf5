import type { ReplyContext } from '../../shared/reply-context';
import { postPagePath } from '../../shared/share-links';
import { Link } from '../lib/router';
import { Icon } from './icons/icon';

const EXCERPT_LENGTH = 120;

/**
 * For staff reading a reply away from its thread (a report, the Held tab; issue #49): that it is a
 * reply, to which post (its text, cut short), its label there when anonymous, and a link to the thread:
 * to the reply's place when it is published (`replyId`), else to the thread's replies.
 */
export function ReplyContextLine({
  context,
  replyId,
  className = '',
}: {
  context: ReplyContext;
  replyId?: string;
  className?: string;
}) {
  const text = context.postContent;
  const excerpt = text && text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text;
  const thread = postPagePath({ id: context.postId, author: null });
  return (
    <p
      className={`flex flex-wrap items-baseline gap-x-2 text-sm text-slate-700 dark:text-slate-300 ${className}`}
    >
      <span>
        <Icon name="message-circle" className="mr-1 inline size-4 align-[-3px]" />
        {context.label ? `Reply by ${context.label} to ` : 'Reply to '}
        {excerpt === null ? 'a post that is no longer there' : <q className="italic">{excerpt}</q>}
      </span>
      {excerpt === null ? null : (
        <Link
          to={replyId ? `${thread}#reply-${encodeURIComponent(replyId)}` : `${thread}#replies`}
          className="font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          View the thread
        </Link>
      )}
    </p>
  );
}
