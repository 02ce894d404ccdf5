// Named posts written before migration 0027 have no author_campus or author_year (what the feed's
// campus and class tabs read: issue #51, decision 038); triggers keep every post written since. Each
// start fills the older ones in the background, a batch at a time in id order, from their authors'
// profiles as they are now. Any number of instances may run it at once: a row is only written while
// still empty, from the same profile row the trigger on profiles would write. With nothing left it is
// one query walking the primary key.
//
// Each row it fills is written anew with an entry in every index of posts (a class's index needs the
// new value, so the update cannot be heap-only): about a millisecond a row. It pauses between batches
// so the requests of the first minutes after an upgrade keep the database's time: at a million named
// posts it is a quarter of an hour of background work, once.
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type Db, queryRows } from '../../db/client';

const BATCH_SIZE = 500;
const PAUSE_MS = 100;

/** Fills the campus and class of every named post without them; answers how many it filled. */
export async function fillAuthorClass(options: {
  db: Db;
  logger?: Logger;
  batchSize?: number;
  /** Between batches (0 in tests). */
  pauseMs?: number;
}): Promise<number> {
  const { db, batchSize = BATCH_SIZE, pauseMs = PAUSE_MS } = options;
  let after = '00000000-0000-0000-0000-000000000000';
  let filled = 0;
  for (;;) {
    const batch = await queryRows<{ last: string | null; filled: number }>(
      db,
      sql`with batch as (
            select id from posts
            where id > ${after}::uuid and author_year is null and not is_anonymous and parent_id is null
            order by id limit ${batchSize}
          ), written as (
            update posts p set author_campus = pr.institution, author_year = pr.graduation_year
            from batch b, profiles pr
            where p.id = b.id and pr.user_id = p.user_id and p.author_year is null
              and not p.is_anonymous and p.parent_id is null
            returning p.id
          )
          select (select id from batch order by id desc limit 1) as last, (select count(*)::int from written) as filled`,
    );
    const last = batch[0]?.last;
    if (!last) break;
    filled += batch[0]?.filled ?? 0;
    after = last;
    if (pauseMs > 0) await sleep(pauseMs);
  }
  if (filled > 0) options.logger?.info({ filled }, 'filled the campus and class of older named posts');
  return filled;
}
