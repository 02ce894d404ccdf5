import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { iconSprite } from './scripts/icon-sprite';

// The web app lives in src/web and builds into dist/web, which the server serves.
// In development (`npm run dev`) Vite serves the app on :3000 and proxies what the server serves itself
// (the API, pictures, embed pages and preview images) to the server on :3001.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  // The server's renderer (vite build --ssr, scripts/web-build.mjs) needs no copy of the public files.
  publicDir: isSsrBuild ? false : 'public',
  plugins: [react(), tailwindcss(), iconSprite()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    // Every browser the es2022 target reaches but Safari before 17 knows modulepreload; there a preload
    // is only a hint lost, so the polyfill (0.6 KB on every page) is not worth carrying.
    modulePreload: { polyfill: false },
    // Two entries: index.html, whose one script (boot.ts) waits for the first paint, and the app
    // (main.tsx), which boot.ts loads then by the name the server gives it (docs/decisions/014).
    ...(!isSsrBuild && {
      rolldownOptions: {
        input: {
          index: fileURLToPath(new URL('src/web/index.html', import.meta.url)),
          main: fileURLToPath(new URL('src/web/main.tsx', import.meta.url)),
        },
        // React and TanStack Query each in a file of their own. They change only when we upgrade them,
        // so a returning visitor's browser keeps them across our deploys; and every page that uses
        // them needs them whole, while left to the automatic split TanStack Query came in seven small
        // files (1.1-1.5 KB gzip more on a data page: docs/performance.md). The persister's packages
        // stay apart: a page loads them after it is taken over (lib/query-persistence.ts).
        output: {
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
              {
                name: 'query',
                test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
                priority: 1,
              },
            ],
          },
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
