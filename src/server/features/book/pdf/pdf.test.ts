// The book's text drawing (decision 041): runs of one font each, and the guard for fontkit's NULL
// anchors. This file loads its own copy of fontkit (vitest isolates modules per file), so the first
// test meets fontkit as shipped, before any guard.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BookDocument } from './document';
import type { FontkitFont } from './fontkit-guard';
import { type Script, splitRuns } from './runs';

describe('the NULL-anchor guard', () => {
  it('lets fontkit shape శ్రీనివాస్, which it cannot with the shipped Noto Sans Telugu alone', async () => {
    const PDFDocument = (await import('pdfkit')).default;
    const { createRequire } = await import('node:module');
    const require = createRequire(import.meta.url);
    const bare = new PDFDocument({ autoFirstPage: false });
    bare.registerFont(
      'telugu',
      require.resolve('@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-400-normal.woff'),
    );
    bare.font('telugu');
    const font = (bare as unknown as { _font: { font: FontkitFont } })._font.font;
    expect(() => font.layout('శ్రీనివాస్')).toThrow(/xCoordinate/);

    // A book document guards every font of that fontkit.
    const book = new BookDocument('A4', new PassThrough().resume(), 'test');
    expect(() => font.layout('శ్రీనివాస్')).not.toThrow();
    book.addPage();
    expect(() => book.line('శ్రీనివాస్', 40, 80, 300, { size: 12 })).not.toThrow();
    book.end();
  });
});

describe('runs of one font', () => {
  const has = (script: Script, codePoint: number) =>
    script === 'emoji' ? codePoint > 0x2000 || (codePoint >= 0x30 && codePoint <= 0x39) : codePoint < 0x250;
  const runs = (text: string) => splitRuns(text, has).map((run) => `${run.script}:${run.text}`);

  it('cuts at scripts and keeps marks, joiners, skin tones and flags with what they belong to', () => {
    expect(runs('Priya கொற்றவை శ్రీ क्षि')).toEqual([
      'latin:Priya ',
      'tamil:கொற்றவை ',
      'telugu:శ్రీ ',
      'devanagari:क्षि',
    ]);
    expect(runs('Hi 👩‍🎓👍🏽🇮🇳!')).toEqual(['latin:Hi ', 'emoji:👩‍🎓👍🏽🇮🇳', 'latin:!']);
    expect(runs('❤️ 2026')).toEqual(['emoji:❤️', 'latin: 2026']);
  });
});
