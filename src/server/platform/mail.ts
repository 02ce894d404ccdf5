// Outgoing mail through a durable outbox (DESIGN: mail is an outbox in the database, sent by a
// background worker). A request only writes a row, in one quick insert, so it answers the same
// whether or not the address has an account and whatever the mail server is doing (no timing tells),
// and a mail survives a restart. With SMTP_URL a worker in every app instance claims due rows
// (FOR UPDATE SKIP LOCKED, so two instances never take the same one), sends them, deletes each once
// delivered, and retries a failure with growing pauses. Without SMTP_URL rows are held for the
// development mailbox (/dev/mailbox).
import { and, desc, eq, inArray, isNull, not, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { type Db, queryRows } from '../db/client';
import { mailOutbox } from '../db/schema';
import { type DependencyHealth, describeFailure } from './dependency-health';
import { startJob } from './job-runner';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (a digest's List-Unsubscribe), name to value. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** 'smtp': queued and sent by the worker; 'outbox': held for the development mailbox. */
  kind: 'smtp' | 'outbox';
  /**
   * Queues a mail. Resolves once it is stored, never waiting for a mail server. Given a transaction,
   * the mail is stored with it (and goes only if it commits).
   */
  send(mail: Mail, tx?: Db): Promise<void>;
}

/** Delivers one mail now, or throws. */
export interface MailTransport {
  deliver(mail: Mail): Promise<void>;
  /** Resolves when the server answers and takes our sign-in (a probe while it is down), else throws. */
  verify?(): Promise<unknown>;
  close(): void;
}

/** SMTP_TIMEOUT_MS's default: how long a mail server may stay silent before an attempt fails. */
export const DEFAULT_SMTP_TIMEOUT_MS = 30_000;

export function createSmtpTransport(
  smtpUrl: string,
  from: string,
  timeoutMs = DEFAULT_SMTP_TIMEOUT_MS,
): MailTransport {
  // A silent server (one that accepts the connection and never greets, or stops mid-message) fails
  // the attempt after `timeoutMs` of silence; the worker keeps the mail and retries it later. Only
  // the worker waits on it: requests only write the outbox row.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    async deliver(mail) {
      await transport.sendMail({ from, ...mail });
    },
    verify: () => transport.verify(),
    close: () => transport.close(),
  };
}

/**
 * The mailer of these settings. `queued` is told after every new row (the worker of this process then
 * sends it at once rather than at its next look).
 */
export function createMailer(options: { db: Db; smtp: boolean; queued?: () => void }): Mailer {
  return {
    kind: options.smtp ? 'smtp' : 'outbox',
    async send(mail, tx = options.db) {
      await tx.insert(mailOutbox).values({ ...mail, headers: mail.headers ?? null, held: !options.smtp });
      options.queued?.();
    },
  };
}

export interface MailWorkerOptions {
  db: Db;
  transport: MailTransport;
  logger: Logger;
  /** The pause after a look before the next (mail queued by other instances, retries now due). */
  pollMs?: number;
  /**
   * How long a claimed mail is left to its worker before another may take it (the worker died while
   * sending): longer than a send can take (the transport gives up on a silent server sooner).
   */
  leaseMs?: number;
  /** The pause after a first failure; it doubles with each further one, up to `maxRetryMs`. */
  retryBaseMs?: number;
  maxRetryMs?: number;
  /** Attempts before a mail is given up (failed_at). */
  maxAttempts?: number;
  /** Rows claimed at once. */
  batchSize?: number;
  /**
   * Told of each attempt as 'mail': the server in trouble (unreachable, silent, refusing our sign-in
   * or every mail) as a failure, logged there once per outage; any mail it accepted or refused on its
   * own account as a success. While it is down the transport's `verify` probes it.
   */
  dependencies?: DependencyHealth;
}

/** What a caller may tune of the worker (tests make it quick). */
export type MailWorkerTimings = Partial<
  Omit<MailWorkerOptions, 'db' | 'transport' | 'logger' | 'dependencies'>
>;

export interface MailWorker {
  /** Looks for due mail now (a request just queued one). */
  wake(): void;
  /** Finishes the mail being sent and stops looking. */
  stop(): Promise<void>;
}

const MINUTE = 60_000;

/**
 * Sends queued mail until stopped. A claimed row's next attempt is pushed back first (the lease): if
 * this process dies while sending, the mail is due again when the lease ends and another instance
 * sends it, so mail is delivered at least once and never lost. A failure sets the next attempt after
 * a pause that doubles each time.
 */
export function startMailWorker({
  db,
  transport,
  logger,
  pollMs = 5_000,
  leaseMs = 5 * MINUTE,
  retryBaseMs = 30_000,
  maxRetryMs = 6 * 60 * MINUTE,
  maxAttempts = 12,
  batchSize = 10,
  dependencies,
}: MailWorkerOptions): MailWorker {
  const verify = transport.verify?.bind(transport);
  if (dependencies && verify) dependencies.probeWhileDown('mail', verify);
  /** Claims due rows: each counts an attempt and is leased to this worker. */
  async function claim() {
    return queryRows<Mail & { id: string; attempts: number }>(
      db,
      sql`update ${mailOutbox} set attempts = attempts + 1,
            next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
          where id in (
            select id from ${mailOutbox}
            where not held and failed_at is null and next_attempt_at <= now()
            order by next_attempt_at limit ${batchSize}
            for update skip locked)
          returning id, "to", subject, text, html, headers, attempts`,
    );
  }

  /** Puts claimed rows back as they were before the claim, due again after `pauseMs`. */
  async function release(ids: string[], pauseMs: number) {
    if (ids.length === 0) return;
    await db
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} - 1`,
        nextAttemptAt: sql`now() + ${pauseMs} * interval '1 millisecond'`,
      })
      .where(inArray(mailOutbox.id, ids));
  }

  /** Sends due mail a batch at a time, until none is left or the worker is stopping. */
  async function sendDue(stopping: AbortSignal): Promise<void> {
    for (;;) {
      const rows = await claim();
      for (const [index, row] of rows.entries()) {
        try {
          await transport.deliver({
            to: row.to,
            subject: row.subject,
            text: row.text,
            html: row.html,
            headers: row.headers ?? undefined,
          });
        } catch (error) {
          // The server's trouble (the outage, logged once there) or this mail's own refusal (an answer).
          const serverTrouble = mailServerInTrouble(error);
          if (serverTrouble) dependencies?.failed('mail', describeFailure(error));
          else dependencies?.succeeded('mail');
          const lastError = error instanceof Error ? error.message : String(error);
          const giveUp = row.attempts >= maxAttempts;
          const pauseMs = Math.min(retryBaseMs * 2 ** (row.attempts - 1), maxRetryMs);
          await db
            .update(mailOutbox)
            .set({
              lastError: lastError.slice(0, 1000),
              nextAttemptAt: sql`now() + ${pauseMs} * interval '1 millisecond'`,
              ...(giveUp ? { failedAt: new Date() } : {}),
            })
            .where(eq(mailOutbox.id, row.id));
          // Each attempt has its line; a stack only for a mail given up (none of it is our bug, and
          // during an outage every mail fails alike: the outage itself is logged once).
          logger[giveUp ? 'error' : 'warn'](
            {
              ...(giveUp ? { err: error } : { reason: describeFailure(error) }),
              mailId: row.id,
              attempts: row.attempts,
              serverTrouble,
            },
            giveUp ? 'a mail could not be delivered and is given up' : 'a mail could not be delivered yet',
          );
          // A server that is down or silent fails every mail the same way after the whole timeout:
          // the rest of the batch goes back to the queue untried (not counted as an attempt) rather
          // than each waiting its turn and outlasting the lease.
          if (serverUnreachable(error)) {
            await release(
              rows.slice(index + 1).map((rest) => rest.id),
              retryBaseMs,
            );
            return;
          }
          continue;
        }
        dependencies?.succeeded('mail');
        // Outside the try: a database that fails here fails the run (the job logs it), and the mail,
        // sent, is not counted as the mail server's failure (its lease ends; it may go twice).
        await db.delete(mailOutbox).where(eq(mailOutbox.id, row.id));
      }
      if (rows.length < batchSize || stopping.aborted) return;
    }
  }

  // Now (mail left by a stopped process), on every wake-up and every `pollMs` (job-runner.ts).
  const job = startJob({ name: 'mail-outbox', intervalMs: pollMs, run: sendDue, logger });
  return {
    wake: job.wake,
    async stop() {
      await job.stop();
      transport.close();
    },
  };
}

/** nodemailer's codes for a server that could not be reached or stopped answering (not a refusal). */
const UNREACHABLE_CODES = new Set(['ETIMEDOUT', 'ECONNECTION', 'ESOCKET', 'EDNS']);

function serverUnreachable(error: unknown): boolean {
  return UNREACHABLE_CODES.has(String((error as { code?: unknown } | null)?.code));
}

/**
 * The mail server failed us, not this mail: it could not be reached, stayed silent, broke the
 * conversation, refused our sign-in (EAUTH: no mail goes), or said it is not serving (421). A refusal
 * of one mail (a 4xx or 5xx about its address or its content: greylisting, a full mailbox, a bounce;
 * nodemailer's EENVELOPE and EMESSAGE) is the server answering, and that mail's own retries and
 * giving up handle it.
 */
function mailServerInTrouble(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  if (code === 'EAUTH' || responseCode === 421) return true;
  if (code === 'EENVELOPE' || code === 'EMESSAGE') return false;
  return typeof responseCode !== 'number';
}

/**
 * The mailer and, with SMTP_URL, its worker: how the server (main.ts) and the test server send mail.
 */
export function startMailDelivery(options: {
  db: Db;
  smtpUrl: string | undefined;
  /** SMTP_TIMEOUT_MS. */
  smtpTimeoutMs?: number;
  from: string;
  logger: Logger;
  worker?: MailWorkerTimings;
  /** Told of the SMTP server's outages as 'mail' (the worker's MailWorkerOptions.dependencies). */
  dependencies?: DependencyHealth;
}): { mailer: Mailer; stop(): Promise<void> } {
  if (!options.smtpUrl) {
    return { mailer: createMailer({ db: options.db, smtp: false }), stop: async () => undefined };
  }
  const worker = startMailWorker({
    db: options.db,
    transport: createSmtpTransport(options.smtpUrl, options.from, options.smtpTimeoutMs),
    logger: options.logger,
    dependencies: options.dependencies,
    ...options.worker,
  });
  return { mailer: createMailer({ db: options.db, smtp: true, queued: worker.wake }), stop: worker.stop };
}

export interface OutboxMessage extends Mail {
  links: string[];
  createdAt: string;
}

/** The newest mail of the outbox, for the development mailbox. */
export async function listOutbox(db: Db, limit = 50): Promise<OutboxMessage[]> {
  const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
  return rows.map((row) => ({
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    links: [...row.text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]),
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Mail waiting to be sent (not held for the mailbox, not given up), for health and tests. */
export async function countQueuedMail(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(and(not(mailOutbox.held), isNull(mailOutbox.failedAt)));
  return Number(row?.count ?? 0);
}

/**
 * The outbox's backlog for the operator's metrics: mail waiting to be sent and the age of the oldest,
 * in seconds by the database's clock (0 when none waits). Read through the partial index of waiting
 * mail (mail_outbox_due_idx), so it costs what the backlog holds, never what was ever sent.
 */
export async function measureOutbox(db: Db): Promise<{ waiting: number; oldestSeconds: number }> {
  const [row] = await queryRows<{ waiting: number; oldest_seconds: number | string | null }>(
    db,
    sql`select count(*)::int as waiting,
          coalesce(extract(epoch from now() - min(${mailOutbox.createdAt})), 0)::float8 as oldest_seconds
        from ${mailOutbox} where not ${mailOutbox.held} and ${mailOutbox.failedAt} is null`,
  );
  return { waiting: Number(row?.waiting ?? 0), oldestSeconds: Number(row?.oldest_seconds ?? 0) };
}
