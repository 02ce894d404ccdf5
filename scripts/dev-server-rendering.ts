// Vite plugin for `npm run dev` (issue #45): pages are drawn on the server there too, as in production
// (src/server/http/web-app.ts), so a page that hydrates with a difference says so where people work,
// with hot reload kept. Vite loads the renderer from the sources (src/web/entry-server.tsx, reloaded
// when they change), which asks the API server (API_PORT, beside Vite in scripts/dev.mjs) for the
// page's data as the visitor, with their cookie; index.html gets the page, its answers and its head.
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import type { RenderedPage, RenderRequest } from '../src/web/entry-server.tsx';

const ROOT_ELEMENT = '<div id="root"></div>';
const TITLE = /<title>[\s\S]*?<\/title>/;

/** Whether a request is for a page (a browser asking for HTML), not for a module, a file or the API. */
function asksForPage(url: string, accept: string | undefined): boolean {
  if (!accept?.includes('text/html')) return false;
  const pathname = url.split('?')[0] ?? '/';
  return !/^\/(?:api|uploads|embed|og|@|node_modules|src)\b/.test(pathname) && !/\.\w+$/.test(pathname);
}

async function render(server: ViteDevServer, url: string, cookie: string): Promise<RenderedPage> {
  const { renderPage } = (await server.ssrLoadModule('/entry-server.tsx')) as {
    renderPage(request: RenderRequest): Promise<RenderedPage>;
  };
  const api = `http://localhost:${process.env.API_PORT ?? 3001}`;
  return renderPage({
    url,
    cookie,
    googleSignIn: false,
    grievanceOfficer: null,
    api: (apiPath, init) => {
      const headers = new Headers(init.headers);
      if (cookie) headers.set('cookie', cookie);
      return fetch(new URL(apiPath, api), { ...init, headers });
    },
    onError: (error) => server.config.logger.error(`rendering ${url}: ${String(error)}`),
  });
}

export function devServerRendering(): Plugin {
  return {
    name: 'yearbook:dev-server-rendering',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const url = req.originalUrl ?? '/';
        if (req.method !== 'GET' || !asksForPage(url, req.headers.accept)) return next();
        try {
          const page = await render(server, url, req.headers.cookie ?? '');
          if ('redirectTo' in page) {
            res.writeHead(302, { Location: page.redirectTo, 'Cache-Control': 'no-store' });
            res.end();
            return;
          }
          const index = fs.readFileSync(path.join(server.config.root, 'index.html'), 'utf8');
          const html = (await server.transformIndexHtml(url, index))
            .replace(TITLE, () => page.head)
            .replace(
              ROOT_ELEMENT,
              () =>
                `<div id="root" data-parts="${page.parts.join(' ')}">${page.body}</div>${page.stateScript}`,
            );
          res.writeHead(page.status, {
            'Content-Type': 'text/html; charset=utf-8',
            'Cache-Control': 'no-store',
          });
          res.end(html);
        } catch (error) {
          if (error instanceof Error) server.ssrFixStacktrace(error);
          next(error);
        }
      });
    },
  };
}
