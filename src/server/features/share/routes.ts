// Share surfaces served outside the JSON API (issue «Sharing»): the link-preview images, the embed page
// and oEmbed. All are open to anyone and answer from what a visitor may see; a deleted post (or an
// unpublished askline) answers 404 on every one of them, on every instance, from the next request on.
import { createHash } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { EMBED_STYLES, renderEmbedHtml } from '../../../shared/embed-html';
import { idParamsSchema, previewFileParamsSchema } from '../../../shared/path-params';
import { readShareFormat } from '../../../shared/share';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { clientAddress } from '../../http/client-address';
import type { AppEnv } from '../../http/context';
import { describeRoute } from '../../http/describe-route';
import { enforceLimit } from '../../http/rate-limits';
import type { RateLimiter } from '../../platform/rate-limit';
import type { ObjectStorage } from '../../platform/storage';
import { renderGoneEmbedHtml } from './embed-gone';
import { findPostAt, findSharedAskline, findSharedPost } from './find-shared';
import { createImageCache } from './image-cache';
import { oembedAnswer, oembedQuerySchema, readOembedUrl } from './oembed';
import type { PreviewTask } from './preview-image';
import { asklinePreview, loadPreviewPhoto, postPreview } from './preview-inputs';
import { type PreviewRenderer, RenderQueueFullError, sharedPreviewRenderer } from './render-pool';
import { postUrls, readSharedPage } from './share-addresses';

/** Shared caches and crawlers may keep an answer this long; a deleted post's copies go with it. */
const SHARED_CACHE = 'public, max-age=300';
const IMAGE_CACHE_BYTES = 32 * 1024 * 1024;

const postImage = describeRoute({
  summary: "A shared post's link-preview image ({id}.png), drawn once and kept",
  tag: 'sharing',
  access: 'anyone; new drawings limited per address',
  params: previewFileParamsSchema,
  answer: 'image/png',
});
const asklineImage = describeRoute({
  summary: "A verified askline's link-preview image ({id}.png)",
  tag: 'sharing',
  access: 'anyone; new drawings limited per address',
  params: previewFileParamsSchema,
  answer: 'image/png',
});
const embed = describeRoute({
  summary: 'The embeddable page of a post (?format=default|square|story), framable anywhere',
  tag: 'sharing',
  access: 'anyone',
  params: idParamsSchema,
  answer: 'text/html',
});
const oembed = describeRoute({
  summary: "The oEmbed answer for a post's address on this site (?url=, JSON only)",
  tag: 'sharing',
  access: 'anyone, from any origin',
  query: oembedQuerySchema,
});

/** The embed page allows its one inline stylesheet by hash, nothing else, and any site to frame it. */
const EMBED_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(EMBED_STYLES).digest('base64')}'`,
  "img-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

interface ShareDeps {
  db: Db;
  storage: ObjectStorage;
  rateLimiter: RateLimiter;
  /** PUBLIC_URL's origin: every absolute address the surfaces write starts with it. */
  origin: string;
  /** Draws new preview images off the main thread; defaults to the process's pool (render-pool.ts). */
  renderer?: PreviewRenderer;
}

const postGone = () => new AppError('not_found', 'This post is not available.');

export function shareRoutes(deps: ShareDeps) {
  const { db, storage, rateLimiter, origin, renderer = sharedPreviewRenderer() } = deps;
  const images = createImageCache(IMAGE_CACHE_BYTES);

  /** A full render queue: 503 with a time to come back, which no cache may keep. */
  function renderersBusy(c: Context<AppEnv>) {
    c.header('Cache-Control', 'no-store');
    c.header('Retry-After', String(renderer.retryAfterSeconds()));
    return new AppError(
      'unavailable',
      'Preview images are busy being drawn. Please try again in a few seconds.',
    );
  }

  /**
   * The PNG for `version`, drawn by the render pool only if no copy is kept (or being drawn); new
   * drawings count against the address. Kept copies and 304s are answered even while the pool is full.
   */
  async function sendImage(c: Context<AppEnv>, version: string, task: () => Promise<PreviewTask>) {
    const etag = `"${version}"`;
    // Networks show these pictures on their own pages: they must be loadable from any origin.
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    const cacheHeaders = { 'Cache-Control': SHARED_CACHE, ETag: etag };
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, cacheHeaders);
    if (!images.has(version)) {
      // Refused before it counts against the address: nothing was drawn for it.
      if (!images.isDrawing(version) && renderer.isFull()) throw renderersBusy(c);
      await enforceLimit(rateLimiter, 'previewImage', `ip:${clientAddress(c)}`).catch((refusal: unknown) => {
        c.header('Cache-Control', 'no-store');
        throw refusal;
      });
    }
    let png: Buffer;
    try {
      png = await images.get(version, async () => renderer.draw(await task()));
    } catch (error) {
      // The queue filled up while this request was on its way to it.
      if (error instanceof RenderQueueFullError) throw renderersBusy(c);
      throw error;
    }
    return c.body(new Uint8Array(png), 200, { ...cacheHeaders, 'Content-Type': 'image/png' });
  }

  return new Hono<AppEnv>()
    .get('/og/posts/:file', postImage.doc, async (c) => {
      const id = postImage.params(c)?.file;
      const shared = id ? await findSharedPost(db, storage, id) : null;
      if (!shared) throw postGone();
      const { version, input, photoKey } = postPreview(shared);
      return sendImage(c, version, async () => ({
        kind: 'post',
        input: { ...input, photo: await loadPreviewPhoto(storage, photoKey) },
      }));
    })
    .get('/og/asklines/:file', asklineImage.doc, async (c) => {
      const id = asklineImage.params(c)?.file;
      const askline = id ? await findSharedAskline(db, id) : null;
      if (!askline) throw new AppError('not_found', 'This askline is not available.');
      const { version, input } = asklinePreview(askline);
      return sendImage(c, version, async () => ({ kind: 'askline', input }));
    })
    .get('/embed/posts/:id', embed.doc, async (c) => {
      const format = readShareFormat(c.req.query('format'));
      const params = embed.params(c);
      const shared = params && (await findSharedPost(db, storage, params.id));
      c.header('Content-Security-Policy', EMBED_CSP);
      c.header('Cross-Origin-Resource-Policy', 'cross-origin');
      c.header('X-Robots-Tag', 'noindex');
      c.header('Cache-Control', SHARED_CACHE);
      // Framed on someone else's page, a deleted post says so in a card rather than as raw JSON.
      if (!shared) return c.html(renderGoneEmbedHtml(origin), 404);
      return c.html(renderEmbedHtml(shared.post, format, origin));
    });
}

/** GET /api/oembed?url= : the oEmbed answer for a post's address on this site (JSON only). */
export function oembedRoutes(deps: ShareDeps) {
  const { db, storage, origin } = deps;
  return new Hono<AppEnv>().get('/', oembed.doc, async (c) => {
    // Browsers on other sites may ask too; the answer holds nothing a visitor could not see.
    c.header('Access-Control-Allow-Origin', '*');
    const query = oembed.query(c);
    if (query.format !== undefined && query.format !== 'json') {
      throw new AppError('not_implemented', 'Only format=json is served.');
    }
    const address = readOembedUrl(query.url, origin);
    const page = address ? readSharedPage(address.pathname) : null;
    const shared = address && page?.kind === 'post' ? await findPostAt(db, storage, page) : null;
    if (!address || !shared) throw new AppError('not_found', 'No post is shared at that url.');
    const urls = postUrls(origin, shared.post, postPreview(shared).version);
    c.header('Cache-Control', SHARED_CACHE);
    return c.json(oembedAnswer({ post: shared.post, format: address.format, query, urls, origin }));
  });
}
