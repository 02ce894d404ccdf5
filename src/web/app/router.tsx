import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { paths } from '../config/paths';
import { PublicLayout } from './layouts/public-layout';
import { ScrollToTopOnNavigate } from './scroll-to-top-on-navigate';

// Every page is its own chunk, loaded when its route is first visited, so the landing page downloads
// only React, the router, the shell and itself (budget: 100 KB gzip).
//
// Declarative routes on purpose: react-router's data router (createBrowserRouter + route `lazy`)
// adds ~30 KB gzip to the entry, which alone takes React + router to ~99 KB. <Routes> costs ~14 KB.
// TanStack Query is kept out of the entry the same way: see layouts/query-layout.tsx.

const LandingRoute = lazy(() => import('./routes/landing').then((m) => ({ default: m.LandingRoute })));
const AboutRoute = lazy(() => import('./routes/about').then((m) => ({ default: m.AboutRoute })));
const ContactRoute = lazy(() => import('./routes/contact').then((m) => ({ default: m.ContactRoute })));
const TermsRoute = lazy(() => import('./routes/terms').then((m) => ({ default: m.TermsRoute })));
const PrivacyRoute = lazy(() => import('./routes/privacy').then((m) => ({ default: m.PrivacyRoute })));
const NotFoundRoute = lazy(() => import('./routes/not-found').then((m) => ({ default: m.NotFoundRoute })));
const SearchRoute = lazy(() => import('./routes/search').then((m) => ({ default: m.SearchRoute })));
const QueryLayout = lazy(() => import('./layouts/query-layout').then((m) => ({ default: m.QueryLayout })));

const AuthGate = lazy(() =>
  import('../features/auth/components/auth-gate').then((m) => ({ default: m.AuthGate })),
);
const ResetPasswordRoute = lazy(() =>
  import('../features/auth/routes/reset-password-route').then((m) => ({ default: m.ResetPasswordRoute })),
);
const AdminUsersRoute = lazy(() =>
  import('../features/admin-users/routes/admin-users-route').then((m) => ({ default: m.AdminUsersRoute })),
);
const ProfileSetupRoute = lazy(() =>
  import('../features/profiles/routes/profile-setup-route').then((m) => ({ default: m.ProfileSetupRoute })),
);
const EditProfileRoute = lazy(() =>
  import('../features/profiles/routes/edit-profile-route').then((m) => ({ default: m.EditProfileRoute })),
);
const UserProfileRoute = lazy(() =>
  import('./routes/user-profile').then((m) => ({ default: m.UserProfileRoute })),
);
const DashboardRoute = lazy(() => import('./routes/dashboard').then((m) => ({ default: m.DashboardRoute })));
const PostRoute = lazy(() => import('./routes/post').then((m) => ({ default: m.PostRoute })));
const AdminNoticeRoute = lazy(() =>
  import('../features/notices/routes/admin-notice-route').then((m) => ({ default: m.AdminNoticeRoute })),
);
const AsklinesRoute = lazy(() =>
  import('../features/asklines/routes/asklines-route').then((m) => ({ default: m.AsklinesRoute })),
);
const AsklineRoute = lazy(() => import('./routes/askline').then((m) => ({ default: m.AsklineRoute })));
const ReviewAsklinesRoute = lazy(() =>
  import('../features/asklines/routes/review-asklines-route').then((m) => ({
    default: m.ReviewAsklinesRoute,
  })),
);
const ReportsRoute = lazy(() => import('./routes/reports').then((m) => ({ default: m.ReportsRoute })));
const ModerationLogRoute = lazy(() =>
  import('../features/moderation-log/routes/moderation-log-route').then((m) => ({
    default: m.ModerationLogRoute,
  })),
);
const DemoUserRoute = lazy(() => import('./routes/demo-user').then((m) => ({ default: m.DemoUserRoute })));

// Screens not built yet share one placeholder naming the screen; each feature replaces its line with
// its own lazily loaded page. Grouped by who may open them (SPEC §2 route table, §6).

export function AppRouter() {
  return (
    <BrowserRouter>
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
          {/* SPEC §2: the demo user's profile is built in; it needs no session. */}
          <Route path={paths.demoUser.path} element={<DemoUserRoute />} />

          <Route element={<QueryLayout />}>
            <Route path={paths.asklines.path} element={<AsklinesRoute />} />
            <Route path={paths.askline.path} element={<AsklineRoute />} />
            <Route path={paths.anonymousPost.path} element={<PostRoute />} />
            {/* A catch-all: <Routes> ranks static segments above dynamic ones, so /profile/setup never lands here. */}
            <Route path={paths.userPost.path} element={<PostRoute />} />
            <Route element={<AuthGate rule="profile" />}>
              <Route path={paths.search.path} element={<SearchRoute />} />
              <Route path={paths.dashboard.path} element={<DashboardRoute />} />
              <Route path={paths.editProfile.path} element={<EditProfileRoute />} />
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
    </BrowserRouter>
  );
}
