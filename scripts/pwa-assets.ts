// Vite plugin: what makes the app installable (issue #29, first part): the web manifest and its icons,
// drawn at build time from the logo's own drawing (src/shared/brand-mark.ts) and, for the shortcuts,
// Lucide's (as the icon sprite draws them), rasterized with @resvg/resvg-js (the same library the
// server draws preview images with, so every machine makes the same bytes). The browser build writes
// them to dist/web; `npm run dev` serves them from memory. The manifest and apple-touch-icon links are
// added to index.html here, so every page (and every page the server draws from it) names them.
import { Resvg } from '@resvg/resvg-js';
import type { Plugin } from 'vite';
import { BRAND_MARK } from '../src/shared/brand-mark.ts';
import { lucideDrawing } from './icon-sprite.ts';

/** The logo's tile colour (brand-600, as public/favicon.svg) and the app's light background. */
export const BRAND_COLOUR = '#4f46e5';
export const BACKGROUND_COLOUR = '#f8fafc';

const book = (stroke: string) =>
  `<g fill="none" stroke="${stroke}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" transform="${BRAND_MARK.bookTransform}">${BRAND_MARK.bookPaths.map((d) => `<path d="${d}"/>`).join('')}</g>`;

/** The logo as the favicon draws it: a rounded tile, transparent around it. */
function tileSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${BRAND_MARK.viewBox}"><rect width="32" height="32" rx="${BRAND_MARK.tileRadius}" fill="${BRAND_COLOUR}"/>${book('#fff')}</svg>`;
}

/**
 * Full bleed, for masks (a circle, a squircle) and for iOS (which rounds corners itself and shows
 * transparency as black): the book scaled into the middle 60%, inside the 80% safe zone.
 */
function fullBleedSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND_COLOUR}"/><g transform="translate(6.4 6.4) scale(0.6)">${book('#fff')}</g></svg>`;
}

/** A shortcut's icon: a Lucide icon on the brand tile. */
function shortcutSvg(icon: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="${BRAND_MARK.tileRadius}" fill="${BRAND_COLOUR}"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" transform="translate(6 6) scale(0.8333)">${lucideDrawing(icon)}</g></svg>`;
}

const png = (svg: string, size: number) =>
  new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();

/** Every file the plugin makes, by its address under the site's root. */
export function buildPwaAssets(): Map<string, { type: string; body: Buffer | string }> {
  const files = new Map<string, { type: string; body: Buffer | string }>();
  const image = (path: string, body: Buffer) => files.set(path, { type: 'image/png', body });
  for (const size of [192, 512]) {
    image(`icons/icon-${size}.png`, png(tileSvg(), size));
    image(`icons/maskable-${size}.png`, png(fullBleedSvg(), size));
  }
  image('apple-touch-icon.png', png(fullBleedSvg(), 180));
  image('icons/shortcut-create-96.png', png(shortcutSvg('square-pen'), 96));
  image('icons/shortcut-search-96.png', png(shortcutSvg('search'), 96));
  const manifest = {
    id: '/',
    name: 'Campus Yearbook',
    short_name: 'Yearbook',
    description:
      'A digital time capsule for campus minds: thoughts, confessions, quotes and predictions from VIT Chennai and VIT Vellore.',
    lang: 'en',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    // One colour each: dark mode's bar comes from index.html's theme-color for prefers-color-scheme.
    theme_color: BACKGROUND_COLOUR,
    background_color: BACKGROUND_COLOUR,
    categories: ['social', 'education'],
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      ...[192, 512].map((size) => ({
        src: `/icons/icon-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png',
      })),
      ...[192, 512].map((size) => ({
        src: `/icons/maskable-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'maskable',
      })),
    ],
    shortcuts: [
      {
        name: 'Create post',
        short_name: 'Create',
        url: '/dashboard?compose=1',
        icons: [{ src: '/icons/shortcut-create-96.png', sizes: '96x96', type: 'image/png' }],
      },
      {
        name: 'Search',
        url: '/search',
        icons: [{ src: '/icons/shortcut-search-96.png', sizes: '96x96', type: 'image/png' }],
      },
    ],
    // Text shared from another app opens Create post with it (the dashboard reads these).
    share_target: {
      action: '/dashboard',
      method: 'GET',
      params: { title: 'share_title', text: 'share_text', url: 'share_url' },
    },
  };
  files.set('manifest.webmanifest', {
    type: 'application/manifest+json',
    body: `${JSON.stringify(manifest, null, 2)}\n`,
  });
  return files;
}

/** The shell's file in the build (src/web/sw/sw.ts names its address, APP_SHELL). */
export const APP_SHELL_FILE = 'app-shell.html';

/** index.html with the app named in `<template id="page-modules">`, as the server names it (boot.ts reads it). */
export function appShell(indexHtml: string, appFile: string): string {
  if (!indexHtml.includes('</head>')) throw new Error('index.html has no </head>');
  return indexHtml.replace(
    '</head>',
    () => `<template id="page-modules" data-app="/${appFile}"></template>\n  </head>`,
  );
}

export function pwaAssets(): Plugin {
  let files: ReturnType<typeof buildPwaAssets> | null = null;
  const made = () => {
    files ??= buildPwaAssets();
    return files;
  };
  let emit = false;
  return {
    name: 'yearbook-pwa-assets',
    configResolved(config) {
      emit = config.command === 'build' && !config.build.ssr;
    },
    buildStart() {
      if (!emit) return;
      for (const [fileName, { body }] of made()) this.emitFile({ type: 'asset', fileName, source: body });
    },
    // The page the service worker opens offline (src/web/sw/sw.ts): index.html naming the app, as the
    // server names it on a page it could not draw, so the app draws the page itself.
    generateBundle: {
      // After Vite has written index.html into the bundle.
      order: 'post',
      handler(_options, bundle) {
        if (!emit) return;
        const index = bundle['index.html'];
        const app = Object.values(bundle).find(
          (file) => file.type === 'chunk' && file.isEntry && file.name === 'main',
        );
        if (index?.type !== 'asset' || !app) {
          this.error('the app shell needs index.html and the `main` entry in the build');
        }
        this.emitFile({
          type: 'asset',
          fileName: APP_SHELL_FILE,
          source: appShell(String(index.source), app.fileName),
        });
      },
    },
    transformIndexHtml() {
      return [
        { tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' }, injectTo: 'head' },
        { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' }, injectTo: 'head' },
      ];
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = made().get((req.url ?? '').replace(/^\/|\?.*$/g, ''));
        if (!file) return next();
        res.setHeader('Content-Type', file.type);
        res.end(file.body);
      });
    },
  };
}
