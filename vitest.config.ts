import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { iconSprite } from './scripts/icon-sprite.ts';
import { ENGINE_TAG } from './tests/support/engines.ts';
import { machineFactor, scaled } from './tests/support/machine-factor.ts';

// Time limits are written for a quiet 2-core machine and stretched by how busy this one is now.
console.log(`vitest: time limits × ${machineFactor()} (machine factor; TEST_MACHINE_FACTOR pins it)`);

/**
 * Server test files that need a module graph of their own: one that mocks a module (vi.mock), and
 * the hydration test, whose browser React must not meet the React a file before it rendered pages
 * with on the server (they share context objects: "multiple renderers concurrently rendering").
 */
const ISOLATED_SERVER_TESTS = [
  'src/server/features/share/preview-queue.test.ts',
  'tests/integration/hydration.test.ts',
];

const SERVER_TIMEOUTS = {
  // Generous: every server test's work is bounded, and two files run at once.
  testTimeout: scaled(60_000),
  hookTimeout: scaled(90_000),
  // One migrated database per run, copied for each file (tests/support/database-template.ts).
  globalSetup: ['tests/support/global-setup.ts'],
};

// Every project resolves the icon sprite's address (virtual:icon-sprite) as the build does.
// Projects: pure unit tests; web components and hooks in happy-dom; server tests that start the real
// server on a real database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set), sharing a module
// graph per worker, and the few that mock a module, isolated; and checks over the web build's output.
export default defineConfig({
  test: {
    // Two files at a time even on a 2-core machine (vitest's default there is one): server tests spend
    // much of their time waiting on spawned processes, sockets and the database. 486 s with one,
    // 348 s with two, and no faster with three on node-svc.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // `npm test -- --postgres` runs the tests tagged `engine` (tests/support/engines.ts).
    tags: [ENGINE_TAG],
    projects: [
      {
        plugins: [iconSprite()],
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.ts'],
          environment: 'node',
          testTimeout: scaled(5_000),
        },
      },
      {
        // Web components and hooks in a simulated DOM (happy-dom) with Testing Library: the cache
        // fallbacks, the auth gate's timers, cache updates and the like rollback, in milliseconds.
        plugins: [iconSprite()],
        test: {
          name: 'web',
          include: ['src/web/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/support/web-setup.ts'],
          testTimeout: scaled(5_000),
        },
      },
      {
        plugins: [iconSprite()],
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          exclude: ISOLATED_SERVER_TESTS,
          environment: 'node',
          // A worker's files share one module graph (the server's modules load once per worker, not
          // once per file: ~70 s of imports a run). Every file starts servers and databases of its
          // own, so no state is shared but the module cache; ISOLATED_SERVER_TESTS run isolated.
          isolate: false,
          ...SERVER_TIMEOUTS,
        },
      },
      {
        plugins: [iconSprite()],
        test: {
          name: 'server-isolated',
          include: ISOLATED_SERVER_TESTS,
          environment: 'node',
          ...SERVER_TIMEOUTS,
        },
      },
      {
        plugins: [iconSprite()],
        test: {
          name: 'build',
          include: ['tests/build/**/*.test.ts'],
          environment: 'node',
          testTimeout: scaled(5_000),
        },
      },
    ],
  },
});
