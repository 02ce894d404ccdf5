// The limits in front of better-auth's mail-sending and password routes (own server: own counters).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/support/test-server';
import { AUTH_ROUTE_LIMITS } from './auth-routes';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('rate limits on account routes', () => {
  it('answer 429 once an address passes the limit of a mail-sending route', async () => {
    const limit = AUTH_ROUTE_LIMITS['/api/auth/request-password-reset'] ?? 0;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) {
      const res = await server.request('/api/auth/request-password-reset', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `nobody${i}@example.com` }),
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(
      AUTH_ROUTE_LIMITS['/api/auth/request-password-reset'] ?? 0,
    );
    expect(statuses.at(-1)).toBe(429);
  });

  it('send no mail for a refused request', async () => {
    const before = ((await (await server.request('/api/dev/outbox')).json()) as unknown[]).length;
    const res = await server.request('/api/auth/request-password-reset', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'someone@example.com' }),
    });
    expect(res.status).toBe(429);
    expect((await res.json()).error.message).toBe('Too many attempts. Please wait a minute and try again.');
    const after = ((await (await server.request('/api/dev/outbox')).json()) as unknown[]).length;
    expect(after).toBe(before);
  });
});
