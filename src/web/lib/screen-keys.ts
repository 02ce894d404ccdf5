// The query keys of the screens only members and staff reach (their account, notifications and
// controls, the staff pages): query-keys.ts's rules, in a module apart so that the pages a shared link
// opens load none of them.
import type { ReportSort, ReportStatus } from '../../shared/reports';

export const screenKeys = {
  /** The signed-in account as its owner sees it (features/account). */
  account: ['account'] as const,
  /** Its signed-in devices. */
  devices: ['account', 'devices'] as const,
  /** What an email change's mailed link would do (features/account). */
  emailChangeLink: (token: string) => ['account', 'email-link', token] as const,
  notice: ['notice'] as const,
  /** The signed-in person's notifications (issue #28): the bell's count, the list, the settings. */
  notifications: (part: 'unread' | 'list' | 'settings') => ['notifications', part] as const,
  usernameAvailability: (username: string) => ['username-availability', username] as const,
  userSearch: (query: string) => ['search', 'users', query] as const,
  /** Class pages (issue #52): a year's tab of a campus (null: the viewer's own) and its search. */
  classes: {
    all: ['classes'] as const,
    list: (year: string, campus: string | null, query: string) => ['classes', year, campus, query] as const,
  },
  /**
   * Signatures (issue #52): a person's yearbook (approved ones, by lower-cased username), the viewer's
   * own signature in it, and the viewer's pending ones.
   */
  signatures: {
    all: ['signatures'] as const,
    book: (username: string) => ['signatures', 'book', username.toLowerCase()] as const,
    mine: (username: string) => ['signatures', 'mine', username.toLowerCase()] as const,
    pending: ['signatures', 'pending'] as const,
  },
  /**
   * Superlatives (issue #52, decision 042): a class's round for the viewer (a year's campus, null: the
   * viewer's own), the classmates one may nominate, and a person's shown wins (by lower-cased username).
   */
  superlatives: {
    all: ['superlatives'] as const,
    round: (year: string, campus: string | null) => ['superlatives', 'round', year, campus] as const,
    nominees: (year: string, campus: string, query: string) =>
      ['superlatives', 'nominees', year, campus, query] as const,
    wins: (username: string) => ['superlatives', 'wins', username.toLowerCase()] as const,
  },

  /**
   * The book (issue #52): one's page (the latest job and the posts it chose), one's posts to choose
   * from, a class's book for staff (the check and its latest job), and one job as it is made.
   */
  book: {
    all: ['book'] as const,
    mine: ['book', 'mine'] as const,
    posts: ['book', 'posts'] as const,
    job: (id: string) => ['book', 'job', id] as const,
    classBooks: ['book', 'class'] as const,
    classYear: (year: string) => ['book', 'class', year] as const,
    classBook: (year: string, campus: string | null) => ['book', 'class', year, campus] as const,
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
