import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * What became of a report, told to each person who reported the post (issue #28): it was resolved, or
 * the post was removed. Never who acted, and nothing of the post's author: the notification names
 * only the post, whose text the reporter is not shown again (report_outcome carries no content).
 * Called inside the transaction of the staff action.
 */
export async function tellReporters(tx: Db, postId: string, outcome: 'resolved' | 'removed'): Promise<void> {
  await tx.execute(sql`
    insert into notifications (user_id, kind, post_id, detail)
    select reporter_id, 'report_outcome', post_id, ${outcome} from report_reasons where post_id = ${postId}::uuid`);
}
