import { and, desc, eq, not } from 'drizzle-orm';
import { z } from 'zod';
import { ASKLINES_FETCH_LIMIT } from '../../../shared/limits';
import { can } from '../../auth/policies';
import type { Viewer } from '../../auth/viewer';
import type { Db } from '../../db/client';
import { asklines } from '../../db/schema';
import { type AsklineRow, selectAsklines } from './select-asklines';

/**
 * One askline, if this viewer may see it: a verified one is public; an unverified one exists only for
 * its creator and for staff (who review it). For everyone else it answers as if it did not exist.
 */
export async function findVisibleAskline(
  db: Db,
  id: string,
  viewer: Viewer | null,
): Promise<AsklineRow | null> {
  if (!z.uuid().safeParse(id).success) return null;
  const [row] = await selectAsklines(db).where(eq(asklines.id, id)).limit(1);
  if (!row) return null;
  if (row.verified || row.createdBy === viewer?.userId || can(viewer, 'askline:review')) return row;
  return null;
}

/** SPEC §7: up to 100 verified asklines (newest first here; the page shuffles them). */
export function listVerifiedAsklines(db: Db): Promise<AsklineRow[]> {
  return selectAsklines(db)
    .where(eq(asklines.verified, true))
    .orderBy(desc(asklines.createdAt), desc(asklines.id))
    .limit(ASKLINES_FETCH_LIMIT);
}

/** The viewer's own asklines that are not published: waiting for staff, or turned down. */
export function listOwnUnpublishedAsklines(db: Db, userId: string): Promise<AsklineRow[]> {
  return selectAsklines(db)
    .where(and(eq(asklines.createdBy, userId), not(asklines.verified)))
    .orderBy(desc(asklines.createdAt), desc(asklines.id))
    .limit(ASKLINES_FETCH_LIMIT);
}
