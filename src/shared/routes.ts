// Every page of the web app at its address, in one table, and the one way an address is matched to
// it (issue #45): the browser's router, the server's renderer and the first data it asks for, the
// navbar, and the server's share pages (preview tags, oEmbed) all read an address through
// `matchRoute`. What each page is beyond its address (its component, gate, data, navbar actions)
// lives in the web app's table (src/web/app/route-table.tsx), keyed by these ids.
//
// Matching is react-router's, and as loose as a browser: a static segment matches in any case,
// parameters are decoded, a trailing slash is ignored. Among patterns that match, the most specific
// wins (static segments above parameters), so /admin/log is the moderation log, never post "log" by
// someone called "admin", however it is written.
export const ROUTES = {
  home: '/',
  about: '/about',
  /** SPEC §2: /cookies shows the About page. */
  cookies: '/cookies',
  contact: '/contact',
  terms: '/terms',
  privacy: '/privacy',
  /** Moderation figures by month, open to all (issue #47). */
  transparency: '/transparency',
  /** Where the emailed password-reset link lands (not in SPEC's table; its reset flow needs a page). */
  resetPassword: '/reset-password',
  /** Where a digest email's unsubscribe link lands (issue #28): no sign-in needed. */
  unsubscribe: '/unsubscribe',
  /** Where an email change's links open: approve, then confirm, each by a button (issue #43). */
  emailChange: '/email-change',
  profileSetup: '/profile/setup',
  dashboard: '/dashboard',
  editProfile: '/profile',
  /** Your data and account: download, delete (issue #27). */
  account: '/profile/account',
  /** Mute and block: muted words, muted and blocked people, hidden posts (issue #48). */
  controls: '/profile/controls',
  search: '/search',
  /** A graduation year's members of a campus (issue #52): the yearbook's class page. */
  class: '/class/:year',
  /** A class's book as a PDF, for staff (issue #52): the check, make, progress, download. */
  classBook: '/class/:year/book',
  /** "My yearbook page" as a PDF (issue #52): choose posts, make, progress, download. */
  yearbook: '/yearbook',
  /** What happened to what you wrote: likes, answers, decisions (issue #28). */
  notifications: '/notifications',
  reports: '/reports',
  demoUser: '/demo_user',
  /** Admins: roles and suspension. */
  adminUsers: '/admin/users',
  /** Admins: the dashboard notice. */
  adminNotice: '/admin/notice',
  /** Admins: what staff did. */
  moderationLog: '/admin/log',
  /** Admins: the words they add to the text check's lists (issue #47). */
  adminWordLists: '/admin/word-lists',
  asklines: '/asklines',
  /** Admins and moderators: asklines waiting for verification. */
  asklinesReview: '/asklines/review',
  askline: '/askline/:uuid',
  anonymousPost: '/post/:postId',
  // The two catch-alls, ranked below every static page of the same length.
  userProfile: '/:username',
  userPost: '/:username/:postId',
} as const;

export type RouteId = keyof typeof ROUTES;
export type Params = Record<string, string | undefined>;

const segmentsOf = (pattern: string) => pattern.split('/').filter(Boolean);

/** react-router's ranking: a static segment 10, a parameter 3, a splat -2, an index route +2. */
export function routeScore(pattern: string, index = false): number {
  const segments = segmentsOf(pattern);
  let score = segments.length + (index ? 2 : 0);
  for (const segment of segments) score += segment === '*' ? -2 : segment.startsWith(':') ? 3 : 10;
  return score;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The parameters of `pathname` under `pattern` (the whole path, any case), or null. */
export function matchPath(pattern: string, pathname: string): { params: Params } | null {
  const want = segmentsOf(pattern);
  const have = segmentsOf(pathname);
  const params: Params = {};
  for (const [i, segment] of want.entries()) {
    if (segment === '*') {
      params['*'] = have.slice(i).map(decode).join('/');
      return { params };
    }
    const actual = have[i];
    if (actual === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = decode(actual);
    else if (decode(actual).toLowerCase() !== segment.toLowerCase()) return null;
  }
  return have.length === want.length ? { params } : null;
}

// Stable: among equal scores, the route listed first wins.
const RANKED = (Object.keys(ROUTES) as RouteId[]).sort(
  (a, b) => routeScore(ROUTES[b], b === 'home') - routeScore(ROUTES[a], a === 'home'),
);

/** The page an address shows, and its parameters; null for an address that is no page (404). */
export function matchRoute(pathname: string): { id: RouteId; params: Params } | null {
  for (const id of RANKED) {
    const match = matchPath(ROUTES[id], pathname);
    if (match) return { id, params: match.params };
  }
  return null;
}
