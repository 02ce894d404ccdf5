// Every query key of the web app, made here and nowhere else: a feature that needs another feature's
// cache (a like updating the reports page, a new post refreshing the asklines' counts) names it through
// these factories, never by writing the key out. Each group's `all` is the prefix of all its keys, for
// invalidating the group at once.
import type { FeedSort } from '../../shared/posts';
import type { ReportSort, ReportStatus } from '../../shared/reports';

export const queryKeys = {
  session: ['session'] as const,
  /** The signed-in account as its owner sees it (features/account). */
  account: ['account'] as const,
  /** Its signed-in devices. */
  devices: ['account', 'devices'] as const,
  /** What an email change's mailed link would do (features/account). */
  emailChangeLink: (token: string) => ['account', 'email-link', token] as const,
  notice: ['notice'] as const,
  /** The signed-in person's notifications (issue #28): the bell's count, the list, the settings. */
  notifications: (part: 'unread' | 'list' | 'settings') => ['notifications', part] as const,

  /** Every cached list of posts (InfiniteData of pages with `posts`): feed, profile, askline, search. */
  postLists: {
    all: ['post-lists'] as const,
    /** `showMuted`: the posts the viewer's muted words hide, shown this once (issue #48). */
    feed: (sort: FeedSort, showMuted = false) =>
      (showMuted ? ['post-lists', 'feed', sort, 'muted'] : ['post-lists', 'feed', sort]) as readonly string[],
    profile: (username: string) => ['post-lists', 'profile', username.toLowerCase()] as const,
    askline: (asklineId: string, showMuted = false) =>
      (showMuted
        ? ['post-lists', 'askline', asklineId, 'muted']
        : ['post-lists', 'askline', asklineId]) as readonly string[],
    search: (query: string) => ['post-lists', 'search', query] as const,
  },
  /** One post; opened as /{username}/{id} or /post/{id} (username null). */
  post: {
    all: ['post'] as const,
    byId: (id: string) => ['post', id] as const,
    one: (id: string, username: string | null) => ['post', id, username?.toLowerCase() ?? null] as const,
  },

  profiles: {
    all: ['profile'] as const,
    one: (username: string) => ['profile', username.toLowerCase()] as const,
  },
  usernameAvailability: (username: string) => ['username-availability', username] as const,
  userSearch: (query: string) => ['search', 'users', query] as const,

  asklines: {
    all: ['asklines'] as const,
    list: ['asklines', 'list'] as const,
    one: (id: string) => ['asklines', 'one', id] as const,
    pending: ['asklines', 'pending'] as const,
  },

  /** Staff: the reports page (InfiniteData of pages with `reports`, each holding its post). */
  reports: {
    all: ['reports'] as const,
    /** `default`: the order the server chooses (and names in its answer). */
    list: (status: ReportStatus, sort: ReportSort | 'default') => ['reports', status, sort] as const,
  },
  adminUsers: {
    all: ['admin-users'] as const,
    list: (query: string) => ['admin-users', query] as const,
  },
  /** Posts the text check held (issue #47): the author's own, and staff's Held tab. */
  heldPosts: (part: 'mine' | 'queue') => ['held', part] as const,
  /**
   * Statements of reasons and appeals (issue #47): the author's removed post (its statement and their
   * appeal), and staff's Appeals tab.
   */
  removal: (postId: string) => ['removal', postId] as const,
  appeals: ['appeals'] as const,
  /** Admins: the words they added to the text check's lists (issue #47). */
  wordLists: ['word-lists'] as const,
  /** What the composer says about posting (a new account's anonymous allowance). */
  postingAllowance: ['allowance'] as const,
  moderationLog: ['moderation-log'] as const,
  /** The public transparency report (issue #47). */
  transparency: ['transparency'] as const,
  sealedSuspensions: ['sealed-suspensions'] as const,
  /** The viewer's own personal controls (issue #48): blocks, mutes, hidden posts, muted words. */
  controls: {
    all: ['controls'] as const,
    people: (control: 'block' | 'mute') => ['controls', control] as const,
    hiddenPosts: ['controls', 'hidden-posts'] as const,
    mutedWords: ['controls', 'muted-words'] as const,
  },
};
