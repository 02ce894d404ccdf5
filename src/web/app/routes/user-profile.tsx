import { ProfilePostList } from '../../features/posts/components/profile-post-list';
import { ProfileRoute } from '../../features/profiles/routes/profile-route';

// /{username} (SPEC §2 Profile page): the profiles feature's header with the posts feature's list.
export function UserProfileRoute() {
  return (
    <ProfileRoute
      body={(profile) => <ProfilePostList username={profile.username} isOwner={profile.viewerIsOwner} />}
    />
  );
}
