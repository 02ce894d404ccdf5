// A database that cannot serve is not our bug (issue #46 item 3): its errors answer 503 with
// Retry-After and a message about the service, are logged once per outage (then its recovery), and
// counted; a bug still answers 500 with its stack logged. The errors are made here as the drivers make
// them, so this runs on the embedded engine too (database-busy.test.ts makes real ones on PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs, LOG_LEVEL } from '../../../tests/support/log-capture';
import { callJson, startTestServer, type TestServer } from '../../../tests/support/test-server';
import { databaseUnavailability } from '../db/unavailable';

/** An error as node-postgres makes it, wrapped as drizzle wraps a failed query. */
function driverError(message: string, code?: string): Error {
  const cause = Object.assign(new Error(message), code ? { code } : {});
  return new Error('Failed query: select "id" from "posts" where "user_id" = $1\nparams: someone', { cause });
}

describe('database errors that mean it cannot serve', () => {
  it.each([
    ['lock_timeout', 'busy', driverError('canceling statement due to lock timeout', '55P03')],
    ['statement_timeout', 'busy', driverError('canceling statement due to statement timeout', '57014')],
    ['too many connections', 'busy', driverError('sorry, too many clients already', '53300')],
    ['a full pool', 'busy', driverError('timeout exceeded when trying to connect')],
    ['refused', 'unreachable', driverError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['reset', 'unreachable', driverError('read ECONNRESET', 'ECONNRESET')],
    ['cut', 'unreachable', driverError('Connection terminated unexpectedly')],
    ['connect timeout', 'unreachable', driverError('Connection terminated due to connection timeout')],
    ['shut down', 'unreachable', driverError('terminating connection due to administrator command', '57P01')],
    ['starting up', 'unreachable', driverError('the database system is starting up', '57P03')],
  ] as const)('%s is %s', (_name, kind, error) => {
    expect(databaseUnavailability(error)).toBe(kind);
  });

  it.each([
    ['a unique violation', driverError('duplicate key value', '23505')],
    ['a syntax error', driverError('syntax error at or near "selec"', '42601')],
    ['our bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('%s is not', (_name, error) => {
    expect(databaseUnavailability(error)).toBeNull();
  });
});

describe('answers and logs', () => {
  let server: TestServer;
  const { logger, lines } = captureLogs();
  let failure: Error = driverError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');

  beforeAll(async () => {
    server = await startTestServer({
      logger,
      recoveryQuietMs: 300,
      extend: (app) => {
        app.get('/api/__test/database-down', () => {
          throw failure;
        });
        app.get('/api/__test/bug', () => {
          throw new TypeError("Cannot read properties of undefined (reading 'id')");
        });
      },
    });
  });
  afterAll(() => server?.close());

  it('answers 503 with Retry-After and a message about the service, logged once for many', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => callJson(server, 'GET', '/api/__test/database-down')),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(answer.body.error.code).toBe('unavailable');
      expect(answer.body.error.message).toBe(
        'The service is having trouble right now. Please try again in a moment.',
      );
      // Nothing of the query leaves the server.
      expect(answer.text).not.toContain('posts');
    }
    const outage = lines.filter((line) => line.dependency === 'database');
    expect(outage).toHaveLength(1);
    expect(outage[0]).toMatchObject({
      level: LOG_LEVEL.warn,
      cause: { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' },
    });
    // The cause's words, not the failed query's (which carries values).
    expect(JSON.stringify(outage[0])).not.toContain('someone');
    expect(lines.filter((line) => line.err !== undefined)).toEqual([]);
    expect(server.dependencyHealth.status('database')).toMatchObject({
      state: 'down',
      failures: 8,
      outages: 1,
    });
  });

  it('logs the recovery once, after a quiet while with requests answered', async () => {
    expect((await callJson(server, 'GET', '/api/health')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await callJson(server, 'GET', '/api/notice')).status).toBe(200);
    expect((await callJson(server, 'GET', '/api/notice')).status).toBe(200);
    const recovered = lines.filter((line) => line.dependency === 'database' && line.level === LOG_LEVEL.info);
    expect(recovered).toHaveLength(1);
    expect(recovered[0]).toMatchObject({ failures: 8 });
    expect(server.dependencyHealth.status('database').state).toBe('up');

    // The next outage is a new one: logged again, once.
    failure = driverError('canceling statement due to lock timeout', '55P03');
    await Promise.all([1, 2, 3].map(() => callJson(server, 'GET', '/api/__test/database-down')));
    const warnings = lines.filter((line) => line.dependency === 'database' && line.level === LOG_LEVEL.warn);
    expect(warnings).toHaveLength(2);
    expect(server.dependencyHealth.status('database')).toMatchObject({ outages: 2, failures: 11 });
  });

  it('still answers our own bug 500, logged with its stack', async () => {
    const answer = await callJson(server, 'GET', '/api/__test/bug');
    expect(answer.status).toBe(500);
    expect(answer.body.error.code).toBe('internal');
    expect(lines.filter((line) => line.msg === 'unhandled error')).toHaveLength(1);
  });
});
