// Everything this app keeps in the browser, in one place, so signing out can clear all of it.
export const storageKeys = {
  /** TanStack Query's persisted cache (cached session, feed and profile pages: SPEC §3-§4). */
  queryCache: 'yearbook-query-cache',
  /**
   * SPEC §3: the dashboard notice was seen; cleared on logout. A cookie, not storage, so the server
   * draws the dashboard with the notice or without it as it will stay (lib/cookies.ts, decision 015).
   */
  noticeSeen: 'yearbook-notice-seen',
  /** Session storage: the visitor signed in as the local demo user (no server session). */
  demoSession: 'yearbook-demo-session',
} as const;
