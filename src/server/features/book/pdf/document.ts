// A book's PDF document (decision 041): pdfkit, with the fonts the book ships (from npm, OFL), text cut
// into one run per font (runs.ts), every non-Latin run marked with /ActualText (so the text layer reads
// in logical order: `கொ`, not `ெகா`), and the guard for fontkit's NULL anchors. Pages go out to the
// stream as they are done; only the fonts' subsets are written at the end.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import type { BookPaper } from '../../../../shared/book';
import { type FontkitFont, guardNullAnchors } from './fontkit-guard';
import { type HasGlyph, needsActualText, type Run, SCRIPTS, type Script, splitRuns } from './runs';

const require = createRequire(import.meta.url);

/** Each script's font files, regular and bold (the emoji font has one weight the book uses). */
const FONT_FILES: Record<Script, [string, string]> = {
  latin: [
    '@fontsource/inter/files/inter-latin-400-normal.woff',
    '@fontsource/inter/files/inter-latin-700-normal.woff',
  ],
  latinExt: [
    '@fontsource/inter/files/inter-latin-ext-400-normal.woff',
    '@fontsource/inter/files/inter-latin-ext-700-normal.woff',
  ],
  tamil: [
    '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-400-normal.woff',
    '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-700-normal.woff',
  ],
  telugu: [
    '@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-400-normal.woff',
    '@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-700-normal.woff',
  ],
  devanagari: [
    '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff',
    '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff',
  ],
  kannada: [
    '@fontsource/noto-sans-kannada/files/noto-sans-kannada-kannada-400-normal.woff',
    '@fontsource/noto-sans-kannada/files/noto-sans-kannada-kannada-700-normal.woff',
  ],
  malayalam: [
    '@fontsource/noto-sans-malayalam/files/noto-sans-malayalam-malayalam-400-normal.woff',
    '@fontsource/noto-sans-malayalam/files/noto-sans-malayalam-malayalam-700-normal.woff',
  ],
  bengali: [
    '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff',
    '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-700-normal.woff',
  ],
  emoji: [
    '@fontsource/noto-emoji/files/noto-emoji-emoji-400-normal.woff',
    '@fontsource/noto-emoji/files/noto-emoji-emoji-700-normal.woff',
  ],
};

let fontBytes: Map<string, Buffer> | null = null;

/** The font files, read once per process (about 1.5 MB). */
function loadFontBytes(): Map<string, Buffer> {
  if (!fontBytes) {
    const bytes = new Map<string, Buffer>();
    for (const script of SCRIPTS) {
      const [regular, bold] = FONT_FILES[script];
      bytes.set(script, readFileSync(require.resolve(regular)));
      bytes.set(`${script}Bold`, readFileSync(require.resolve(bold)));
    }
    fontBytes = bytes;
  }
  return fontBytes;
}

export const PAPER_SIZES: Record<BookPaper, [number, number]> = {
  A4: [595.28, 841.89],
  Letter: [612, 792],
};

export const INK = '#1f2937';
export const MUTED = '#6b7280';
export const RULE = '#e5e7eb';
export const ACCENT = '#4f46e5';

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
}

/** pdfkit's font object, as far as this file reaches into it. */
interface PdfkitInternals {
  _font?: { font?: FontkitFont };
}

export class BookDocument {
  readonly doc: PDFKit.PDFDocument;
  readonly margin = 42;
  private readonly fonts = new Map<string, FontkitFont>();
  private readonly hasGlyph: HasGlyph;

  constructor(paper: BookPaper, out: Writable, title: string) {
    this.doc = new PDFDocument({
      size: PAPER_SIZES[paper],
      margin: this.margin,
      autoFirstPage: false,
      bufferPages: false,
      lang: 'en',
      info: { Title: title, Author: 'Campus Yearbook', Creator: 'Campus Yearbook' },
    });
    this.doc.pipe(out);
    for (const [name, bytes] of loadFontBytes()) this.doc.registerFont(name, bytes);
    // The guard reaches fontkit through a font this document loaded (fontkit-guard.ts).
    guardNullAnchors(this.fontkitFont('telugu'));
    this.hasGlyph = (script, codePoint) => this.fontkitFont(script).hasGlyphForCodePoint(codePoint);
  }

  get pageWidth(): number {
    return this.doc.page.width;
  }
  get pageHeight(): number {
    return this.doc.page.height;
  }
  get contentWidth(): number {
    return this.doc.page.width - 2 * this.margin;
  }
  get bottom(): number {
    return this.doc.page.height - this.margin;
  }

  /** The fontkit font behind a script's regular font (loaded by pdfkit on first use, then kept). */
  private fontkitFont(script: Script): FontkitFont {
    let font = this.fonts.get(script);
    if (!font) {
      this.doc.font(script);
      font = (this.doc as unknown as PdfkitInternals)._font?.font;
      if (!font) throw new Error(`pdfkit did not load the ${script} font`);
      this.fonts.set(script, font);
    }
    return font;
  }

  runs(text: string): Run[] {
    return splitRuns(text, this.hasGlyph);
  }

  private fontOf(script: Script, bold: boolean | undefined): string {
    return bold && script !== 'emoji' ? `${script}Bold` : script;
  }

  /** The width of `text` in a style, run by run. */
  widthOf(text: string, style: TextStyle): number {
    return this.runs(text).reduce(
      (width, run) =>
        width +
        this.doc.font(this.fontOf(run.script, style.bold)).fontSize(style.size).widthOfString(run.text),
      0,
    );
  }

  /**
   * One line at baseline `y`, in `width` from `x`: shrunk to fit down to `minSize`, then (with
   * `ellipsis`) cut at a character with "…". Placed run by run on one baseline (pdfkit's own centring
   * overlaps fragments of different fonts).
   */
  line(
    text: string,
    x: number,
    y: number,
    width: number,
    style: TextStyle & { align?: 'left' | 'center'; minSize?: number; ellipsis?: boolean },
  ): void {
    let size = style.size;
    let shown = text;
    let total = this.widthOf(shown, { ...style, size });
    const minSize = style.minSize ?? style.size;
    while (total > width && size - 0.5 >= minSize) {
      size -= 0.5;
      total = this.widthOf(shown, { ...style, size });
    }
    if (total > width && style.ellipsis) {
      const graphemes = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)].map(
        (part) => part.segment,
      );
      let count = graphemes.length;
      while (count > 1 && total > width) {
        count--;
        shown = `${graphemes.slice(0, count).join('').trimEnd()}…`;
        total = this.widthOf(shown, { ...style, size });
      }
    }
    let cx = style.align === 'center' ? x + Math.max(0, (width - total) / 2) : x;
    this.doc.fillColor(style.color ?? INK);
    for (const run of this.runs(shown)) {
      const marked = needsActualText(run.script);
      if (marked) this.doc.markContent('Span', { actual: run.text });
      this.doc
        .font(this.fontOf(run.script, style.bold))
        .fontSize(size)
        .text(run.text, cx, y, { lineBreak: false, baseline: 'alphabetic' });
      if (marked) this.doc.endMarkedContent();
      cx += this.doc.widthOfString(run.text);
    }
  }

  /** About how tall a wrapped paragraph is (to keep it on one page). */
  heightOf(text: string, width: number, style: TextStyle): number {
    return this.doc
      .font(this.fontOf('latin', style.bold))
      .fontSize(style.size)
      .heightOfString(text, { width, lineGap: 2 });
  }

  /** A wrapped paragraph from (x, y), run by run as continued text; leaves doc.y under it. */
  paragraph(text: string, x: number, y: number, width: number, style: TextStyle): void {
    const runs = this.runs(text);
    this.doc.fillColor(style.color ?? INK);
    runs.forEach((run, index) => {
      const marked = needsActualText(run.script);
      if (marked) this.doc.markContent('Span', { actual: run.text });
      const options = { width, lineGap: 2, continued: index < runs.length - 1 };
      this.doc.font(this.fontOf(run.script, style.bold)).fontSize(style.size);
      if (index === 0) this.doc.text(run.text, x, y, options);
      else this.doc.text(run.text, options);
      if (marked) this.doc.endMarkedContent();
    });
  }

  /** A new page when less than `height` is left above the bottom margin; answers the y to draw at. */
  ensureSpace(y: number, height: number): number {
    if (y + height <= this.bottom) return y;
    this.doc.addPage();
    return this.margin;
  }

  addPage(): void {
    this.doc.addPage();
  }

  /** A square picture (a resized JPEG), its corners rounded. */
  photo(jpeg: Buffer, x: number, y: number, size: number): void {
    this.doc.save();
    this.doc.roundedRect(x, y, size, size, size * 0.08).clip();
    this.doc.image(jpeg, x, y, { width: size, height: size });
    this.doc.restore();
  }

  /** Where a photo would be: the initials of the name on a tinted square. */
  initials(fullName: string, x: number, y: number, size: number): void {
    this.doc.save();
    this.doc.roundedRect(x, y, size, size, size * 0.08).fill('#eef2ff');
    this.doc.restore();
    // The first letter of the first two words that start with one (an emoji is no initial).
    const letters = fullName
      .trim()
      .split(/\s+/)
      .map(
        (word) => [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(word)][0]?.segment ?? '',
      )
      .filter((first) => /^\p{L}/u.test(first))
      .slice(0, 2)
      .join('')
      .toUpperCase();
    this.line(letters, x, y + size / 2 + size * 0.12, size, {
      size: size * 0.32,
      bold: true,
      color: ACCENT,
      align: 'center',
    });
  }

  rule(y: number): void {
    this.doc
      .moveTo(this.margin, y)
      .lineTo(this.pageWidth - this.margin, y)
      .lineWidth(0.75)
      .strokeColor(RULE)
      .stroke();
  }

  /** Ends the document: the fonts' subsets are written, then the stream ends. */
  end(): void {
    this.doc.end();
  }
}
