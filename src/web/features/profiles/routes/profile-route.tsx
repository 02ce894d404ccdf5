import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Profile } from '../../../../shared/profiles';
import { DocumentTitle } from '../../../components/document-title';
import { Icon } from '../../../components/icons/icon';
import { ProfileHeader } from '../../../components/profile-header';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { FormOutcome } from '../../../components/ui/form-outcome';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { OfflineNotice } from '../../../components/ui/offline-notice';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useNotFoundStatus } from '../../../lib/redirect';
import { Link, useParams } from '../../../lib/router';
import { useCachedFallback } from '../../../lib/use-cached-fallback';
import { useOnline } from '../../../lib/use-online';
import { useSession } from '../../auth';
import { profileQueryOptions } from '../api/profile-api';

/** SPEC §9: a profile page still loading after 5 seconds shows the cached copy instead. */
const FALLBACK_AFTER_MS = 5_000;
const LOAD_FAILED = 'Failed to load profile. Please try again.';

// /{username} (SPEC §2 Profile page): the header now; the person's posts join it with the posts
// feature. A copy kept from an earlier visit shows at once while it is fresh (five minutes); an older
// copy shows when the server is slow (after 5 s) or fails, with a note saying so.
/** What goes under the header: the app puts the person's posts there (features stay apart). */
export type ProfileBody = (profile: Profile) => ReactNode;

/**
 * `body` goes under the header; `actions` beside someone else's name (the owner gets Edit Profile): the
 * app puts another feature's controls there.
 */
export function ProfileRoute({ body, actions }: { body?: ProfileBody; actions?: ProfileBody }) {
  const { username = '' } = useParams();
  // Keyed by username: moving to another profile starts its clock and fallback afresh.
  return <ProfilePage key={username} username={username} body={body} actions={actions} />;
}

function ProfilePage({
  username,
  body,
  actions,
}: {
  username: string;
  body: ProfileBody | undefined;
  actions: ProfileBody | undefined;
}) {
  const { data: session } = useSession();
  // Only with an account: logging out clears the session first, and this must not ask again then.
  const query = useQuery({ ...profileQueryOptions(username), enabled: Boolean(session?.user) });
  const { data: profile, fromCache } = useCachedFallback(query, { fallbackAfterMs: FALLBACK_AFTER_MS });
  const online = useOnline();
  useNotFoundStatus(query.error instanceof ApiError && query.error.status === 404);

  if (query.error instanceof ApiError && query.error.status === 404) {
    return <UserNotFound message={query.error.message} />;
  }
  if (profile) {
    return (
      <div className="mx-auto max-w-2xl px-4 pt-8 pb-20 sm:px-6 sm:pt-12">
        <DocumentTitle title={`${profile.fullName} (@${profile.username})`} />
        <OfflineNotice saved />
        {fromCache && online ? (
          <div className="mb-4">
            <FormOutcome
              outcome={{
                tone: 'error',
                text: query.isError
                  ? LOAD_FAILED
                  : 'The server is slow to answer: showing your saved copy of this profile.',
              }}
            />
          </div>
        ) : null}
        <ProfileHeader
          profile={profile}
          linkClass
          actions={
            profile.viewerIsOwner ? (
              <div className="flex flex-wrap justify-end gap-2">
                {/* One's page of the yearbook as a PDF (issue #52). */}
                <Link
                  to={paths.yearbook.getHref()}
                  className={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
                >
                  <Icon name="book-open" className="size-4" />
                  My yearbook page
                </Link>
                <Link
                  to={paths.editProfile.getHref()}
                  className={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
                >
                  <Icon name="pencil" className="size-4" />
                  Edit Profile
                </Link>
              </div>
            ) : (
              actions?.(profile)
            )
          }
        />
        {body?.(profile)}
      </div>
    );
  }
  if (query.isError) {
    return (
      <ProfileProblem title="Something went wrong" message={LOAD_FAILED}>
        <button
          type="button"
          onClick={() => void query.refetch()}
          className={composeButtonClasses({ variant: 'secondary' })}
        >
          Try Again
        </button>
      </ProfileProblem>
    );
  }
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center px-4">
      <DocumentTitle title="Profile" />
      <OfflineNotice saved={false} />
      <LoadingStatus>Loading profile...</LoadingStatus>
    </div>
  );
}

function UserNotFound({ message }: { message: string }) {
  return <ProfileProblem title="User Not Found" message={message} />;
}

function ProfileProblem({
  title,
  message,
  children,
}: {
  title: string;
  message: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center px-4 py-16 text-center">
      <DocumentTitle title={title} />
      <span className="flex size-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        <Icon name="user-x" className="size-7" />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 break-words text-slate-700 dark:text-slate-300">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {children}
        <Link to={paths.dashboard.getHref()} className={composeButtonClasses()}>
          Back to Dashboard
        </Link>
      </div>
    </div>
  );
}
