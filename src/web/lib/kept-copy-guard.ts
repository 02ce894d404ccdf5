// Whose kept copy of the query cache a page may show (lib/query-persistence.ts), and when it must go,
// is the session's business: the auth feature's (features/auth/kept-copy-guard.ts). lib imports no
// feature (src/web/boundaries.test.ts), so the app hands over the guard's loader at start
// (app/kept-copy-guard.ts, imported by main.tsx before any page's data layer runs). Without one, no
// kept copy is shown or kept: a copy nobody can judge could be another account's.
import type { DehydratedState, QueryClient } from '@tanstack/react-query';

export interface KeptCopyGuard {
  /** Whether a kept copy may be restored, given the session the page came with (undefined: none). */
  judgeKeptCopy(kept: DehydratedState, server: unknown): 'keep' | 'signed-out' | 'another-account';
  /** The page came with the server's word that the account whose copy was kept is signed out. */
  signedOutBeforeThisPage(): void;
  /** Watches the session from now on; everything kept goes when it ends. */
  watchForSignOut(queryClient: QueryClient): () => void;
}

/** Where the app puts the guard's loader. An object, not a setter: the smallest thing in every page's first file. */
export const keptCopyGuard: { load?: () => Promise<KeptCopyGuard> } = {};
