// Vite plugin: one SVG sprite of the Lucide icons the app names (src/web/components/icons/
// icon-names.ts), drawn by lucide-react itself so each looks exactly as its component would, and
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

const pascalCase = (name: string) =>
  name.replace(/(^|-)([a-z0-9])/g, (_match, _dash, letter: string) => letter.toUpperCase());

/** The sprite: a <symbol> per icon, holding what lucide-react draws inside its <svg>. */
export function buildIconSprite(names: readonly string[] = ICON_NAMES): string {
  const icons = lucide as unknown as Record<string, ComponentType | undefined>;
  const symbols = names.map((name) => {
    const component = icons[pascalCase(name)];
    if (!component) throw new Error(`lucide-react has no icon "${name}" (icon-names.ts)`);
    const drawn = renderToStaticMarkup(createElement(component));
    const inner = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(drawn)?.[1];
    if (!inner) throw new Error(`lucide-react drew "${name}" in an unexpected shape: ${drawn.slice(0, 80)}`);
    return `<symbol id="${name}" viewBox="0 0 24 24">${inner}</symbol>`;
  });
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
