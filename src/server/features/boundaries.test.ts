// Server features meet only through each other's index.ts (what a feature offers the rest): a file in
// one feature never imports another feature's files directly.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const FEATURES = path.dirname(new URL(import.meta.url).pathname);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('server feature boundaries', () => {
  it('no feature imports the inside of another', () => {
    const crossings: string[] = [];
    for (const file of sourceFiles(FEATURES)) {
      const feature = path.relative(FEATURES, file).split(path.sep)[0];
      for (const [, target = ''] of fs.readFileSync(file, 'utf8').matchAll(/from '(\.\.\/[^']+)'/g)) {
        const resolved = path.relative(FEATURES, path.resolve(path.dirname(file), target));
        const [other, ...inside] = resolved.split(path.sep);
        if (other && other !== feature && !other.startsWith('..') && inside.length > 0) {
          crossings.push(`${path.relative(FEATURES, file)} imports ${target}`);
        }
      }
    }
    expect(crossings).toEqual([]);
  });
});
