import { type SQL, sql } from 'drizzle-orm';

/**
 * Gives a departing account's log entries (as the one who acted) one new number from
 * `former_staff_number`, shared by all of them, for the account's deletion to run before its row
 * goes (account/delete-account.ts `erasureOf`). The foreign key then sets `actor_id` null, and the log
 * reads "Former moderator #12" instead of passing their acts off as the command line's: deleting an
 * account does not erase who moderated. The number says nothing of the account, and an account that
 * never acted takes none, so the numbers count only staff who left.
 *
 * The number is drawn once (a materialized CTE is evaluated once, whatever the plan) and only when
 * there is an entry to give it to; entries that name the account as the hidden or named subject are
 * not touched here.
 */
export function numberFormerStaff(userId: string): SQL {
  return sql`with former as materialized (
      select nextval('former_staff_number')::int as number
      where exists (select 1 from moderation_log where actor_id = ${userId})
    )
    update moderation_log set former_actor = former.number
    from former where moderation_log.actor_id = ${userId}`;
}
