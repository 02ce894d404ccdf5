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
import { LandingDetails, LandingHeadline } from '../../features/landing/components/landing-hero';
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

      {/* One column on a phone: the headline, the card, then the rest, so the card is on the first
          screen. Beside the card (lg), the headline and the rest are one column again. */}
      <div className="mx-auto grid max-w-6xl gap-8 px-4 pt-8 pb-8 sm:gap-12 sm:px-6 sm:pt-16 lg:grid-cols-[1.15fr_1fr] lg:gap-x-16 lg:gap-y-4 lg:pb-16">
        <div className="lg:col-start-1 lg:row-start-1 lg:self-end">
          <LandingHeadline />
        </div>
        {/* Above the sticky Demo button (z-30 over its z-20): in a short window, where the button
            passes over the card, it goes under it instead of covering a field or a message. */}
        <div className="relative z-30 mx-auto w-full max-w-md lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:mr-0 lg:self-center">
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
        <div className="lg:col-start-1 lg:row-start-2 lg:self-start">
          <LandingDetails />
          {/* On a phone the Demo button rides along below the card: its sticky range is this part of
              the page alone, so it never covers the card's fields or messages. */}
          <StickyDemoSignIn className="mt-8 lg:hidden" />
        </div>
      </div>

      {/* Beside the card (lg), sticky within the landing content: it follows the reader down the page
          and comes to rest above the footer instead of covering its links. */}
      <StickyDemoSignIn className="mx-auto hidden max-w-6xl px-4 pb-4 sm:px-6 lg:flex" />
    </div>
  );
}

/** SPEC §2's sticky Demo Sign In button, kept to the right and above what it passes (but the card). */
function StickyDemoSignIn({ className }: { className: string }) {
  return (
    <div className={`pointer-events-none sticky bottom-4 z-20 flex justify-end sm:bottom-6 ${className}`}>
      <div className="pointer-events-auto">
        <DemoSignInButton onDemoSignIn={signInAsDemo} />
      </div>
    </div>
  );
}
