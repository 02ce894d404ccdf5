import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securedServerResponse, securityHeaderList } from './security-headers';

// How each answer below writes its head: the shapes node's ServerResponse accepts.
const answers: Record<string, (res: ServerResponse) => void> = {
  '/plain': (res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('x'),
  '/implicit': (res) => res.end('x'),
  '/reason': (res) => res.writeHead(404, 'Gone Fishing', { 'Content-Type': 'text/plain' }).end(),
  '/own-policy': (res) =>
    res
      .writeHead(200, {
        'Content-Security-Policy': "default-src 'none'; frame-ancestors *",
        'Cross-Origin-Resource-Policy': 'cross-origin',
      })
      .end(),
  '/set-before': (res) => {
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.writeHead(200, { 'content-type': 'text/plain' }).end();
  },
  '/raw': (res) => res.writeHead(200, ['Content-Type', 'text/plain', 'X-Frame-Options', 'SAMEORIGIN']).end(),
};

describe('security headers written by the node server', () => {
  let url = '';
  const server = createServer(
    { ServerResponse: securedServerResponse(() => securityHeaderList({ https: true })) },
    (req, res) => answers[req.url ?? '']?.(res),
  );
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const get = (path: string) => fetch(`${url}${path}`);

  it('adds every header to an answer that has none of them, whichever way its head is written', async () => {
    for (const path of ['/plain', '/implicit', '/reason']) {
      const res = await get(path);
      for (const [name, value] of securityHeaderList({ https: true })) {
        expect(res.headers.get(name), `${path} ${name}`).toBe(value);
      }
    }
    const reason = await get('/reason');
    expect([reason.status, reason.statusText]).toEqual([404, 'Gone Fishing']);
  });

  it("keeps an answer's own headers, in any case, set either way", async () => {
    const ownPolicy = await get('/own-policy');
    expect(ownPolicy.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors *");
    expect(ownPolicy.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    // Framable anywhere by its own policy: X-Frame-Options (DENY or SAMEORIGIN only) would contradict it.
    expect(ownPolicy.headers.get('x-frame-options')).toBeNull();
    expect(ownPolicy.headers.get('x-content-type-options')).toBe('nosniff');

    const setBefore = await get('/set-before');
    expect(setBefore.headers.get('referrer-policy')).toBe('no-referrer');
    expect(setBefore.headers.get('x-frame-options')).toBe('DENY');

    const raw = await get('/raw');
    expect(raw.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(raw.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
  });

  it('sends HSTS only for an https site, and names the picture origin in the policy', () => {
    const names = (https: boolean) => securityHeaderList({ https }).map(([name]) => name);
    expect(names(true)).toContain('strict-transport-security');
    expect(names(false)).not.toContain('strict-transport-security');
    const policy = new Map(securityHeaderList({ https: false, pictureOrigin: 'https://cdn.example' }));
    expect(policy.get('content-security-policy')).toMatch(
      /img-src 'self' data: blob: https:\/\/cdn\.example;/,
    );
    expect(policy.get('content-security-policy')).toMatch(/connect-src 'self' https:\/\/cdn\.example;/);
  });
});
