// Server rendering of the web app's pages (issue #26): loads the renderer the web build made
// (dist/ssr/entry-server.js, from src/web/entry-server.tsx) and the browser build's manifest, renders
// a page for one request, and says which chunks that page needs so its HTML can preload them.
//
// The renderer asks for the page's data through this server's own API, in-process, as the visitor
// (their cookie): a server-rendered page can show nothing the API would not answer that visitor.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import type { GrievanceOfficer } from '../../shared/grievance-officer';
import type { RenderedPage, RenderRequest } from '../../web/entry-server';
import type { AppEnv } from './context';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

interface RendererModule {
  renderPage(request: RenderRequest): Promise<RenderedPage>;
  pageModuleKeys: readonly string[];
}

/** The app: the entry that takes a drawn page over, which index.html's script loads after the first paint. */
const TAKEOVER_MODULE = 'main.tsx';

/** Sends a request into the app itself (createApp's `app.fetch`), with the outer request's context. */
export type InProcessFetch = (request: Request, c: Context<AppEnv>) => Promise<Response>;

export interface PageRenderer {
  render(c: Context<AppEnv>): Promise<RenderedPage>;
  /**
   * The app and the chunks that take this page over: `<link rel="modulepreload">`s in an inert
   * `<template id="page-modules" data-app="/assets/main-….js">`, which index.html's script
   * (src/web/boot.ts) puts in the head once the page has painted, then imports the app. Fetched
   * before the paint, they would race it (docs/decisions/014).
   */
  pageModules(modules: readonly string[]): string;
}

/** The renderer of a build, or null when the build has none (a test's hand-made web root). */
export async function loadPageRenderer(options: {
  ssrEntry: string;
  webRoot: string;
  googleSignIn: boolean;
  grievanceOfficer: GrievanceOfficer | null;
  dispatch: InProcessFetch;
}): Promise<PageRenderer | null> {
  const manifestFile = path.join(options.webRoot, '.vite/manifest.json');
  if (!fs.existsSync(options.ssrEntry) || !fs.existsSync(manifestFile)) return null;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const module = (await import(pathToFileURL(options.ssrEntry).href)) as RendererModule;
  const missing = [TAKEOVER_MODULE, ...module.pageModuleKeys].filter((key) => !manifest[key]);
  if (missing.length > 0) {
    throw new Error(`the web build's manifest does not name ${missing.join(', ')}: rebuild (npm run build)`);
  }

  const closure = (keys: readonly string[], into = new Set<string>()): Set<string> => {
    for (const key of keys) {
      if (into.has(key)) continue;
      into.add(key);
      closure(manifest[key]?.imports ?? [], into);
    }
    return into;
  };
  const upFront = closure(['index.html']);
  const appFile = manifest[TAKEOVER_MODULE]?.file;
  const linkCache = new Map<string, string>();

  return {
    render(c) {
      const url = new URL(c.req.url);
      const cookie = c.req.header('cookie') ?? '';
      return module.renderPage({
        url: `${url.pathname}${url.search}`,
        googleSignIn: options.googleSignIn,
        grievanceOfficer: options.grievanceOfficer,
        cookie,
        api: (apiPath, init) => {
          const headers = new Headers(init.headers);
          if (cookie) headers.set('cookie', cookie);
          // The page's request id on the API requests made for it, so their log lines join up.
          headers.set('x-request-id', c.get('requestId'));
          return options.dispatch(new Request(new URL(apiPath, url), { ...init, headers }), c);
        },
        onError: (error) => c.get('log').error({ err: error }, 'rendering a page failed'),
      });
    },
    pageModules(modules) {
      const cacheKey = modules.join('\n');
      const cached = linkCache.get(cacheKey);
      if (cached !== undefined) return cached;
      const files = [...closure([TAKEOVER_MODULE, ...modules])]
        .filter((key) => !upFront.has(key))
        .map((key) => manifest[key]?.file)
        .filter((file): file is string => Boolean(file?.endsWith('.js')));
      const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
      const template = `<template id="page-modules" data-app="/${appFile}">${links}</template>`;
      linkCache.set(cacheKey, template);
      return template;
    },
  };
}
