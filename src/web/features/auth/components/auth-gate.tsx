import { useEffect, useState } from 'react';
import { DocumentTitle } from '../../../components/document-title';
import { Icon } from '../../../components/icons/icon';
import { composeButtonClasses, textLinkClasses } from '../../../components/ui/control-classes';
import { paths } from '../../../config/paths';
import { CONNECTION_MESSAGE } from '../../../lib/api-client';
import { Redirect } from '../../../lib/redirect';
import { Link, Outlet } from '../../../lib/router';
import { useSession } from '../api/session-query';
import { type GateRule, gateRedirect } from '../gate-rules';

export type { GateRule };

const CONTINUE_AFTER_MS = 3_000;
const GIVE_UP_AFTER_MS = 10_000;

/** Draws the screens inside for whom `rule` lets in (features/auth/gate-rules.ts); sends others away. */
export function AuthGate({ rule = 'profile' }: { rule?: GateRule }) {
  const { data: session, isError } = useSession();
  const [waitedLong, setWaitedLong] = useState(false);
  const [stuck, setStuck] = useState(false);
  const [continued, setContinued] = useState(false);

  useEffect(() => {
    if (session) return;
    const offerContinue = setTimeout(() => setWaitedLong(true), CONTINUE_AFTER_MS);
    const giveUp = setTimeout(() => setStuck(true), GIVE_UP_AFTER_MS);
    return () => {
      clearTimeout(offerContinue);
      clearTimeout(giveUp);
    };
  }, [session]);

  // A cached session (even while a refresh fails) decides at once: SPEC §4 falls back to the cache.
  if (session) {
    const elsewhere = gateRedirect(rule, session);
    return elsewhere ? <Redirect to={elsewhere} /> : <Outlet />;
  }
  if (continued) return <Outlet />;
  if (isError || stuck) return <ConnectionIssue />;
  return <LoadingAuthentication onContinue={waitedLong ? () => setContinued(true) : undefined} />;
}

function LoadingAuthentication({ onContinue }: { onContinue?: () => void }) {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <p role="status" className="flex items-center gap-3 text-slate-700 dark:text-slate-200">
        <Icon name="loader-circle" className="size-5 animate-spin motion-reduce:animate-none" />
        Loading authentication...
      </p>
      {onContinue ? (
        <button type="button" onClick={onContinue} className={textLinkClasses}>
          Click to continue anyway
        </button>
      ) : null}
    </div>
  );
}

function ConnectionIssue() {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center px-4 text-center">
      <DocumentTitle title="Connection Issue" />
      <span className="flex size-14 items-center justify-center rounded-2xl bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300">
        <Icon name="wifi-off" className="size-7" />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight">Connection Issue</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">{CONNECTION_MESSAGE}</p>
      <Link to={paths.home.getHref()} className={composeButtonClasses({ className: 'mt-8' })}>
        Return to Login
      </Link>
    </div>
  );
}
