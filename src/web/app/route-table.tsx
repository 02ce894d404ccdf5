// What each page of the app is, in one table keyed by the addresses of src/shared/routes.ts (issue
// #45): its component (its own chunk, loaded when the route is first visited, so the landing page
// downloads only React, the router, the shell and itself: budget 100 KB gzip), who may open it (the
// auth gate's rule, from the session's permissions), whether it shows answers (it is mounted inside
// the query layout, which brings TanStack Query), and the navbar's actions on it. The router draws
// the table (app/router.tsx), the navbar reads it (layouts/public-layout.tsx), and the first data each
// page asks for is keyed by the same ids (app/page-data.ts: kept apart, so the data layer's code stays
// off the pages that show none).
import type { ComponentType } from 'react';
import { matchRoute, type Params, type RouteId } from '../../shared/routes';
import type { GateRule } from '../features/auth/components/auth-gate';
import { lazyPage } from '../lib/lazy-page';

const LandingRoute = lazyPage('app/routes/landing.tsx', () =>
  import('./routes/landing').then((m) => m.LandingRoute),
);
const AboutRoute = lazyPage('app/routes/about.tsx', () => import('./routes/about').then((m) => m.AboutRoute));
const ContactRoute = lazyPage('app/routes/contact.tsx', () =>
  import('./routes/contact').then((m) => m.ContactRoute),
);
const TermsRoute = lazyPage('app/routes/terms.tsx', () => import('./routes/terms').then((m) => m.TermsRoute));
const PrivacyRoute = lazyPage('app/routes/privacy.tsx', () =>
  import('./routes/privacy').then((m) => m.PrivacyRoute),
);
const NotFoundRoute = lazyPage('app/routes/not-found.tsx', () =>
  import('./routes/not-found').then((m) => m.NotFoundRoute),
);
const SearchRoute = lazyPage('app/routes/search.tsx', () =>
  import('./routes/search').then((m) => m.SearchRoute),
);
export const QueryLayout = lazyPage('app/layouts/query-layout.tsx', () =>
  import('./layouts/query-layout').then((m) => m.QueryLayout),
);

export const AuthGate = lazyPage('features/auth/components/auth-gate.tsx', () =>
  import('../features/auth/components/auth-gate').then((m) => m.AuthGate),
);
const ResetPasswordRoute = lazyPage('features/auth/routes/reset-password-route.tsx', () =>
  import('../features/auth/routes/reset-password-route').then((m) => m.ResetPasswordRoute),
);
const AdminUsersRoute = lazyPage('features/admin-users/routes/admin-users-route.tsx', () =>
  import('../features/admin-users/routes/admin-users-route').then((m) => m.AdminUsersRoute),
);
const ProfileSetupRoute = lazyPage('features/profiles/routes/profile-setup-route.tsx', () =>
  import('../features/profiles/routes/profile-setup-route').then((m) => m.ProfileSetupRoute),
);
const EditProfileRoute = lazyPage('features/profiles/routes/edit-profile-route.tsx', () =>
  import('../features/profiles/routes/edit-profile-route').then((m) => m.EditProfileRoute),
);
const AccountRoute = lazyPage('features/account/routes/account-route.tsx', () =>
  import('../features/account/routes/account-route').then((m) => m.AccountRoute),
);
const NotificationsRoute = lazyPage('features/notifications/routes/notifications-route.tsx', () =>
  import('../features/notifications/routes/notifications-route').then((m) => m.NotificationsRoute),
);
const EmailChangeRoute = lazyPage('features/account/routes/email-change-route.tsx', () =>
  import('../features/account/routes/email-change-route').then((m) => m.EmailChangeRoute),
);
const UnsubscribeRoute = lazyPage('features/notifications/routes/unsubscribe-route.tsx', () =>
  import('../features/notifications/routes/unsubscribe-route').then((m) => m.UnsubscribeRoute),
);
const UserProfileRoute = lazyPage('app/routes/user-profile.tsx', () =>
  import('./routes/user-profile').then((m) => m.UserProfileRoute),
);
const DashboardRoute = lazyPage('app/routes/dashboard.tsx', () =>
  import('./routes/dashboard').then((m) => m.DashboardRoute),
);
const PostRoute = lazyPage('app/routes/post.tsx', () => import('./routes/post').then((m) => m.PostRoute));
const AdminNoticeRoute = lazyPage('features/notices/routes/admin-notice-route.tsx', () =>
  import('../features/notices/routes/admin-notice-route').then((m) => m.AdminNoticeRoute),
);
const AsklinesRoute = lazyPage('features/asklines/routes/asklines-route.tsx', () =>
  import('../features/asklines/routes/asklines-route').then((m) => m.AsklinesRoute),
);
const AsklineRoute = lazyPage('app/routes/askline.tsx', () =>
  import('./routes/askline').then((m) => m.AsklineRoute),
);
const ReviewAsklinesRoute = lazyPage('features/asklines/routes/review-asklines-route.tsx', () =>
  import('../features/asklines/routes/review-asklines-route').then((m) => m.ReviewAsklinesRoute),
);
const ReportsRoute = lazyPage('app/routes/reports.tsx', () =>
  import('./routes/reports').then((m) => m.ReportsRoute),
);
const ModerationLogRoute = lazyPage('features/moderation-log/routes/moderation-log-route.tsx', () =>
  import('../features/moderation-log/routes/moderation-log-route').then((m) => m.ModerationLogRoute),
);
const TransparencyRoute = lazyPage('features/transparency/routes/transparency-route.tsx', () =>
  import('../features/transparency/routes/transparency-route').then((m) => m.TransparencyRoute),
);
const WordListsRoute = lazyPage('features/safety/routes/word-lists-route.tsx', () =>
  import('../features/safety/routes/word-lists-route').then((m) => m.WordListsRoute),
);
const DemoUserRoute = lazyPage('app/routes/demo-user.tsx', () =>
  import('./routes/demo-user').then((m) => m.DemoUserRoute),
);

export interface PageRoute {
  page: ComponentType;
  /** Shows answers from the API: drawn inside the query layout. */
  data?: true;
  /** Only for whom the session allows (features/auth/components/auth-gate.tsx); open to all without. */
  gate?: GateRule;
  /** The navbar's Copy, Embed and Download replace Search and Create (SPEC §2 Navbar). */
  navbar?: 'post';
}

export const PAGE_ROUTES: Record<RouteId, PageRoute> = {
  home: { page: LandingRoute },
  about: { page: AboutRoute },
  cookies: { page: AboutRoute },
  contact: { page: ContactRoute },
  terms: { page: TermsRoute },
  privacy: { page: PrivacyRoute },
  transparency: { page: TransparencyRoute, data: true },
  resetPassword: { page: ResetPasswordRoute },
  unsubscribe: { page: UnsubscribeRoute },
  // The demo user's profile is built in; it needs no session (SPEC §2).
  demoUser: { page: DemoUserRoute },
  asklines: { page: AsklinesRoute, data: true },
  askline: { page: AsklineRoute, data: true },
  // Signed in or not: the page says what to do either way (the link names the account).
  emailChange: { page: EmailChangeRoute, data: true },
  anonymousPost: { page: PostRoute, data: true, navbar: 'post' },
  userPost: { page: PostRoute, data: true, navbar: 'post' },
  search: { page: SearchRoute, data: true, gate: 'profile' },
  dashboard: { page: DashboardRoute, data: true, gate: 'profile' },
  editProfile: { page: EditProfileRoute, data: true, gate: 'profile' },
  account: { page: AccountRoute, data: true, gate: 'profile' },
  notifications: { page: NotificationsRoute, data: true, gate: 'profile' },
  userProfile: { page: UserProfileRoute, data: true, gate: 'profile' },
  profileSetup: { page: ProfileSetupRoute, data: true, gate: 'setup' },
  // Staff screens: each opens with the permission the session grants for it.
  reports: { page: ReportsRoute, data: true, gate: 'manageReports' },
  asklinesReview: { page: ReviewAsklinesRoute, data: true, gate: 'reviewAsklines' },
  adminUsers: { page: AdminUsersRoute, data: true, gate: 'manageUsers' },
  adminNotice: { page: AdminNoticeRoute, data: true, gate: 'editNotice' },
  moderationLog: { page: ModerationLogRoute, data: true, gate: 'readModerationLog' },
  adminWordLists: { page: WordListsRoute, data: true, gate: 'manageWordLists' },
};

/** Drawn for an address no route matches (and for three or more segments). */
export { NotFoundRoute };

/** The page an address shows, with its parameters; null for one that is no page. */
export function pageRouteFor(pathname: string): (PageRoute & { id: RouteId; params: Params }) | null {
  const found = matchRoute(pathname);
  return found ? { ...PAGE_ROUTES[found.id], id: found.id, params: found.params } : null;
}
