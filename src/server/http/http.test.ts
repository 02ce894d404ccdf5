// Cross-cutting HTTP behaviour of the real server: health, headers, error shapes, JSON 404.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE } from '../../../tests/support/engines';
import { createTestRedis, TEST_REDIS_URL } from '../../../tests/support/test-redis';
import { startTestServer, type TestServer } from '../../../tests/support/test-server';
import { AppError } from '../app-error';
import { likes } from '../db/schema';
import { connectRedis } from '../platform/redis';
import { TEXT_BODY_MAX_BYTES, UNSTORABLE_TEXT_MESSAGE } from './request-text-guard';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    extend(app) {
      app.get('/api/__test/bug', () => {
        throw new Error('secret internal detail: password=hunter2');
      });
      app.get('/api/__test/refused', () => {
        throw new AppError('forbidden', 'You may not do that.');
      });
      app.post('/api/__test/echo', async (c) => c.json({ received: await c.req.text() }));
      // A write naming what is no longer there: the database's own foreign-key error.
      app.post('/api/__test/orphan-like', async (c) => {
        await server.database.db.insert(likes).values({ userId: 'user_gone', postId: randomUUID() });
        return c.json({ liked: true });
      });
    },
  });
});
afterAll(() => server.close());

describe('GET /api/health', () => {
  it('reports ok when the database answers', async () => {
    const res = await server.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ok',
      database: 'ok',
      engine: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    });
  });
});

describe.runIf(TEST_REDIS_URL)('GET /api/health with Redis', ENGINE, () => {
  it('reports Redis too, and "degraded" with 200 once it stops answering: the instance still serves', async () => {
    const redis = await createTestRedis();
    // A connection of the server's own, to cut; `redis` cleans up after.
    const own = await connectRedis({ url: redis.url, keyPrefix: redis.keyPrefix });
    const withRedis = await startTestServer({ redis: own });
    try {
      const up = await withRedis.request('/api/health');
      expect(up.status).toBe(200);
      expect(await up.json()).toMatchObject({ status: 'ok', database: 'ok', redis: 'ok' });
      own.client.destroy();
      // Answered against the route's contract too (checkAnswers): "degraded" is one of its states.
      const down = await withRedis.request('/api/health');
      expect(down.status).toBe(200);
      expect(await down.json()).toMatchObject({ status: 'degraded', database: 'ok', redis: 'error' });
    } finally {
      await withRedis.close();
      await redis.destroy();
    }
  });
});

describe('security headers', () => {
  it('lets pictures load from S3_PUBLIC_URL when pictures are served from there', async () => {
    const cdn = await startTestServer({
      settings: { S3_BUCKET: 'pictures', S3_PUBLIC_URL: 'https://cdn.example/pictures' },
    });
    try {
      const csp = (await cdn.request('/api/health')).headers.get('content-security-policy') ?? '';
      expect(csp).toContain("img-src 'self' data: blob: https://cdn.example;");
      expect(csp).toContain("connect-src 'self' https://cdn.example;");
    } finally {
      await cdn.close();
    }
  });

  it('are on API answers', async () => {
    const res = await server.request('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('leave out HSTS when the site is served over plain http', async () => {
    const res = await server.request('/api/health');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('are on error answers too', async () => {
    const res = await server.request('/api/does-not-exist');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('text that cannot be stored', () => {
  const post = (body: string, type = 'application/json', path = '/api/__test/echo') =>
    server.request(path, { method: 'POST', headers: { 'content-type': type }, body });

  it('is refused with 400 and a message in the address, the query, a JSON body and a form body', async () => {
    const refusals = [
      await server.request('/api/posts/%00'),
      await server.request('/api/search/posts?q=a%00b'),
      await post(JSON.stringify({ content: 'a\u0000b' })),
      await post(JSON.stringify({ nested: [{ 'key\ud800': 'value' }] })),
      await post(JSON.stringify({ content: 'broken \udc00 pair' })),
      await post('identifier=a%00b', 'application/x-www-form-urlencoded'),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe(UNSTORABLE_TEXT_MESSAGE);
    }
  });

  it('lets through what merely looks like it: escapes, percent signs, whole emoji', async () => {
    const body = JSON.stringify({ content: 'a literal \\u0000, 100%00 off, 😀 and \ud83d\ude00' });
    const res = await post(body);
    expect(res.status).toBe(200);
    expect((await res.json()).received).toBe(body);
  });

  it('caps a text body at 64 KB (413), and closes the connection a refused body is still on', async () => {
    const res = await post(JSON.stringify({ content: 'x'.repeat(TEXT_BODY_MAX_BYTES) }));
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    expect((await res.json()).error.code).toBe('payload_too_large');
    expect((await post(JSON.stringify({ content: 'x'.repeat(1000) }))).status).toBe(200);
    // Sent in chunks with no Content-Length (1 MB): refused the same way, having read only 64 KB of it.
    const chunk = new TextEncoder().encode(`"${'x'.repeat(16 * 1024)}",`);
    let left = 64;
    const chunked = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (left-- > 0) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const streamed = await server.request('/api/__test/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chunked,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect((await streamed.json()).error.code).toBe('payload_too_large');
  });
});

describe('errors', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await server.request('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = await res.json();
    expect(body.error.code).toBe('not_found');
    expect(body.error.message).toContain('/api/does-not-exist');
  });

  it('gives a 4xx AppError its code and message', async () => {
    const res = await server.request('/api/__test/refused');
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body.error).toMatchObject({ code: 'forbidden', message: 'You may not do that.' });
    expect(body.error.requestId).toBe(res.headers.get('x-request-id'));
  });

  it('hides a bug behind a generic 500 that carries only the request id', async () => {
    const res = await server.request('/api/__test/bug');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('secret');
    expect(text).not.toContain('hunter2');
    expect(text).not.toMatch(/at .*\.ts/);
    const body = JSON.parse(text);
    expect(body.error.code).toBe('internal');
    expect(body.error.message).toBe('Something went wrong on our side. Please try again.');
    expect(body.error.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('x-request-id')).toBe(body.error.requestId);
  });

  it('answers a write that lost its race with a deletion (a foreign key) 409, not 500', async () => {
    const res = await server.request('/api/__test/orphan-like', { method: 'POST' });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatchObject({
      code: 'conflict',
      message: 'What this was about has just been deleted. Please reload the page.',
    });
  });

  it('keeps a well-formed request id from a proxy and replaces a hostile one', async () => {
    const kept = await server.request('/api/health', { headers: { 'x-request-id': 'edge-1234abcd' } });
    expect(kept.headers.get('x-request-id')).toBe('edge-1234abcd');
    const replaced = await server.request('/api/health', {
      headers: { 'x-request-id': `<script>"${'x'.repeat(300)}` },
    });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('health when the database is gone', () => {
  it('answers 503 (run last: it closes the database)', async () => {
    await server.database.close();
    const res = await server.request('/api/health');
    expect(res.status).toBe(503);
    expect((await res.json()).database).toBe('error');
  });
});

describe('behind https', () => {
  it('sends HSTS when PUBLIC_URL is https', async () => {
    const https = await startTestServer({ settings: { PUBLIC_URL: 'https://yearbook.example' } });
    try {
      const res = await https.request('/api/health');
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await https.close();
    }
  });
});
