// Every query key of the web app, made here and nowhere else: a feature that needs another feature's
// cache (a like updating the reports page, a new post refreshing the asklines' counts) names it through
// these factories, never by writing the key out. Each group's `all` is the prefix of all its keys, for
// invalidating the group at once. Here are the keys of what the pages a visitor opens show (posts,
// profiles, asklines, the session); the keys of the screens only members and staff reach are in
// screen-keys.ts, a module apart, so that the code of the pages a shared link opens carries none of
// them (their 100 KB budget, issue #26).
import type { FeedSort, FeedTab } from '../../shared/posts';
import type { ThreadOrder } from '../../shared/values/replies';

export const queryKeys = {
  session: ['session'] as const,

  /** Every cached list of posts (InfiniteData of pages with `posts`): feed, profile, askline, search. */
  postLists: {
    all: ['post-lists'] as const,
    /** `showMuted`: the posts the viewer's muted words hide, shown this once (issue #48). */
    feed: (sort: FeedSort, tab: FeedTab = 'everyone', showMuted = false) =>
      ['post-lists', 'feed', sort, tab, showMuted] as const,
    profile: (username: string) => ['post-lists', 'profile', username.toLowerCase()] as const,
    askline: (asklineId: string, showMuted = false) =>
      ['post-lists', 'askline', asklineId, showMuted] as const,
    search: (query: string) => ['post-lists', 'search', query] as const,
  },
  /** One post; opened as /{username}/{id} or /post/{id} (username null). */
  post: {
    all: ['post'] as const,
    byId: (id: string) => ['post', id] as const,
    one: (id: string, username: string | null) => ['post', id, username?.toLowerCase() ?? null] as const,
  },

  /**
   * A post's thread (issue #49): its pages in an order, and the rest of a branch; each with what the
   * viewer's muted words hide when they asked to see it.
   */
  threads: {
    all: (postId: string) => ['thread', postId] as const,
    page: (postId: string, order: ThreadOrder, showMuted = false) =>
      ['thread', postId, order, showMuted] as const,
    branch: (postId: string, branchId: string, showMuted = false) =>
      ['thread', postId, 'branch', branchId, showMuted] as const,
  },

  profiles: {
    all: ['profile'] as const,
    one: (username: string) => ['profile', username.toLowerCase()] as const,
  },

  asklines: {
    all: ['asklines'] as const,
    list: ['asklines', 'list'] as const,
    one: (id: string) => ['asklines', 'one', id] as const,
    pending: ['asklines', 'pending'] as const,
  },
};
