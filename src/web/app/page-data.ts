// What each page asks the API for first, so the server can ask before it renders (entry-server.tsx):
// the same query options the pages use, so the answers land under the keys the pages read, and the
// browser finds them in its cache instead of asking again. Every page also gets the session (the
// navbar and the auth gate read it). Screens behind the auth gate load their lists only for whom the
// route's gate lets in (features/auth/gate-rules.ts): for anyone else the gate sends them away and
// nothing else is needed (the reports queue is not asked for a member).
import type { QueryClient } from '@tanstack/react-query';
import { matchRoute, type Params, type RouteId } from '../../shared/routes';
import { classYearOf } from '../../shared/values/yearbook';
import { storageKeys } from '../config/storage-keys';
import { emailChangeLinkQueryOptions } from '../features/account/api/email-change-api';
import { appealsQueueQueryOptions, removalQueryOptions } from '../features/appeals/api/appeals-api';
import { asklineOfTheDayQueryOptions } from '../features/asklines/api/askline-of-the-day';
import { asklineListQueryOptions, asklineQueryOptions } from '../features/asklines/api/asklines-queries';
import { sessionQueryOptions } from '../features/auth/api/session-query';
import { gateRedirect } from '../features/auth/gate-rules';
import {
  bookPostsQueryOptions,
  classBookQueryOptions,
  myBookQueryOptions,
} from '../features/book/api/book-api';
import { heldQueueQueryOptions, ownHeldPostsQueryOptions } from '../features/held-posts/api/held-posts-api';
import { noticeQueryOptions } from '../features/notices/api/notice-api';
import { notificationsQueryOptions } from '../features/notifications/api/notifications-api';
import { unreadCountQueryOptions } from '../features/notifications/api/unread-count';
import {
  controlledPeopleQueryOptions,
  hiddenPostsQueryOptions,
  mutedWordsQueryOptions,
} from '../features/personal-controls/api/controls-api';
import {
  asklinePostsQueryOptions,
  feedQueryOptions,
  postQueryOptions,
  profilePostsQueryOptions,
} from '../features/posts/api/posts-queries';
import { profileQueryOptions } from '../features/profiles/api/profile-api';
import { threadQueryOptions } from '../features/replies/api/replies-queries';
import { reportsQueryOptions } from '../features/reports/api/reports-api';
import { wordListsQueryOptions } from '../features/safety/api/word-lists-api';
import { postSearchQueryOptions, userSearchQueryOptions } from '../features/search/api/search-api';
import {
  mySignatureQueryOptions,
  pendingSignaturesQueryOptions,
  signatureBookQueryOptions,
} from '../features/signatures/api/signatures-api';
import { classSuperlativesQueryOptions } from '../features/superlatives/api/superlatives-api';
import { profileWinsQueryOptions } from '../features/superlatives/api/wins-api';
import { transparencyQueryOptions } from '../features/transparency/api/transparency-api';
import { classQueryOptions } from '../features/yearbook/api/class-api';
import { ApiError } from '../lib/api-client';
import { readCookie } from '../lib/cookies';
import { isDemoSession } from '../lib/demo-flag';
import { queryClient } from '../lib/query-client';
import { readClassView, readFeedSort, readFeedTab, readReportsView, readSearch } from './route-params';
import { PAGE_ROUTES } from './route-table';

/** `cookie`: the request's Cookie header, for what a browser keeps there (lib/cookies.ts). */
type Load = (client: QueryClient, params: Params, search: URLSearchParams, cookie: string) => unknown[];

interface PageData {
  /** Open to visitors: loaded with the session. */
  open?: Load;
  /** Behind the auth gate: loaded once the session says the route's gate will show the page. */
  gated?: Load;
}

// By the route table's ids (src/shared/routes.ts, app/route-table.tsx): a page not here asks for the session alone.
const PAGES: Partial<Record<RouteId, PageData>> = {
  // A mailed link of an email change: what it would do, for whoever is signed in (401 for visitors).
  emailChange: {
    open: (client, _, search) => {
      const token = search.get('token');
      return [token && !search.has('outcome') && client.prefetchQuery(emailChangeLinkQueryOptions(token))];
    },
  },
  asklines: { open: (client) => [client.prefetchQuery(asklineListQueryOptions)] },
  transparency: { open: (client) => [client.prefetchQuery(transparencyQueryOptions)] },
  askline: {
    open: (client, { uuid = '' }) => [
      client.prefetchQuery(asklineQueryOptions(uuid)),
      client.prefetchInfiniteQuery(asklinePostsQueryOptions(uuid)),
    ],
  },
  dashboard: {
    gated: (client, _, search, cookie) => [
      client.prefetchInfiniteQuery(feedQueryOptions(readFeedSort(search), readFeedTab(search))),
      client.prefetchQuery(asklineOfTheDayQueryOptions),
      // Drawn with the page, unless this browser has seen it (notice-banner.tsx).
      readCookie(cookie, storageKeys.noticeSeen) !== 'true' && client.prefetchQuery(noticeQueryOptions),
    ],
  },
  // Edit Profile: the form starts from the person's own profile (the session names it). Drawn
  // without it, the page read "Loading" while a browser holding a kept copy drew the form at once,
  // and React threw the server's page away (found by tests/e2e/screens.spec.ts).
  editProfile: {
    gated: (client) => {
      const username = client.getQueryData(sessionQueryOptions.queryKey)?.profile?.username;
      return [username && client.prefetchQuery(profileQueryOptions(username))];
    },
  },
  notifications: {
    gated: (client) => [
      client.prefetchInfiniteQuery(notificationsQueryOptions),
      client.prefetchQuery(unreadCountQueryOptions),
    ],
  },
  search: {
    gated: (client, _, search) => {
      const { query, wantUsers, wantPosts } = readSearch(search);
      return [
        wantUsers && client.prefetchInfiniteQuery(userSearchQueryOptions(query)),
        wantPosts && client.prefetchInfiniteQuery(postSearchQueryOptions(query)),
      ];
    },
  },
  // A class page (issue #52): the tab and search the address names, and the tab's superlatives unless
  // it is a search; a year that is no class asks nothing.
  class: {
    gated: (client, { year = '' }, search) => {
      const { campus, query } = readClassView(search);
      if (classYearOf(year) === null) return [];
      return [
        client.prefetchInfiniteQuery(classQueryOptions(year, campus, query)),
        !query && client.prefetchQuery(classSuperlativesQueryOptions(year, campus)),
      ];
    },
  },
  // The book (issue #52): one's latest PDF and the first page of one's posts to choose from; for staff,
  // a class's check and its latest book.
  yearbook: {
    gated: (client) => [
      client.prefetchQuery(myBookQueryOptions),
      client.prefetchInfiniteQuery(bookPostsQueryOptions),
    ],
  },
  classBook: {
    gated: (client, { year = '' }, search) => [
      classYearOf(year) !== null &&
        client.prefetchQuery(classBookQueryOptions(year, readClassView(search).campus)),
    ],
  },
  // The Held or Appeals tab (issue #47) or a list of reports, whichever the address opens.
  reports: {
    gated: (client, _, search) => {
      if (search.get('tab') === 'held') return [client.prefetchInfiniteQuery(heldQueueQueryOptions())];
      if (search.get('tab') === 'appeals') return [client.prefetchInfiniteQuery(appealsQueueQueryOptions())];
      const { status, sort } = readReportsView(search);
      return [client.prefetchInfiniteQuery(reportsQueryOptions(status, sort))];
    },
  },
  adminWordLists: { gated: (client) => [client.prefetchInfiniteQuery(wordListsQueryOptions)] },
  // Mute and block (issue #48): all four lists, each a first page.
  controls: {
    gated: (client) => [
      client.prefetchQuery(mutedWordsQueryOptions),
      client.prefetchInfiniteQuery(controlledPeopleQueryOptions('mute')),
      client.prefetchInfiniteQuery(controlledPeopleQueryOptions('block')),
      client.prefetchInfiniteQuery(hiddenPostsQueryOptions),
    ],
  },
  // The post, and its thread's first page (issue #49): drawn with it, read without JavaScript.
  anonymousPost: {
    open: (client, { postId = '' }) => [
      postOrRemoval(client, postId, null),
      client.prefetchInfiniteQuery(threadQueryOptions(postId, 'oldest')),
    ],
  },
  userPost: {
    open: (client, { username = null, postId = '' }) => [
      postOrRemoval(client, postId, username),
      client.prefetchInfiniteQuery(threadQueryOptions(postId, 'oldest')),
    ],
  },
  // On one's own profile, also one's posts waiting for review (issue #47), drawn with the page; the
  // yearbook's signatures (issue #52), and one's own signature there or the ones waiting for one; the
  // superlatives they won.
  userProfile: {
    gated: (client, { username = '' }) => {
      const own = client.getQueryData(sessionQueryOptions.queryKey)?.profile?.username;
      const isOwn = own?.toLowerCase() === username.toLowerCase();
      return [
        client.prefetchQuery(profileQueryOptions(username)),
        client.prefetchInfiniteQuery(profilePostsQueryOptions(username)),
        isOwn && client.prefetchQuery(ownHeldPostsQueryOptions()),
        client.prefetchInfiniteQuery(signatureBookQueryOptions(username)),
        client.prefetchQuery(profileWinsQueryOptions(username)),
        isOwn
          ? client.prefetchInfiniteQuery(pendingSignaturesQueryOptions())
          : own && client.prefetchQuery(mySignatureQueryOptions(username)),
      ];
    },
  },
};

/**
 * A post page: the post; and where it is not found for someone signed in, whether it is their own
 * removed post (issue #47: the server tells its author alone; anyone else gets a 404 here too).
 */
async function postOrRemoval(client: QueryClient, postId: string, username: string | null): Promise<void> {
  const post = postQueryOptions(postId, username);
  await client.prefetchQuery(post);
  const error = client.getQueryState(post.queryKey)?.error;
  if (!(error instanceof ApiError && error.status === 404)) return;
  const session = await client.ensureQueryData(sessionQueryOptions).catch(() => null);
  if (session?.user && !session.demo) await client.prefetchQuery(removalQueryOptions(postId));
}

/** Asks for everything the page at `url` shows first; failures stay in the cache as the page's errors. */
export async function loadPageData(client: QueryClient, url: URL, cookie: string): Promise<void> {
  const found = matchRoute(url.pathname);
  const page = found ? PAGES[found.id] : undefined;
  // The browser's kept session decides, as its auth gate does; the server's new cache asks.
  const session = client.ensureQueryData(sessionQueryOptions).catch(() => null);
  const open = found && page?.open ? page.open(client, found.params, url.searchParams, cookie) : [];
  const gate = found ? PAGE_ROUTES[found.id].gate : undefined;
  const gatedLoad = page?.gated;
  const gated =
    found && gate && gatedLoad
      ? session.then((answer) =>
          answer && gateRedirect(gate, answer) === null
            ? Promise.all(gatedLoad(client, found.params, url.searchParams, cookie))
            : null,
        )
      : null;
  await Promise.all([session, gated, ...open]);
}

/**
 * In the browser, on moving to a page: asks for its first data beside the page's own code instead of
 * after it (app/layouts/public-layout.tsx). What was asked recently is not asked again (each query's
 * own freshness), and the page asks for anything that failed itself.
 */
export async function askForPageData(url: URL): Promise<void> {
  // The demo's pages draw what is built in, and ask the server for nothing (SPEC §2).
  if (isDemoSession()) return;
  await loadPageData(queryClient, url, document.cookie);
}
