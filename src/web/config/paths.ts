// Every client route in one place, so links and the router never disagree about a path.
// `path` is the router pattern; `getHref` builds a concrete link to it.

/** A page at one address, which its link repeats. */
const fixed = <Path extends string>(path: Path) => ({ path, getHref: () => path });

export const paths = {
  // The landing page's Get Started card carries this id, so the navbar's Sign In can bring it into view.
  home: { ...fixed('/'), signInSectionId: 'get-started' },
  about: fixed('/about'),
  contact: fixed('/contact'),
  terms: fixed('/terms'),
  privacy: fixed('/privacy'),
  cookies: fixed('/cookies'),
  /** Where the emailed password-reset link lands (not in SPEC's table; its reset flow needs a page). */
  resetPassword: fixed('/reset-password'),
  /** Where a digest email's unsubscribe link lands (issue #28): no sign-in needed. */
  unsubscribe: fixed('/unsubscribe'),
  /** Where an email change's links open: approve, then confirm, each by a button (issue #43). */
  emailChange: fixed('/email-change'),

  profileSetup: fixed('/profile/setup'),
  dashboard: fixed('/dashboard'),
  editProfile: fixed('/profile'),
  /** Your data and account: download, delete (issue #27). */
  account: fixed('/profile/account'),
  search: fixed('/search'),
  /** What happened to what you wrote: likes, answers, decisions (issue #28). */
  notifications: fixed('/notifications'),
  reports: fixed('/reports'),
  demoUser: fixed('/demo_user'),
  /** Admins: roles and suspension (issue «Accounts»; SPEC §6 leaves role assignment open). */
  adminUsers: fixed('/admin/users'),
  /** Admins: the dashboard notice (SPEC §3 keeps it remote; here admins edit it). */
  adminNotice: fixed('/admin/notice'),
  /** Admins: what staff did (issue «Moderation» 5). */
  moderationLog: fixed('/admin/log'),

  asklines: fixed('/asklines'),
  /** Admins and moderators: asklines waiting for verification (issue «Asklines» 4). */
  asklinesReview: fixed('/asklines/review'),
  askline: {
    path: '/askline/:uuid',
    getHref: (uuid: string) => `/askline/${encodeURIComponent(uuid)}`,
  },
  anonymousPost: {
    path: '/post/:postId',
    getHref: (postId: string) => `/post/${encodeURIComponent(postId)}`,
  },

  // The two catch-all patterns: the router ranks static segments above these, so /about or
  // /profile/setup never reach them.
  userProfile: {
    path: '/:username',
    getHref: (username: string) => `/${encodeURIComponent(username)}`,
  },
  userPost: {
    path: '/:username/:postId',
    getHref: (username: string, postId: string) =>
      `/${encodeURIComponent(username)}/${encodeURIComponent(postId)}`,
  },
} as const;

/**
 * Navigation state that opens the dashboard's create-post panel (SPEC §2 Dashboard), optionally with an
 * askline chosen: the navbar's Create, an askline's Answer.
 */
export interface CreatePostState {
  openCreatePost: true;
  asklineId?: string;
}

/**
 * The params of `pattern` (segments, `:name` for any one) if `pathname` fits it, else null. Enough for
 * the patterns above, and small: react-router's matcher would add a kilobyte to the landing page.
 */
function matchSegments(pattern: string, pathname: string): Record<string, string> | null {
  const wanted = pattern.split('/').filter(Boolean);
  const given = pathname.split('/').filter(Boolean);
  if (wanted.length !== given.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    const value = given[index] ?? '';
    if (segment.startsWith(':')) params[segment.slice(1)] = value;
    else if (segment !== value) return null;
  }
  return params;
}

/**
 * The post a path shows, if it is a post page: /post/{postId}, or /{username}/{postId} when no other
 * two-segment route (/profile/setup, /askline/{uuid}, /admin/log, ...) claims the path first, as the
 * router ranks them (SPEC §2 Navbar: Copy, Embed and Download replace Search and Create there).
 */
export function matchPostPage(pathname: string): { username: string | null; postId: string } | null {
  const anonymous = matchSegments(paths.anonymousPost.path, pathname);
  if (anonymous?.postId) return { username: null, postId: anonymous.postId };
  const claimed = Object.values(paths).some(
    (route) =>
      route !== paths.userPost &&
      route !== paths.anonymousPost &&
      route.path.split('/').length === 3 &&
      matchSegments(route.path, pathname),
  );
  if (claimed) return null;
  const named = matchSegments(paths.userPost.path, pathname);
  return named?.username && named.postId ? { username: named.username, postId: named.postId } : null;
}
