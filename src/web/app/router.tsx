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
const ComingSoonRoute = lazy(() =>
  import('./routes/coming-soon').then((m) => ({ default: m.ComingSoonRoute })),
);
const QueryLayout = lazy(() => import('./layouts/query-layout').then((m) => ({ default: m.QueryLayout })));

// Signed-in and feature screens not built yet share one placeholder naming the screen; each feature
// replaces its line with its own lazily loaded page.
const comingSoonScreens = [
  { path: paths.profileSetup.path, screen: 'Profile setup' },
  { path: paths.dashboard.path, screen: 'Dashboard' },
  { path: paths.editProfile.path, screen: 'Edit Profile' },
  { path: paths.search.path, screen: 'Search' },
  { path: paths.reports.path, screen: 'Reports' },
  { path: paths.demoUser.path, screen: 'Demo profile' },
  { path: paths.asklines.path, screen: 'Asklines' },
  { path: paths.askline.path, screen: 'Askline' },
  { path: paths.anonymousPost.path, screen: 'Post' },
  // The catch-alls: <Routes> ranks static segments above dynamic ones whatever the order here, so
  // /about, /dashboard or /profile/setup never land on these.
  { path: paths.userProfile.path, screen: 'Profile' },
  { path: paths.userPost.path, screen: 'Post' },
];

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

          <Route element={<QueryLayout />}>
            {comingSoonScreens.map(({ path, screen }) => (
              <Route key={path} path={path} element={<ComingSoonRoute screen={screen} />} />
            ))}
          </Route>

          {/* Three or more segments match nothing above. */}
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
