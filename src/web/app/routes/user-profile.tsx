import { Suspense } from 'react';
import { ProfilePostList } from '../../features/posts/components/profile-post-list';
import { ProfileRoute } from '../../features/profiles/routes/profile-route';
import { lazyPage } from '../../lib/lazy-page';

/** The owner's posts waiting for review (issue #47): only the owner's profile loads this chunk. */
const OwnHeldPosts = lazyPage(
  'features/held-posts/components/own-held-posts.tsx',
  () => import('../../features/held-posts/components/own-held-posts').then((m) => m.OwnHeldPosts),
  { preload: false },
);

// /{username} (SPEC §2 Profile page): the profiles feature's header with the posts feature's list, and
// for the owner, their posts waiting for review above it.
export function UserProfileRoute() {
  return (
    <ProfileRoute
      body={(profile) => (
        <>
          {profile.viewerIsOwner ? (
            <Suspense fallback={null}>
              <OwnHeldPosts />
            </Suspense>
          ) : null}
          <ProfilePostList username={profile.username} isOwner={profile.viewerIsOwner} />
        </>
      )}
    />
  );
}
