// The server's way into the app: renders a page through the same route tree the browser uses, with the
// answers it needs asked for first (app/page-data.ts) through the same query options, in-process:
// `api` sends each request into the server's own API with the visitor's cookie, so what a page shows
// is exactly what the API would answer that visitor (its rules, its anonymity). Built by Vite into
// dist/ssr (scripts/web-build.mjs) and loaded by the server (src/server/http/page-renderer.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import type { GrievanceOfficer } from '../shared/grievance-officer';
import { loadPageData } from './app/page-data';
import { AppRoutes } from './app/router';
import { type ApiTransport, setApiTransport } from './lib/api-client';
import { lazyPageKeys } from './lib/lazy-page';
// The gated pages' parts are named there: imported here so that every part's key is known to the server.
import './app/gated-pages';
import { PAGE_STATE_ID, writePageState } from './lib/page-state';
import { queryKeys } from './lib/query-keys';
import { type ServerRender, ServerRenderContext } from './lib/render-context';
import { StaticRouter } from './lib/router';

export interface RenderRequest {
  /** The page's address: path and query (the origin is not used). */
  url: string;
  /** Sends one API request as the visitor (their cookie) into this server. */
  api: ApiTransport;
  googleSignIn: boolean;
  /** The Grievance Officer /contact and /terms show, or null. */
  grievanceOfficer: GrievanceOfficer | null;
  /** The request's Cookie header (lib/cookies.ts reads the few choices kept there). */
  cookie: string;
  /** React's word on anything that went wrong while rendering (logged by the server). */
  onError?: (error: unknown) => void;
}

export type RenderedPage =
  | { redirectTo: string }
  | {
      status: 200 | 404;
      /** The page's own <title> (and any other head elements React hoists), as HTML. */
      head: string;
      /** What goes inside #root. */
      body: string;
      /** The answers the page was drawn with (lib/page-state.ts), in the script element that carries them. */
      stateScript: string;
      /** Build-manifest keys of the lazily loaded modules the page needs (their chunks are preloaded). */
      modules: string[];
      /** Every lazily loaded part drawn (lib/lazy-page.ts), preloaded or not, as `key*copies`. */
      parts: string[];
      /** Whether the answers were for someone signed in (the answer must then never be shared). */
      signedIn: boolean;
    };

const requests = new AsyncLocalStorage<ApiTransport>();
setApiTransport((path, init) => {
  const api = requests.getStore();
  if (!api) throw new Error('an API request outside a page render on the server');
  return api(path, init);
});

/** Every lazily loaded module the server can name for preloading (checked against the build). */
export const pageModuleKeys: readonly string[] = lazyPageKeys;

// React writes hoisted elements (<title>, <meta>, <link>) first when it renders less than a document.
const LEADING_HEAD = /^(?:<(?:title|meta|link)\b[^>]*>(?:[^<]*<\/title>)?)+/;

export async function renderPage(request: RenderRequest): Promise<RenderedPage> {
  const url = new URL(request.url, 'http://page.invalid');
  const queryClient = new QueryClient({
    // One try, no waiting: a failed answer is the page's error, drawn as the browser draws it (which
    // does not ask again for it on mount either: lib/query-client.ts).
    defaultOptions: {
      queries: {
        retry: false,
        retryOnMount: false,
        staleTime: Number.POSITIVE_INFINITY,
        gcTime: Number.POSITIVE_INFINITY,
      },
    },
  });
  await requests.run(request.api, () => loadPageData(queryClient, url, request.cookie));

  const server: ServerRender = {
    queryClient,
    googleSignIn: request.googleSignIn,
    grievanceOfficer: request.grievanceOfficer,
    cookie: request.cookie,
    modules: new Set(),
    parts: new Map(),
  };
  const html = await renderToString(
    <StrictMode>
      <ServerRenderContext value={server}>
        <StaticRouter location={`${url.pathname}${url.search}`}>
          <AppRoutes />
        </StaticRouter>
      </ServerRenderContext>
    </StrictMode>,
    request.onError,
  );
  if (server.redirectTo) return { redirectTo: server.redirectTo };

  const head = LEADING_HEAD.exec(html)?.[0] ?? '';
  const session = queryClient.getQueryData<{ user: unknown }>(queryKeys.session);
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' || query.state.status === 'error',
  });
  return {
    status: server.status ?? 200,
    head,
    body: html.slice(head.length),
    stateScript: `<script type="application/json" id="${PAGE_STATE_ID}">${writePageState(state)}</script>`,
    modules: [...server.modules],
    parts: countCopies(server.parts.values()),
    signedIn: Boolean(session?.user),
  };
}

/**
 * React's streaming renderer, read once everything has rendered (onAllReady): the page's status (404,
 * a redirect) is known only then, and with its data already here that takes a few milliseconds. Read
 * before that, the HTML would carry fallbacks and the inline scripts that replace them, which the
 * Content-Security-Policy (script-src 'self') rightly refuses to run.
 */
function renderToString(element: ReactNode, onError?: (error: unknown) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      // Never outline a large part into a later chunk with a script that moves it into place: the whole
      // page is written in order (and no inline script is needed, which the CSP would refuse).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: reject,
      onError,
    });
  });
}

function countCopies(keys: Iterable<string>): string[] {
  const copies = new Map<string, number>();
  for (const key of keys) copies.set(key, (copies.get(key) ?? 0) + 1);
  return [...copies].map(([key, count]) => `${key}*${count}`);
}
