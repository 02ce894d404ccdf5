import type { ReactNode } from 'react';
import { CAMPUS_ADDRESS_MARK } from '../../shared/campus-email';
import { CAMPUS_NAMES, type Institution } from '../../shared/institutions';
import { INSTAGRAM_HOSTS, isLinkTo, LINKEDIN_HOSTS } from '../../shared/values/profiles';
import { paths } from '../config/paths';
import { useLocalDate } from '../lib/local-dates';
import { Link } from '../lib/router';
import { Avatar } from './avatar';
import { Icon } from './icons/icon';
import { LinkifiedText } from './linkified-text';

export interface ProfileHeaderData {
  username: string;
  fullName: string;
  bio: string;
  institution: Institution;
  graduationYear: number;
  joinedAt: string;
  profilePictureUrl: string | null;
  instagramUrl: string | null;
  linkedinUrl: string | null;
  /** Named posts only (SPEC §2: anonymous posts excluded). */
  stats: { posts: number; likes: number };
  /** Where campus addresses alone are allowed: whether this account's confirmed address is one. */
  campusAddress?: boolean;
}

const socialLinkClasses =
  'flex size-10 items-center justify-center rounded-full border border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800';

// SPEC §2 profile header, for real profiles and the built-in demo alike: photo or initial, Posts and
// Likes, Instagram and LinkedIn, name, username, bio, campus, graduation year, Joined date.
export function ProfileHeader({
  profile,
  actions,
  linkClass = false,
}: {
  profile: ProfileHeaderData;
  actions?: ReactNode;
  /** "Class of 2026" leads to that class page on this campus's tab (issue #52); not on the demo. */
  linkClass?: boolean;
}) {
  const joined = useLocalDate(profile.joinedAt);
  // The server only stores links to these sites; checking again here means a bad row can never
  // become a javascript: or look-alike link on the page.
  const instagram =
    profile.instagramUrl && isLinkTo(profile.instagramUrl, INSTAGRAM_HOSTS) ? profile.instagramUrl : null;
  const linkedin =
    profile.linkedinUrl && isLinkTo(profile.linkedinUrl, LINKEDIN_HOSTS) ? profile.linkedinUrl : null;
  const details = [
    { label: 'Campus', icon: 'school' as const, text: CAMPUS_NAMES[profile.institution] },
    {
      label: 'Graduation',
      icon: 'graduation-cap' as const,
      text: linkClass ? (
        <Link
          to={paths.class.getHref(profile.graduationYear, profile.institution)}
          className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          Class of {profile.graduationYear}
        </Link>
      ) : (
        `Class of ${profile.graduationYear}`
      ),
    },
    {
      label: 'Member since',
      icon: 'calendar-days' as const,
      text: (
        <>
          Joined <time dateTime={profile.joinedAt}>{joined}</time>
        </>
      ),
    },
  ];

  return (
    <header className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-8 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-5">
        <Avatar name={profile.fullName} src={profile.profilePictureUrl} size="lg" />
        <div className="min-w-0 flex-1 basis-40">
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl dark:text-white">
            {profile.fullName}
          </h1>
          <p className="mt-0.5 break-words text-slate-600 dark:text-slate-400">@{profile.username}</p>
          {profile.campusAddress && (
            <p className="mt-1.5 inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-0.5 text-sm font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
              <Icon name="mail-check" className="size-4 shrink-0" />
              {CAMPUS_ADDRESS_MARK}
            </p>
          )}
        </div>
        {/* dt before dd keeps "Posts 1" in reading order; flex-col-reverse only lifts the number visually. */}
        <dl className="flex gap-6">
          <div className="flex flex-col-reverse items-center">
            <dt className="text-sm text-slate-600 dark:text-slate-400">Posts</dt>
            <dd className="text-xl font-bold text-slate-900 tabular-nums dark:text-white">
              {profile.stats.posts}
            </dd>
          </div>
          <div className="flex flex-col-reverse items-center">
            <dt className="text-sm text-slate-600 dark:text-slate-400">Likes</dt>
            <dd className="text-xl font-bold text-slate-900 tabular-nums dark:text-white">
              {profile.stats.likes}
            </dd>
          </div>
        </dl>
      </div>

      {profile.bio ? (
        <p className="mt-5 leading-7 text-slate-700 dark:text-slate-300">
          <LinkifiedText text={profile.bio} />
        </p>
      ) : null}

      <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-600 dark:text-slate-400">
        {details.map(({ label, icon, text }) => (
          <li key={label} className="flex items-center gap-1.5">
            <Icon name={icon} className="size-4 shrink-0 text-brand-600 dark:text-brand-300" />
            <span>{text}</span>
          </li>
        ))}
      </ul>

      {instagram || linkedin || actions ? (
        <div className="mt-5 flex flex-wrap items-center gap-3">
          {instagram ? (
            <a href={instagram} target="_blank" rel="noopener noreferrer" className={socialLinkClasses}>
              <Icon name="instagram" className="size-5" />
              <span className="sr-only">{`${profile.fullName} on Instagram`}</span>
            </a>
          ) : null}
          {linkedin ? (
            <a href={linkedin} target="_blank" rel="noopener noreferrer" className={socialLinkClasses}>
              <Icon name="linkedin" className="size-5" />
              <span className="sr-only">{`${profile.fullName} on LinkedIn`}</span>
            </a>
          ) : null}
          {actions ? <div className="ml-auto">{actions}</div> : null}
        </div>
      ) : null}
    </header>
  );
}
