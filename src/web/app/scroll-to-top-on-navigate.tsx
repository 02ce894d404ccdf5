import { useEffect } from 'react';
import { useLocation, useNavigationType } from '../lib/router';

// A new page starts at the top, as a full page load would. Back/forward (POP) is left to the browser,
// and links to an #anchor are left to the anchor.
export function ScrollToTopOnNavigate() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of pathname is the trigger.
  useEffect(() => {
    if (navigationType === 'POP' || hash) return;
    window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);

  return null;
}
