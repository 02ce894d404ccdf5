import { sql } from 'drizzle-orm';
import type { ModerationAction } from '../../../shared/reports';
import type { Db } from '../../db/client';
import { moderationLog } from '../../db/schema';

/** A database or a transaction: a log entry is written with the change it records. */
type Writer = Pick<Db, 'insert'>;

export interface ModerationEntry {
  /** The staff member; null for the admin command line. */
  actorId: string | null;
  action: ModerationAction;
  postId?: string;
  asklineId?: string;
  targetUserId?: string;
  /** The target is the author of an anonymous post: the entry names no account, not even stored. */
  subjectHidden?: boolean;
  detail?: string;
}

/** Records what staff did (issue «Moderation» 5). Call it inside the transaction of the change. */
export async function recordModeration(db: Writer, entry: ModerationEntry): Promise<void> {
  await db.insert(moderationLog).values({
    actorId: entry.actorId,
    // The role they act in, read in the same statement: it outlives the account (number-former-staff.ts).
    actorRole:
      entry.actorId === null ? null : sql`(select user_type from profiles where user_id = ${entry.actorId})`,
    action: entry.action,
    postId: entry.postId ?? null,
    asklineId: entry.asklineId ?? null,
    // The hidden author of an anonymous post is not written down here at all.
    targetUserId: entry.subjectHidden ? null : (entry.targetUserId ?? null),
    subjectHidden: entry.subjectHidden ?? false,
    detail: entry.detail ?? null,
  });
}
