// Fonts and emoji for the link-preview images (satori draws text with the fonts it is given, nothing
// else): Inter for Latin, Greek and Cyrillic; Noto Sans for the Indian scripts students write in; Twemoji
// for emoji. All are read from node_modules on first use and kept: nothing is fetched at run time.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Font, FontWeight } from 'satori';

const require = createRequire(import.meta.url);

/** The weights the images use: regular text and bold names. */
const WEIGHTS: FontWeight[] = [400, 700];

/**
 * One font per subset file and weight. Each subset gets a name of its own: satori keeps one font per
 * name and weight, and reaches for the others only for glyphs the first one lacks.
 */
async function loadFontFiles(name: string, pkg: string, subsets: string[]): Promise<Font[]> {
  const prefix = pkg.replace('@fontsource/', '');
  const files = subsets.flatMap((subset, index) =>
    WEIGHTS.map((weight) => ({
      name: index === 0 ? name : `${name} ${subset}`,
      weight,
      file: require.resolve(`${pkg}/files/${prefix}-${subset}-${weight}-normal.woff2`),
    })),
  );
  return Promise.all(
    files.map(async ({ name, weight, file }) => ({
      name,
      weight,
      style: 'normal' as const,
      data: await readFile(file),
    })),
  );
}

let baseFonts: Promise<Font[]> | null = null;

/**
 * The fonts every image needs. One array for the life of the process: satori keeps its parsed fonts
 * keyed by this array, so passing the same one each time saves parsing them again.
 */
export function loadBaseFonts(): Promise<Font[]> {
  baseFonts ??= loadFontFiles('Inter', '@fontsource/inter', [
    'latin',
    'latin-ext',
    'cyrillic',
    'cyrillic-ext',
    'greek',
    'vietnamese',
  ]).catch((error: unknown) => {
    baseFonts = null;
    throw error;
  });
  return baseFonts;
}

// satori's language codes for the scripts it detects, and the Noto Sans family that writes each.
const SCRIPT_FONTS: Record<string, { name: string; pkg: string; subset: string }> = {
  'ta-IN': { name: 'Noto Sans Tamil', pkg: '@fontsource/noto-sans-tamil', subset: 'tamil' },
  devanagari: { name: 'Noto Sans Devanagari', pkg: '@fontsource/noto-sans-devanagari', subset: 'devanagari' },
  'te-IN': { name: 'Noto Sans Telugu', pkg: '@fontsource/noto-sans-telugu', subset: 'telugu' },
  kannada: { name: 'Noto Sans Kannada', pkg: '@fontsource/noto-sans-kannada', subset: 'kannada' },
  'ml-IN': { name: 'Noto Sans Malayalam', pkg: '@fontsource/noto-sans-malayalam', subset: 'malayalam' },
  'bn-IN': { name: 'Noto Sans Bengali', pkg: '@fontsource/noto-sans-bengali', subset: 'bengali' },
};
const scriptFonts = new Map<string, Promise<Font[]>>();

const twemojiDir = path.dirname(require.resolve('@twemoji/svg/package.json'));
const emojiCache = new Map<string, Promise<string | null>>();

/**
 * Twemoji's file name for an emoji: its code points in hex joined by '-', without the emoji
 * presentation selector (U+FE0F) unless the emoji is a joined sequence (U+200D), as Twemoji names them.
 */
export function twemojiName(emoji: string): string {
  const text = emoji.includes('\u200d') ? emoji : emoji.replace(/\ufe0f/g, '');
  return Array.from(text, (char) => (char.codePointAt(0) ?? 0).toString(16)).join('-');
}

async function readEmoji(emoji: string): Promise<string | null> {
  // Some sequences are named with their selectors kept; try the name without them as well.
  const names = new Set([twemojiName(emoji), twemojiName(emoji.replace(/\ufe0f/g, ''))]);
  for (const name of names) {
    if (!/^[0-9a-f]+(-[0-9a-f]+)*$/.test(name)) continue;
    try {
      const svg = await readFile(path.join(twemojiDir, `${name}.svg`));
      return `data:image/svg+xml;base64,${svg.toString('base64')}`;
    } catch {
      // Not an emoji Twemoji draws: try the next name, else leave the emoji out.
    }
  }
  return null;
}

/**
 * satori's `loadAdditionalAsset`: called for a piece of text the base fonts cannot write. Emoji become
 * Twemoji pictures; Indian scripts get their Noto Sans font; anything else is left as it is.
 */
export async function loadAdditionalAsset(code: string, segment: string): Promise<string | Font[]> {
  if (code === 'emoji') {
    let picture = emojiCache.get(segment);
    if (!picture) {
      picture = readEmoji(segment);
      if (emojiCache.size < 2_000) emojiCache.set(segment, picture);
    }
    // An empty picture draws nothing, which is better than a box for an emoji Twemoji lacks.
    return (
      (await picture) ?? 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4='
    );
  }
  const script = SCRIPT_FONTS[code];
  if (!script) return [];
  let fonts = scriptFonts.get(code);
  if (!fonts) {
    fonts = loadFontFiles(script.name, script.pkg, [script.subset]);
    scriptFonts.set(code, fonts);
  }
  return fonts;
}
