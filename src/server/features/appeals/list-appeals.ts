// Staff's Appeals tab (issue #47): open appeals, oldest first, a page at a time, each with the removed
// post, its statement and the author's words. Staff see the author of a named post; of an anonymous
// one, nothing at all (the author is not even read for it). Whoever made the decision is told they
// cannot decide it (`canDecide`), and is never named.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { StaffAppeal } from '../../../shared/appeals';
import { canDecideAppeal } from '../../auth/policies';
import type { Viewer } from '../../auth/viewer';
import { type Db, queryRows } from '../../db/client';
import { cursorTime, decodeCursor, takePage } from '../../db/keyset-cursor';
import {
  type DecisionRow,
  decisionColumns,
  decisionJoins,
  iso,
  presentRemovedPost,
  presentStatement,
} from './read-removal';

export const APPEALS_PAGE_SIZE = 20;
const cursorShape = z.tuple([cursorTime, z.uuid()]);

interface Row extends DecisionRow {
  id: string;
  text: string;
  created_at: Date | string;
  exactly: string;
  decided_by: string | null;
  /** Whether the viewer wrote the post: they may not decide their own appeal. */
  own: boolean;
  username: string | null;
  full_name: string | null;
}

export async function listOpenAppeals(
  db: Db,
  viewer: Viewer,
  cursor: string | undefined,
): Promise<{ appeals: StaffAppeal[]; nextCursor: string | null }> {
  const after = cursor
    ? (() => {
        const [time, id] = decodeCursor(cursor, cursorShape);
        return sql`and (ap.created_at, ap.id) > (${time}::timestamptz, ${id}::uuid)`;
      })()
    : sql``;
  const rows = await queryRows<Row>(
    db,
    sql`select ap.id, ap.text, ap.created_at, ap.created_at::text as exactly, ${decisionColumns},
          d.decided_by, d.author_id = ${viewer.userId} as own,
          pr.username, pr.full_name
        from appeals ap
        join moderation_decisions d on d.id = ap.decision_id
        ${decisionJoins}
        left join profiles pr on pr.user_id = d.author_id and not coalesce(p.is_anonymous, h.is_anonymous)
        where ap.decided_at is null ${after}
        order by ap.created_at, ap.id
        limit ${APPEALS_PAGE_SIZE + 1}`,
  );
  const page = takePage(rows, APPEALS_PAGE_SIZE, (last) => [last.exactly, last.id]);
  return {
    appeals: page.rows.map((row) => ({
      id: row.id,
      text: row.text,
      createdAt: iso(row.created_at),
      post: presentRemovedPost(row),
      author:
        !row.is_anonymous && row.username && row.full_name
          ? { username: row.username, fullName: row.full_name }
          : null,
      statement: presentStatement(row),
      canDecide: canDecideAppeal(viewer, { decidedBy: row.decided_by, own: row.own }),
    })),
    nextCursor: page.nextCursor,
  };
}
