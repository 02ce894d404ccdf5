// `npm run dev` draws pages on the server as production does (issue #45, scripts/dev-server-rendering.ts),
// so a hydration difference shows where people work. Vite's development server, from the project's
// own config, with no API server behind it (the page is drawn for a visitor whose session could not
// be read): the landing page arrives drawn, with Vite's hot reload, and an address that is no page
// arrives as the app's 404.
import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../support/free-port';
import { scaled } from '../support/machine-factor';

let vite: ViteDevServer;
let url = '';

beforeAll(async () => {
  process.env.API_PORT = String(await freePort()); // nothing listens there
  const port = await freePort();
  vite = await createServer({
    configFile: path.resolve(import.meta.dirname, '../../vite.config.ts'),
    logLevel: 'silent',
    server: { port, strictPort: true, host: '127.0.0.1', hmr: false },
  });
  await vite.listen();
  url = `http://127.0.0.1:${port}`;
}, scaled(60_000));

afterAll(async () => {
  await vite?.close();
});

const page = (address: string) => fetch(`${url}${address}`, { headers: { accept: 'text/html' } });

it('draws a page on the server, with hot reload', { timeout: scaled(60_000) }, async () => {
  const res = await page('/');
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toMatch(/<div id="root" data-parts="[^"]*app\/routes\/landing\.tsx\*1[^"]*">/);
  expect(html).toContain('Get Started</h2>');
  expect(html).toContain('<script type="application/json" id="page-state">');
  expect(html).toContain('/@vite/client');
  expect(html).toMatch(/<title>[^<]*A digital time capsule for campus minds<\/title>/);
});

it('answers an address that is no page with the 404 page', { timeout: scaled(30_000) }, async () => {
  const res = await page('/a/b/c');
  expect(res.status).toBe(404);
  expect(await res.text()).toContain('Page not found');
});

it('leaves modules and files to Vite', { timeout: scaled(30_000) }, async () => {
  const res = await fetch(`${url}/boot.ts`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('javascript');
});
