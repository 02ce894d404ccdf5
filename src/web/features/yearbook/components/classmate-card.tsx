import type { Classmate } from '../../../../shared/yearbook';
import { Avatar } from '../../../components/avatar';
import { paths } from '../../../config/paths';
import { Link } from '../../../lib/router';

// One member on a class page (issue #52): photo or initial, name and @username (one link to their
// profile, which the whole card answers to), and the first line of their bio.
export function ClassmateCard({ member }: { member: Classmate }) {
  return (
    <article className="relative flex h-full flex-col items-center rounded-2xl border border-slate-200 bg-white p-4 text-center focus-within:ring-2 focus-within:ring-brand-500 hover:border-brand-300 hover:bg-brand-50/40 dark:border-slate-800 dark:bg-slate-900 dark:hover:bg-slate-800">
      <Avatar name={member.fullName} src={member.profilePictureUrl} size="lg" />
      <h2 className="mt-3 w-full text-base leading-snug font-semibold break-words text-slate-900 dark:text-white">
        <Link
          to={paths.userProfile.getHref(member.username)}
          className="outline-none after:absolute after:inset-0 after:rounded-2xl"
        >
          {member.fullName}
          <span className="mt-0.5 block truncate text-sm font-normal text-slate-600 dark:text-slate-400">
            @{member.username}
          </span>
        </Link>
      </h2>
      {member.bioLine ? (
        <p className="mt-2 line-clamp-2 w-full text-sm break-words text-slate-700 dark:text-slate-300">
          {member.bioLine}
        </p>
      ) : null}
    </article>
  );
}
