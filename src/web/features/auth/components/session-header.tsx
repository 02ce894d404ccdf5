import type { ReactNode } from 'react';
import { matchRoute } from '../../../../shared/routes';
import { Icon } from '../../../components/icons/icon';
import { SiteHeader } from '../../../components/layout/site-header';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { type CreatePostState, paths } from '../../../config/paths';
import { usePreloadModule } from '../../../lib/lazy-page';
import { QueryProvider } from '../../../lib/query-client';
import { useReadyMark } from '../../../lib/ready-mark';
import { Link, useLocation, useNavigate } from '../../../lib/router';
import { useSession } from '../api/session-query';
import { ProfileMenu } from './profile-menu';
import { useSignedOutAnnouncement } from './signed-out-notice';

interface HeaderParts {
  /** A page's own actions for signed-in people (a post page: Copy, Embed, Download). */
  pageActions?: ReactNode;
  /** The notification bell (features/notifications, handed in by the layout): for members only. */
  bell?: ReactNode;
}

// The navbar for whoever is here: signed out it is the plain one; signed in (or in demo) the logo goes
// to the dashboard and Asklines, Search, Create and the profile menu appear (SPEC §2 Navbar; Asklines,
// issue #51). A page may bring
// actions of its own for signed-in people (a post page: Copy, Embed, Download), which replace Search
// and Create. A member with a profile also has the bell (issue #28); the demo user, who has no
// account on the server, does not. Before profile setup, none of them (issue #30).
export function SessionHeader(parts: HeaderParts) {
  return (
    <QueryProvider>
      <HeaderForSession {...parts} />
    </QueryProvider>
  );
}

function HeaderForSession({ pageActions, bell }: HeaderParts) {
  const { data: session, errorUpdateCount } = useSession();
  useSignedOutAnnouncement();
  // Rendered on the server for someone signed in: the HTML preloads this chunk (app/layouts/public-layout.tsx).
  usePreloadModule('features/auth/components/session-header.tsx', Boolean(session?.user));
  useReadyMark('header');
  // Unknown (the server failed to answer, nothing kept; also while it is asked again): whether they are
  // signed in is not known, so no Sign In is offered to someone who may well be (issue #46 item 5).
  if (!session && errorUpdateCount > 0) return <SiteHeader actions={false} />;
  if (!session?.user) return <SiteHeader />;
  // Before the profile exists, every member screen leads to setup: only the menu (Sign Out, the
  // public pages) is offered, and the logo leads to setup itself.
  const settingUp = session.needsProfileSetup;
  return (
    <SiteHeader
      logoHref={settingUp ? paths.profileSetup.getHref() : paths.dashboard.getHref()}
      actions={
        // member-actions: on phones the site's name gives them its room (styles.css).
        <div className="member-actions flex items-center gap-1.5 sm:gap-2">
          {settingUp ? null : (pageActions ?? <SearchAndCreate />)}
          {session.profile && !session.demo ? bell : null}
          <ProfileMenu session={session} />
        </div>
      }
    />
  );
}

function SearchAndCreate() {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  function openCreatePost() {
    // On an askline page, Create carries that askline to the create-post panel.
    const here = matchRoute(pathname);
    const asklineId = here?.id === 'askline' ? here.params.uuid : undefined;
    const state: CreatePostState = { openCreatePost: true, ...(asklineId ? { asklineId } : {}) };
    navigate(paths.dashboard.getHref(), { state });
  }

  return (
    <>
      {/* Asklines (issue #51): here from a tablet up; on a phone, in the profile menu. */}
      <span className="hidden md:inline-flex">
        <Link
          to={paths.asklines.getHref()}
          className={composeButtonClasses({ variant: 'ghost', size: 'sm' })}
        >
          <Icon name="message-circle-question-mark" className="size-5" />
          Asklines
        </Link>
      </span>
      <Link
        to={paths.search.getHref()}
        className={composeButtonClasses({ variant: 'ghost', size: 'sm' })}
        aria-label="Search"
      >
        <Icon name="search" className="size-5" />
        <span className="hidden sm:inline">Search</span>
      </Link>
      <button
        type="button"
        onClick={openCreatePost}
        className={composeButtonClasses({ size: 'sm' })}
        aria-label="Create a post"
      >
        <Icon name="square-pen" className="size-4" />
        <span className="hidden sm:inline">Create</span>
      </button>
    </>
  );
}
