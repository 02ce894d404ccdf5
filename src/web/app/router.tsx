import { paths } from '../config/paths';
import { lazyPage } from '../lib/lazy-page';
import { BrowserRouter, Route, Routes } from '../lib/router';
import { PublicLayout } from './layouts/public-layout';
import { ScrollToTopOnNavigate } from './scroll-to-top-on-navigate';

// Every page is its own chunk, loaded when its route is first visited, so the landing page downloads
// only React, the router, the shell and itself (budget: 100 KB gzip).
//
// Declarative routes on purpose: react-router's data router (createBrowserRouter + route `lazy`)
// adds ~30 KB gzip to the entry, which alone takes React + router to ~99 KB. <Routes> costs ~14 KB.
// TanStack Query is kept out of the entry the same way: see layouts/query-layout.tsx.

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
const QueryLayout = lazyPage('app/layouts/query-layout.tsx', () =>
  import('./layouts/query-layout').then((m) => m.QueryLayout),
);

const AuthGate = lazyPage('features/auth/components/auth-gate.tsx', () =>
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
const DemoUserRoute = lazyPage('app/routes/demo-user.tsx', () =>
  import('./routes/demo-user').then((m) => m.DemoUserRoute),
);

// Screens not built yet share one placeholder naming the screen; each feature replaces its line with
// its own lazily loaded page. Grouped by who may open them (SPEC §2 route table, §6).

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

/**
 * The route tree: the browser's router and the server's (entry-server.tsx) both render it, so both
 * draw the same tree (hydration, and the ids useId gives, depend on it).
 */
export function AppRoutes() {
  return (
    <>
      <ScrollToTopOnNavigate />
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={<LandingRoute />} />
          <Route path={paths.about.path} element={<AboutRoute />} />
          {/* SPEC §2: /cookies shows the About page content. */}
          <Route path={paths.cookies.path} element={<AboutRoute />} />
          <Route path={paths.contact.path} element={<ContactRoute />} />
          <Route path={paths.terms.path} element={<TermsRoute />} />
          <Route path={paths.privacy.path} element={<PrivacyRoute />} />
          <Route path={paths.resetPassword.path} element={<ResetPasswordRoute />} />
          <Route path={paths.unsubscribe.path} element={<UnsubscribeRoute />} />
          {/* SPEC §2: the demo user's profile is built in; it needs no session. */}
          <Route path={paths.demoUser.path} element={<DemoUserRoute />} />

          <Route element={<QueryLayout />}>
            <Route path={paths.asklines.path} element={<AsklinesRoute />} />
            <Route path={paths.askline.path} element={<AsklineRoute />} />
            {/* Signed in or not: the page says what to do either way (the link names the account). */}
            <Route path={paths.emailChange.path} element={<EmailChangeRoute />} />
            <Route path={paths.anonymousPost.path} element={<PostRoute />} />
            {/* A catch-all: <Routes> ranks static segments above dynamic ones, so /profile/setup never lands here. */}
            <Route path={paths.userPost.path} element={<PostRoute />} />
            <Route element={<AuthGate rule="profile" />}>
              <Route path={paths.search.path} element={<SearchRoute />} />
              <Route path={paths.dashboard.path} element={<DashboardRoute />} />
              <Route path={paths.editProfile.path} element={<EditProfileRoute />} />
              <Route path={paths.account.path} element={<AccountRoute />} />
              <Route path={paths.notifications.path} element={<NotificationsRoute />} />
              {/* The other catch-all: /about, /dashboard or /demo_user never land here. */}
              <Route path={paths.userProfile.path} element={<UserProfileRoute />} />
            </Route>
            <Route element={<AuthGate rule="setup" />}>
              <Route path={paths.profileSetup.path} element={<ProfileSetupRoute />} />
            </Route>
            {/* Staff screens: each opens with the permission the session grants for it. */}
            <Route element={<AuthGate rule="manageReports" />}>
              <Route path={paths.reports.path} element={<ReportsRoute />} />
            </Route>
            <Route element={<AuthGate rule="reviewAsklines" />}>
              <Route path={paths.asklinesReview.path} element={<ReviewAsklinesRoute />} />
            </Route>
            <Route element={<AuthGate rule="manageUsers" />}>
              <Route path={paths.adminUsers.path} element={<AdminUsersRoute />} />
            </Route>
            <Route element={<AuthGate rule="editNotice" />}>
              <Route path={paths.adminNotice.path} element={<AdminNoticeRoute />} />
            </Route>
            <Route element={<AuthGate rule="readModerationLog" />}>
              <Route path={paths.moderationLog.path} element={<ModerationLogRoute />} />
            </Route>
          </Route>

          {/* Three or more segments match nothing above. */}
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Routes>
    </>
  );
}
