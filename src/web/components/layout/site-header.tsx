import type { MouseEvent, ReactNode } from 'react';
import { paths } from '../../config/paths';
import { site } from '../../config/site';
import { Link, useLocation } from '../../lib/router';
import { BrandMark } from '../brand-mark';
import { composeButtonClasses } from '../ui/control-classes';

// On the landing page a link to "/" would do nothing, so Sign In brings the sign-in card into view
// and puts the cursor in its first field instead (on a phone the card is below the fold).
function focusSignInCard(event: MouseEvent<HTMLAnchorElement>, pathname: string) {
  if (pathname !== paths.home.path) return;
  const card = document.getElementById(paths.home.signInSectionId);
  if (!card) return;
  event.preventDefault();
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  card.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  card.querySelector('input')?.focus({ preventScroll: true });
}

// The navbar (SPEC §2). Signed out: the logo and Sign In both go to the landing page. Signed in, the
// session-aware header (features/auth) points the logo at the dashboard and passes its own actions.
export function SiteHeader({
  logoHref = paths.home.getHref(),
  actions,
}: {
  logoHref?: string;
  actions?: ReactNode;
}) {
  const { pathname } = useLocation();

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/85 backdrop-blur-md dark:border-slate-800/80 dark:bg-slate-950/80">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6"
      >
        <Link
          to={logoHref}
          className="flex items-center gap-2.5 rounded-lg text-base font-bold tracking-tight text-slate-900 dark:text-white"
        >
          <BrandMark />
          {/* One line beside the actions; on phones, where they need the room, the mark alone (styles.css). */}
          <span className="site-name">{site.name}</span>
        </Link>
        {actions ?? (
          <Link
            to={paths.home.getHref()}
            onClick={(event) => focusSignInCard(event, pathname)}
            className={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
          >
            Sign In
          </Link>
        )}
      </nav>
    </header>
  );
}
