import { Suspense } from 'react';
import { BlockedNotice, PersonControls } from '../../features/personal-controls/components/person-controls';
import { ProfilePostList } from '../../features/posts/components/profile-post-list';
import { ProfileRoute } from '../../features/profiles/routes/profile-route';
import { SignaturesSection } from '../../features/signatures/components/signatures-section';
import { ProfileWins } from '../../features/superlatives/components/profile-wins';
import { lazyPage, usePreloadModule } from '../../lib/lazy-page';

/** The owner's posts waiting for review (issue #47): only the owner's profile loads this chunk. */
const OWN_HELD_POSTS = 'features/held-posts/components/own-held-posts.tsx';
const OwnHeldPosts = lazyPage(
  OWN_HELD_POSTS,
  () => import('../../features/held-posts/components/own-held-posts').then((m) => m.OwnHeldPosts),
  { preload: false },
);

// /{username} (SPEC §2 Profile page): the profiles feature's header with the posts feature's list; for
// the owner, their posts waiting for review above it; for another member, Mute and Block beside the
// name, and when they blocked this person, saying so with Unblock (issue #48); their yearbook's
// signatures above the posts (issue #52; not while the viewer blocks them: there is none to see), and
// above those the superlatives they won (issue #52).
export function UserProfileRoute() {
  return (
    <ProfileRoute
      actions={(profile) =>
        profile.controls ? <PersonControls username={profile.username} controls={profile.controls} /> : null
      }
      body={(profile) => (
        <>
          {profile.viewerIsOwner ? <OwnerWaitingPosts /> : null}
          {profile.controls?.blocked ? (
            <BlockedNotice username={profile.username} />
          ) : (
            <>
              <ProfileWins username={profile.username} />
              <SignaturesSection
                username={profile.username}
                fullName={profile.fullName}
                isOwner={profile.viewerIsOwner}
              />
            </>
          )}
          <ProfilePostList username={profile.username} isOwner={profile.viewerIsOwner} />
        </>
      )}
    />
  );
}

/** Drawn by the server too (app/page-data.ts asks for them), so its chunk is named with the page's. */
function OwnerWaitingPosts() {
  usePreloadModule(OWN_HELD_POSTS, true);
  return (
    <Suspense fallback={null}>
      <OwnHeldPosts />
    </Suspense>
  );
}
