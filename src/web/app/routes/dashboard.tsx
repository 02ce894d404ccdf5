import { useInfiniteQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import {
  FEED_SORT_LABELS,
  FEED_SORTS,
  FEED_TAB_LABELS,
  FEED_TABS,
  type FeedSort,
  type FeedTab,
  POST_MESSAGES,
} from '../../../shared/values/posts';
import { DocumentTitle } from '../../components/document-title';
import { Icon } from '../../components/icons/icon';
import { composeButtonClasses } from '../../components/ui/control-classes';
import { LoadError } from '../../components/ui/load-error';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { MenuButton } from '../../components/ui/menu-button';
import { OfflineNotice } from '../../components/ui/offline-notice';
import type { CreatePostState } from '../../config/paths';
import { useSession } from '../../features/auth/api/session-query';
import { DemoNotice } from '../../features/demo/components/demo-notice';
import { demoPostAsPost, demoPosts } from '../../features/demo/demo-data';
import { NoticeBanner } from '../../features/notices/components/notice-banner';
import { feedQueryOptions, hiddenByMutedWords } from '../../features/posts/api/posts-queries';
import { MutedWordsLine } from '../../features/posts/components/muted-words-line';
import { PostCard } from '../../features/posts/components/post-card';
import { PostCardView } from '../../features/posts/components/post-card-view';
import { lazyPage } from '../../lib/lazy-page';
import { Link, useLocation, useNavigate, useSearchParams } from '../../lib/router';
import { useCachedFallback } from '../../lib/use-cached-fallback';
import { AsklineOfTheDay } from '../askline-of-the-day';
import { readCompose, readFeedSort, readFeedTab } from '../route-params';

/** SPEC §9: with no posts after 3 s, the cached ones show; then a refresh every 5 s, three times. */
const FEED_FALLBACK = { fallbackAfterMs: 3_000, retryEveryMs: 5_000, retries: 3 };

/** The create-post panel, loaded when it opens (app/dashboard-create-post.tsx). */
const DashboardCreatePost = lazyPage('app/dashboard-create-post.tsx', () =>
  import('../dashboard-create-post').then((m) => m.DashboardCreatePost),
);

// /dashboard (SPEC §2): the notice, the create-post panel, the feed in the chosen order with Explore
// More, and the empty state. The order and the tab (issue #51: Everyone, VITC, VITV, My class) live in
// the address (?sort=, ?feed=) so a reload keeps them; the tabs are links, working before the script.

/** The address's query for an order and a tab, leaving out the defaults. */
function feedSearch(sort: FeedSort, tab: FeedTab): Record<string, string> {
  return { ...(tab === 'everyone' ? {} : { feed: tab }), ...(sort === 'default' ? {} : { sort }) };
}

const TAB_EMPTY: Record<Exclude<FeedTab, 'everyone'>, string> = {
  vitc: 'No named posts from VITC yet.',
  vitv: 'No named posts from VITV yet.',
  class: 'No named posts from your class yet.',
};
export function DashboardRoute() {
  const { data: session } = useSession();
  if (session?.demo) return <DemoDashboard />;
  return <Dashboard />;
}

function Dashboard() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const sort = readFeedSort(params);
  const tab = readFeedTab(params);
  const openedWith = (location.state ?? null) as CreatePostState | null;
  const compose = readCompose(params);
  // Not from the navigation state at first: a reload keeps the history entry's state, which the
  // server cannot know, and the page it drew has the panel closed (hydration must match). The
  // effect below opens it.
  const [panelOpen, setPanelOpen] = useState(compose.open);
  // Opened by the address (the app's shortcut, text shared to it): the draft is taken, and the address
  // loses it, so a reload does not open it again.
  useEffect(() => {
    if (compose.open) setParams(feedSearch(sort, tab), { replace: true });
  }, [compose.open, sort, tab, setParams]);
  const [asklineId, setAsklineId] = useState<string | null>(null);

  // The navbar's Create (or an askline's Answer) opened this page, or pressed again while already
  // here: each press is a new navigation state.
  useEffect(() => {
    if (!openedWith?.openCreatePost) return;
    setPanelOpen(true);
    setAsklineId(openedWith.asklineId ?? null);
  }, [openedWith]);
  const { data: session } = useSession();
  // Only with an account: logging out clears the session first, and this must not ask again then.
  // "Show them": the posts the viewer's muted words hide, this once (issue #48).
  const [showMuted, setShowMuted] = useState(false);
  const feed = useInfiniteQuery({
    ...feedQueryOptions(sort, tab, showMuted),
    enabled: Boolean(session?.user),
  });
  const { data, fromCache } = useCachedFallback(feed, FEED_FALLBACK);
  const posts = data?.pages.flatMap((page) => page.posts) ?? [];

  function openPanel() {
    setJustPosted(null);
    setPanelOpen(true);
  }

  // Focus after posting (issue #51): the panel goes, so its focus would fall to the page's start. It
  // goes to the Create button that takes the panel's place, then to the new post once the feed shows
  // it (unless the reader has moved on by then).
  const createButton = useRef<HTMLButtonElement>(null);
  const [justPosted, setJustPosted] = useState<{ postId: string | null } | null>(null);
  useEffect(() => {
    if (!justPosted || panelOpen) return;
    if (isFocusLost()) createButton.current?.focus();
    if (justPosted.postId === null) setJustPosted(null);
  }, [justPosted, panelOpen]);
  useEffect(() => {
    if (!justPosted?.postId || !data) return;
    const card = document.querySelector<HTMLElement>(
      `article[data-post-id="${CSS.escape(justPosted.postId)}"]`,
    );
    if (!card) return;
    if (document.activeElement === createButton.current || isFocusLost()) {
      card.tabIndex = -1;
      card.focus();
    }
    setJustPosted(null);
  }, [justPosted, data]);

  function posted(postId: string | null) {
    setJustPosted({ postId });
    closePanel();
  }

  function closePanel() {
    setPanelOpen(false);
    setAsklineId(null);
    // The navigation state has done its job; a reload should not open the panel again.
    if (location.state) navigate({ search: location.search }, { replace: true, state: null });
  }

  return (
    <div className="mx-auto max-w-2xl px-4 pt-8 pb-20 sm:px-6 sm:pt-10">
      <DocumentTitle title="Dashboard" />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Dashboard</h1>
        <MenuButton
          label={`Filter: ${FEED_SORT_LABELS[sort]}`}
          buttonContent={
            <>
              Filter: {FEED_SORT_LABELS[sort]}
              <Icon name="chevron-down" className="size-4" />
            </>
          }
          buttonClassName={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
          items={FEED_SORTS.map((option) => ({
            key: option,
            label: FEED_SORT_LABELS[option],
            checked: option === sort,
            onSelect: () => setParams(feedSearch(option, tab), { replace: true }),
          }))}
        />
      </div>

      <nav aria-label="Feeds" className="mt-4">
        <ul className="flex w-full rounded-xl bg-slate-100 p-1 sm:inline-flex sm:w-auto dark:bg-slate-800">
          {FEED_TABS.map((option) => (
            <li key={option} className="flex-1 sm:flex-none">
              <Link
                to={`/dashboard${searchOf(feedSearch(sort, option))}`}
                replace
                aria-current={option === tab ? 'page' : undefined}
                className="block rounded-lg px-3 py-2 text-center text-sm font-medium whitespace-nowrap text-slate-600 hover:text-slate-900 aria-[current=page]:bg-white aria-[current=page]:text-slate-900 aria-[current=page]:shadow-sm dark:text-slate-300 dark:hover:text-white dark:aria-[current=page]:bg-slate-900 dark:aria-[current=page]:text-white"
              >
                {FEED_TAB_LABELS[option]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {sort === 'default' || tab !== 'everyone' ? (
        // Issue #51: the default order looked random; it says what it does (SPEC §9). A campus's or a
        // class's tab says why an anonymous post is not there (decision 038).
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {sort === 'default' ? 'Posts you haven’t liked yet come first, newest first.' : null}
          {sort === 'default' && tab !== 'everyone' ? ' ' : null}
          {tab === 'everyone' ? null : 'Anonymous posts are only under Everyone.'}
        </p>
      ) : null}

      <div className="mt-6 space-y-4">
        <NoticeBanner />
        {panelOpen ? (
          <Suspense fallback={<PanelLoading />}>
            <DashboardCreatePost
              asklineId={asklineId}
              onAsklineChange={setAsklineId}
              onPosted={posted}
              initialContent={compose.text}
            />
          </Suspense>
        ) : (
          <button
            ref={createButton}
            type="button"
            onClick={openPanel}
            className="flex w-full items-center gap-3 rounded-2xl border border-slate-200 bg-white px-4 py-3.5 text-left text-slate-600 hover:border-slate-300 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300"
          >
            <Icon name="square-pen" className="size-5 text-brand-600 dark:text-brand-300" />
            What's on your mind? Create a post
          </button>
        )}
      </div>

      <AsklineOfTheDay className="mt-6" />

      <section aria-label="Posts" className="mt-6">
        <MutedWordsLine
          hidden={hiddenByMutedWords(feed.data)}
          showing={showMuted}
          onToggle={() => setShowMuted((shown) => !shown)}
        />
        <OfflineNotice
          saved={posts.length > 0}
          otherwise={
            fromCache
              ? feed.isError
                ? POST_MESSAGES.loadFailed
                : 'The server is slow to answer: showing the posts you saw last.'
              : null
          }
        />
        {data ? (
          posts.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
              <p className="text-slate-700 dark:text-slate-300">
                {tab === 'everyone' ? POST_MESSAGES.empty : TAB_EMPTY[tab]}
              </p>
              <button
                type="button"
                onClick={openPanel}
                className={composeButtonClasses({ className: 'mt-5' })}
              >
                Create Your First Post
              </button>
            </div>
          ) : (
            <ul className="space-y-4">
              {posts.map((post) => (
                <li key={post.id}>
                  <PostCard post={post} />
                </li>
              ))}
            </ul>
          )
        ) : feed.isError ? (
          <LoadError message={POST_MESSAGES.loadFailed} onRetry={() => void feed.refetch()} />
        ) : (
          <p
            role="status"
            className="flex items-center justify-center gap-2 py-10 text-slate-600 dark:text-slate-300"
          >
            <Icon name="loader-circle" className="size-5 animate-spin motion-reduce:animate-none" />
            Loading posts...
          </p>
        )}

        {data ? <LoadMoreButton list={feed} /> : null}
      </section>
    </div>
  );
}

/** The demo user's dashboard: the built-in posts, with no request to the server (SPEC §6). */
function DemoDashboard() {
  return (
    <div className="mx-auto max-w-2xl px-4 pt-8 pb-20 sm:px-6 sm:pt-10">
      <DocumentTitle title="Dashboard" />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Dashboard</h1>
      <div className="mt-6">
        <DemoNotice />
      </div>
      <ul className="mt-6 space-y-4">
        {demoPosts.map((post) => (
          <li key={post.id}>
            <PostCardView post={demoPostAsPost(post)} shareable={false} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Focus is nowhere: on the page itself, as when the element holding it was taken away. */
function isFocusLost(): boolean {
  return document.activeElement === null || document.activeElement === document.body;
}

/** Where the panel will be, while its code arrives: its height, so the feed does not jump. */
function PanelLoading() {
  return (
    <div
      aria-busy="true"
      className="h-44 rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
    >
      <span className="sr-only">Opening the post form...</span>
    </div>
  );
}

/** "?a=1&b=2" from an address's query values, or "" for none. */
function searchOf(values: Record<string, string>): string {
  const query = new URLSearchParams(values).toString();
  return query ? `?${query}` : '';
}
