import { useCallback, useId, useRef, useState } from 'react';
import { Icon } from '../../../components/icons/icon';
import { useDismiss } from '../../../components/ui/use-dismiss';
import { paths } from '../../../config/paths';
import { useInstallApp } from '../../../lib/install-prompt';
import { Link, useNavigate } from '../../../lib/router';
import { signOut } from '../api/account-requests';
import type { Session } from '../api/session-api';
import { forgetEverything, stopQueries, tellOtherTabsSignedOut } from '../sign-out';

const itemClasses =
  'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800';

// The profile menu (SPEC §2 Navbar): Profile, Edit Profile, My yearbook page (issue #52), Asklines and Your data and account (issue
// #51), Mute and block (issue #48), About, Contact, Reports (staff only), Logout. A disclosure: a button that
// shows a list of links; it closes on an outside click, on Escape (focus back on the button) and when
// an item is chosen.
export function ProfileMenu({ session }: { session: Session }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  const navigate = useNavigate();
  const installApp = useInstallApp();
  const profile = session.profile;
  const initial = (profile?.fullName || profile?.username || session.user?.email || '?')
    .charAt(0)
    .toUpperCase();

  useDismiss(open, close, containerRef, buttonRef);

  async function logOut() {
    setBusy(true);
    setError(null);
    try {
      // The demo user has no server session to end, and the other tabs have none of it.
      if (!session.demo) {
        await stopQueries();
        await signOut();
      }
      forgetEverything();
      if (!session.demo) tellOtherTabsSignedOut();
      setOpen(false);
      navigate(paths.home.getHref(), { replace: true });
    } catch {
      // SPEC §2: on error the user stays where they are, still signed in.
      setError('Failed to log out. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const links = [
    ...(profile ? [{ label: 'Profile', to: paths.userProfile.getHref(profile.username) }] : []),
    ...(profile ? [{ label: 'Edit Profile', to: paths.editProfile.getHref() }] : []),
    // One's page of the yearbook as a PDF (issue #52): made on the server, so not for the demo.
    ...(profile && !session.demo ? [{ label: 'My yearbook page', to: paths.yearbook.getHref() }] : []),
    // Issue #51: a headline feature in no menu before; the navbar shows it from a tablet up.
    { label: 'Asklines', to: paths.asklines.getHref() },
    // The demo's user has no account on the server: nothing to change, download or delete, and no
    // controls to keep. The account page was reached only through Edit Profile (issue #51).
    ...(profile && !session.demo
      ? [
          { label: 'Your data and account', to: paths.account.getHref() },
          { label: 'Mute and block', to: paths.controls.getHref() },
        ]
      : []),
    { label: 'About', to: paths.about.getHref() },
    { label: 'Contact', to: paths.contact.getHref() },
    // Staff items as the session's permissions (the server's policies) say.
    ...(profile?.permissions?.manageReports ? [{ label: 'Reports', to: paths.reports.getHref() }] : []),
    ...(profile?.permissions?.manageUsers ? [{ label: 'Manage users', to: paths.adminUsers.getHref() }] : []),
    ...(profile?.permissions?.editNotice
      ? [{ label: 'Dashboard notice', to: paths.adminNotice.getHref() }]
      : []),
    ...(profile?.permissions?.readModerationLog
      ? [{ label: 'Moderation log', to: paths.moderationLog.getHref() }]
      : []),
    ...(profile?.permissions?.manageWordLists
      ? [{ label: 'Word lists', to: paths.adminWordLists.getHref() }]
      : []),
  ];

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label="Account menu"
        onClick={() => setOpen((current) => !current)}
        className="flex size-10 items-center justify-center overflow-hidden rounded-full bg-brand-600 text-base font-bold text-white shadow-sm ring-offset-2 hover:bg-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500 dark:ring-offset-slate-950"
      >
        {profile?.profilePictureUrl ? (
          <img src={profile.profilePictureUrl} alt="" className="size-full object-cover" />
        ) : (
          initial
        )}
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute right-0 mt-2 w-60 rounded-2xl border border-slate-200 bg-white p-2 shadow-xl dark:border-slate-800 dark:bg-slate-900"
      >
        {/* Before profile setup there is no username yet: the account's email says who this is. */}
        <p className="truncate px-3 pt-1 pb-2 text-sm text-slate-600 dark:text-slate-300">
          Signed in as{' '}
          <span className="font-semibold text-slate-900 dark:text-white">
            {profile ? `@${profile.username}` : session.user?.email}
          </span>
        </p>
        <ul className="space-y-0.5">
          {links.map((link) => (
            <li key={link.label}>
              <Link to={link.to} className={itemClasses} onClick={() => setOpen(false)}>
                {link.label}
              </Link>
            </li>
          ))}
          {installApp ? (
            <li>
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  void installApp();
                }}
                className={itemClasses}
              >
                <Icon name="download" className="size-4" />
                Install app
              </button>
            </li>
          ) : null}
          <li className="mt-1 border-t border-slate-200 pt-1 dark:border-slate-800">
            <button type="button" onClick={logOut} disabled={busy} className={itemClasses}>
              <Icon name="log-out" className="size-4" />
              {busy ? 'Logging out...' : 'Logout'}
            </button>
          </li>
        </ul>
        {error ? (
          <p role="alert" className="px-3 pt-2 text-sm font-medium text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
