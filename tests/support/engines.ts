// What runs on both database engines. `npm test` runs every test on PGlite in memory (embedded mode
// itself runs PostgreSQL since decision 033: the tests of the real process use it);
// `npm test -- --postgres` (CI) runs again, on PostgreSQL and Redis, only the tests tagged `engine`:
// what can differ between the two — SQL and migrations, query plans, search's case folding, locking
// and races (PGlite runs one statement at a time, where a race holds trivially), LISTEN/NOTIFY,
// crash safety, several processes or instances, and Redis. A whole file is tagged with a
// `// @module-tag engine` line; one test with `ENGINE` as its options.

/** The options of a test that must also pass on PostgreSQL: `it('...', ENGINE, async () => ...)`. */
export const ENGINE = { tags: ['engine'] };

/** The tag's definition, for vitest.config.ts. */
export const ENGINE_TAG = {
  name: 'engine',
  description: 'Can differ between PGlite and PostgreSQL (or needs Redis): run on both engines.',
};
