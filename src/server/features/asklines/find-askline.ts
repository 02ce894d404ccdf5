import { and, desc, eq, not, sql } from 'drizzle-orm';
import { ASKLINES_FETCH_LIMIT } from '../../../shared/limits';
import type { RowId } from '../../../shared/path-params';
import { can } from '../../auth/policies';
import type { Viewer } from '../../auth/viewer';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { asklines } from '../../db/schema';
import { type AsklineRow, selectAsklines } from './select-asklines';

const asklineById = preparedStatement('askline_by_id', (db, name) =>
  selectAsklines(db)
    .where(eq(asklines.id, sql.placeholder('id')))
    .limit(1)
    .prepare(name),
);

// `verified` written in, not bound: a generic plan can use asklines_verified_created_idx (partial,
// WHERE verified) only when the statement itself says so.
const verifiedAsklines = preparedStatement('asklines_verified', (db, name) =>
  selectAsklines(db)
    .where(sql`${asklines.verified}`)
    .orderBy(desc(asklines.createdAt), desc(asklines.id))
    .limit(ASKLINES_FETCH_LIMIT)
    .prepare(name),
);

/**
 * One askline, if this viewer may see it: a verified one is public; an unverified one exists only for
 * its creator and for staff (who review it). For everyone else it answers as if it did not exist.
 */
export async function findVisibleAskline(
  db: Db,
  id: RowId,
  viewer: Viewer | null,
): Promise<AsklineRow | null> {
  const [row] = await asklineById(db).execute({ id });
  if (!row) return null;
  if (row.verified || row.createdBy === viewer?.userId || can(viewer, 'askline:review')) return row;
  return null;
}

/** SPEC §7: up to 100 verified asklines (newest first here; the page shuffles them). */
/**
 * Up to 100 verified asklines in a random order (SPEC §9 shows them shuffled). Shuffled here, not in
 * the browser: a page the server draws and the browser that takes it over must show the same order.
 */
export async function listVerifiedAsklines(db: Db): Promise<AsklineRow[]> {
  return shuffled(await verifiedAsklines(db).execute());
}

/** Fisher–Yates. */
function shuffled<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** The viewer's own asklines that are not published: waiting for staff, or turned down. */
export function listOwnUnpublishedAsklines(db: Db, userId: string): Promise<AsklineRow[]> {
  return selectAsklines(db)
    .where(and(eq(asklines.createdBy, userId), not(asklines.verified)))
    .orderBy(desc(asklines.createdAt), desc(asklines.id))
    .limit(ASKLINES_FETCH_LIMIT);
}
