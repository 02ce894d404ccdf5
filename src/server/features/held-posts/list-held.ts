// Reading held posts: the author's own that wait (their profile), and staff's queue (the Held tab),
// oldest first. Staff see the author of a named post; of an anonymous one, nothing at all: the author
// is not even read from the database for it.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { OwnHeldPost, SafetyReason, StaffHeldPost } from '../../../shared/safety';
import { type Db, queryRows } from '../../db/client';
import { cursorTime, decodeCursor, takePage } from '../../db/keyset-cursor';

export const HELD_PAGE_SIZE = 20;
const cursorShape = z.tuple([cursorTime, z.uuid()]);

interface Row {
  id: string;
  content: string;
  is_anonymous: boolean;
  askline_id: string | null;
  askline_content: string | null;
  created_at: Date | string;
  exactly: string;
  reasons: SafetyReason[] | string;
  username: string | null;
  full_name: string | null;
  parent_id?: string | null;
  thread_content?: string | null;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const askline = (row: Row) =>
  row.askline_id && row.askline_content !== null
    ? { id: row.askline_id, content: row.askline_content }
    : null;

/** The author's own posts waiting for review, newest first (a handful at most). */
export async function listOwnHeld(db: Db, userId: string): Promise<OwnHeldPost[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select h.id, h.content, h.is_anonymous, h.askline_id, a.content as askline_content, h.created_at
        from held_posts h left join asklines a on a.id = h.askline_id
        where h.user_id = ${userId} and h.decided_at is null
        order by h.created_at desc, h.id desc
        limit 50`,
  );
  return rows.map((row) => ({
    id: row.id,
    content: row.content,
    isAnonymous: row.is_anonymous,
    askline: askline(row),
    createdAt: iso(row.created_at),
  }));
}

/** Staff's queue: those waiting, oldest first, a page at a time. */
export async function listHeldForStaff(
  db: Db,
  cursor: string | undefined,
): Promise<{ heldPosts: StaffHeldPost[]; nextCursor: string | null }> {
  const after = cursor
    ? (() => {
        const [time, id] = decodeCursor(cursor, cursorShape);
        return sql`and (h.created_at, h.id) > (${time}::timestamptz, ${id}::uuid)`;
      })()
    : sql``;
  const rows = await queryRows<Row>(
    db,
    sql`select h.id, h.content, h.is_anonymous, h.askline_id, a.content as askline_content,
          h.created_at, h.created_at::text as exactly, h.reasons,
          case when h.is_anonymous then null else p.username end as username,
          case when h.is_anonymous then null else p.full_name end as full_name,
          h.parent_id, (select t.content from posts t where t.id = h.parent_id and not t.deleted) as thread_content
        from held_posts h
        left join asklines a on a.id = h.askline_id
        left join profiles p on p.user_id = h.user_id and not h.is_anonymous
        where h.decided_at is null ${after}
        order by h.created_at, h.id
        limit ${HELD_PAGE_SIZE + 1}`,
  );
  const page = takePage(rows, HELD_PAGE_SIZE, (last) => [last.exactly, last.id]);
  return {
    heldPosts: page.rows.map((row) => ({
      id: row.id,
      content: row.content,
      isAnonymous: row.is_anonymous,
      author:
        !row.is_anonymous && row.username && row.full_name
          ? { username: row.username, fullName: row.full_name }
          : null,
      askline: askline(row),
      reasons: typeof row.reasons === 'string' ? (JSON.parse(row.reasons) as SafetyReason[]) : row.reasons,
      createdAt: iso(row.created_at),
      reply: row.parent_id
        ? { postId: row.parent_id, postContent: row.thread_content ?? null, label: null }
        : null,
    })),
    nextCursor: page.nextCursor,
  };
}
