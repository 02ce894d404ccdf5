import { type ReactNode, useEffect, useRef, useState } from 'react';
import { SERVICE_TROUBLE_MESSAGE } from '../../../../shared/service-trouble';
import { DocumentTitle } from '../../../components/document-title';
import { Icon } from '../../../components/icons/icon';
import { composeButtonClasses, textLinkClasses } from '../../../components/ui/control-classes';
import { paths } from '../../../config/paths';
import { CONNECTION_MESSAGE, ConnectionError } from '../../../lib/api-client';
import { Redirect } from '../../../lib/redirect';
import { Link, Outlet } from '../../../lib/router';
import { useSession } from '../api/session-query';
import { type GateRule, gateRedirect } from '../gate-rules';

export type { GateRule };

const CONTINUE_AFTER_MS = 3_000;
const GIVE_UP_AFTER_MS = 10_000;

/** Draws the screens inside for whom `rule` lets in (features/auth/gate-rules.ts); sends others away. */
export function AuthGate({ rule = 'profile' }: { rule?: GateRule }) {
  const { data: session, error, errorUpdateCount, isFetching, refetch } = useSession();
  // Asking again clears the query's error until the answer comes: what failed last is kept here, so
  // the panel stays on screen (and says the same) while it tries again.
  const lastError = useRef<unknown>(null);
  if (error) lastError.current = error;
  const failed = !session && errorUpdateCount > 0;
  useRetryWithBackoff(failed, lastError.current, isFetching, refetch);
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
  // The server answered that it is in trouble: say so, not that the connection is at fault (issue #46).
  if (failed && lastError.current instanceof ConnectionError && lastError.current.status >= 500) {
    return <ServiceTrouble />;
  }
  if (failed || stuck) return <ConnectionIssue />;
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

const FIRST_RETRY_MS = 2_000;
const LONGEST_RETRY_MS = 60_000;

/**
 * While the session could not be read, asks again by itself: after the server's Retry-After when it
 * gave one, else after 2 s, doubling up to a minute. The gate lets the page through once it answers.
 */
function useRetryWithBackoff(
  failing: boolean,
  error: unknown,
  isFetching: boolean,
  refetch: () => Promise<unknown>,
) {
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!failing) {
      setAttempt(0);
      return;
    }
    if (isFetching) return;
    const retryAfter = error instanceof ConnectionError ? Number(error.retryAfter) : Number.NaN;
    const delay =
      retryAfter > 0 ? retryAfter * 1000 : Math.min(FIRST_RETRY_MS * 2 ** attempt, LONGEST_RETRY_MS);
    const timer = setTimeout(() => {
      setAttempt((count) => count + 1);
      void refetch();
    }, delay);
    return () => clearTimeout(timer);
  }, [failing, error, isFetching, attempt, refetch]);
}

/** The server, or a service behind it, is in trouble: nothing for the person to fix or to sign into. */
function ServiceTrouble() {
  return (
    <OutagePanel
      title="Service Trouble"
      icon={<Icon name="loader-circle" className="size-7 animate-spin motion-reduce:animate-none" />}
      message={SERVICE_TROUBLE_MESSAGE}
    >
      <p role="status" className="mt-3 text-sm text-slate-600 dark:text-slate-400">
        Trying again by itself; this page opens as soon as the service is back.
      </p>
    </OutagePanel>
  );
}

function ConnectionIssue() {
  return (
    <OutagePanel
      title="Connection Issue"
      icon={<Icon name="wifi-off" className="size-7" />}
      message={CONNECTION_MESSAGE}
    >
      <Link to={paths.home.getHref()} className={composeButtonClasses({ className: 'mt-8' })}>
        Return to Login
      </Link>
    </OutagePanel>
  );
}

function OutagePanel({
  title,
  icon,
  message,
  children,
}: {
  title: string;
  icon: ReactNode;
  message: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center px-4 text-center">
      <DocumentTitle title={title} />
      <span className="flex size-14 items-center justify-center rounded-2xl bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300">
        {icon}
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">{message}</p>
      {children}
    </div>
  );
}
