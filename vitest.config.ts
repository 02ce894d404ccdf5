import { defineConfig } from 'vitest/config';

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
        },
      },
      {
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: { name: 'build', include: ['tests/build/**/*.test.ts'], environment: 'node' },
      },
    ],
  },
});
