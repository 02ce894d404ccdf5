// Text cut into runs of one font each (decision 041): pdfkit has no font fallback, and one font holds
// one script. A letter of an Indian script starts a run in that script's font, an emoji starts an emoji
// run; marks, joiners, variation selectors, skin tones, tags and the keycap never start a run (they stay
// with the letter or emoji before them, so no cluster or emoji sequence is cut); a character common to
// scripts (space, digits, punctuation) stays in the run it is in when that font has it, except in an
// emoji run (the emoji font draws digits too), and otherwise goes to the first font that has it.

/** The fonts a book draws with: one per script, and emoji as (monochrome) text. */
export const SCRIPTS = [
  'latin',
  'latinExt',
  'tamil',
  'telugu',
  'devanagari',
  'kannada',
  'malayalam',
  'bengali',
  'emoji',
] as const;
export type Script = (typeof SCRIPTS)[number];

export interface Run {
  script: Script;
  text: string;
}

/** Whether a font has a glyph for a code point (fontkit's hasGlyphForCodePoint). */
export type HasGlyph = (script: Script, codePoint: number) => boolean;

const LETTER_SCRIPTS: [RegExp, Script][] = [
  [/\p{Script=Tamil}/u, 'tamil'],
  [/\p{Script=Telugu}/u, 'telugu'],
  [/\p{Script=Devanagari}/u, 'devanagari'],
  [/\p{Script=Kannada}/u, 'kannada'],
  [/\p{Script=Malayalam}/u, 'malayalam'],
  [/\p{Script=Bengali}/u, 'bengali'],
];

const EMOJI_START = /\p{Emoji_Presentation}|\p{Regional_Indicator}/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
/** Never starts a run: combining marks, ZWJ/ZWNJ, variation selectors, skin tones, tags, the keycap. */
const CONTINUES = /\p{M}|\u200c|\u200d|[\ufe00-\ufe0f]|[\u{1f3fb}-\u{1f3ff}]|[\u{e0020}-\u{e007f}]|\u20e3/u;
const ZWJ = '\u200d';
const VS16 = '\ufe0f';

/** Where a character that belongs to no one script goes when the run it is in cannot draw it. */
const FALLBACK_ORDER: Script[] = ['latin', 'latinExt', 'devanagari', 'tamil', 'telugu', 'emoji'];

export function splitRuns(text: string, hasGlyph: HasGlyph): Run[] {
  const chars = Array.from(text);
  const runs: Run[] = [];
  let current: Run | null = null;
  const push = (script: Script, char: string) => {
    if (current && current.script === script) current.text += char;
    else {
      current = { script, text: char };
      runs.push(current);
    }
  };
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i] as string;
    const next = chars[i + 1];
    const codePoint = char.codePointAt(0) as number;
    const open = current as Run | null;
    if (CONTINUES.test(char) && open) {
      open.text += char;
      // A ZWJ between pictographs keeps the next one in the same emoji run.
      if (char === ZWJ && open.script === 'emoji' && next && PICTOGRAPH.test(next)) {
        open.text += next;
        i++;
      }
      continue;
    }
    if (EMOJI_START.test(char) || (PICTOGRAPH.test(char) && next === VS16)) {
      push('emoji', char);
      continue;
    }
    const letter = LETTER_SCRIPTS.find(([pattern]) => pattern.test(char));
    if (letter) {
      push(letter[1], char);
      continue;
    }
    if (open && open.script !== 'emoji' && hasGlyph(open.script, codePoint)) {
      open.text += char;
      continue;
    }
    push(FALLBACK_ORDER.find((script) => hasGlyph(script, codePoint)) ?? 'latin', char);
  }
  return runs;
}

/** Runs the text layer cannot read in drawing order (glyphs reordered or ligated): all but Latin. */
export function needsActualText(script: Script): boolean {
  return script !== 'latin' && script !== 'latinExt';
}
