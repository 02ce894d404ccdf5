import type { ReactNode } from 'react';
import type { Signature } from '../../../../shared/signatures';
import { Avatar } from '../../../components/avatar';
import { paths } from '../../../config/paths';
import { LocalDate } from '../../../lib/local-dates';
import { Link } from '../../../lib/router';

// One signature as a yearbook shows it (issue #52): the writer's picture, name and @username (a link to
// their profile), the text as written (never HTML), its date, and the owner's buttons under it.
export function SignatureEntry({
  writer,
  content,
  date,
  children,
}: {
  writer: Signature['writer'];
  content: string;
  /** Approved ones: when approved; pending ones: when written or last edited. */
  date: string;
  children?: ReactNode;
}) {
  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-start gap-3">
        <Avatar name={writer.fullName} src={writer.profilePictureUrl} size="sm" />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <Link
              to={paths.userProfile.getHref(writer.username)}
              className="min-w-0 break-words font-semibold text-slate-900 underline-offset-2 hover:underline dark:text-white"
            >
              {writer.fullName}{' '}
              <span className="ml-0.5 font-normal text-slate-600 dark:text-slate-400">
                @{writer.username}
              </span>
            </Link>
            <time dateTime={date} className="text-slate-600 dark:text-slate-400">
              <LocalDate isoDate={date} />
            </time>
          </p>
          <p className="mt-2 whitespace-pre-wrap break-words text-slate-800 dark:text-slate-100">{content}</p>
          {children ? <div className="mt-3 flex flex-wrap gap-2">{children}</div> : null}
        </div>
      </div>
    </article>
  );
}
