// Who a viewer is to a class (issue #52, decision 042): their profile's class and campus, their role
// and whether they left superlatives; and the classmates one may choose (nominate, or find on a
// ballot): of the class, not the chooser, not opted out, not hidden from the class page, and no block
// either way with the chooser. Anyone else is as if not there (404).
import { sql } from 'drizzle-orm';
import type { Institution } from '../../../shared/institutions';
import type { UserType } from '../../../shared/roles';
import { type Db, queryRows } from '../../db/client';
import { profiles } from '../../db/schema';
import { noBlockBetween } from '../personal-controls';
import type { ClassmateRow } from '../yearbook';

export interface Member {
  userId: string;
  username: string;
  year: number;
  campus: Institution;
  userType: UserType;
  optedOut: boolean;
}

export async function findMember(db: Db, userId: string): Promise<Member | null> {
  const [row] = await queryRows<Member>(
    db,
    sql`select user_id as "userId", username, graduation_year as year, institution as campus,
          user_type as "userType", superlatives_opt_out as "optedOut"
        from profiles where user_id = ${userId}`,
  );
  return row ?? null;
}

export const inClassOf = (member: Member, round: { year: number; campus: Institution }) =>
  member.year === round.year && member.campus === round.campus;

/**
 * The condition on `profiles` (unaliased) that a row is a classmate `viewerId` may choose in the
 * class of `year` at `campus`: in it, not the viewer, not opted out, not hidden, no block either way.
 */
export function choosable(viewerId: string, year: number, campus: Institution) {
  return sql`${profiles.graduationYear} = ${year} and ${profiles.institution} = ${campus}
    and ${profiles.userId} <> ${viewerId}
    and not ${profiles.superlativesOptOut} and not ${profiles.hiddenFromClass}
    and ${noBlockBetween(viewerId, profiles.userId)}`;
}

/** The classmate `username` names, when `viewerId` may choose them in that class; else null. */
export async function findChoosable(
  db: Db,
  options: { viewerId: string; username: string; year: number; campus: Institution },
): Promise<(ClassmateRow & { userId: string }) | null> {
  const [row] = await queryRows<ClassmateRow & { userId: string }>(
    db,
    sql`select ${profiles.userId} as "userId", ${profiles.username} as username,
          ${profiles.fullName} as "fullName", ${profiles.profilePictureKey} as "pictureKey", ${profiles.bio} as bio
        from ${profiles}
        where ${profiles.username} = ${options.username}
          and ${choosable(options.viewerId, options.year, options.campus)}`,
  );
  return row ?? null;
}
