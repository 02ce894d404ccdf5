// How the server hands out the built SPA: caching, client routes, compression, 404s.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/support/test-server';

let server: TestServer;
let webRoot: string;
const script = `console.log(${JSON.stringify('yearbook '.repeat(200))});`;
/** A file the build compressed (scripts/web-build.mjs): its gzip form, made at level 1 to be told apart. */
const built = `console.log(${JSON.stringify('built '.repeat(300))});`;
const builtGzip = gzipSync(built, { level: 1 });

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'yb-web-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.mkdirSync(path.join(webRoot, '.vite'));
  fs.writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><head><title>Campus Yearbook</title></head>',
  );
  fs.writeFileSync(path.join(webRoot, 'assets', 'index-AbC123.js'), script);
  fs.writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(webRoot, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(webRoot, 'app-shell.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(webRoot, '.vite', 'manifest.json'), '{}');
  fs.writeFileSync(path.join(webRoot, 'assets', 'built-XyZ789.js'), built);
  fs.mkdirSync(path.join(webRoot, '.precompressed'));
  const builtHash = createHash('sha1').update(built).digest('base64url');
  fs.writeFileSync(path.join(webRoot, '.precompressed', `${builtHash}.gz`), builtGzip);
  server = await startTestServer({ webRoot });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await server.request('/assets/index-AbC123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe(script);
  });

  it('serves index.html for client routes, revalidated every time', async () => {
    for (const route of ['/', '/about', '/dashboard', '/some.user', '/some.user/3f1c', '/askline/abc']) {
      const res = await server.request(route);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<title>Campus Yearbook</title>');
    }
  });

  it('revalidates the service worker and the offline shell every time, so a deploy is found at once', async () => {
    const files: [string, string][] = [
      ['/sw.js', 'text/javascript; charset=utf-8'],
      ['/app-shell.html', 'text/html; charset=utf-8'],
    ];
    for (const [file, type] of files) {
      const res = await server.request(file);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type'), file).toBe(type);
      expect(res.headers.get('cache-control'), file).toBe('no-cache');
    }
    // Other files outside /assets/ keep their hour.
    expect((await server.request('/favicon.svg')).headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('answers paths deeper than any route with the app and a 404 status', async () => {
    const res = await server.request('/a/b/c');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Campus Yearbook');
  });

  it('gives a missing asset a plain 404, not the app', async () => {
    const res = await server.request('/assets/missing-123.js');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('<title>');
  });

  it('does not serve build metadata in dot folders', async () => {
    const res = await server.request('/.vite/manifest.json');
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).not.toBe('{}');
  });

  it('compresses text with gzip or brotli as the client accepts', async () => {
    const gz = await getRaw(`${server.url}/assets/index-AbC123.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toBe('Accept-Encoding');
    const raw = gz.body;
    expect(raw.length).toBeLessThan(script.length / 4);
    expect(gunzipSync(raw).toString()).toBe(script);

    const br = await server.request('/assets/index-AbC123.js', {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe(script);
  });

  it("serves the build's own compressed forms, named by the file's hash, and never the folder itself", async () => {
    const gz = await getRaw(`${server.url}/assets/built-XyZ789.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(builtGzip)).toBe(true);
    expect(gunzipSync(gz.body).toString()).toBe(built);
    // Without a brotli form from the build, the server makes one.
    const br = await server.request('/assets/built-XyZ789.js', { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe(built);
    const hash = createHash('sha1').update(built).digest('base64url');
    const folder = await server.request(`/.precompressed/${hash}.gz`);
    expect(folder.headers.get('content-type')).toContain('text/html');
  });

  it('answers a matching ETag with 304', async () => {
    const first = await server.request('/favicon.svg');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await server.request('/favicon.svg', { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
  });

  it('keeps security headers on pages', async () => {
    const res = await server.request('/about');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('marks the page only when Google sign-in is configured', async () => {
    expect(await (await server.request('/')).text()).not.toContain('yearbook-google-sign-in');
    const withGoogle = await startTestServer({
      webRoot,
      settings: { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' },
    });
    try {
      const html = await (await withGoogle.request('/about')).text();
      expect(html).toContain('<meta name="yearbook-google-sign-in" content="on"></head>');
    } finally {
      await withGoogle.close();
    }
  });

  it('leaves /api paths to the API', async () => {
    const res = await server.request('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});

/** fetch() always decodes; this reads the bytes as they travelled. */
function getRaw(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}
