// A removal as its author reads it (issue #47): the removed post's words, the statement of reasons
// (the rule of the Terms, the facts, how it was found: never who decided, never who reported) and
// their appeal. A decision is in force while the post it removed is not live and no appeal overturned
// it; the latest decision on the post (or on the held post of the same id) is the one shown.
import { sql } from 'drizzle-orm';
import type { Removal, Statement } from '../../../shared/appeals';
import type { RowId } from '../../../shared/path-params';
import { type Db, queryRows } from '../../db/client';

export interface DecisionRow {
  decision_id: string;
  kind: Statement['kind'];
  rule: Statement['rule'];
  facts: string;
  found_by: Statement['foundBy'];
  decided_at: Date | string;
  post_id: string;
  content: string;
  is_anonymous: boolean;
  askline_id: string | null;
  askline_content: string | null;
  post_created_at: Date | string;
}

export const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The columns every view of a decision reads, from `d` (the decision) and its post `p` or held post `h`. */
export const decisionColumns = sql`d.id as decision_id, d.kind, d.rule, d.facts, d.found_by, d.decided_at,
  coalesce(d.post_id, d.held_post_id) as post_id, coalesce(p.content, h.content) as content,
  coalesce(p.is_anonymous, h.is_anonymous) as is_anonymous, a.id as askline_id, a.content as askline_content,
  coalesce(p.created_at, h.created_at) as post_created_at`;

/** Joins a decision `d` to what it removed. */
export const decisionJoins = sql`left join posts p on p.id = d.post_id
  left join held_posts h on h.id = d.held_post_id
  left join asklines a on a.id = coalesce(p.askline_id, h.askline_id)`;

export function presentStatement(row: DecisionRow): Statement {
  return {
    kind: row.kind,
    rule: row.rule,
    facts: row.facts,
    foundBy: row.found_by,
    decidedAt: iso(row.decided_at),
  };
}

export function presentRemovedPost(row: DecisionRow): Removal['post'] {
  return {
    id: row.post_id,
    content: row.content,
    isAnonymous: row.is_anonymous,
    askline:
      row.askline_id && row.askline_content ? { id: row.askline_id, content: row.askline_content } : null,
    createdAt: iso(row.post_created_at),
  };
}

export interface AuthorDecision extends DecisionRow {
  /** The post it removed is live again (an overturned appeal, or published since). */
  live: boolean;
  appeal_text: string | null;
  appeal_created_at: Date | string | null;
  appeal_outcome: 'upheld' | 'overturned' | null;
  appeal_decided_at: Date | string | null;
}

/** The latest decision on `postId` whose author is `authorId`, in force or not; null when none. */
export async function latestDecision(
  db: Db,
  postId: RowId,
  authorId: string,
): Promise<AuthorDecision | null> {
  const [row] = await queryRows<AuthorDecision>(
    db,
    sql`select ${decisionColumns},
          exists (select 1 from posts lp where lp.id = coalesce(d.post_id, d.held_post_id) and not lp.deleted)
            as live,
          ap.text as appeal_text, ap.created_at as appeal_created_at, ap.outcome as appeal_outcome,
          ap.decided_at as appeal_decided_at
        from moderation_decisions d
        ${decisionJoins}
        left join appeals ap on ap.decision_id = d.id
        where (d.post_id = ${postId}::uuid or d.held_post_id = ${postId}::uuid) and d.author_id = ${authorId}
        order by d.decided_at desc, d.id desc
        limit 1`,
  );
  return row ?? null;
}

/** Whether the decision still stands: the post not live, and no appeal overturned it. */
export const inForce = (decision: AuthorDecision) =>
  !decision.live && decision.appeal_outcome !== 'overturned';

export function presentRemoval(decision: AuthorDecision): Removal {
  return {
    post: presentRemovedPost(decision),
    statement: presentStatement(decision),
    appeal:
      decision.appeal_text !== null && decision.appeal_created_at !== null
        ? {
            text: decision.appeal_text,
            createdAt: iso(decision.appeal_created_at),
            outcome: decision.appeal_outcome,
            decidedAt: decision.appeal_decided_at === null ? null : iso(decision.appeal_decided_at),
          }
        : null,
    canAppeal: inForce(decision) && decision.appeal_text === null,
  };
}

/** The author's removed post with its statement, while the decision is in force; null otherwise. */
export async function readRemoval(db: Db, postId: RowId, authorId: string): Promise<Removal | null> {
  const decision = await latestDecision(db, postId, authorId);
  return decision && inForce(decision) ? presentRemoval(decision) : null;
}
