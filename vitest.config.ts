import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { iconSprite } from './scripts/icon-sprite.ts';
import { machineFactor, scaled } from './tests/support/machine-factor.ts';

// Time limits are written for a quiet 2-core machine and stretched by how busy this one is now.
console.log(`vitest: time limits × ${machineFactor()} (machine factor; TEST_MACHINE_FACTOR pins it)`);

// Every project resolves the icon sprite's address (virtual:icon-sprite) as the build does.
// Four projects: pure unit tests; web components and hooks in happy-dom; server tests that start the
// real server on a real database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set); and checks over
// the web build's output.
export default defineConfig({
  test: {
    // Two files at a time even on a 2-core machine (vitest's default there is one): server tests spend
    // much of their time waiting on spawned processes, sockets and the database. 486 s with one,
    // 348 s with two, and no faster with three on node-svc.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
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
          environment: 'node',
          // Generous: every server test's work is bounded, and two files run at once.
          testTimeout: scaled(60_000),
          hookTimeout: scaled(90_000),
          // One migrated database per run, copied for each file (tests/support/database-template.ts).
          globalSetup: ['tests/support/global-setup.ts'],
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
