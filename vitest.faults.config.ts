import { defineConfig } from 'vitest/config';
import { machineFactor, scaled } from './tests/support/machine-factor.ts';

// The fault suite (tests/faults, issue #46), apart from `npm test`: it runs services of its own and
// stops them under load, for a couple of minutes. `npm run test:faults` (scripts/test-faults.mjs).
console.log(`vitest: time limits × ${machineFactor()} (machine factor; TEST_MACHINE_FACTOR pins it)`);

export default defineConfig({
  test: {
    include: ['tests/faults/**/*.test.ts'],
    environment: 'node',
    // One file, its tests in order: the first runs the faults, the rest judge what it recorded.
    fileParallelism: false,
    testTimeout: scaled(300_000),
    hookTimeout: scaled(180_000),
  },
});
