// Reading a made PDF in tests (issue #52) with poppler's tools, as a reader's viewer would: its pages
// and their size (pdfinfo), its text layer in content order (pdftotext -raw, which honours ActualText),
// its fonts (pdffonts) and its pictures (pdfimages -list). `npm test` installs poppler-utils where it
// can (scripts/test.mjs); without it these throw saying so.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function run(tool: string, args: string[]): string {
  try {
    return execFileSync(tool, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        `${tool} not found: the PDF tests need poppler-utils (sudo apt-get install poppler-utils)`,
      );
    }
    throw error;
  }
}

export interface PdfReport {
  pages: number;
  /** The first page's size in points, e.g. [595.28, 841.89] for A4. */
  pageSize: [number, number];
  /** The text layer, whitespace removed and NFC (names are looked for in it). */
  compactText: string;
  text: string;
  fonts: { name: string; embedded: boolean }[];
  images: number;
}

/** What poppler reads in a PDF's bytes. */
export function readPdf(bytes: Uint8Array): PdfReport {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'yb-pdf-'));
  const file = path.join(dir, 'book.pdf');
  try {
    writeFileSync(file, bytes);
    const info = run('pdfinfo', [file]);
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
    const size = /^Page size:\s+([\d.]+) x ([\d.]+)/m.exec(info);
    const text = run('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-']);
    const fonts = run('pdffonts', [file])
      .split('\n')
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => {
        // name type encoding emb sub uni object-id: emb is the fourth column from the end.
        const columns = line.trim().split(/\s+/);
        return { name: columns[0] ?? '', embedded: columns.at(-5) === 'yes' };
      });
    const images = run('pdfimages', ['-list', file])
      .split('\n')
      .slice(2)
      .filter((line) => /\bimage\b/.test(line)).length;
    return {
      pages,
      pageSize: [Number(size?.[1]), Number(size?.[2])],
      text,
      compactText: text.normalize('NFC').replace(/\s+/g, ''),
      fonts,
      images,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether a name is in the text layer (as the book prints it: whitespace aside). */
export function hasText(report: PdfReport, text: string): boolean {
  return report.compactText.includes(text.normalize('NFC').replace(/\s+/g, ''));
}
