// The superlatives someone won, on their profile (issue #52): "Most likely to start a company · Class
// of 2026, VITC", once their class's results are shown. Drawn by the server with the profile
// (app/page-data.ts); nothing at all for someone who won none, or while it loads.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Icon } from '../../../components/icons/icon';
import { profileWinsQueryOptions } from '../api/wins-api';

export function ProfileWins({ username }: { username: string }) {
  const headingId = useId();
  const wins = useQuery(profileWinsQueryOptions(username)).data?.wins ?? [];
  if (wins.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h2
        id={headingId}
        className="text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400"
      >
        Superlatives
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {wins.map((win) => (
          <li
            key={`${win.year}-${win.campus}-${win.title}`}
            className="inline-flex items-center gap-2 rounded-2xl bg-amber-100 px-3 py-1 text-sm font-medium text-amber-950 dark:bg-amber-900 dark:text-amber-50"
          >
            <Icon name="sparkles" className="size-4 shrink-0" />
            {/* shared/values/superlatives.ts `superlativeWinLabel`, written here: importing it brought that
                whole module (its messages) to every profile (profile-wins.test.tsx checks they agree). */}
            {`${win.title} · Class of ${win.year}, ${win.campus}`}
          </li>
        ))}
      </ul>
    </section>
  );
}
