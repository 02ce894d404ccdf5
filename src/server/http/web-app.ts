// Serves the built web app (dist/web). The build is small, so every file is read once at start-up, with
// its ETag and gzip/brotli forms: a request for an asset is a map look-up. The build writes those forms
// (scripts/web-build.mjs, precompressWebBuild); a file without them is compressed here. Hashed files
// under /assets/ are cached for a year.
//
// Pages are rendered on the server (http/page-renderer.ts, issue #26): index.html with the page drawn
// into #root, the answers it was drawn with, its own title and the chunks it needs preloaded, so it
// reads before any script runs and the browser takes it over without asking again. Pages that people
// share (a post, an askline) also get a head of their own, written per request by `pageHead` (link
// previews: crawlers read the head and run no script). A page for someone signed in is never stored
// by a shared cache; a visitor's page may be, briefly (PUBLIC_PAGE_CACHE). Without a renderer (a
// hand-made web root in tests) index.html is served as it is, as before.
//
// The index.html served as is, and every page, are revalidated every time so a deploy shows at once.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { escapeHtml } from '../../shared/escape-html';
import { GRIEVANCE_OFFICER_META, type GrievanceOfficer } from '../../shared/grievance-officer';
import { matchRoute } from '../../shared/routes';
import type { AppEnv } from './context';
import type { PageRenderer } from './page-renderer';

/**
 * A visitor's page (no cookie): any cache may keep it for a minute and serve it a minute more while
 * asking again; the browser revalidates it every time (its ETag). A signed-in answer: no cache keeps it.
 */
export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=60';
export const PRIVATE_PAGE_CACHE = 'private, no-store';

interface StaticFile {
  body: Buffer;
  gzip?: Buffer;
  brotli?: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.webmanifest', '.txt', '.svg']);
/**
 * Where the build keeps each text file's gzip and brotli forms, named by the SHA-1 of the file
 * (base64url, as in its ETag): `<hash>.gz`, `<hash>.br`. Not served (a dot folder).
 */
export const PRECOMPRESSED_DIR = '.precompressed';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Asked for again every time, so a deploy shows at once: the pages (index.html, the offline app
 * shell) and the service worker, whose new build the browser then finds on the next visit.
 */
const REVALIDATED = new Set(['.html']);
const SERVICE_WORKER = '/sw.js';

/** Facts about this server the page needs before any request, written into index.html's head. */
export interface PageFlags {
  googleSignIn: boolean;
  /** The Grievance Officer /contact and /terms show (shared/grievance-officer.ts). */
  grievanceOfficer: GrievanceOfficer | null;
}

function addPageFlags(html: Buffer, flags: PageFlags): Buffer {
  let tags = flags.googleSignIn ? '<meta name="yearbook-google-sign-in" content="on">' : '';
  if (flags.grievanceOfficer) {
    const content = escapeHtml(JSON.stringify(flags.grievanceOfficer));
    tags += `<meta name="${GRIEVANCE_OFFICER_META}" content="${content}">`;
  }
  return tags ? Buffer.from(html.toString('utf8').replace('</head>', `${tags}</head>`)) : html;
}

export function loadWebApp(
  webRoot: string,
  flags: PageFlags = { googleSignIn: false, grievanceOfficer: null },
): Map<string, StaticFile> | null {
  if (!fs.existsSync(path.join(webRoot, 'index.html'))) return null;
  const files = new Map<string, StaticFile>();
  for (const entry of fs.readdirSync(webRoot, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    const urlPath = `/${path.relative(webRoot, absolute).split(path.sep).join('/')}`;
    if (urlPath.split('/').some((segment) => segment.startsWith('.'))) continue; // .vite/manifest.json
    const ext = path.extname(entry.name).toLowerCase();
    const raw = fs.readFileSync(absolute);
    const body = urlPath === '/index.html' ? addPageFlags(raw, flags) : raw;
    const compress = COMPRESSIBLE.has(ext) && body.length > 512;
    const hash = createHash('sha1').update(body).digest('base64url');
    files.set(urlPath, {
      body,
      type: TYPES[ext] ?? 'application/octet-stream',
      etag: `"${hash}"`,
      cacheControl: urlPath.startsWith('/assets/')
        ? IMMUTABLE
        : REVALIDATED.has(ext) || urlPath === SERVICE_WORKER
          ? 'no-cache'
          : 'public, max-age=3600',
      ...(compress && compressedForms(webRoot, hash, body)),
    });
  }
  return files;
}

/** The build's forms of a file (by its hash), or forms made now when the build has none for it. */
function compressedForms(webRoot: string, hash: string, body: Buffer): { gzip: Buffer; brotli: Buffer } {
  const made = (suffix: string) => {
    try {
      return fs.readFileSync(path.join(webRoot, PRECOMPRESSED_DIR, `${hash}.${suffix}`));
    } catch {
      return null;
    }
  };
  return {
    gzip: made('gz') ?? gzipSync(body, { level: 9 }),
    brotli: made('br') ?? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
  };
}

/**
 * What a shared page's head says instead of the app's own title and description (Open Graph and the
 * like), and its status; or a redirect to the page's own address. Null: not such a page.
 */
export type PageHead = { status: 200 | 404; tags: string } | { redirectTo: string };
export type PageHeadProvider = (pathname: string, search: string) => Promise<PageHead | null>;

const TITLE = /<title>[\s\S]*?<\/title>\s*/;
const DESCRIPTION = /<meta\s+name="description"[^>]*>\s*/;

const ROOT_ELEMENT = '<div id="root"></div>';
const NO_SCRIPT = /<noscript>[\s\S]*?<\/noscript>/;
const NO_SCRIPT_READING =
  '<noscript>Reading works without JavaScript; to sign in, post or like, please turn it on.</noscript>';

/**
 * index.html around the point where a page's own head goes (its title and description taken out), and
 * around #root; the default description, for pages that bring none.
 */
function splitIndex(index: Buffer): { before: string; after: string; description: string } {
  const original = index.toString('utf8');
  const description = DESCRIPTION.exec(original)?.[0].trim() ?? '';
  const html = original.replace(TITLE, '').replace(DESCRIPTION, '');
  const at = html.indexOf('</head>');
  return { before: html.slice(0, at), after: html.slice(at), description };
}

export function serveWebApp(
  files: Map<string, StaticFile> | null,
  pageHead?: PageHeadProvider,
  renderer?: Promise<PageRenderer | null>,
): MiddlewareHandler<AppEnv> {
  const indexFile = files?.get('/index.html');
  const indexParts = indexFile ? splitIndex(indexFile.body) : null;

  return async (c, next) => {
    const method = c.req.method;
    if ((method !== 'GET' && method !== 'HEAD') || c.req.path === '/api' || c.req.path.startsWith('/api/')) {
      return next();
    }
    if (!files) {
      return c.text('The web app is not built yet. Run `npm run build` (npm start does it for you).', 503);
    }
    const requested = files.get(c.req.path);
    if (requested && c.req.path !== '/index.html') return send(c, requested, 200);
    if (c.req.path.startsWith('/assets/')) return c.text('Not found', 404);

    const index = files.get('/index.html');
    if (!index || !indexParts) return next();
    // Without its head the page still works (the app fetches the post itself): a failure here is
    // logged and the plain app is served, never an error page.
    const head = pageHead
      ? await pageHead(c.req.path, new URL(c.req.url).search).catch((error: unknown) => {
          c.get('log').error({ err: error }, 'could not write the head of a shared page');
          return null;
        })
      : null;
    if (head && 'redirectTo' in head) return c.redirect(head.redirectTo, 301);
    const pages = await renderer;
    if (pages) {
      const page = await pages.render(c).catch((error: unknown) => {
        c.get('log').error({ err: error }, 'could not render a page on the server');
        return null;
      });
      if (page) return sendPage(c, page, head, pages, indexParts);
    }
    // Not drawn (a renderer that failed, or a build without one): the app draws the page itself, once
    // it is named for index.html's script to load.
    const app = pages?.pageModules([]) ?? '';
    if (head || app) {
      const tags = head ? head.tags : indexParts.description;
      const body = Buffer.from(`${indexParts.before}${tags}\n${app}${indexParts.after}`);
      return send(c, pageFile(body), head?.status ?? (noPage(c.req.path) ? 404 : 200));
    }
    return send(c, index, noPage(c.req.path) ? 404 : 200);
  };
}

/** The HTML document of a page the renderer drew, answered with the right status and cache rule. */
function sendPage(
  c: Context<AppEnv>,
  page: Awaited<ReturnType<PageRenderer['render']>>,
  head: PageHead | null,
  renderer: PageRenderer,
  index: { before: string; after: string; description: string },
): Response {
  // Anyone who sent a cookie may be signed in: their answer is theirs alone, even a visitor's page.
  const personal = c.req.header('cookie') !== undefined || ('signedIn' in page && page.signedIn);
  const cacheControl = personal ? PRIVATE_PAGE_CACHE : PUBLIC_PAGE_CACHE;
  if ('redirectTo' in page) {
    return new Response(null, {
      status: 302,
      headers: { Location: page.redirectTo, 'Cache-Control': PRIVATE_PAGE_CACHE, Vary: 'Cookie' },
    });
  }
  // The page's own title (React's) stands; a shared page's head brings its description and previews.
  const shared = head && 'tags' in head ? head : null;
  const sharedTags = shared ? shared.tags.replace(TITLE, '') : index.description;
  const status = page.status === 404 || shared?.status === 404 || noPage(c.req.path) ? 404 : 200;
  const html =
    `${index.before}${page.head}
${sharedTags}
${renderer.pageModules(page.modules)}` +
    // A function, not a string, as the replacement: the page holds people's words, and `$&` or `$'`
    // in a replacement string would be read as patterns.
    index.after
      .replace(
        ROOT_ELEMENT,
        () => `<div id="root" data-parts="${page.parts.join(' ')}">${page.body}</div>${page.stateScript}`,
      )
      .replace(NO_SCRIPT, NO_SCRIPT_READING);
  return send(c, pageFile(Buffer.from(html), cacheControl), status, 'Cookie, Accept-Encoding');
}

/** An address that is none of the app's pages (src/shared/routes.ts): answered 404, drawn as the app's. */
function noPage(pathname: string): boolean {
  return matchRoute(pathname) === null;
}

/** A page written for one request: small, so gzip at a middle level costs well under a millisecond. */
function pageFile(body: Buffer, cacheControl = 'no-cache'): StaticFile {
  return {
    body,
    gzip: gzipSync(body, { level: 6 }),
    type: TYPES['.html'] as string,
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    cacheControl,
  };
}

function send(c: Context<AppEnv>, file: StaticFile, status: 200 | 404, vary = 'Accept-Encoding'): Response {
  const headers = new Headers({
    'Content-Type': file.type,
    'Cache-Control': file.cacheControl,
    ETag: file.etag,
    Vary: vary,
  });
  if (status === 200 && c.req.header('if-none-match') === file.etag) {
    return new Response(null, { status: 304, headers });
  }
  const accepted = c.req.header('accept-encoding') ?? '';
  let body = file.body;
  if (file.brotli && /\bbr\b/.test(accepted)) {
    body = file.brotli;
    headers.set('Content-Encoding', 'br');
  } else if (file.gzip && /\bgzip\b/.test(accepted)) {
    body = file.gzip;
    headers.set('Content-Encoding', 'gzip');
  }
  headers.set('Content-Length', String(body.length));
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { status, headers });
}
