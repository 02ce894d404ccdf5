// Email digests (issue #28): for each person who asked for a daily or weekly digest of some kinds, a
// mail listing what of those kinds is unread and changed since their last digest of that cadence.
// Sent through the durable outbox (platform/mail.ts), in the transaction that records it as sent, so a
// digest is queued exactly once even when several instances look at the same moment (the row of the
// person's cadence is taken FOR UPDATE SKIP LOCKED). Nothing unread: nothing is mailed, and the next
// look is a full period later. Each mail carries a link that stops digests without signing in
// (unsubscribe-token.ts) and the List-Unsubscribe headers of RFC 8058 for one-click unsubscribing.
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Notification, NotificationKind } from '../../../shared/notifications';
import { notificationDetail, notificationSentence } from '../../../shared/values/notification-text';
import { type Db, queryRows } from '../../db/client';
import { html, htmlText } from '../../http/html';
import { type Job, startJob } from '../../platform/job-runner';
import type { Mail, Mailer } from '../../platform/mail';
import { unreadForDigest } from './list-notifications';
import { issueUnsubscribeToken } from './unsubscribe-token';

export type Cadence = 'daily' | 'weekly';
const PERIOD: Record<Cadence, string> = { daily: '1 day', weekly: '7 days' };
/** Notifications listed in one digest; the mail says how many more wait on the page. */
export const DIGEST_ITEMS = 10;
/** People looked at per round; a round runs until nobody is due. */
const BATCH = 100;

export interface DigestDeps {
  db: Db;
  mailer: Mailer;
  /** The site's address, for links. */
  publicUrl: string;
  logger?: Logger;
}

/**
 * Queues every digest now due; answers how many were mailed. Once `stopping` is aborted (shutdown) it
 * ends after the person at hand: each digest is its own transaction, and the rest stay due for the
 * next look, on any instance.
 */
export async function sendDueDigests(deps: DigestDeps, stopping?: AbortSignal): Promise<number> {
  let mailed = 0;
  for (const cadence of ['daily', 'weekly'] as const) {
    // People another instance is mailing at this moment are passed over, and not looked at again.
    const seen = new Set<string>();
    for (;;) {
      const due = (await dueUsers(deps.db, cadence)).filter((userId) => !seen.has(userId));
      for (const userId of due) {
        if (stopping?.aborted) return mailed;
        seen.add(userId);
        // One person's failure is logged and waits for the next look; the others still get theirs.
        try {
          if (await sendDigest(deps, userId, cadence)) mailed++;
        } catch (err) {
          deps.logger?.error({ err, cadence }, "could not queue a person's notification digest");
        }
      }
      if (due.length === 0 || due.length < BATCH) break;
    }
  }
  return mailed;
}

/** People with some kind in this cadence whose last digest of it is at least a period old. */
export async function dueUsers(db: Db, cadence: Cadence): Promise<string[]> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select distinct s.user_id from notification_settings s
        where s.digest = ${cadence}
          and not exists (select 1 from users u where u.id = s.user_id and u.suspended_at is not null)
          and not exists (
            select 1 from notification_digests d
            where d.user_id = s.user_id and d.cadence = ${cadence}
              and d.sent_at > now() - ${PERIOD[cadence]}::interval)
        limit ${BATCH}`,
  );
  return rows.map((row) => row.user_id);
}

/** One person's digest of one cadence, if due and if anything is unread; true when one was queued. */
async function sendDigest(deps: DigestDeps, userId: string, cadence: Cadence): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    // A first digest covers the period before it. An account deleted meanwhile has nothing to insert.
    await tx.execute(sql`insert into notification_digests (user_id, cadence, sent_at)
      select id, ${cadence}, now() - ${PERIOD[cadence]}::interval from users where id = ${userId}
      on conflict do nothing`);
    // What the digest covers: since the last one (a look that came late leaves nothing out), and at
    // most two periods back (digests turned on again after months do not bring up what is long past).
    const [claimed] = await queryRows<{ since: string; email: string; kinds: NotificationKind[] }>(
      tx,
      sql`select greatest(d.sent_at, now() - 2 * ${PERIOD[cadence]}::interval)::text as since, u.email,
            array(select s.kind from notification_settings s
                  where s.user_id = d.user_id and s.digest = ${cadence}) as kinds
          from notification_digests d join users u on u.id = d.user_id
          where d.user_id = ${userId} and d.cadence = ${cadence}
            and d.sent_at <= now() - ${PERIOD[cadence]}::interval
          for update of d skip locked`,
    );
    // Another instance has it, or it went meanwhile.
    if (!claimed) return false;
    await tx.execute(sql`update notification_digests set sent_at = now()
      where user_id = ${userId} and cadence = ${cadence}`);
    const { kinds } = claimed;
    if (kinds.length === 0) return false;
    const items = await unreadForDigest({
      db: tx,
      userId,
      kinds,
      since: claimed.since,
      limit: DIGEST_ITEMS + 1,
    });
    if (items.length === 0) return false;
    // Made with the first digest mailed, in its transaction: a link is never mailed without its token.
    const token = await issueUnsubscribeToken(tx, userId);
    await deps.mailer.send(digestMail(deps, claimed.email, token, cadence, items), tx);
    return true;
  });
}

export function digestMail(
  deps: Pick<DigestDeps, 'publicUrl'>,
  to: string,
  unsubscribeToken: string,
  cadence: Cadence,
  items: Notification[],
): Mail {
  const shown = items.slice(0, DIGEST_ITEMS);
  const more = items.length > DIGEST_ITEMS;
  const page = `${deps.publicUrl}/notifications`;
  const settings = `${page}#settings`;
  const token = encodeURIComponent(unsubscribeToken);
  const unsubscribePage = `${deps.publicUrl}/unsubscribe?token=${token}`;
  const oneClick = `${deps.publicUrl}/api/notifications/unsubscribe?token=${token}`;
  const period = cadence === 'daily' ? 'today' : 'this week';
  const lines = shown.map((item) => {
    const detail = notificationDetail(item);
    return { sentence: notificationSentence(item), detail: detail ? clip(detail) : null };
  });
  const moreText = more ? 'And more: see them all on your notifications page.' : '';
  return {
    to,
    subject: `Campus Yearbook: what happened ${period}`,
    text: [
      `What happened ${period} on Campus Yearbook:`,
      '',
      ...lines.map((line) => `- ${line.sentence}${line.detail ? `: "${line.detail}"` : ''}`),
      ...(more ? ['', moreText] : []),
      '',
      'See your notifications:',
      page,
      '',
      'You get this email because you asked for a digest of your notifications. To choose what is mailed:',
      settings,
      'To stop digest emails:',
      unsubscribePage,
      '',
      'Campus Yearbook',
    ].join('\n'),
    html: htmlText(
      html`<p>What happened ${period} on Campus Yearbook:</p>
        <ul>
          ${lines.map(
            (line) => html`<li>${line.sentence}${line.detail ? html`: <q>${line.detail}</q>` : ''}</li>`,
          )}
        </ul>
        ${more ? html`<p>${moreText}</p>` : ''}
        <p><a href="${page}">See your notifications</a></p>
        <p style="color:#64748b;font-size:12px">
          You get this email because you asked for a digest of your notifications.
          <a href="${settings}">Choose what is mailed</a> or
          <a href="${unsubscribePage}">stop digest emails</a>.
        </p>
        <p>Campus Yearbook</p>`,
    ),
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** A post's or notice's words, shortened for a mail line. */
function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 140 ? `${flat.slice(0, 139)}…` : flat;
}

/** Looks for due digests now and every `intervalMs` (job-runner.ts); `stop` waits for a look under way. */
export function startDigests(deps: DigestDeps & { logger: Logger; intervalMs?: number }): Job {
  return startJob({
    name: 'notification-digests',
    intervalMs: deps.intervalMs ?? 10 * 60_000,
    run: async (stopping) => {
      const mailed = await sendDueDigests(deps, stopping);
      if (mailed > 0) deps.logger.info({ mailed }, 'notification digests queued');
    },
    logger: deps.logger,
  });
}
