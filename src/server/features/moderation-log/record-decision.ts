// Statements of reasons (issue #47): a removal by staff is written down as a decision, with the rule
// of the Terms, the facts and how the post was found, and its author is notified with it. Called inside
// the transaction of the removal, beside its moderation-log entry. A post with no author (decision 019)
// gets no decision and tells nobody; the statements run all the same, so it takes as long.
import { sql } from 'drizzle-orm';
import type { TermsRuleId } from '../../../shared/appeals';
import type { Db } from '../../db/client';

export interface RemovalStatement {
  rule: TermsRuleId;
  facts: string;
}

/** A published post of someone else removed by staff: found by members' reports, or by staff. */
export async function recordPostRemoval(
  tx: Db,
  options: { postId: string; staffId: string; statement: RemovalStatement },
): Promise<void> {
  const { postId, staffId, statement } = options;
  await tx.execute(sql`
    with decision as (
      insert into moderation_decisions (kind, post_id, author_id, rule, facts, found_by, decided_by)
      select 'post_removed', p.id, p.user_id, ${statement.rule}, ${statement.facts},
        case when exists (select 1 from report_reasons r where r.post_id = p.id)
          then 'member_reports' else 'staff' end,
        ${staffId}
      from posts p where p.id = ${postId}::uuid and p.user_id is not null
      returning id, author_id, post_id)
    insert into notifications (user_id, kind, post_id, decision_id)
    select author_id, 'post_removed', post_id, id from decision`);
}

/** A held post not published: the text check found it, automatically. */
export async function recordHeldRemoval(
  tx: Db,
  options: { heldPostId: string; authorId: string; staffId: string; statement: RemovalStatement },
): Promise<void> {
  const { heldPostId, authorId, staffId, statement } = options;
  await tx.execute(sql`
    with decision as (
      insert into moderation_decisions (kind, held_post_id, author_id, rule, facts, found_by, decided_by)
      values ('held_removed', ${heldPostId}::uuid, ${authorId}, ${statement.rule}, ${statement.facts},
        'text_check', ${staffId})
      returning id, author_id, held_post_id)
    insert into notifications (user_id, kind, held_post_id, decision_id)
    select author_id, 'held_removed', held_post_id, id from decision`);
}
