import { ProfileHeader } from '../../../components/profile-header';
import { countProfileStats } from '../count-profile-stats';
import type { DemoPost, DemoProfile } from '../demo-data';

// The demo user's header is the real profile header over built-in data. The demo user has no
// Instagram or LinkedIn to link to: a link to a stranger's profile would mislead.
export function DemoProfileHeader({ profile, posts }: { profile: DemoProfile; posts: readonly DemoPost[] }) {
  return (
    <ProfileHeader
      profile={{
        username: profile.username,
        fullName: profile.full_name,
        bio: profile.bio,
        institution: profile.institution,
        graduationYear: profile.graduation_year,
        joinedAt: profile.created_at,
        profilePictureUrl: profile.profile_picture_url,
        instagramUrl: null,
        linkedinUrl: null,
        stats: countProfileStats(posts),
      }}
    />
  );
}
