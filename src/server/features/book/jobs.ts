// Book jobs (issue #52): queued by a request, which answers at once; made by the book maker
// (book-maker.ts); read by their requester (a class's by any staff); kept a week once made. One job in
// flight per requester for a page and per class for a class book: the partial unique keys settle a
// race between two requests, and the second is told the first is still being made (409).
import { sql } from 'drizzle-orm';
import type { BookJob, BookPaper } from '../../../shared/book';
import { BOOK_LIMITS, BOOK_MESSAGES } from '../../../shared/book';
import type { Institution } from '../../../shared/institutions';
import { AppError } from '../../app-error';
import { type Db, queryRows } from '../../db/client';
import { violatedUniqueConstraint } from '../../db/unique-violation';

export interface BookJobRow {
  id: string;
  kind: 'page' | 'class';
  requested_by: string;
  year: number | null;
  campus: Institution | null;
  paper: BookPaper;
  post_ids: string[] | null;
  status: BookJob['status'];
  progress: number;
  attempts: number;
  object_key: string | null;
  size: number | null;
  created_at: Date | string;
  finished_at: Date | string | null;
  expires_at: Date | string | null;
}

const COLUMNS = sql.raw(`id, kind, requested_by, year, campus, paper, post_ids, status, progress, attempts,
  object_key, size, created_at, finished_at, expires_at`);

const iso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

/** Where a book's file is downloaded. */
export const bookFilePath = (id: string) => `/api/books/${id}/file`;

/** Whether a made book's file is still kept (the database's clock wrote expires_at; `now` is ours). */
export function isExpired(row: Pick<BookJobRow, 'expires_at'>, now = Date.now()): boolean {
  return row.expires_at !== null && new Date(row.expires_at).getTime() <= now;
}

export function presentBookJob(row: BookJobRow): BookJob {
  const ready = row.status === 'ready';
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    progress: ready ? 1 : Math.min(1, Math.max(0, Number(row.progress))),
    paper: row.paper,
    year: row.year,
    campus: row.campus,
    createdAt: iso(row.created_at) as string,
    readyAt: ready ? iso(row.finished_at) : null,
    expiresAt: ready ? iso(row.expires_at) : null,
    fileUrl: ready && row.object_key && !isExpired(row) ? bookFilePath(row.id) : null,
  };
}

export async function findBookJob(db: Db, id: string): Promise<BookJobRow | null> {
  const [row] = await queryRows<BookJobRow>(db, sql`select ${COLUMNS} from book_jobs where id = ${id}::uuid`);
  return row ?? null;
}

/** A person's latest page job (their screen shows it, and preselects its posts). */
export async function latestPageJob(db: Db, userId: string): Promise<BookJobRow | null> {
  const [row] = await queryRows<BookJobRow>(
    db,
    sql`select ${COLUMNS} from book_jobs where requested_by = ${userId} and kind = 'page'
        order by created_at desc limit 1`,
  );
  return row ?? null;
}

/** A class's latest book, whichever staff member asked for it. */
export async function latestClassJob(db: Db, year: number, campus: Institution): Promise<BookJobRow | null> {
  const [row] = await queryRows<BookJobRow>(
    db,
    sql`select ${COLUMNS} from book_jobs where kind = 'class' and year = ${year} and campus = ${campus}
        order by created_at desc limit 1`,
  );
  return row ?? null;
}

/**
 * The chosen posts, checked in the order given: each must be the person's own, named, live post (not a
 * reply); else a 400 naming the problem. Someone else's post is refused alike whether it is named or
 * anonymous, so the answer tells nothing about who wrote an anonymous one.
 */
async function checkChosenPosts(db: Db, userId: string, postIds: string[]): Promise<string[]> {
  if (postIds.length === 0) return [];
  const ids = postIds.map((id) => id.toLowerCase());
  const rows = await queryRows<{
    id: string;
    mine: boolean;
    is_anonymous: boolean;
    deleted: boolean;
    reply: boolean;
  }>(
    db,
    sql`select id::text, (user_id is not distinct from ${userId}) as mine, is_anonymous, deleted,
          parent_id is not null as reply
        from posts where id = any(${`{${ids.join(',')}}`}::uuid[])`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const [index, id] of ids.entries()) {
    const row = byId.get(id);
    const field = { field: `postIds.${index}` };
    if (!row || (row.deleted && row.mine))
      throw new AppError('validation_failed', BOOK_MESSAGES.postGone, field);
    if (!row.mine) throw new AppError('validation_failed', BOOK_MESSAGES.notYourPost, field);
    if (row.is_anonymous) throw new AppError('validation_failed', BOOK_MESSAGES.anonymousPost, field);
    if (row.reply) throw new AppError('validation_failed', BOOK_MESSAGES.replyPost, field);
  }
  return ids;
}

async function insertJob(db: Db, values: ReturnType<typeof sql>, inFlight: string): Promise<BookJobRow> {
  try {
    const [row] = await queryRows<BookJobRow>(db, values);
    if (!row) throw new Error('the book job was not inserted');
    return row;
  } catch (error) {
    const constraint = violatedUniqueConstraint(error);
    if (constraint === 'book_jobs_page_in_flight_key' || constraint === 'book_jobs_class_in_flight_key') {
      throw new AppError('conflict', inFlight);
    }
    throw error;
  }
}

/** Queues "My yearbook page" with these posts; 409 while the person's last one is being made. */
export async function queuePageJob(
  db: Db,
  options: { userId: string; paper: BookPaper; postIds: string[] },
): Promise<BookJobRow> {
  const ids = await checkChosenPosts(db, options.userId, options.postIds);
  if (ids.length > BOOK_LIMITS.posts) throw new AppError('validation_failed', BOOK_MESSAGES.tooManyPosts);
  return insertJob(
    db,
    sql`insert into book_jobs (kind, requested_by, paper, post_ids)
        values ('page', ${options.userId}, ${options.paper}, ${`{${ids.join(',')}}`}::uuid[])
        returning ${COLUMNS}`,
    BOOK_MESSAGES.pageInProgress,
  );
}

/** Queues a class's book; 409 while that class's last one is being made (by any staff member). */
export async function queueClassJob(
  db: Db,
  options: { userId: string; paper: BookPaper; year: number; campus: Institution },
): Promise<BookJobRow> {
  return insertJob(
    db,
    sql`insert into book_jobs (kind, requested_by, paper, year, campus)
        values ('class', ${options.userId}, ${options.paper}, ${options.year}, ${options.campus})
        returning ${COLUMNS}`,
    BOOK_MESSAGES.classInProgress,
  );
}
