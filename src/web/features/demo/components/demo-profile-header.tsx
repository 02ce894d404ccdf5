import { CalendarDays, GraduationCap, School } from 'lucide-react';
import { CAMPUS_NAMES } from '../../../../shared/institutions';
import { countProfileStats } from '../count-profile-stats';
import type { DemoPost, DemoProfile } from '../demo-data';
import { formatShortDate } from '../format-short-date';
import { InitialAvatar } from './initial-avatar';

type DemoProfileHeaderProps = { profile: DemoProfile; posts: readonly DemoPost[] };

// SPEC §2 profile header. The Instagram and LinkedIn links are left out: the demo user has no accounts to
// link to, and a link to a stranger's profile would mislead.
export function DemoProfileHeader({ profile, posts }: DemoProfileHeaderProps) {
  const stats = countProfileStats(posts);
  const details = [
    { label: 'Campus', icon: School, text: CAMPUS_NAMES[profile.institution] },
    { label: 'Graduation', icon: GraduationCap, text: `Class of ${profile.graduation_year}` },
    {
      label: 'Member since',
      icon: CalendarDays,
      text: (
        <>
          Joined <time dateTime={profile.created_at}>{formatShortDate(profile.created_at)}</time>
        </>
      ),
    },
  ];

  return (
    <header className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-8 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-5">
        <InitialAvatar name={profile.full_name} size="lg" />
        <div className="min-w-0 flex-1 basis-40">
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl dark:text-white">
            {profile.full_name}
          </h1>
          <p className="mt-0.5 break-words text-slate-600 dark:text-slate-400">@{profile.username}</p>
        </div>
        {/* dt before dd keeps "Posts 1" in reading order; flex-col-reverse only lifts the number visually. */}
        <dl className="flex gap-6">
          <div className="flex flex-col-reverse items-center">
            <dt className="text-sm text-slate-600 dark:text-slate-400">Posts</dt>
            <dd className="text-xl font-bold text-slate-900 tabular-nums dark:text-white">{stats.posts}</dd>
          </div>
          <div className="flex flex-col-reverse items-center">
            <dt className="text-sm text-slate-600 dark:text-slate-400">Likes</dt>
            <dd className="text-xl font-bold text-slate-900 tabular-nums dark:text-white">{stats.likes}</dd>
          </div>
        </dl>
      </div>

      <p className="mt-5 leading-7 break-words text-slate-700 dark:text-slate-300">{profile.bio}</p>

      <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-600 dark:text-slate-400">
        {details.map(({ label, icon: Icon, text }) => (
          <li key={label} className="flex items-center gap-1.5">
            <Icon className="size-4 shrink-0 text-brand-600 dark:text-brand-300" aria-hidden="true" />
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </header>
  );
}
