import { defineConfig } from 'vitest/config';
import { machineFactor, scaled } from './tests/support/machine-factor';

// Time limits are written for a quiet 2-core machine and stretched by how busy this one is now.
console.log(`vitest: time limits × ${machineFactor()} (machine factor; TEST_MACHINE_FACTOR pins it)`);

// Three projects: pure unit tests; server tests that start the real server on a real database
// (PGlite, or PostgreSQL when TEST_DATABASE_URL is set); and checks over the web build's output.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}'],
          environment: 'node',
          testTimeout: scaled(5_000),
        },
      },
      {
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: scaled(30_000),
          hookTimeout: scaled(60_000),
        },
      },
      {
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
