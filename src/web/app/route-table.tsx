// What each page of the app is, in one table keyed by the addresses of src/shared/routes.ts (issue
// #45): its component (its own chunk, loaded when the route is first visited, so the landing page
// downloads only React, the router, the shell and itself: budget 100 KB gzip), who may open it (the
// auth gate's rule, from the session's permissions), whether it shows answers (it is mounted inside
// the query layout, which brings TanStack Query), and the navbar's actions on it. The router draws
// the table (app/router.tsx), the navbar reads it (layouts/public-layout.tsx), and the first data each
// page asks for is keyed by the same ids (app/page-data.ts: kept apart, so the data layer's code stays
// off the pages that show none).
import { type ComponentType, createElement } from 'react';
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
export const QueryLayout = lazyPage('app/layouts/query-layout.tsx', () =>
  import('./layouts/query-layout').then((m) => m.QueryLayout),
);

export const AuthGate = lazyPage('features/auth/components/auth-gate.tsx', () =>
  import('../features/auth/components/auth-gate').then((m) => m.AuthGate),
);
const ResetPasswordRoute = lazyPage('features/auth/routes/reset-password-route.tsx', () =>
  import('../features/auth/routes/reset-password-route').then((m) => m.ResetPasswordRoute),
);
const EmailChangeRoute = lazyPage('features/account/routes/email-change-route.tsx', () =>
  import('../features/account/routes/email-change-route').then((m) => m.EmailChangeRoute),
);
const UnsubscribeRoute = lazyPage('features/notifications/routes/unsubscribe-route.tsx', () =>
  import('../features/notifications/routes/unsubscribe-route').then((m) => m.UnsubscribeRoute),
);
const PostRoute = lazyPage('app/routes/post.tsx', () => import('./routes/post').then((m) => m.PostRoute));
const AsklinesRoute = lazyPage('features/asklines/routes/asklines-route.tsx', () =>
  import('../features/asklines/routes/asklines-route').then((m) => m.AsklinesRoute),
);
const AsklineRoute = lazyPage('app/routes/askline.tsx', () =>
  import('./routes/askline').then((m) => m.AsklineRoute),
);
const TransparencyRoute = lazyPage('features/transparency/routes/transparency-route.tsx', () =>
  import('../features/transparency/routes/transparency-route').then((m) => m.TransparencyRoute),
);
const DemoUserRoute = lazyPage('app/routes/demo-user.tsx', () =>
  import('./routes/demo-user').then((m) => m.DemoUserRoute),
);

/** Pages behind the auth gate: their components are listed in gated-pages.tsx, a chunk of its own. */
export type GatedRouteId =
  | 'search'
  | 'class'
  | 'classBook'
  | 'yearbook'
  | 'dashboard'
  | 'editProfile'
  | 'account'
  | 'controls'
  | 'notifications'
  | 'userProfile'
  | 'profileSetup'
  | 'reports'
  | 'asklinesReview'
  | 'adminUsers'
  | 'adminNotice'
  | 'moderationLog'
  | 'adminWordLists';

const GatedPage = lazyPage('app/gated-pages.tsx', () => import('./gated-pages').then((m) => m.GatedPage));

/** Route `id`'s page, from gated-pages.tsx. */
function gated(id: GatedRouteId): ComponentType {
  return () => createElement(GatedPage, { id });
}

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
  search: { page: gated('search'), data: true, gate: 'profile' },
  class: { page: gated('class'), data: true, gate: 'profile' },
  // The book's screens (issue #52): a class's for staff, one's own page for every member.
  classBook: { page: gated('classBook'), data: true, gate: 'makeClassBooks' },
  yearbook: { page: gated('yearbook'), data: true, gate: 'profile' },
  dashboard: { page: gated('dashboard'), data: true, gate: 'profile' },
  editProfile: { page: gated('editProfile'), data: true, gate: 'profile' },
  account: { page: gated('account'), data: true, gate: 'profile' },
  controls: { page: gated('controls'), data: true, gate: 'profile' },
  notifications: { page: gated('notifications'), data: true, gate: 'profile' },
  userProfile: { page: gated('userProfile'), data: true, gate: 'profile' },
  profileSetup: { page: gated('profileSetup'), data: true, gate: 'setup' },
  // Staff screens: each opens with the permission the session grants for it.
  reports: { page: gated('reports'), data: true, gate: 'manageReports' },
  asklinesReview: { page: gated('asklinesReview'), data: true, gate: 'reviewAsklines' },
  adminUsers: { page: gated('adminUsers'), data: true, gate: 'manageUsers' },
  adminNotice: { page: gated('adminNotice'), data: true, gate: 'editNotice' },
  moderationLog: { page: gated('moderationLog'), data: true, gate: 'readModerationLog' },
  adminWordLists: { page: gated('adminWordLists'), data: true, gate: 'manageWordLists' },
};

/** Drawn for an address no route matches (and for three or more segments). */
export { NotFoundRoute };

/** The page an address shows, with its parameters; null for one that is no page. */
export function pageRouteFor(pathname: string): (PageRoute & { id: RouteId; params: Params }) | null {
  const found = matchRoute(pathname);
  return found ? { ...PAGE_ROUTES[found.id], id: found.id, params: found.params } : null;
}
