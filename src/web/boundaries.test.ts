// Where the web app's imports may go (CONVENTIONS: imports flow shared -> lib/components/config ->
// features -> app; decision 007), as the server's features/boundaries.test.ts does for the server:
//
// 1. A file in one feature imports another feature only through that feature's `index.ts`, its
//    public surface (`../../auth`, never `../../auth/api/session-query`). An `index.ts` only
//    re-exports: it is a list, with no code of its own for a page to run, and vite.config.ts tells
//    Rolldown so (`treeshake`), so a page that takes one name loads none of the others' files.
// 2. `lib/`, `components/` and `config/` import no feature and nothing of `app/`; a feature imports
//    nothing of `app/`. Where lib needs a feature's behaviour, the app hands it over
//    (app/kept-copy-guard.ts, imported by main.tsx, gives lib/kept-copy-guard.ts auth's session watch).
// 3. A lazy import (`import()`, `lazy`, `lazyPage`) names a module file, never an `index.ts`: a chunk
//    loaded through a barrel would carry everything the barrel lists.
// 4. `app/` (the route table, the layouts, the pages made of several features) and the entry files
//    beside it (main.tsx, entry-server.tsx, boot.ts) compose features and may import their files
//    directly: that is how each page's lazy chunk keeps to the files it uses (decision 016).
//
// Tests are left out: a test may reach into what it tests and what that works with.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = path.dirname(new URL(import.meta.url).pathname);
const LOWER_LAYERS = ['lib', 'components', 'config'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

interface Import {
  /** The importing file, from src/web. */
  file: string;
  /** What it wrote. */
  specifier: string;
  /** What that names, from src/web, without an extension. */
  target: string[];
  lazy: boolean;
}

// `from '…'`, `import '…'` and `import('…')` (also `typeof import('…')`), relative ones only: packages
// and `virtual:` modules are no feature's.
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)'(\.{1,2}\/[^']*)'/g;

function importsOf(file: string): Import[] {
  const source = fs.readFileSync(file, 'utf8');
  return [...source.matchAll(IMPORT)].map((match) => {
    const specifier = match[1] ?? '';
    const resolved = path.relative(WEB, path.resolve(path.dirname(file), specifier));
    return {
      file: path.relative(WEB, file),
      specifier,
      target: resolved.replace(/\.tsx?$/, '').split(path.sep),
      lazy: match[0].includes('('),
    };
  });
}

const imports = sourceFiles(WEB).flatMap(importsOf);
const described = (found: Import) => `${found.file} imports ${found.specifier}`;
const isIndex = (target: string[]) =>
  target[0] === 'features' && (target.length === 2 || (target.length === 3 && target[2] === 'index'));

describe('web import boundaries', () => {
  it('reads the imports it judges', () => {
    // A broken pattern would pass every rule below: the route table's lazy pages must be seen.
    const routeTable = imports.filter((found) => found.file === path.join('app', 'route-table.tsx'));
    expect(routeTable.filter((found) => found.lazy && found.target[0] === 'features').length).toBeGreaterThan(
      5,
    );
    expect(imports.length).toBeGreaterThan(500);
  });

  it("a feature meets another only through that feature's index.ts", () => {
    const crossings = imports.filter(({ file, target }) => {
      const [top, feature] = file.split(path.sep);
      return top === 'features' && target[0] === 'features' && target[1] !== feature && !isIndex(target);
    });
    expect(crossings.map(described)).toEqual([]);
  });

  it("a feature's index.ts only re-exports", () => {
    const indexes = sourceFiles(path.join(WEB, 'features')).filter(
      (file) => path.basename(file) === 'index.ts',
    );
    for (const file of indexes) {
      const statements = fs
        .readFileSync(file, 'utf8')
        .replace(/\/\/.*$/gm, '')
        .split(';')
        .map((statement) => statement.trim())
        .filter(Boolean);
      for (const statement of statements) {
        expect(statement, path.relative(WEB, file)).toMatch(
          /^export (type )?(\*|\{[^}]*\}) from '\.[^']*'$/s,
        );
      }
    }
  });

  it('lib, components and config import no feature and nothing of app; features nothing of app', () => {
    const upward = imports.filter(({ file, target }) => {
      const top = file.split(path.sep)[0] ?? '';
      if (LOWER_LAYERS.includes(top)) return target[0] === 'features' || target[0] === 'app';
      return top === 'features' && target[0] === 'app';
    });
    expect(upward.map(described)).toEqual([]);
  });

  it("lazy imports name a module's file, never a feature's index.ts", () => {
    const throughIndex = imports.filter((found) => found.lazy && isIndex(found.target));
    expect(throughIndex.map(described)).toEqual([]);
  });
});
