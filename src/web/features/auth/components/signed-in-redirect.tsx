import { paths } from '../../../config/paths';
import { QueryProvider } from '../../../lib/query-client';
import { Redirect } from '../../../lib/redirect';
import { useSession } from '../api/session-query';
import { SignedOutNotice } from './signed-out-notice';

// SPEC §2: a signed-in visitor at / goes to the dashboard (or to profile setup when that is pending).
// Not the demo user: Demo Sign In goes to /demo_user, and the landing page stays mounted while that
// page loads, so redirecting on a demo session would race it. Its own provider over the shared
// client: it is loaded lazily, outside any Query layout. Someone whose session ended elsewhere lands
// here, and is told so (issue #43).
export function SignedInRedirect({ redirect = true }: { redirect?: boolean }) {
  return (
    <QueryProvider>
      {redirect ? <RedirectWhenSignedIn /> : null}
      <SignedOutNotice />
    </QueryProvider>
  );
}

function RedirectWhenSignedIn() {
  const { data } = useSession();
  if (!data?.user || data.demo) return null;
  return <Redirect to={data.needsProfileSetup ? paths.profileSetup.getHref() : paths.dashboard.getHref()} />;
}
