// How the browser build puts modules into files (vite.config.ts `codeSplitting.groups`, decision 016).
// Left to itself, Rolldown makes a chunk for every set of lazily loaded parts that share a module: a
// page that shows posts loaded ~30 small files, and ~3.7 KB of its JavaScript was their import lines
// and gzip start-up. Here the modules a kind of page needs together go in one file each, by role:
//
//   react    React, React DOM, the scheduler: every page; changes only when we upgrade them
//   query    TanStack Query: every page that shows data; the same
//   common   what the sign-in card shares with the pages for members: the API client, the session's
//            fetchers, the demo flag, the icon component and its sprite's address, the avatar; and the
//            redirect (every page that loads it loads this file too but the not-found page, so a file
//            of its own cost each of them a request and ~120 B of gzip)
//   data     the data layer a data page mounts: the query client and keys, each feature's read
//            queries (`api/*-queries.ts`; a thread's stay with it), the session query, and what a
//            data page shows while it loads, fails or asks to confirm
//   cards    a post card as anyone reads it (post-card-view.tsx) and what it draws with, and the
//            posts' messages and sort names (read by the feeds, a post's page and the first-data loads)
//   askline-card  an askline card (the askline list and an askline's page)
//   signed-out    telling a sign-out to this tab and the others, and noticing one made elsewhere
//                 (issue #43): loaded after the page, by the kept copy's code, Logout and the navbar
//
// The shell (what main.tsx imports), each page's own module and whatever no group names stay where
// Rolldown puts them. A group of ours takes only the modules it names, not what they import: were it
// to take a module the shell imports, every page would load the whole group. The build test checks
// that pages without data load neither `query` nor `data`, and the budgets check every page's total.
import type { Rolldown } from 'vite';

type Test = (id: string) => boolean;

/** Modules under `root` (src/web, src/shared) whose path from there matches `pattern`. */
const under =
  (root: string) =>
  (pattern: string): Test => {
    const path = new RegExp(`${root}/(${pattern})$`.replaceAll('/', '[\\\\/]'));
    return (id) => path.test(id);
  };
const web = under('src/web');
const shared = under('src/shared');
const packages = (pattern: string): Test => {
  const path = new RegExp(`node_modules/(${pattern})/`.replaceAll('/', '[\\\\/]'));
  return (id) => path.test(id);
};
const anyOf =
  (...tests: Test[]): Test =>
  (id) =>
    tests.some((test) => test(id));

/** Only the modules named (see above). */
const ours = (name: string, priority: number, test: Test): Rolldown.CodeSplittingGroup => ({
  name,
  priority,
  test,
  includeDependenciesRecursively: false,
});

export const chunkGroups: Rolldown.CodeSplittingGroup[] = [
  // A library imports only its own modules and React's: these may take what they import.
  { name: 'react', priority: 7, test: packages('react|react-dom|scheduler') },
  { name: 'query', priority: 6, test: packages('@tanstack/(query-core|react-query)') },
  ours(
    'common',
    5,
    anyOf(
      web('lib/api-client\\.ts|features/auth/api/session-api\\.ts|features/auth/demo-session\\.ts'),
      web(
        'config/storage-keys\\.ts|lib/demo-flag\\.ts|components/icons/icon\\.tsx|components/icons/icon-names\\.ts',
      ),
      web('components/avatar\\.tsx|lib/redirect\\.tsx'),
      shared('limits\\.ts'),
      (id) => id.includes('virtual:icon-sprite'),
    ),
  ),
  ours(
    'data',
    4,
    anyOf(
      web('lib/(query-client|query-keys|page-state|cookies)\\.ts'),
      // (Not a thread's, issue #49: it is read only with the post page's lazy thread section.)
      web('features/auth/api/session-query\\.ts|features/(?!replies/)[\\w-]+/api/[\\w-]+-queries\\.ts'),
      web('components/ui/(announcer|confirm-dialog|load-error|loading-status|load-more-button)\\.tsx'),
    ),
  ),
  ours(
    'cards',
    3,
    anyOf(
      web('features/posts/components/post-card-view\\.tsx|features/posts/post-links\\.ts'),
      web('components/linkified-text\\.tsx|components/ui/menu-button\\.tsx|components/ui/use-dismiss\\.ts'),
      web('lib/(copy-text|use-transient-state|local-dates|omit-from-image)\\.ts'),
      shared('short-date\\.ts|post-text\\.ts|share-links\\.ts|values/posts\\.ts'),
    ),
  ),
  ours(
    'askline-card',
    2,
    anyOf(web('features/asklines/components/askline-card\\.tsx'), shared('values/asklines\\.ts')),
  ),
  ours(
    'signed-out',
    1,
    web(
      'features/auth/(sign-out|signed-out-elsewhere)\\.ts|features/auth/components/signed-out-notice\\.tsx',
    ),
  ),
];
