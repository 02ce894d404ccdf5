// The session as TanStack Query knows it: cached for 5 minutes and kept across reloads (signed-in
// sessions only), so screens open at once and survive a flaky connection (SPEC §4).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { fetchSession, type Session } from './session-api';

const LONG_ABSENCE_MS = 30 * 60 * 1000;

export const sessionQueryOptions = queryOptions({
  queryKey: queryKeys.session,
  queryFn: (): Promise<Session> => fetchSession(),
  meta: {
    // Signed-out, demo and before-setup states are not worth keeping: they change soon (or are local),
    // and a stale "needs setup" kept across a reload would send someone with a profile back to setup.
    persist: (data) => {
      const session = data as Session;
      return Boolean(session.user) && !session.demo && !session.needsProfileSetup;
    },
  },
});

export function useSession() {
  return useQuery(sessionQueryOptions);
}

/** After a sign-in (or Demo Sign In) the cache learns the new session without asking again. */
export function rememberSession(session: Session): void {
  queryClient.setQueryData(sessionQueryOptions.queryKey, session);
}

// SPEC §4: coming back to the tab after more than 30 minutes asks the server again; a shorter absence
// keeps the cached session.
if (typeof document !== 'undefined') {
  let hiddenAt: number | null = null;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') {
      hiddenAt = Date.now();
    } else if (hiddenAt !== null && Date.now() - hiddenAt > LONG_ABSENCE_MS) {
      void queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
    }
  });
}
