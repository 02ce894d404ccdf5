// The pages behind the auth gate (members' and staff's), listed in a chunk of their own: the route
// table (route-table.tsx) is on every page a visitor opens, within its 100 KB, and these entries are
// nothing a visitor's page needs. The table names each by its route id; the server draws this part
// with the page it holds, so a gated page's first load fetches both at once (modulepreload), and a
// move in the app to one loads this list first, then the page.
import { createElement } from 'react';
import { lazyPage } from '../lib/lazy-page';
import { AsklineOfTheDay } from './askline-of-the-day';
import type { GatedRouteId } from './route-table';

const SearchRoute = lazyPage('app/routes/search.tsx', () =>
  import('./routes/search').then((m) => m.SearchRoute),
);

const ClassRoute = lazyPage('app/routes/class.tsx', () => import('./routes/class').then((m) => m.ClassRoute));

const ClassBookRoute = lazyPage('features/book/routes/class-book-route.tsx', () =>
  import('../features/book/routes/class-book-route').then((m) => m.ClassBookRoute),
);

const YearbookRoute = lazyPage('features/book/routes/yearbook-route.tsx', () =>
  import('../features/book/routes/yearbook-route').then((m) => m.YearbookRoute),
);

const DashboardRoute = lazyPage('app/routes/dashboard.tsx', () =>
  import('./routes/dashboard').then((m) => m.DashboardRoute),
);

const EditProfileRoute = lazyPage('features/profiles/routes/edit-profile-route.tsx', () =>
  import('../features/profiles/routes/edit-profile-route').then((m) => m.EditProfileRoute),
);

const AccountRoute = lazyPage('features/account/routes/account-route.tsx', () =>
  import('../features/account/routes/account-route').then((m) => m.AccountRoute),
);

const ControlsRoute = lazyPage('features/personal-controls/routes/controls-route.tsx', () =>
  import('../features/personal-controls/routes/controls-route').then((m) => m.ControlsRoute),
);

const NotificationsRoute = lazyPage('features/notifications/routes/notifications-route.tsx', () =>
  import('../features/notifications/routes/notifications-route').then((m) => m.NotificationsRoute),
);

const UserProfileRoute = lazyPage('app/routes/user-profile.tsx', () =>
  import('./routes/user-profile').then((m) => m.UserProfileRoute),
);

const ProfileSetupRoute = lazyPage('features/profiles/routes/profile-setup-route.tsx', () =>
  import('../features/profiles/routes/profile-setup-route').then((m) => m.ProfileSetupRoute),
);

const ReportsRoute = lazyPage('app/routes/reports.tsx', () =>
  import('./routes/reports').then((m) => m.ReportsRoute),
);

const ReviewAsklinesRoute = lazyPage('features/asklines/routes/review-asklines-route.tsx', () =>
  import('../features/asklines/routes/review-asklines-route').then((m) => m.ReviewAsklinesRoute),
);

const AdminUsersRoute = lazyPage('features/admin-users/routes/admin-users-route.tsx', () =>
  import('../features/admin-users/routes/admin-users-route').then((m) => m.AdminUsersRoute),
);

const AdminNoticeRoute = lazyPage('features/notices/routes/admin-notice-route.tsx', () =>
  import('../features/notices/routes/admin-notice-route').then((m) => m.AdminNoticeRoute),
);

const ModerationLogRoute = lazyPage('features/moderation-log/routes/moderation-log-route.tsx', () =>
  import('../features/moderation-log/routes/moderation-log-route').then((m) => m.ModerationLogRoute),
);

const WordListsRoute = lazyPage('features/safety/routes/word-lists-route.tsx', () =>
  import('../features/safety/routes/word-lists-route').then((m) => m.WordListsRoute),
);

const GATED_PAGES = {
  search: SearchRoute,
  class: ClassRoute,
  classBook: ClassBookRoute,
  yearbook: YearbookRoute,
  dashboard: DashboardRoute,
  editProfile: EditProfileRoute,
  account: AccountRoute,
  controls: ControlsRoute,
  // With nothing to show, the askline of the day instead (issue #51).
  notifications: () =>
    createElement(NotificationsRoute, { whenEmpty: createElement(AsklineOfTheDay, { className: 'mt-4' }) }),
  userProfile: UserProfileRoute,
  profileSetup: ProfileSetupRoute,
  reports: ReportsRoute,
  asklinesReview: ReviewAsklinesRoute,
  adminUsers: AdminUsersRoute,
  adminNotice: AdminNoticeRoute,
  moderationLog: ModerationLogRoute,
  adminWordLists: WordListsRoute,
} satisfies Record<GatedRouteId, unknown>;

/** The gated page of route `id`. */
export function GatedPage({ id }: { id: GatedRouteId }) {
  return createElement(GATED_PAGES[id]);
}
