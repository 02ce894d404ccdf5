// The one way a limit is applied: a refused request is a 429 whose message says when to try again and
// whose Retry-After says it in seconds; requests within the limit go through untouched.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../platform/rate-limit';
import type { AppEnv } from './context';
import { handleError } from './error-handling';
import { RATE_LIMITS, rateLimit, waitText } from './rate-limits';

describe('waitText', () => {
  it('says seconds under a minute, then minutes, then hours, rounding up', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(45)).toBe('45 seconds');
    expect(waitText(60)).toBe('1 minute');
    expect(waitText(61)).toBe('2 minutes');
    expect(waitText(3600)).toBe('1 hour');
    expect(waitText(3601)).toBe('2 hours');
  });
});

describe('rateLimit', () => {
  function app(now: () => number) {
    const limiter = createMemoryRateLimiter(now);
    return new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set('requestId', 'test');
        c.set('viewer', { userId: c.req.header('x-user') ?? 'u1', email: 'u@example.com', profile: null });
        await next();
      })
      .post('/like', rateLimit(limiter, 'like', 'account'), (c) => c.json({ ok: true }))
      .onError(handleError);
  }

  it('lets the limit through, then answers 429 with when to try again, per account', async () => {
    let now = 1_000_000;
    const server = app(() => now);
    const { limit } = RATE_LIMITS.like;
    for (let i = 0; i < limit; i++)
      expect((await server.request('/like', { method: 'POST' })).status).toBe(200);
    now += 15_000;
    const refused = await server.request('/like', { method: 'POST' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('45');
    expect((await refused.json()).error).toMatchObject({
      code: 'rate_limited',
      message: 'Too many likes at once. Please try again in 45 seconds.',
    });
    // Another account is counted apart.
    expect((await server.request('/like', { method: 'POST', headers: { 'x-user': 'u2' } })).status).toBe(200);
    // The window ends: through again.
    now += 45_000;
    expect((await server.request('/like', { method: 'POST' })).status).toBe(200);
  });
});
