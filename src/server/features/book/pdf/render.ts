// The two books' pages (issue #52): "My yearbook page" (the person, their superlatives, the posts they
// chose, their approved signatures) and a class's book (cover, members 12 to a page as on the class
// page, superlatives, asklines with a few answers). Each page is drawn and written out before the next
// one's photos are fetched, so the event loop is free between pages and memory holds one page's photos.

import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { BookPaper } from '../../../../shared/book';
import { CAMPUS_NAMES, type Institution } from '../../../../shared/institutions';
import { BOOK_LIMITS } from '../../../../shared/values/book';
import { ACCENT, BookDocument, MUTED } from './document';

export interface SuperlativeWin {
  title: string;
  year: number;
  campus: Institution;
}

export interface PageContents {
  fullName: string;
  username: string;
  campus: Institution;
  year: number;
  bio: string;
  photo: Buffer | null;
  wins: SuperlativeWin[];
  posts: { content: string; createdAt: Date }[];
  signatures: { writerName: string; content: string }[];
}

export interface ClassMember {
  fullName: string;
  username: string;
  bioLine: string;
  pictureKey: string | null;
}

export interface ClassContents {
  year: number;
  campus: Institution;
  madeAt: Date;
  members: ClassMember[];
  superlatives: { title: string; winner: { fullName: string; username: string } | null }[];
  asklines: { content: string; answers: { content: string; author: string | null }[] }[];
}

export interface RenderHooks {
  /** Told after each page is written: how much of the book is done, 0 to 1. */
  progress(fraction: number): void;
  /** Aborted when the instance stops: rendering stops at the next page. */
  signal?: AbortSignal;
}

/** Photos for a page of members, resized, in the members' order (null: none, or not found). */
export type PhotoLoader = (keys: (string | null)[]) => Promise<(Buffer | null)[]>;

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** The end of a document's stream: every byte written (or the error that stopped it). */
function finished(out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    out.once('finish', resolve);
    out.once('close', resolve);
    out.once('error', reject);
  });
}

function heading(book: BookDocument, text: string, y: number): number {
  const top = book.ensureSpace(y, 60);
  book.line(text, book.margin, top + 18, book.contentWidth, { size: 15, bold: true, color: ACCENT });
  book.rule(top + 26);
  return top + 38;
}

/** "My yearbook page": one person's page, as many sheets as their posts and signatures take. */
export async function renderPersonalPage(
  contents: PageContents,
  paper: BookPaper,
  out: Writable,
  hooks: RenderHooks,
): Promise<void> {
  const done = finished(out);
  const book = new BookDocument(paper, out, `${contents.fullName}: my yearbook page`);
  const { margin } = book;
  book.addPage();
  const photoSize = 132;
  if (contents.photo) book.photo(contents.photo, margin, margin, photoSize);
  else book.initials(contents.fullName, margin, margin, photoSize);
  const textX = margin + photoSize + 20;
  const textWidth = book.contentWidth - photoSize - 20;
  book.line(contents.fullName, textX, margin + 26, textWidth, { size: 24, bold: true, minSize: 12 });
  book.line(`@${contents.username}`, textX, margin + 48, textWidth, { size: 12, color: MUTED });
  book.line(
    `${CAMPUS_NAMES[contents.campus]} (${contents.campus}) · Class of ${contents.year}`,
    textX,
    margin + 68,
    textWidth,
    {
      size: 12,
    },
  );
  let y = margin + 80;
  if (contents.bio.trim()) {
    book.paragraph(contents.bio.trim(), textX, y, textWidth, { size: 11, color: MUTED });
    y = book.doc.y;
  }
  y = Math.max(y, margin + photoSize) + 16;
  // Three parts; progress moves as each is drawn.
  const parts = 3;
  hooks.progress(1 / (parts + 1));

  if (contents.wins.length > 0) {
    y = heading(book, 'Superlatives', y);
    for (const win of contents.wins) {
      y = book.ensureSpace(y, 22);
      book.line(`🏆 ${win.title}`, margin, y + 12, book.contentWidth, {
        size: 12,
        bold: true,
        ellipsis: true,
      });
      book.line(`Class of ${win.year}, ${win.campus}`, margin, y + 26, book.contentWidth, {
        size: 10,
        color: MUTED,
      });
      y += 34;
    }
  }
  hooks.progress(2 / (parts + 1));
  await nextTurn();

  if (contents.posts.length > 0) {
    y = heading(book, 'My posts', y + 8);
    for (const post of contents.posts) {
      const height = book.heightOf(post.content, book.contentWidth, { size: 11 }) + 26;
      y = book.ensureSpace(y, height);
      book.paragraph(post.content, margin, y, book.contentWidth, { size: 11 });
      y = book.doc.y + 4;
      book.line(dateFormat.format(post.createdAt), margin, y + 8, book.contentWidth, {
        size: 9,
        color: MUTED,
      });
      y += 20;
    }
  }
  hooks.progress(3 / (parts + 1));
  await nextTurn();

  if (contents.signatures.length > 0) {
    y = heading(book, 'Signatures', y + 8);
    for (const signature of contents.signatures) {
      const height = book.heightOf(signature.content, book.contentWidth, { size: 11 }) + 30;
      y = book.ensureSpace(y, height);
      book.paragraph(signature.content, margin, y, book.contentWidth, { size: 11 });
      y = book.doc.y + 4;
      book.line(`— ${signature.writerName}`, margin, y + 9, book.contentWidth, {
        size: 10,
        bold: true,
        color: MUTED,
        ellipsis: true,
      });
      y += 24;
    }
  }
  book.end();
  await done;
  hooks.progress(1);
}

/** A class's book: cover, the members 12 to a page, superlatives, asklines. */
export async function renderClassBook(
  contents: ClassContents,
  paper: BookPaper,
  out: Writable,
  photos: PhotoLoader,
  hooks: RenderHooks,
): Promise<void> {
  const done = finished(out);
  const campusName = `${CAMPUS_NAMES[contents.campus]} (${contents.campus})`;
  const book = new BookDocument(paper, out, `Class of ${contents.year}, ${campusName}`);
  const { margin } = book;
  const perPage = BOOK_LIMITS.membersPerPage;
  const gridPages = Math.ceil(contents.members.length / perPage);
  const totalPages = 1 + gridPages + 1;
  let pagesDone = 0;
  const pageDone = async () => {
    pagesDone++;
    hooks.progress(Math.min(0.99, pagesDone / totalPages));
    // Requests waiting on the event loop go first.
    await nextTurn();
    if (hooks.signal?.aborted) throw hooks.signal.reason ?? new Error('stopped');
  };

  // The cover.
  book.addPage();
  const middle = book.pageHeight / 2;
  book.line('Campus Yearbook', margin, middle - 120, book.contentWidth, {
    size: 14,
    color: MUTED,
    align: 'center',
  });
  book.line(`Class of ${contents.year}`, margin, middle - 40, book.contentWidth, {
    size: 44,
    bold: true,
    color: ACCENT,
    align: 'center',
  });
  book.line(campusName, margin, middle + 4, book.contentWidth, { size: 20, align: 'center' });
  book.line(
    `${contents.members.length} ${contents.members.length === 1 ? 'member' : 'members'}`,
    margin,
    middle + 40,
    book.contentWidth,
    { size: 12, color: MUTED, align: 'center' },
  );
  book.line(`Made on ${dateFormat.format(contents.madeAt)}`, margin, book.bottom - 10, book.contentWidth, {
    size: 10,
    color: MUTED,
    align: 'center',
  });
  await pageDone();

  // Members: 3 across, 4 down; the next page's photos are fetched while nothing else is held.
  const columns = 3;
  const rows = perPage / columns;
  const top = margin + 30;
  const cellWidth = book.contentWidth / columns;
  const cellHeight = (book.bottom - top) / rows;
  const photoSize = Math.min(cellWidth - 36, cellHeight - 64);
  for (let page = 0; page < gridPages; page++) {
    const members = contents.members.slice(page * perPage, (page + 1) * perPage);
    const pictures = await photos(members.map((member) => member.pictureKey));
    book.addPage();
    book.line(`Class of ${contents.year} · ${contents.campus}`, margin, margin + 10, book.contentWidth / 2, {
      size: 9,
      color: MUTED,
    });
    book.line(`${page + 2}`, margin + book.contentWidth / 2, margin + 10, book.contentWidth / 2, {
      size: 9,
      color: MUTED,
      align: 'center',
    });
    members.forEach((member, index) => {
      const x = margin + (index % columns) * cellWidth;
      const y = top + Math.floor(index / columns) * cellHeight;
      const px = x + (cellWidth - photoSize) / 2;
      const picture = pictures[index];
      if (picture) book.photo(picture, px, y, photoSize);
      else book.initials(member.fullName, px, y, photoSize);
      const width = cellWidth - 12;
      book.line(member.fullName, x + 6, y + photoSize + 17, width, {
        size: 11,
        bold: true,
        align: 'center',
        minSize: 6,
      });
      book.line(`@${member.username}`, x + 6, y + photoSize + 31, width, {
        size: 9,
        color: MUTED,
        align: 'center',
        minSize: 6,
      });
      if (member.bioLine) {
        book.line(member.bioLine, x + 6, y + photoSize + 44, width, {
          size: 8,
          color: MUTED,
          align: 'center',
          ellipsis: true,
        });
      }
    });
    await pageDone();
  }

  // Superlatives and asklines, as many sheets as they take.
  if (contents.superlatives.length > 0 || contents.asklines.length > 0) book.addPage();
  let y = margin;
  if (contents.superlatives.length > 0) {
    y = heading(book, 'Superlatives', y);
    for (const category of contents.superlatives) {
      y = book.ensureSpace(y, 36);
      book.line(category.title, margin, y + 12, book.contentWidth, { size: 12, bold: true, ellipsis: true });
      book.line(
        category.winner ? `${category.winner.fullName} (@${category.winner.username})` : 'No winner',
        margin,
        y + 27,
        book.contentWidth,
        { size: 11, color: MUTED, ellipsis: true },
      );
      y += 38;
    }
    y += 8;
  }
  if (contents.asklines.length > 0) {
    y = heading(book, 'Asklines', y);
    for (const askline of contents.asklines) {
      const askHeight = book.heightOf(askline.content, book.contentWidth, { size: 12, bold: true });
      y = book.ensureSpace(y, askHeight + 40);
      book.paragraph(askline.content, margin, y, book.contentWidth, { size: 12, bold: true });
      y = book.doc.y + 6;
      for (const answer of askline.answers) {
        const width = book.contentWidth - 16;
        const height = book.heightOf(answer.content, width, { size: 10 }) + 22;
        y = book.ensureSpace(y, height);
        book.paragraph(answer.content, margin + 16, y, width, { size: 10 });
        y = book.doc.y + 2;
        book.line(`— ${answer.author ?? 'Anonymous'}`, margin + 16, y + 9, width, {
          size: 9,
          color: MUTED,
          ellipsis: true,
        });
        y += 18;
      }
      y += 10;
    }
  }
  book.end();
  await done;
  hooks.progress(1);
}
