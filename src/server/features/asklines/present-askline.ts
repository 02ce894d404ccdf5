import type { Askline } from '../../../shared/asklines';
import { type AsklineRow, statusOf } from './select-asklines';

/** What an askline looks like outside the server: never its creator's id, only their username. */
export function presentAskline(row: AsklineRow): Askline {
  return {
    id: row.id,
    content: row.content,
    creatorUsername: row.creatorUsername,
    createdAt: row.createdAt.toISOString(),
    postCount: row.postCount,
    status: statusOf(row),
  };
}
