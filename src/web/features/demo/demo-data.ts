import type { Institution } from '../../../shared/institutions';
import type { Post } from '../../../shared/posts';

// The built-in demo user (SPEC §3). Everything on /demo_user comes from here, so the page works with no
// server and no session, and nothing a visitor does can change it.

export type DemoProfile = {
  id: string;
  user_id: string;
  username: string;
  full_name: string;
  bio: string;
  institution: Institution;
  graduation_year: number;
  /** Always null: the demo loads no images from the network, so the avatar is an initial placeholder. */
  profile_picture_url: string | null;
  created_at: string;
};

/** The demo post shape of SPEC §3: a post already joined with its author and like data. */
export type DemoPost = {
  id: string;
  user_id: string;
  username: string;
  full_name: string;
  profile_picture_url: string | null;
  content: string;
  created_at: string;
  like_count: number;
  user_has_liked_post: boolean;
  is_anonymous: boolean;
};

const DEMO_USER_ID = 'demo-user';

export const demoProfile: DemoProfile = {
  id: 'demo-profile',
  user_id: DEMO_USER_ID,
  username: 'demo_user',
  full_name: 'Demo User',
  bio: "Hi! I'm the sample profile that shows you around Campus Yearbook. Final-year CSE, powered by canteen chai and last-minute lab records.",
  institution: 'VITC',
  graduation_year: 2025,
  profile_picture_url: null,
  // Midday UTC, so the calendar date is the same in every time zone a visitor might be in.
  created_at: '2025-01-05T12:00:00.000Z',
};

// Newest first, as a profile lists them. The anonymous one keeps the owner's ids: only the owner's own
// profile shows it, and the card hides the author (SPEC §2, anonymous posts).
export const demoPosts: readonly DemoPost[] = [
  {
    id: 'demo-post-2',
    user_id: DEMO_USER_ID,
    username: demoProfile.username,
    full_name: demoProfile.full_name,
    profile_picture_url: null,
    content:
      'Confession: I never understood a single slide of Signals and Systems. I passed on tutorial answers memorised at 3 a.m. and two packets of hostel Maggi. To whoever shared their notes on the group chat that night: you are the real topper.',
    created_at: '2025-04-02T12:00:00.000Z',
    like_count: 41,
    user_has_liked_post: false,
    is_anonymous: true,
  },
  {
    id: 'demo-post-1',
    user_id: DEMO_USER_ID,
    username: demoProfile.username,
    full_name: demoProfile.full_name,
    profile_picture_url: null,
    content:
      'Prediction for the Class of 2025: ten years from now half of us will still be typing "we should plan a reunion trip" in the batch group, and the other half will finally book it. Calling it now: Goa, December 2035. Screenshot this.',
    created_at: '2025-03-14T12:00:00.000Z',
    like_count: 24,
    user_has_liked_post: false,
    is_anonymous: false,
  },
];

/** A demo post in the API's shape, so the demo shows the same post card as the real app. */
export function demoPostAsPost(post: DemoPost): Post {
  return {
    id: post.id,
    content: post.content,
    isAnonymous: post.is_anonymous,
    author: post.is_anonymous
      ? null
      : {
          username: post.username,
          fullName: post.full_name,
          profilePictureUrl: post.profile_picture_url,
        },
    askline: null,
    createdAt: post.created_at,
    likeCount: post.like_count,
    likedByMe: post.user_has_liked_post,
    replyCount: 0,
    // The demo visitor "is" the demo user, the author of every demo post; nothing can be deleted.
    report: null,
    viewer: {
      isAuthor: true,
      canLike: false,
      canDelete: false,
      canRemove: false,
      canModerate: false,
      report: 'none',
      canSuspendAuthor: false,
      hidden: false,
      canHide: false,
      canMuteAuthor: 'none',
      canBlockAuthor: false,
    },
  };
}
