// Tables of better-auth (sessions in the database, HttpOnly cookies), with the fields its core
// expects; `auth-schema.test.ts` compares them with better-auth's own table list so an upgrade that
// adds a field fails a test instead of a sign-in.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Stored lower-case by better-auth; unique. */
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    /** Set by an admin: the account's sessions are ended and it cannot sign in (decision 005). */
    suspendedAt: timestamp('suspended_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    token: text('token').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('sessions_token_key').on(t.token), index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true, mode: 'date' }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true, mode: 'date' }),
    scope: text('scope'),
    /** Password hash (scrypt) for the credential provider; null for Google accounts. */
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps,
  },
  (t) => [
    index('verifications_identifier_idx').on(t.identifier),
    // An account deleted takes its password-reset tokens, whose value is its id (features/account).
    // A hash index: values are of any length (a btree refuses entries over ~2.7 KB).
    index('verifications_value_idx').using('hash', t.value),
  ],
);

/**
 * Every mail the app sends, kept until it is delivered (platform/mail.ts): requests only write a row,
 * so a known address answers as fast as an unknown one whatever the mail server does, and a mail
 * survives a restart. With SMTP_URL a worker sends due rows, deletes each once delivered and retries
 * failures with growing pauses until `failed_at`; without it (embedded mode) rows are `held`: they
 * stay, and the development mailbox shows them.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers of the mail (a digest's List-Unsubscribe), name to value. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * Written with no SMTP_URL, for the development mailbox: never sent, even if SMTP_URL is set
     * later (its links would be stale, and it was never meant to leave the machine).
     */
    held: boolean('held').notNull().default(false),
    /** Sending attempts begun (a claimed row counts one before it is sent). */
    attempts: integer('attempts').notNull().default(0),
    /** When a worker may take it: now for a new row; later after a failure, or while one sends it. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Given up after the last attempt; kept for the operator, never retried. */
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt.desc().nullsFirst()),
    // An account deleted takes the mail waiting for its address (features/account).
    index('mail_outbox_to_idx').on(t.to),
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`NOT ${t.held} AND ${t.failedAt} IS NULL`),
  ],
);
