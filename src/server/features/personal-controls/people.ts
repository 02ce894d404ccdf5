// Blocking and muting a person (issue #48, decision 032), by username. Each is a row the person who
// made it alone reads; the other is never told. A block or mute is of a person as they are under their
// name: their anonymous posts are untouched (visibility.ts). Each person's changes are taken one at a
// time (a lock on them for the transaction), so two at once cannot pass the cap together.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ControlledPeoplePage, ControlledPerson } from '../../../shared/personal-controls';
import { CONTROL_LIMITS, CONTROL_MESSAGES } from '../../../shared/personal-controls';
import { PROFILE_MESSAGES, usernameSchema } from '../../../shared/profiles';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { cursorTime, decodeCursor, takePage } from '../../db/keyset-cursor';
import { blocks, mutes, profiles } from '../../db/schema';
import { violatedForeignKey } from '../../db/unique-violation';
import type { ObjectStorage } from '../../platform/storage';
import { findUserIdByUsername } from '../profiles';
import { lockControlsOf } from './lock';

export type PeopleControl = 'block' | 'mute';

const PAGE_SIZE = 50;
// The cursor names the last person by username, never by account id (ids stay on the server).
const cursorShape = z.tuple([cursorTime, z.string().regex(/^[a-z0-9_.]{3,20}$/)]);

/** Each control's table, its columns, its cap and its sentences. */
const CONTROLS = {
  block: {
    table: blocks,
    actor: blocks.blockerId,
    target: blocks.blockedId,
    createdAt: blocks.createdAt,
    cap: CONTROL_LIMITS.blocks,
    self: CONTROL_MESSAGES.blockSelf,
    already: CONTROL_MESSAGES.alreadyBlocked,
    absent: CONTROL_MESSAGES.notBlocked,
    tooMany: CONTROL_MESSAGES.tooManyBlocks,
  },
  mute: {
    table: mutes,
    actor: mutes.muterId,
    target: mutes.mutedId,
    createdAt: mutes.createdAt,
    cap: CONTROL_LIMITS.mutes,
    self: CONTROL_MESSAGES.muteSelf,
    already: CONTROL_MESSAGES.alreadyMuted,
    absent: CONTROL_MESSAGES.notMuted,
    tooMany: CONTROL_MESSAGES.tooManyMutes,
  },
} as const;

const missing = (username: string) =>
  new AppError('not_found', PROFILE_MESSAGES.userMissing(username.slice(0, 40)));

/** The written username, lower-cased, if it could be one. */
function readUsername(raw: string): string | null {
  const parsed = usernameSchema.safeParse(raw.toLowerCase());
  return parsed.success ? parsed.data : null;
}

/**
 * Blocks or mutes the person behind `username`. 404 for no such member, or for one who blocked the
 * actor (their profile reads as missing to them, so this does too); 400 for oneself; 409 when already
 * done or at the cap.
 */
export async function addPeopleControl(
  db: Db,
  storage: ObjectStorage,
  options: { control: PeopleControl; actorId: string; username: string },
): Promise<ControlledPerson> {
  const rules = CONTROLS[options.control];
  const { actorId } = options;
  const username = readUsername(options.username);
  const targetId = username ? await findUserIdByUsername(db, username, actorId) : null;
  if (!username || !targetId) throw missing(options.username);
  if (targetId === actorId) throw new AppError('bad_request', rules.self, 'username');
  try {
    await db.transaction(async (tx) => {
      await lockControlsOf(tx, actorId);
      const [had] = await tx.select({ n: count() }).from(rules.table).where(eq(rules.actor, actorId));
      if ((had?.n ?? 0) >= rules.cap) throw new AppError('conflict', rules.tooMany, 'username');
      const inserted =
        options.control === 'block'
          ? await tx
              .insert(blocks)
              .values({ blockerId: actorId, blockedId: targetId })
              .onConflictDoNothing()
              .returning()
          : await tx
              .insert(mutes)
              .values({ muterId: actorId, mutedId: targetId })
              .onConflictDoNothing()
              .returning();
      if (inserted.length === 0) throw new AppError('conflict', rules.already(username), 'username');
    });
  } catch (error) {
    // The account was deleted while this ran.
    if (violatedForeignKey(error)) throw missing(options.username);
    throw error;
  }
  const [person] = await peopleRows(db, options.control, actorId, eq(rules.target, targetId), 1);
  if (!person) throw missing(options.username);
  return presentPerson(person, storage);
}

/** Unblocks or unmutes; 404 when the actor had not (the same whether or not such a member exists). */
export async function removePeopleControl(
  db: Db,
  options: { control: PeopleControl; actorId: string; username: string },
): Promise<void> {
  const rules = CONTROLS[options.control];
  const username = readUsername(options.username);
  const targetId = username ? await findUserIdByUsername(db, username) : null;
  const removed = targetId
    ? await db
        .delete(rules.table)
        .where(and(eq(rules.actor, options.actorId), eq(rules.target, targetId)))
        .returning()
    : [];
  if (removed.length === 0) {
    throw new AppError('not_found', rules.absent((username ?? options.username).slice(0, 40)));
  }
}

interface PersonRow {
  userId: string;
  username: string;
  fullName: string;
  pictureKey: string | null;
  since: Date;
  sinceExact: string;
}

function peopleRows(
  db: Db,
  control: PeopleControl,
  actorId: string,
  where: ReturnType<typeof sql> | undefined,
  limit: number,
) {
  const rules = CONTROLS[control];
  return db
    .select({
      userId: rules.target,
      username: profiles.username,
      fullName: profiles.fullName,
      pictureKey: profiles.profilePictureKey,
      since: rules.createdAt,
      sinceExact: sql<string>`${rules.createdAt}::text`,
    })
    .from(rules.table)
    .innerJoin(profiles, eq(profiles.userId, rules.target))
    .where(and(eq(rules.actor, actorId), where))
    .orderBy(desc(rules.createdAt), desc(rules.target))
    .limit(limit) as Promise<PersonRow[]>;
}

function presentPerson(row: PersonRow, storage: ObjectStorage): ControlledPerson {
  return {
    username: row.username,
    fullName: row.fullName,
    profilePictureUrl: row.pictureKey ? storage.publicUrl(row.pictureKey) : null,
    since: row.since.toISOString(),
  };
}

/** The people the actor blocked or muted, newest first, a page at a time, and how many in all. */
export async function listPeopleControls(
  db: Db,
  storage: ObjectStorage,
  options: { control: PeopleControl; actorId: string; cursor: string | undefined },
): Promise<ControlledPeoplePage> {
  const rules = CONTROLS[options.control];
  let after: ReturnType<typeof sql> | undefined;
  if (options.cursor) {
    const [time, username] = decodeCursor(options.cursor, cursorShape);
    after = sql`(${rules.createdAt}, ${rules.target})
      < (${time}::timestamptz, (select p.user_id from profiles p where p.username = ${username}))`;
  }
  const [rows, [total]] = await Promise.all([
    peopleRows(db, options.control, options.actorId, after, PAGE_SIZE + 1),
    db.select({ n: count() }).from(rules.table).where(eq(rules.actor, options.actorId)),
  ]);
  const page = takePage(rows, PAGE_SIZE, (last) => [last.sinceExact, last.username]);
  return {
    people: page.rows.map((row) => presentPerson(row, storage)),
    nextCursor: page.nextCursor,
    count: total?.n ?? 0,
    limit: rules.cap,
  };
}
