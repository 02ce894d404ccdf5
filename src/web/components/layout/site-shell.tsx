import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

// Landmarks every public page shares: skip link, header/nav, main, footer.
export function SiteShell({
  header = <SiteHeader />,
  children,
}: {
  header?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only rounded-lg bg-brand-600 font-semibold text-white shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      {header}
      {/* tabIndex lets the skip link move keyboard focus into main, not only scroll to it. It fills
          what the page leaves of the screen, so a short page ends with the footer at the bottom of
          the screen, not a screen of nothing below it (issue #30); the page arrives drawn by the
          server (decision 012), so the footer does not jump as its data arrives. */}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
