// The zod-free half of the book contract (../book.ts): kinds, limits and messages, for the
// "My yearbook page" screen, the class book screen and the server (issue #52, decision 041).
import type { Institution } from '../institutions';

/** A person's own page, or a class's book (staff). */
export const BOOK_KINDS = ['page', 'class'] as const;
export type BookKind = (typeof BOOK_KINDS)[number];

/** Paper sizes: A4, and US Letter. */
export const BOOK_PAPERS = ['A4', 'Letter'] as const;
export type BookPaper = (typeof BOOK_PAPERS)[number];

/** queued → making → ready | failed. */
export const BOOK_STATUSES = ['queued', 'making', 'ready', 'failed'] as const;
export type BookStatus = (typeof BOOK_STATUSES)[number];

export const BOOK_LIMITS = {
  /** Posts one chooses for one's page. */
  posts: 20,
  /** One's posts on one page of the chooser (GET /api/me/book/posts). */
  postsPage: 30,
  /** Members on one page of the class book: 3 across, 4 down, as the class page's grid. */
  membersPerPage: 12,
  /** Answers printed under each askline in the class book. */
  answersPerAskline: 3,
  /** How long a made book is kept, in days. */
  keptDays: 7,
} as const;

/** How often the screens ask again while a book is being made (ms). */
export const BOOK_POLL_MS = 2000;

export const BOOK_MESSAGES = {
  signedOut: 'Please sign in to make your yearbook page.',
  missing: 'That book does not exist.',
  expired: 'This file has expired. Make it again.',
  failed: 'The PDF could not be made. Please try again.',
  paper: 'Please choose a paper size: A4 or Letter.',
  postIdsList: 'Send the chosen posts as a list of post ids.',
  tooManyPosts: `You can choose at most ${BOOK_LIMITS.posts} posts.`,
  duplicatePost: 'Each post can be chosen only once.',
  badPostId: 'That is not a post id.',
  notYourPost: 'You can only choose your own posts.',
  anonymousPost: 'Anonymous posts cannot go on your yearbook page.',
  replyPost: 'Replies cannot go on your yearbook page: choose your posts.',
  postGone: 'One of the chosen posts was deleted. Please choose again.',
  pageInProgress: 'Your yearbook page is still being made.',
  classInProgress: 'That class book is still being made.',
  badPage: 'That page link is not valid.',
  include: 'Say whether to include it (true or false).',
  loadFailed: 'The book could not be loaded. Please try again.',
  /** The switch on one's own anonymous askline answer (its note says what it reveals). */
  includeLabel: 'Include in the class book, unnamed',
  includeNote:
    'It is printed as “Anonymous”. Readers of the class book will know it was written by someone in the class.',
  pageReady: 'Your yearbook page is ready to download.',
  classReady: (year: number, campus: Institution) =>
    `The Class of ${year} (${campus}) book is ready to download.`,
  everyoneHasPhoto: 'Every member has a photo.',
} as const;

/** "yearbook-asha_r.pdf" / "class-of-2026-VITC.pdf": the downloaded file's name. */
export function bookFileName(
  book: { kind: 'page'; username: string } | { kind: 'class'; year: number; campus: Institution },
): string {
  return book.kind === 'page' ? `yearbook-${book.username}.pdf` : `class-of-${book.year}-${book.campus}.pdf`;
}
