// Posts written before migration 0021 have no match_text (the text as the text check reads it, which
// members' muted words are matched against: issue #48). SQL cannot make it (it is the app's own code),
// so each start fills it in, in the background, a batch at a time in id order. Any number of instances
// may run it at once: a row is only written while still empty, and each writes the same value. Until
// a post is reached, its lower-cased text stands in (features/personal-controls/visibility.ts). With
// nothing left it is one query walking the primary key.
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type Db, queryRows } from '../../db/client';
import { textMatchForm } from '../safety';

const BATCH_SIZE = 500;

/** Fills match_text of every post without one; answers how many it filled. */
export async function fillMatchText(options: {
  db: Db;
  logger?: Logger;
  batchSize?: number;
}): Promise<number> {
  const { db, batchSize = BATCH_SIZE } = options;
  let after = '00000000-0000-0000-0000-000000000000';
  let filled = 0;
  for (;;) {
    const rows = await queryRows<{ id: string; content: string }>(
      db,
      sql`select id, content from posts where id > ${after}::uuid and match_text is null
          order by id limit ${batchSize}`,
    );
    const last = rows.at(-1);
    if (!last) break;
    const values = rows.map((row) => ({ id: row.id, match_text: textMatchForm(row.content) }));
    await db.execute(sql`
      update posts p set match_text = v.match_text
      from json_to_recordset(${JSON.stringify(values)}::json) as v(id uuid, match_text text)
      where p.id = v.id and p.match_text is null`);
    filled += rows.length;
    after = last.id;
  }
  if (filled > 0) options.logger?.info({ filled }, 'filled the muted-word form of older posts');
  return filled;
}
