// How this browser learns that its session ended somewhere else (issue #43): signed out from another
// device, or ended there by a deletion, a suspension, a password reset or an email change. Until then
// the kept copy (lib/query-persistence.ts) would go on holding the account's anonymous posts, marked
// as its own, next to its named ones, for up to a day. The server says the session is gone when
// - a page it drew for a visitor finds a copy kept by a signed-in account (judged as the copy is read,
//   lib/query-persistence.ts): the copy is never restored;
// - a request sent as a member is answered 401;
// - the session, asked again, answers with no user where there was one;
// and another tab of this browser may say it (its Logout, or one of the above there). Then every kept
// copy goes at once, memory and storage, and the person is told. The demo user has no server
// session (demo-session.ts), so nothing the server says about sessions ends it. Offline the server
// says nothing, and the kept copy stays and shows (docs/decisions/018).
//
// Loaded with the kept copy's code, after the page is on screen: nothing here weighs on a first load.
import type { DehydratedState, Query, QueryClient } from '@tanstack/react-query';
import { storageKeys } from '../../config/storage-keys';
import { SIGNED_OUT_MESSAGE, setApiTransport } from '../../lib/api-client';
import { removeCookie } from '../../lib/cookies';
import { queryKeys } from '../../lib/query-keys';
import type { Session } from './api/session-api';
import { listenForSignOutInOtherTabs, removeKeptCopyNow, tellOtherTabsSignedOut } from './sign-out';

export { SIGNED_OUT_MESSAGE };

/** The server's answer for a visitor, which the cache takes at once instead of asking again. */
const SIGNED_OUT_SESSION: Session = { user: null, profile: null, needsProfileSetup: false };

const isSession = (query: Pick<Query, 'queryKey'>) => query.queryKey[0] === queryKeys.session[0];

/** The member this session is for; null for a visitor, and for the demo user (no server session). */
function signedInUser(session: Session | undefined): string | null {
  return session?.user && !session.demo ? session.user.id : null;
}

export type KeptCopyVerdict = 'keep' | 'signed-out' | 'another-account';

/**
 * Whether a kept copy may be restored, given the session the page came with (`server`: the server's
 * word of this moment; undefined when the page brought none, as the offline app's shell does).
 * A copy kept without a member's session (a visitor's posts) is anyone's to keep.
 */
export function judgeKeptCopy(kept: DehydratedState, server: Session | undefined): KeptCopyVerdict {
  const keptBy = signedInUser(kept.queries.find(isSession)?.state.data as Session | undefined);
  if (keptBy === null || server === undefined) return 'keep';
  if (signedInUser(server) === keptBy) return 'keep';
  return server.user ? 'another-account' : 'signed-out';
}

/**
 * The page came with the server's word that the account whose copy was kept is signed out here: the
 * copy is not restored (its reader removes it), and the rest of what the account kept goes too. What
 * the page holds in memory is the server's answers for a visitor, drawn on screen: it stays.
 */
export function signedOutBeforeThisPage(): void {
  removeKeptCopyNow();
  removeCookie(storageKeys.noticeSeen);
  tellOtherTabsSignedOut();
  raiseNotice();
}

/**
 * Watches this tab's session from now on (the kept copy is restored by then). Answers the function
 * that stops watching (for tests; a page watches for as long as it is open).
 */
export function watchForSignOut(queryClient: QueryClient): () => void {
  let signedInAs = signedInUser(queryClient.getQueryData<Session>(queryKeys.session));

  /** Every answer but the session goes from memory and storage; those on screen are asked again. */
  function forgetAccountAnswers() {
    queryClient.getMutationCache().clear();
    // Reset, not removed: a screen showing an answer hears that it is gone (and asks again, as whoever
    // is signed in now); a removed one would go on showing it until it next renders.
    void queryClient.resetQueries({ predicate: (query) => !isSession(query) });
    removeKeptCopyNow();
  }

  function endSession(heardFrom: 'server' | 'another tab') {
    signedInAs = null;
    void queryClient.cancelQueries({ queryKey: queryKeys.session });
    // Every screen learns it at once: a member's page leaves (its auth gate), the navbar turns.
    queryClient.setQueryData(queryKeys.session, SIGNED_OUT_SESSION);
    forgetAccountAnswers();
    removeCookie(storageKeys.noticeSeen);
    if (heardFrom === 'server') tellOtherTabsSignedOut();
    raiseNotice();
  }

  const stopWatchingSession = queryClient.getQueryCache().subscribe((event) => {
    if (!isSession(event.query)) return;
    if (event.type === 'removed') {
      signedInAs = null; // a sign-out here (features/auth/sign-out.ts)
      return;
    }
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const before = signedInAs;
    const answer = signedInUser(event.query.state.data as Session | undefined);
    signedInAs = answer;
    if (answer !== null) lowerNotice();
    // Only the server's answer tells: the app's own changes (a sign-in, Demo Sign In) are set by hand.
    if (event.action.manual || before === null || answer === before) return;
    if (answer === null) endSession('server');
    // Another account signed in since, in another tab: this tab's answers are the first one's.
    else forgetAccountAnswers();
  });

  // Every request the app sends goes through here (lib/api-client.ts). A 401 to one sent as a member:
  // the server no longer knows the session it was sent with. Not to one sent as a visitor or as the
  // demo user, whose requests have no session to end.
  const send = setApiTransport(async (path, init) => {
    const sentAs = signedInAs;
    const response = await send(path, init);
    if (response.status === 401 && sentAs !== null && sentAs === signedInAs) endSession('server');
    return response;
  });

  const stopListening = listenForSignOutInOtherTabs(() => {
    if (signedInAs !== null) endSession('another tab');
  });

  return () => {
    stopWatchingSession();
    stopListening();
    setApiTransport(send);
  };
}

// "You were signed out", until it has been said once (components/signed-out-notice.tsx): on the page
// where the person is, or on the landing page a member's page leaves for.
let noticeUnsaid = false;
const noticeListeners = new Set<() => void>();

function setNotice(unsaid: boolean) {
  if (noticeUnsaid === unsaid) return;
  noticeUnsaid = unsaid;
  for (const listener of noticeListeners) listener();
}

function raiseNotice() {
  setNotice(true);
}

/** Signed in again before it was said: it is no longer news. */
function lowerNotice() {
  setNotice(false);
}

export function signedOutNoticeUnsaid(): boolean {
  return noticeUnsaid;
}

export function subscribeToSignedOutNotice(listener: () => void): () => void {
  noticeListeners.add(listener);
  return () => noticeListeners.delete(listener);
}

/** True once, for whichever place says it. */
export function takeSignedOutNotice(): boolean {
  if (!noticeUnsaid) return false;
  setNotice(false);
  return true;
}
