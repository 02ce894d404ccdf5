import { useEffect, useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../../../shared/values/account';
import { Icon } from '../../../components/icons/icon';
import { useLocation, useNavigate } from '../../../lib/router';

/** The history state the account page leaves on its way to the landing page after a deletion. */
export const ACCOUNT_DELETED_STATE = { accountDeleted: true } as const;

// Says on the landing page that the account was deleted. Shown after hydration (the server cannot know
// a history entry's state), and said once: the entry's state is cleared, so a reload shows nothing.
export function AccountDeletedNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const [shown, setShown] = useState(false);
  const deleted = (location.state as Partial<typeof ACCOUNT_DELETED_STATE> | null)?.accountDeleted === true;

  useEffect(() => {
    if (!deleted) return;
    setShown(true);
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [deleted, navigate, location.pathname, location.search]);

  if (!shown) return null;
  return (
    <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6">
      <p
        role="status"
        className="flex items-start gap-2 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-200"
      >
        <Icon name="circle-check" className="mt-0.5 size-4 shrink-0" />
        {ACCOUNT_MESSAGES.deleted}
      </p>
    </div>
  );
}
