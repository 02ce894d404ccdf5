import { useEffect, useState, useSyncExternalStore } from 'react';
import { Icon } from '../../../components/icons/icon';
import { announce } from '../../../components/ui/announcer';
import { paths } from '../../../config/paths';
import {
  SIGNED_OUT_MESSAGE,
  signedOutNoticeUnsaid,
  subscribeToSignedOutNotice,
  takeSignedOutNotice,
} from '../signed-out-elsewhere';

// "You were signed out" (issue #43), said once where the person ends up when this browser learns that
// its session ended elsewhere (features/auth/signed-out-elsewhere.ts). A member's page leaves for the
// landing page (its auth gate sends it there, as the server does on a reload), where the notice stands
// above the sign-in card; a page open to visitors stays, drawn for a visitor, and the announcer says it.

/** Never on the server, nor while hydrating what it drew: only this browser learns it. */
function useSignedOutNoticeUnsaid(): boolean {
  return useSyncExternalStore(subscribeToSignedOutNotice, signedOutNoticeUnsaid, () => false);
}

/** On the landing page (its lazily loaded, session-aware part): stays until the person leaves. */
export function SignedOutNotice() {
  const unsaid = useSignedOutNoticeUnsaid();
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (unsaid && takeSignedOutNotice()) setShown(true);
  }, [unsaid]);

  if (!shown) return null;
  return (
    <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6">
      <p
        role="status"
        className="flex items-start gap-2 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm font-medium text-slate-800 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100"
      >
        <Icon name="log-out" className="mt-0.5 size-4 shrink-0" />
        {SIGNED_OUT_MESSAGE}
      </p>
    </div>
  );
}

/** In the navbar, on every page: a page other than the landing page says it through the announcer. */
export function useSignedOutAnnouncement(): void {
  const unsaid = useSignedOutNoticeUnsaid();

  useEffect(() => {
    if (!unsaid) return;
    // A member's page leaves for the landing page in the same render (its auth gate's redirect): looked
    // at after that, so the landing page's notice, not a toast about to vanish with the page, says it.
    const timer = setTimeout(() => {
      if (window.location.pathname !== paths.home.getHref() && takeSignedOutNotice()) {
        announce(SIGNED_OUT_MESSAGE, 'info');
      }
    });
    return () => clearTimeout(timer);
  }, [unsaid]);
}
