// The icons are one SVG sprite (scripts/icon-sprite.ts), not JavaScript: the build writes the sprite
// with exactly the icons icon-names.ts lists, and no chunk carries lucide-react's components.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIconSprite } from '../../scripts/icon-sprite';
import { ICON_NAMES } from '../../src/web/components/icons/icon-names';

const ASSETS = path.resolve(import.meta.dirname, '../../dist/web/assets');

function built(): string[] {
  if (!fs.existsSync(ASSETS)) throw new Error('No build: run `npm run build` first (npm test does).');
  return fs.readdirSync(ASSETS);
}

describe('the icon sprite', () => {
  it('is one file in the build, with a symbol for every icon the app names and no other', () => {
    const sprites = built().filter((file) => /^icons-[\w-]+\.svg$/.test(file));
    expect(sprites).toHaveLength(1);
    const sprite = fs.readFileSync(path.join(ASSETS, sprites[0] ?? ''), 'utf8');
    const ids = [...sprite.matchAll(/<symbol id="([\w-]+)" viewBox="0 0 24 24">/g)].map((match) => match[1]);
    expect(ids).toEqual([...ICON_NAMES]);
    expect(sprite).toBe(buildIconSprite());
  });

  it("draws each icon as lucide-react does, and refuses a name Lucide doesn't have", () => {
    expect(buildIconSprite(['heart'])).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><symbol id="heart" viewBox="0 0 24 24"><path d="M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5"></path></symbol></svg>',
    );
    expect(() => buildIconSprite(['not-an-icon'])).toThrow('lucide-react has no icon "not-an-icon"');
  });

  it('leaves no icon components in the JavaScript', () => {
    const scripts = built().filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(20);
    const withLucide = scripts.filter((file) =>
      fs.readFileSync(path.join(ASSETS, file), 'utf8').includes('lucide-'),
    );
    expect(withLucide).toEqual([]);
  });
});
