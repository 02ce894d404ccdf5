import type { RowId } from '../../../shared/path-params';
import type { Viewer } from '../../auth/viewer';
import type { Db } from '../../db/client';
import { asklines } from '../../db/schema';
import { findVisibleAskline } from './find-askline';
import type { AsklineRow } from './select-asklines';

/** SPEC §3 Askline: a new one starts unverified; staff publish it (issue «Asklines» 4). */
export async function createAskline(db: Db, creator: Viewer, content: string): Promise<AsklineRow> {
  const [created] = await db
    .insert(asklines)
    .values({ content, createdBy: creator.userId })
    .returning({ id: asklines.id });
  // The database made the id: a RowId without checking.
  const row = created ? await findVisibleAskline(db, created.id as RowId, creator) : null;
  if (!row) throw new Error('createAskline: the new askline cannot be read back');
  return row;
}
