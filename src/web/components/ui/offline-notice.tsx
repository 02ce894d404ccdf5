import { useOnline } from '../../lib/use-online';
import { Icon } from '../icons/icon';

export const OFFLINE_MESSAGES = {
  saved: "You're offline — showing saved posts",
  nothingSaved: "You're offline — this will load when you're back online",
} as const;

/**
 * Over a screen while the browser has no network (issue #29): it shows the app's saved copy (`saved`),
 * or waits for the network. It goes when the network comes back and the screen asks again.
 * `otherwise`: what to say when online.
 */
export function OfflineNotice({ saved, otherwise = null }: { saved: boolean; otherwise?: string | null }) {
  const online = useOnline();
  const message = online ? otherwise : OFFLINE_MESSAGES[saved ? 'saved' : 'nothingSaved'];
  if (!message) return null;
  return (
    <p
      role="status"
      className="mb-4 flex items-start gap-2 rounded-xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 dark:bg-amber-950/60 dark:text-amber-200"
    >
      {online ? null : <Icon name="wifi-off" className="mt-0.5 size-4 shrink-0" />}
      {message}
    </p>
  );
}
