// Outgoing mail with two drivers: SMTP (nodemailer) when SMTP_URL is set; otherwise an outbox table
// that a development-only page shows (/dev/mailbox), so sign-up and reset work with no mail server.
import { desc } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}

export function createMailer(options: { db: Db; smtpUrl?: string; from: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  return {
    kind: 'outbox',
    async send(mail) {
      await options.db.insert(mailOutbox).values(mail);
    },
  };
}

export interface OutboxMessage extends Mail {
  links: string[];
  createdAt: string;
}

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
