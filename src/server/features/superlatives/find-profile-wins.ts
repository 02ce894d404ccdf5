// A profile's wins (issue #52): the person a username names, unless there is a block between them
// and the viewer either way (then, as for an unknown name, null: the profile's 404), and their shown
// wins.
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { listWins, type Win } from './results';

export async function findProfileWins(db: Db, username: string, viewerId: string): Promise<Win[] | null> {
  const [row] = await queryRows<{ user_id: string }>(
    db,
    sql`select p.user_id from profiles p where p.username = ${username}
        and not exists (select 1 from blocks b
          where (b.blocker_id = p.user_id and b.blocked_id = ${viewerId})
             or (b.blocker_id = ${viewerId} and b.blocked_id = p.user_id))`,
  );
  return row ? listWins(db, { userId: row.user_id }) : null;
}
