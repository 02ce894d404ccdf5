// Vite plugin: one SVG sprite of the icons the app names (src/web/components/icons/icon-names.ts),
// Lucide's drawn by lucide-react itself so each looks exactly as its component would, and
// `virtual:icon-sprite`, the sprite's address. The file's name carries a hash of its content, so the
// browser build (which writes it to dist/web/assets, kept for a year like every asset), the server
// build (which only names it) and the tests (which run the sources) all say the same address, and a
// page the server drew hydrates without a difference. `npm run dev` serves it from memory.
import { createHash } from 'node:crypto';
import * as lucide from 'lucide-react';
import { type ComponentType, createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { ICON_NAMES } from '../src/web/components/icons/icon-names.ts';

const MODULE_ID = 'virtual:icon-sprite';
const RESOLVED_ID = `\0${MODULE_ID}`;

/** Brand icons, which lucide-react does not ship: in its 24 px grid and 2 px round stroke. */
const BRAND_ICONS: Record<string, string> = {
  instagram:
    '<rect width="20" height="20" x="2" y="2" rx="5" ry="5"></rect>' +
    '<path d="M16 11.37A4 4 0 1 1 12.63 8 4 4 0 0 1 16 11.37z"></path>' +
    '<line x1="17.5" x2="17.51" y1="6.5" y2="6.5"></line>',
  linkedin:
    '<path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-2-2 2 2 0 0 0-2 2v7h-4v-7a6 6 0 0 1 6-6z"></path>' +
    '<rect width="4" height="12" x="2" y="9"></rect><circle cx="4" cy="4" r="2"></circle>',
};

const pascalCase = (name: string) =>
  name.replace(/(^|-)([a-z0-9])/g, (_match, _dash, letter: string) => letter.toUpperCase());

/** What lucide-react draws inside its <svg> for `name`. */
export function lucideDrawing(name: string): string {
  const icons = lucide as unknown as Record<string, ComponentType | undefined>;
  const component = icons[pascalCase(name)];
  if (!component) throw new Error(`lucide-react has no icon "${name}" (icon-names.ts)`);
  const drawn = renderToStaticMarkup(createElement(component));
  const inner = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(drawn)?.[1];
  if (!inner) throw new Error(`lucide-react drew "${name}" in an unexpected shape: ${drawn.slice(0, 80)}`);
  return inner;
}

/** The sprite: a <symbol> per icon (a brand icon's own drawing, or lucide-react's). */
export function buildIconSprite(names: readonly string[] = ICON_NAMES): string {
  const symbols = names.map(
    (name) => `<symbol id="${name}" viewBox="0 0 24 24">${BRAND_ICONS[name] ?? lucideDrawing(name)}</symbol>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>`;
}

export function iconSprite(): Plugin {
  const sprite = buildIconSprite();
  const hash = createHash('sha256').update(sprite).digest('base64url').slice(0, 10);
  const fileName = `assets/icons-${hash}.svg`;
  let emit = false;
  return {
    name: 'yearbook-icon-sprite',
    configResolved(config) {
      emit = config.command === 'build' && !config.build.ssr;
    },
    resolveId(id) {
      return id === MODULE_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      if (emit) this.emitFile({ type: 'asset', fileName, source: sprite });
      return `export default ${JSON.stringify(`/${fileName}`)};`;
    },
    configureServer(server) {
      server.middlewares.use(`/${fileName}`, (_req, res) => {
        res.setHeader('Content-Type', 'image/svg+xml');
        res.end(sprite);
      });
    },
  };
}
