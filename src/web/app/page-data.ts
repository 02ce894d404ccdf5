// What each page asks the API for first, so the server can ask before it renders (entry-server.tsx):
// the same query options the pages use, so the answers land under the keys the pages read, and the
// browser finds them in its cache instead of asking again. Every page also gets the session (the
// navbar and the auth gate read it). Screens behind the auth gate load their lists only for someone
// signed in: for anyone else the gate sends them away and nothing else is needed.
import type { QueryClient } from '@tanstack/react-query';
import { matchPostPage, paths } from '../config/paths';
import { storageKeys } from '../config/storage-keys';
import { emailChangeLinkQueryOptions } from '../features/account/api/email-change-api';
import { asklineListQueryOptions, asklineQueryOptions } from '../features/asklines/api/asklines-queries';
import { sessionQueryOptions } from '../features/auth/api/session-query';
import { noticeQueryOptions } from '../features/notices/api/notice-api';
import { notificationsQueryOptions } from '../features/notifications/api/notifications-api';
import { unreadCountQueryOptions } from '../features/notifications/api/unread-count';
import {
  asklinePostsQueryOptions,
  feedQueryOptions,
  postQueryOptions,
  profilePostsQueryOptions,
} from '../features/posts/api/posts-queries';
import { profileQueryOptions } from '../features/profiles/api/profile-api';
import { reportsQueryOptions } from '../features/reports/api/reports-api';
import { postSearchQueryOptions, userSearchQueryOptions } from '../features/search/api/search-api';
import { readCookie } from '../lib/cookies';
import { matchPath } from '../lib/router';
import { readFeedSort, readReportsView, readSearch } from './route-params';

type Params = Record<string, string | undefined>;
/** `cookie`: the request's Cookie header, for what a browser keeps there (lib/cookies.ts). */
type Load = (client: QueryClient, params: Params, search: URLSearchParams, cookie: string) => unknown[];

interface PageData {
  path: string;
  /** Open to visitors: loaded with the session. */
  open?: Load;
  /** Behind the auth gate: loaded once the session says someone is signed in with a profile. */
  signedIn?: Load;
}

// Static paths: react-router ranks them above the catch-alls (pageFor, below).
const PAGES: PageData[] = [
  {
    // A mailed link of an email change: what it would do, for whoever is signed in (401 for visitors).
    path: paths.emailChange.path,
    open: (client, _, search) => {
      const token = search.get('token');
      return [token && !search.has('outcome') && client.prefetchQuery(emailChangeLinkQueryOptions(token))];
    },
  },
  { path: paths.asklines.path, open: (client) => [client.prefetchQuery(asklineListQueryOptions)] },
  {
    path: paths.askline.path,
    open: (client, { uuid = '' }) => [
      client.prefetchQuery(asklineQueryOptions(uuid)),
      client.prefetchInfiniteQuery(asklinePostsQueryOptions(uuid)),
    ],
  },
  {
    path: paths.dashboard.path,
    signedIn: (client, _, search, cookie) => [
      client.prefetchInfiniteQuery(feedQueryOptions(readFeedSort(search))),
      // Drawn with the page, unless this browser has seen it (notice-banner.tsx).
      readCookie(cookie, storageKeys.noticeSeen) !== 'true' && client.prefetchQuery(noticeQueryOptions),
    ],
  },
  {
    // Edit Profile: the form starts from the person's own profile (the session names it). Drawn
    // without it, the page read "Loading" while a browser holding a kept copy drew the form at once,
    // and React threw the server's page away (found by tests/e2e/screens.spec.ts).
    path: paths.editProfile.path,
    signedIn: (client) => {
      const username = client.getQueryData(sessionQueryOptions.queryKey)?.profile?.username;
      return [username && client.prefetchQuery(profileQueryOptions(username))];
    },
  },
  {
    path: paths.notifications.path,
    signedIn: (client) => [
      client.prefetchInfiniteQuery(notificationsQueryOptions),
      client.prefetchQuery(unreadCountQueryOptions),
    ],
  },
  {
    path: paths.search.path,
    signedIn: (client, _, search) => {
      const { query, wantUsers, wantPosts } = readSearch(search);
      return [
        wantUsers && client.prefetchInfiniteQuery(userSearchQueryOptions(query)),
        wantPosts && client.prefetchInfiniteQuery(postSearchQueryOptions(query)),
      ];
    },
  },
  {
    path: paths.reports.path,
    signedIn: (client, _, search) => {
      const { status, sort } = readReportsView(search);
      return [client.prefetchInfiniteQuery(reportsQueryOptions(status, sort))];
    },
  },
];

const STATIC_PATHS = new Set<string>(Object.values(paths).map((route) => route.path));

function pageFor(pathname: string): { page: PageData; params: Params } | null {
  for (const page of PAGES) {
    const match = matchPath(page.path, pathname);
    if (match) return { page, params: match.params };
  }
  // The catch-alls, as the router ranks them: /post/{id} and /{username}/{postId} unless a static
  // two-segment route claims the path; /{username} unless it is a static page.
  if (matchPostPage(pathname)) {
    const params = (matchPath(paths.anonymousPost.path, pathname) ?? matchPath(paths.userPost.path, pathname))
      ?.params;
    const page: PageData = {
      path: paths.userPost.path,
      open: (client, { username = null, postId = '' }) => [
        client.prefetchQuery(postQueryOptions(postId, username)),
      ],
    };
    return params ? { page, params } : null;
  }
  const profile = matchPath(paths.userProfile.path, pathname);
  if (profile && !STATIC_PATHS.has(pathname.replace(/\/$/, ''))) {
    const page: PageData = {
      path: paths.userProfile.path,
      signedIn: (client, { username = '' }) => [
        client.prefetchQuery(profileQueryOptions(username)),
        client.prefetchInfiniteQuery(profilePostsQueryOptions(username)),
      ],
    };
    return { page, params: profile.params };
  }
  return null;
}

/** Asks for everything the page at `url` shows first; failures stay in the cache as the page's errors. */
export async function loadPageData(client: QueryClient, url: URL, cookie: string): Promise<void> {
  const found = pageFor(url.pathname);
  const session = client.fetchQuery(sessionQueryOptions).catch(() => null);
  const open = found?.page.open?.(client, found.params, url.searchParams, cookie) ?? [];
  const signedInLoad = found?.page.signedIn;
  const gated = signedInLoad
    ? session.then((answer) =>
        answer?.user && !answer.needsProfileSetup
          ? Promise.all(signedInLoad(client, found.params, url.searchParams, cookie))
          : null,
      )
    : null;
  await Promise.all([session, gated, ...open]);
}
