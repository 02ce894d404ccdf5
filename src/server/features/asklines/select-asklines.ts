// The one way asklines are read for display: each with its creator's username and the count of its
// live posts (SPEC §3 derived fields), in one query whatever the number of rows.
import { eq, sql } from 'drizzle-orm';
import type { AsklineStatus } from '../../../shared/asklines';
import type { Db } from '../../db/client';
import { asklines, profiles } from '../../db/schema';

export function selectAsklines(db: Db) {
  return db
    .select({
      id: asklines.id,
      content: asklines.content,
      createdBy: asklines.createdBy,
      createdAt: asklines.createdAt,
      createdAtExact: sql<string>`${asklines.createdAt}::text`,
      verified: asklines.verified,
      reviewedAt: asklines.reviewedAt,
      creatorUsername: profiles.username,
      // posts_askline_created_idx holds live posts only, so this reads the index alone.
      postCount: sql<number>`(
        select count(*)::int from posts p where p.askline_id = ${asklines.id} and not p.deleted
      )`,
    })
    .from(asklines)
    .leftJoin(profiles, eq(profiles.userId, asklines.createdBy));
}

export type AsklineRow = Awaited<ReturnType<ReturnType<typeof selectAsklines>['execute']>>[number];

export function statusOf(row: { verified: boolean; reviewedAt: Date | null }): AsklineStatus {
  if (row.verified) return 'verified';
  return row.reviewedAt ? 'rejected' : 'pending';
}
