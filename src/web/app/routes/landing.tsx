import { lazy, Suspense } from 'react';
import { CONFIRM_PARAM } from '../../../shared/values/confirmation';
import { DocumentTitle } from '../../components/document-title';
import { AccountDeletedNotice } from '../../features/account/components/account-deleted-notice';
import { ConfirmEmailCard } from '../../features/auth/components/confirm-email-card';
import { GetStartedCard } from '../../features/auth/components/get-started-card';
import {
  useAuthErrorFromAddress,
  useConfirmationFromAddress,
} from '../../features/auth/hooks/use-auth-error-from-address';
import { signInAsDemo, useServerAuthActions } from '../../features/auth/server-auth-actions';
import { DemoSignInButton } from '../../features/landing/components/demo-sign-in-button';
import { LandingHero } from '../../features/landing/components/landing-hero';
import { ParticleBackground } from '../../features/landing/components/particle-background';
import { useServerRender } from '../../lib/render-context';
import { useSearchParams } from '../../lib/router';

/**
 * The server marks the page when Google sign-in is configured (http/web-app.ts): no request needed.
 * Rendering on the server, it says so itself.
 */
function useGoogleSignInAvailable(): boolean {
  const server = useServerRender();
  if (server) return server.googleSignIn;
  return document.querySelector('meta[name="yearbook-google-sign-in"]') !== null;
}

// Loaded after the page: it needs the session (TanStack Query), which is not on the first load. It
// also says "You were signed out" to someone whose session ended elsewhere (issue #43).
const SignedInRedirect = lazy(() =>
  import('../../features/auth/components/signed-in-redirect').then((m) => ({ default: m.SignedInRedirect })),
);

export function LandingRoute() {
  const authError = useAuthErrorFromAddress();
  const confirmation = useConfirmationFromAddress();
  const authActions = useServerAuthActions();
  const googleAvailable = useGoogleSignInAvailable();
  // A confirmation mail's link (issue #43): its button, in the card's place.
  const confirmToken = useSearchParams()[0].get(CONFIRM_PARAM);

  return (
    <div className="relative isolate overflow-clip">
      <DocumentTitle />
      <Suspense fallback={null}>
        {/* Someone signed in who opens a confirmation link stays for its button. */}
        <SignedInRedirect redirect={!confirmToken} />
      </Suspense>
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-20 bg-[radial-gradient(ellipse_80%_60%_at_20%_0%,var(--color-brand-100),transparent_70%),radial-gradient(ellipse_60%_50%_at_90%_30%,oklch(0.95_0.05_85),transparent_70%)] dark:bg-[radial-gradient(ellipse_80%_60%_at_20%_0%,oklch(0.3_0.12_277/0.6),transparent_70%),radial-gradient(ellipse_60%_50%_at_90%_30%,oklch(0.3_0.08_300/0.35),transparent_70%)]"
      />
      <ParticleBackground className="absolute inset-0 -z-10 size-full" />
      <AccountDeletedNotice />

      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-10 pb-8 sm:px-6 sm:pt-16 lg:grid-cols-[1.15fr_1fr] lg:gap-16 lg:pb-16">
        <LandingHero />
        <div className="mx-auto w-full max-w-md lg:mr-0">
          {confirmToken ? (
            <ConfirmEmailCard token={confirmToken} />
          ) : (
            <GetStartedCard
              actions={authActions}
              googleAvailable={googleAvailable}
              initialError={authError}
              confirmation={confirmation}
            />
          )}
        </div>
      </div>

      {/* Sticky within the landing content: it follows the reader down the page and comes to rest
          above the footer instead of covering its links. */}
      <div className="pointer-events-none sticky bottom-4 z-20 sm:bottom-6 mx-auto flex max-w-6xl justify-end px-4 pb-4 sm:px-6">
        <div className="pointer-events-auto">
          <DemoSignInButton onDemoSignIn={signInAsDemo} />
        </div>
      </div>
    </div>
  );
}
