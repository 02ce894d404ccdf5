import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkGroups } from './scripts/chunk-groups.ts';
import { devServerRendering } from './scripts/dev-server-rendering.ts';
import { iconSprite } from './scripts/icon-sprite.ts';
import { pwaAssets } from './scripts/pwa-assets.ts';

// The web app lives in src/web and builds into dist/web, which the server serves.
// In development (`npm run dev`) Vite serves the app on :3000, draws its pages on the server as
// production does (scripts/dev-server-rendering.ts), and proxies what the server serves itself (the
// API, pictures, embed pages and preview images) to the server on :3001.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  // The server's renderer (vite build --ssr, scripts/web-build.mjs) needs no copy of the public files.
  publicDir: isSsrBuild ? false : 'public',
  plugins: [
    react(),
    tailwindcss(),
    iconSprite(),
    pwaAssets(),
    devServerRendering(),
    // The service worker (src/web/sw/sw.ts, docs/decisions/018): built with Workbox after the app, with
    // the list of the build's files it keeps for offline use. The manifest is pwaAssets'; the app
    // registers the worker itself, lazily (src/web/lib/offline-app.tsx).
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'sw',
        filename: 'sw.ts',
        manifest: false,
        injectRegister: false,
        injectManifest: {
          // A classic script: every browser with service workers runs one (module workers are newer).
          rollupFormat: 'iife',
          globPatterns: [
            'assets/**/*.{js,css,woff2,svg}',
            'icons/*.png',
            'favicon.svg',
            'manifest.webmanifest',
            'app-shell.html',
          ],
          // Named by their hash: the name is the revision.
          dontCacheBustURLsMatching: /^assets\//,
        },
      }),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    // Every browser the es2022 target reaches but Safari before 17 knows modulepreload; there a preload
    // is only a hint lost, so the polyfill (0.6 KB on every page) is not worth carrying. A lazily
    // loaded part names no files to preload beside it (its styles excepted): the list of every part's
    // files cost each page 0.85 KB of the app's own file, and what it saved is small. A page the server
    // drew names its parts' files itself (modulepreload links), and the offline app has the build's
    // files in its cache soon after the first visit, so a part met later in the app fetches its
    // imports from there (docs/decisions/022).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith('.css')),
    },
    // Two entries: index.html, whose one script (boot.ts) waits for the first paint, and the app
    // (main.tsx), which boot.ts loads then by the name the server gives it (docs/decisions/014).
    ...(!isSsrBuild && {
      rolldownOptions: {
        input: {
          index: fileURLToPath(new URL('src/web/index.html', import.meta.url)),
          main: fileURLToPath(new URL('src/web/main.tsx', import.meta.url)),
        },
        // A feature's index.ts (its public surface, src/web/boundaries.test.ts) only re-exports: taking
        // one name from it must not run, nor load the file of, the other modules it lists. Said to
        // Rolldown, which otherwise keeps the index and everything it lists with side effects (the
        // account page's sign-out brought the `signed-out` file onto every page asking the session).
        treeshake: {
          moduleSideEffects: [
            { test: /[\\/]src[\\/]web[\\/]features[\\/][\w-]+[\\/]index\.ts$/, sideEffects: false },
          ],
        },
        // Modules in files by role, a dozen a page rather than thirty (scripts/chunk-groups.ts). Our
        // chunks are named by their hash alone: each name is written in the import lines of the files
        // that use it (0.4 KB on a data page); the build manifest says which source each holds. The
        // libraries' and Rolldown's helpers keep their names (read by resolveDependencies above).
        output: {
          codeSplitting: { groups: chunkGroups },
          chunkFileNames: ({ name }) =>
            ['react', 'query', 'rolldown-runtime'].includes(name)
              ? 'assets/[name]-[hash].js'
              : 'assets/[hash].js',
        },
      },
    }),
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: Object.fromEntries(
      ['/api', '/uploads', '/embed', '/og'].map((prefix) => [
        prefix,
        `http://localhost:${process.env.API_PORT ?? 3001}`,
      ]),
    ),
  },
}));
