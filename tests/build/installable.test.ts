// What makes the app installable (issue #29, first part; scripts/pwa-assets.ts): the build writes the
// web manifest and every icon it names, at the sizes it says, and every page names the manifest and
// the apple-touch-icon.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPwaAssets } from '../../scripts/pwa-assets';

const WEB = path.resolve(import.meta.dirname, '../../dist/web');

function builtFile(name: string): Buffer {
  const file = path.join(WEB, name);
  if (!fs.existsSync(file))
    throw new Error(`No ${name} in the build: run \`npm run build\` first (npm test does).`);
  return fs.readFileSync(file);
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

describe('the installable app', () => {
  const manifest = JSON.parse(builtFile('manifest.webmanifest').toString('utf8')) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: ManifestIcon[];
    shortcuts: { name: string; url: string; icons: ManifestIcon[] }[];
    share_target: { action: string; method: string; params: Record<string, string> };
  };

  it('has a manifest with what the platforms ask for', () => {
    expect(manifest).toMatchObject({
      name: 'Campus Yearbook',
      short_name: 'Yearbook',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    const sizes = (purpose?: string) =>
      manifest.icons
        .filter((icon) => icon.type === 'image/png' && icon.purpose === purpose)
        .map((i) => i.sizes);
    expect(sizes()).toEqual(['192x192', '512x512']);
    expect(sizes('maskable')).toEqual(['192x192', '512x512']);
    expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['Create post', '/dashboard?compose=1'],
      ['Search', '/search'],
    ]);
    expect(manifest.share_target).toEqual({
      action: '/dashboard',
      method: 'GET',
      params: { title: 'share_title', text: 'share_text', url: 'share_url' },
    });
  });

  it('ships every icon the manifest names, at its size, and the build matches the plugin', () => {
    const icons = [...manifest.icons, ...manifest.shortcuts.flatMap((s) => s.icons)];
    for (const icon of icons) {
      const bytes = builtFile(icon.src.slice(1));
      if (icon.type !== 'image/png') continue;
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(bytes), icon.src).toEqual({ width, height });
    }
    expect(pngSize(builtFile('apple-touch-icon.png'))).toEqual({ width: 180, height: 180 });
    for (const [name, file] of buildPwaAssets())
      expect(builtFile(name).equals(Buffer.from(file.body))).toBe(true);
  });

  it('is named by every page', () => {
    const html = builtFile('index.html').toString('utf8');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png">');
  });
});

describe('the offline app (decision 018)', () => {
  const viteManifest = JSON.parse(builtFile('.vite/manifest.json').toString('utf8')) as Record<
    string,
    { file: string }
  >;
  const worker = builtFile('sw.js').toString('utf8');
  /** The addresses the worker precaches, as Workbox wrote them into it. */
  const precached = [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]);

  it('has a shell that names the app and draws nothing', () => {
    const shell = builtFile('app-shell.html').toString('utf8');
    const app = viteManifest['main.tsx']?.file;
    expect(app).toMatch(/^assets\/main-[\w-]+\.js$/);
    expect(shell).toContain(`<template id="page-modules" data-app="/${app}"></template>`);
    expect(shell).toContain('<div id="root"></div>');
    expect(shell).not.toContain('page-state');
    // The rest of index.html as it is: its one script and styles, the manifest.
    const index = builtFile('index.html').toString('utf8');
    expect(shell.replace(/\s*<template id="page-modules"[^>]*><\/template>/, '')).toBe(index);
  });

  it('precaches every script, style and font of the build and the shell, and no other page', () => {
    expect(precached.length).toBeGreaterThan(20);
    const assets = fs.readdirSync(path.join(WEB, 'assets')).filter((name) => /\.(js|css|woff2)$/.test(name));
    for (const asset of assets) expect(precached, asset).toContain(`assets/${asset}`);
    expect(precached).toContain('app-shell.html');
    expect(precached).toContain('manifest.webmanifest');
    expect(precached.filter((url) => url?.endsWith('.html'))).toEqual(['app-shell.html']);
    expect(precached.some((url) => url?.startsWith('api/') || url === 'sw.js')).toBe(false);
  });

  it('is a classic script, which every browser with service workers runs', () => {
    expect(worker).not.toMatch(/^\s*(import|export)\s/m);
  });
});
