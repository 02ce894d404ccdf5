import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { ModerationAction, ModerationLogActor, ModerationLogEntry } from '../../../shared/reports';
import type { UserType } from '../../../shared/roles';
import type { Db } from '../../db/client';
import { cursorTime, decodeCursor, takePage } from '../../db/keyset-cursor';
import { asklines, moderationLog, profiles, sealedSuspensions } from '../../db/schema';

const PAGE_SIZE = 25;
const cursorShape = z.tuple([cursorTime, z.uuid()]);

/**
 * The moderation log, newest first, for admins: who did what to which post, askline (with its words)
 * or account. An
 * action on the hidden author of an anonymous post names no one; a suspension sealed through one is
 * marked liftable while it is in force. A staff member whose account is gone is a number and a role.
 */
export async function listModerationLog(
  db: Db,
  cursor: string | undefined,
): Promise<{ entries: ModerationLogEntry[]; nextCursor: string | null }> {
  const actor = alias(profiles, 'actor');
  const target = alias(profiles, 'target');
  let after: ReturnType<typeof sql> | undefined;
  if (cursor) {
    const [time, id] = decodeCursor(cursor, cursorShape);
    after = sql`(${moderationLog.createdAt}, ${moderationLog.id}) < (${time}::timestamptz, ${id}::uuid)`;
  }
  const rows = await db
    .select({
      id: moderationLog.id,
      action: moderationLog.action,
      actorUsername: actor.username,
      actorRole: moderationLog.actorRole,
      formerActor: moderationLog.formerActor,
      postId: moderationLog.postId,
      asklineId: moderationLog.asklineId,
      asklineText: asklines.content,
      target: target.username,
      subjectHidden: moderationLog.subjectHidden,
      detail: moderationLog.detail,
      createdAt: moderationLog.createdAt,
      createdAtExact: sql<string>`${moderationLog.createdAt}::text`,
      liftable: sql<boolean>`(${moderationLog.subjectHidden} and ${moderationLog.action} = 'user_suspended'
        and exists (select 1 from ${sealedSuspensions} where ${sealedSuspensions.postId} = ${moderationLog.postId}))`,
    })
    .from(moderationLog)
    .leftJoin(actor, eq(actor.userId, moderationLog.actorId))
    .leftJoin(target, eq(target.userId, moderationLog.targetUserId))
    .leftJoin(asklines, eq(asklines.id, moderationLog.asklineId))
    .where(and(after))
    .orderBy(desc(moderationLog.createdAt), desc(moderationLog.id))
    .limit(PAGE_SIZE + 1);
  const { rows: page, nextCursor } = takePage(rows, PAGE_SIZE, (last) => [last.createdAtExact, last.id]);
  return {
    entries: page.map((row) => ({
      id: row.id,
      action: row.action as ModerationAction,
      actor: presentActor(row),
      postId: row.postId,
      asklineId: row.asklineId,
      asklineText: row.asklineText,
      target: row.subjectHidden ? null : row.target,
      detail: row.detail,
      createdAt: row.createdAt.toISOString(),
      liftable: row.liftable,
    })),
    nextCursor,
  };
}

/** Only the live account's username leaves; a former one's id is gone from the row already. */
function presentActor(row: {
  actorUsername: string | null;
  actorRole: UserType | null;
  formerActor: number | null;
}): ModerationLogActor {
  if (row.actorUsername !== null) return { kind: 'staff', username: row.actorUsername, role: row.actorRole };
  if (row.formerActor !== null) return { kind: 'former', number: row.formerActor, role: row.actorRole };
  return { kind: 'command-line' };
}
