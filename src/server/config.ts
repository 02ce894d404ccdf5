// Settings come from the environment only. A malformed value, or a variable that looks like one of our
// settings but is not (a typo such as DATABSE_URL, or an unknown S3_/SMTP_ name), stops start-up with a
// message naming it: a silently ignored setting is how data ends up in the wrong place.
import path from 'node:path';
import { z } from 'zod';
import type { GrievanceOfficer } from '../shared/grievance-officer';
import { type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS } from './db/timeouts';
import { vapidKeysMatch } from './features/push/vapid-keys';

const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);

const booleanSetting = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .transform((v) => v === 'true');

/** Milliseconds, from `min` up to an hour; 0 (when `min` allows it) turns the limit off. */
const millisecondsSetting = (fallback: number, min: number) =>
  z.preprocess(
    emptyAsUnset,
    z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(min, `must be at least ${min} (milliseconds)`)
      .max(3_600_000, 'must be at most 3600000 (an hour, in milliseconds)')
      .default(fallback),
  );

/** A wait for an outside service in milliseconds, from a tenth of a second to ten minutes. */
const timeoutSetting = (fallback: number) =>
  z.preprocess(
    emptyAsUnset,
    z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(100, 'must be between 100 and 600000 milliseconds')
      .max(600_000, 'must be between 100 and 600000 milliseconds')
      .default(fallback),
  );

const httpUrl = () => z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

const settingsSchema = z.object({
  NODE_ENV: z.preprocess(emptyAsUnset, z.enum(['development', 'production', 'test']).default('development')),
  PORT: z.preprocess(
    emptyAsUnset,
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .default(3000),
  ),
  HOST: z.preprocess(emptyAsUnset, z.string().optional()),
  DATA_DIR: z.preprocess(emptyAsUnset, z.string().default('./data')),
  /** A web build to serve instead of the project's own `dist` (its `web` and `ssr` folders). */
  WEB_BUILD_DIR: z.preprocess(emptyAsUnset, z.string().optional()),
  DATABASE_URL: z.preprocess(
    emptyAsUnset,
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  ),
  /** With DATABASE_URL: how long a statement waits for a lock before the request answers 503. */
  DATABASE_LOCK_TIMEOUT_MS: millisecondsSetting(DEFAULT_DATABASE_TIMEOUTS.lockTimeoutMs, 0),
  /** With DATABASE_URL: how long one statement may run (its lock waits included). */
  DATABASE_STATEMENT_TIMEOUT_MS: millisecondsSetting(DEFAULT_DATABASE_TIMEOUTS.statementTimeoutMs, 0),
  /** With DATABASE_URL: how long a request waits for a free (or new) connection. */
  DATABASE_CONNECTION_TIMEOUT_MS: millisecondsSetting(DEFAULT_DATABASE_TIMEOUTS.connectionTimeoutMs, 100),
  PUBLIC_URL: z.preprocess(emptyAsUnset, httpUrl().optional()),
  LOG_LEVEL: z.preprocess(
    emptyAsUnset,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  AUTH_SECRET: z.preprocess(emptyAsUnset, z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: z.preprocess(
    emptyAsUnset,
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: z.preprocess(emptyAsUnset, z.string().default('Campus Yearbook <no-reply@campusyearbook.app>')),
  GOOGLE_CLIENT_ID: z.preprocess(emptyAsUnset, z.string().optional()),
  GOOGLE_CLIENT_SECRET: z.preprocess(emptyAsUnset, z.string().optional()),
  /** Google's by default; tests point it at a local OpenID Connect server. */
  GOOGLE_DISCOVERY_URL: z.preprocess(
    emptyAsUnset,
    httpUrl().default('https://accounts.google.com/.well-known/openid-configuration'),
  ),
  REDIS_URL: z.preprocess(
    emptyAsUnset,
    z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  ),
  /** Every key this app writes starts with it, so several apps (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'must be 1 to 64 letters, digits or : _ . -')
      .default('yearbook:'),
  ),
  S3_BUCKET: z.preprocess(emptyAsUnset, z.string().optional()),
  /** Unset: AWS S3 itself. Set for any other S3-compatible service (MinIO, R2, Spaces, ...). */
  S3_ENDPOINT: z.preprocess(emptyAsUnset, httpUrl().optional()),
  S3_REGION: z.preprocess(emptyAsUnset, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUnset, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUnset, z.string().optional()),
  S3_FORCE_PATH_STYLE: z.preprocess(emptyAsUnset, booleanSetting.default(false)),
  /** Where browsers load pictures from (a public bucket or a CDN); unset, the app serves them. */
  S3_PUBLIC_URL: z.preprocess(emptyAsUnset, httpUrl().optional()),
  /** The longest one call to the bucket may take, retries included, before it is given up (503). */
  S3_TIMEOUT_MS: timeoutSetting(10_000),
  /** The longest the mail server may stay silent (connecting, greeting, or mid-message). */
  SMTP_TIMEOUT_MS: timeoutSetting(30_000),
  /** How many reverse proxies stand in front of the app; their X-Forwarded-For entries are believed. */
  TRUST_PROXY: z.preprocess(
    (value) => {
      const v = emptyAsUnset(value);
      if (v === 'true') return 1;
      if (v === 'false') return 0;
      return v;
    },
    z.coerce
      .number({ error: 'must be a number of proxies (0 to 10), true or false' })
      .int('must be a number of proxies (0 to 10), true or false')
      .min(0, 'must be a number of proxies (0 to 10), true or false')
      .max(10, 'must be a number of proxies (0 to 10), true or false')
      .default(0),
  ),
  /**
   * Turns on GET /metrics (Prometheus text format) for callers presenting `Authorization: Bearer` it;
   * unset, there are no metrics. Long enough not to be guessed; printable, as it travels in a header.
   */
  METRICS_TOKEN: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^[\x21-\x7e]{16,}$/, 'must be at least 16 characters, without spaces')
      .optional(),
  ),
  /**
   * Campus-only accounts (issue #47): comma-separated domains (e.g. `vitstudent.ac.in, vit.ac.in`);
   * sign-up, Google sign-in and email changes refuse other addresses. Unset: any address.
   */
  ALLOWED_EMAIL_DOMAINS: z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
            .filter(Boolean)
        : value,
    z
      .array(
        z
          .string()
          .regex(
            /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
            'must be a comma-separated list of email domains, such as "vitstudent.ac.in, vit.ac.in"',
          ),
      )
      .default([]),
  ),
  /**
   * The Grievance Officer (IT Rules 2021, rule 3(2); issue #47): name and email together, and a postal
   * address if you give one; shown on /contact and /terms.
   */
  GRIEVANCE_OFFICER_NAME: z.preprocess(emptyAsUnset, z.string().trim().min(1).max(100).optional()),
  GRIEVANCE_OFFICER_EMAIL: z.preprocess(
    emptyAsUnset,
    z.email({ error: 'must be an email address' }).max(254).optional(),
  ),
  GRIEVANCE_OFFICER_ADDRESS: z.preprocess(emptyAsUnset, z.string().trim().min(1).max(300).optional()),
  /**
   * Web push (issue #51): the VAPID key pair (base64url, as `npx web-push generate-vapid-keys` writes
   * it), set together. Embedded mode generates one into DATA_DIR; with DATABASE_URL and neither set,
   * push is off.
   */
  VAPID_PUBLIC_KEY: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(
        /^B[A-Za-z0-9_-]{86}$/,
        'must be a P-256 public key in base64url (87 characters starting with B)',
      )
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters)')
      .optional(),
  ),
  /** Who push services may write to about our pushes: a mailto: address or an https:// page. */
  VAPID_SUBJECT: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(
        /^(mailto:[^\s@]+@[^\s@]+\.[^\s@]+|https:\/\/[^\s/]+\.[^\s]+)$/,
        'must be a mailto: address or an https:// URL',
      )
      .optional(),
  ),
  /**
   * Lets devices subscribe with a push address on this machine or a private network, over http too
   * (a test push service). Outside production this is always so; in production it is refused unless
   * set: the server posts to every address it is given.
   */
  PUSH_ALLOW_LOCAL_ENDPOINTS: z.preprocess(emptyAsUnset, booleanSetting.default(false)),
  ADMIN_EMAILS: z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((e) => e.trim().toLowerCase())
            .filter(Boolean)
        : value,
    z.array(z.email({ error: 'must be a comma-separated list of email addresses' })).default([]),
  ),
});

type Settings = z.infer<typeof settingsSchema>;
export const KNOWN_SETTINGS = Object.keys(settingsSchema.shape) as (keyof Settings)[];

/** Prefixes that only we use: any variable under them must be a known setting. */
const OWNED_PREFIXES = [
  'DATABASE_',
  'DATA_DIR',
  'TRUST_PROXY',
  'PUBLIC_URL',
  'S3_',
  'SMTP_',
  'REDIS_',
  'AUTH_',
  'MAIL_',
  'YEARBOOK_',
  'WEB_BUILD',
  'METRICS_',
  'VAPID_',
  'PUSH_',
];

export interface Config {
  env: Settings['NODE_ENV'];
  isProduction: boolean;
  port: number;
  /** Where to listen: undefined means every interface (production's default). */
  host: string | undefined;
  dataDir: string;
  /** The web build served (`web` and `ssr` inside); null: the project's own `dist`. */
  webBuildDir: string | null;
  databaseUrl: string | undefined;
  /** The pool's timeouts with DATABASE_URL (db/timeouts.ts); PGlite has one connection and none. */
  databaseTimeouts: DatabaseTimeouts;
  publicUrl: string;
  logLevel: Settings['LOG_LEVEL'];
  /** Signs sessions and tokens. Unset in embedded mode: one is generated and kept in DATA_DIR. */
  authSecret: string | undefined;
  smtpUrl: string | undefined;
  /** How long the mail server may stay silent before a delivery attempt fails (and is retried later). */
  smtpTimeoutMs: number;
  mailFrom: string;
  /** Shared counters and the session cache for every instance; null keeps them in process memory. */
  redis: { url: string; keyPrefix: string } | null;
  /** S3-compatible object storage for pictures; null keeps them under DATA_DIR/uploads. */
  s3: S3Settings | null;
  /** Reverse proxies in front of the app whose X-Forwarded-For is believed (0: none). */
  trustProxy: number;
  /** These accounts are made admins whenever they sign in (SPEC §6 leaves role assignment open). */
  adminEmails: string[];
  /** Campus-only accounts: the only email domains taken (shared/campus-email.ts); empty: any. */
  allowedEmailDomains: string[];
  /** Shown on /contact and /terms (shared/grievance-officer.ts); null: none set. */
  grievanceOfficer: GrievanceOfficer | null;
  /** The bearer token of GET /metrics; null: the metrics are off (features/metrics). */
  metricsToken: string | null;
  /** Google sign-in, shown only when both the client id and secret are set (SPEC §2). */
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | null;
  /**
   * Web push's VAPID keys (issue #51). Unset in embedded mode: one pair is generated and kept in
   * DATA_DIR (main.ts). Null with DATABASE_URL when none is set: push is off.
   */
  vapidKeys: VapidKeys | null;
  /** Who push services may write to about our pushes (mailto: or https:). */
  vapidSubject: string;
  /** Devices may subscribe with push addresses on this machine or a private network (tests). */
  pushLocalEndpoints: boolean;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface S3Settings {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  /** Unset: the AWS SDK's own chain (environment, instance role, ...). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  publicUrl: string | undefined;
  /** The longest one call may take, retries included. */
  timeoutMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv, cwd = process.cwd()): Config {
  const problems = findUnknownSettings(env);
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]);
      problems.push(`${name}=${JSON.stringify(env[name])} ${issue.message}`);
    }
  }
  if (parsed.success && parsed.data.DATABASE_URL && !parsed.data.AUTH_SECRET) {
    // Several instances share one database: each must sign sessions with the same secret.
    problems.push('AUTH_SECRET must be set when DATABASE_URL is (every instance needs the same one)');
  }
  if (parsed.success && Boolean(parsed.data.GOOGLE_CLIENT_ID) !== Boolean(parsed.data.GOOGLE_CLIENT_SECRET)) {
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together (or neither)');
  }
  if (parsed.success) {
    const { GRIEVANCE_OFFICER_NAME: name, GRIEVANCE_OFFICER_EMAIL: email } = parsed.data;
    if (Boolean(name) !== Boolean(email)) {
      problems.push('GRIEVANCE_OFFICER_NAME and GRIEVANCE_OFFICER_EMAIL must be set together (or neither)');
    } else if (parsed.data.GRIEVANCE_OFFICER_ADDRESS && !name) {
      problems.push('GRIEVANCE_OFFICER_ADDRESS needs GRIEVANCE_OFFICER_NAME and GRIEVANCE_OFFICER_EMAIL');
    }
  }
  if (parsed.success) problems.push(...findVapidProblems(parsed.data));
  if (parsed.success) problems.push(...findS3Problems(parsed.data));
  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems);

  const s = parsed.data;
  const publicUrl = (s.PUBLIC_URL ?? `http://localhost:${s.PORT}`).replace(/\/+$/, '');
  return {
    env: s.NODE_ENV,
    isProduction: s.NODE_ENV === 'production',
    port: s.PORT,
    // Outside production the server answers this machine only unless told otherwise: a development
    // server carries the mailbox (sign-up and reset links) and is not meant for the network.
    host: s.HOST ?? (s.NODE_ENV === 'production' ? undefined : '127.0.0.1'),
    dataDir: path.resolve(cwd, s.DATA_DIR),
    webBuildDir: s.WEB_BUILD_DIR ? path.resolve(cwd, s.WEB_BUILD_DIR) : null,
    databaseUrl: s.DATABASE_URL,
    databaseTimeouts: {
      lockTimeoutMs: s.DATABASE_LOCK_TIMEOUT_MS,
      statementTimeoutMs: s.DATABASE_STATEMENT_TIMEOUT_MS,
      connectionTimeoutMs: s.DATABASE_CONNECTION_TIMEOUT_MS,
    },
    publicUrl,
    logLevel: s.LOG_LEVEL,
    authSecret: s.AUTH_SECRET,
    smtpUrl: s.SMTP_URL,
    smtpTimeoutMs: s.SMTP_TIMEOUT_MS,
    mailFrom: s.MAIL_FROM,
    redis: s.REDIS_URL ? { url: s.REDIS_URL, keyPrefix: s.REDIS_KEY_PREFIX } : null,
    s3: s.S3_BUCKET
      ? {
          bucket: s.S3_BUCKET,
          endpoint: s.S3_ENDPOINT,
          region: s.S3_REGION,
          credentials:
            s.S3_ACCESS_KEY_ID && s.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: s.S3_ACCESS_KEY_ID, secretAccessKey: s.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: s.S3_FORCE_PATH_STYLE,
          publicUrl: s.S3_PUBLIC_URL?.replace(/\/+$/, ''),
          timeoutMs: s.S3_TIMEOUT_MS,
        }
      : null,
    trustProxy: s.TRUST_PROXY,
    adminEmails: s.ADMIN_EMAILS,
    allowedEmailDomains: s.ALLOWED_EMAIL_DOMAINS,
    grievanceOfficer:
      s.GRIEVANCE_OFFICER_NAME && s.GRIEVANCE_OFFICER_EMAIL
        ? {
            name: s.GRIEVANCE_OFFICER_NAME,
            email: s.GRIEVANCE_OFFICER_EMAIL,
            address: s.GRIEVANCE_OFFICER_ADDRESS ?? null,
          }
        : null,
    metricsToken: s.METRICS_TOKEN ?? null,
    vapidKeys:
      s.VAPID_PUBLIC_KEY && s.VAPID_PRIVATE_KEY
        ? { publicKey: s.VAPID_PUBLIC_KEY, privateKey: s.VAPID_PRIVATE_KEY }
        : null,
    vapidSubject: s.VAPID_SUBJECT ?? defaultVapidSubject(publicUrl, s),
    pushLocalEndpoints: s.NODE_ENV !== 'production' || s.PUSH_ALLOW_LOCAL_ENDPOINTS,
    google:
      s.GOOGLE_CLIENT_ID && s.GOOGLE_CLIENT_SECRET
        ? {
            clientId: s.GOOGLE_CLIENT_ID,
            clientSecret: s.GOOGLE_CLIENT_SECRET,
            discoveryUrl: s.GOOGLE_DISCOVERY_URL,
          }
        : null,
  };
}

/** The VAPID pair only works whole: both halves, of one key. */
function findVapidProblems(s: Settings): string[] {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = s;
  if (Boolean(publicKey) !== Boolean(privateKey)) {
    return ['VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or neither)'];
  }
  if (publicKey && privateKey && !vapidKeysMatch({ publicKey, privateKey })) {
    return ['VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY: set the two halves of one pair'];
  }
  return [];
}

/**
 * Whom push services may write to when VAPID_SUBJECT is unset: the site itself when it is served over
 * https, else the contact address of /contact, else the address mail is sent from.
 */
function defaultVapidSubject(publicUrl: string, s: Settings): string {
  // Apple's push service refuses a localhost subject.
  if (publicUrl.startsWith('https://') && !/^https:\/\/localhost(:|$)/.test(publicUrl)) return publicUrl;
  if (s.GRIEVANCE_OFFICER_EMAIL) return `mailto:${s.GRIEVANCE_OFFICER_EMAIL}`;
  const from = /<([^<>\s]+@[^<>\s]+)>/.exec(s.MAIL_FROM)?.[1] ?? s.MAIL_FROM.trim();
  return `mailto:${from}`;
}

/** S3 settings only make sense together: a half-set group would silently keep pictures on local disk. */
function findS3Problems(s: Settings): string[] {
  const problems: string[] = [];
  if (Boolean(s.S3_ACCESS_KEY_ID) !== Boolean(s.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither)');
  }
  if (!s.S3_BUCKET) {
    const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_PUBLIC_URL'] as const).filter((name) => s[name]);
    if (stray.length > 0) problems.push(`S3_BUCKET must be set when ${stray.join(', ')} is`);
  }
  return problems;
}

function findUnknownSettings(env: NodeJS.ProcessEnv): string[] {
  const known = new Set<string>(KNOWN_SETTINGS);
  const problems: string[] = [];
  for (const name of Object.keys(env)) {
    if (known.has(name)) continue;
    const owned = OWNED_PREFIXES.some((prefix) => name.startsWith(prefix));
    const nearest = KNOWN_SETTINGS.find((k) => isNearMiss(name, k));
    if (owned || nearest) {
      const hint = nearest ? ` (did you mean ${nearest}?)` : '';
      problems.push(
        `${name} is not a setting of this app${hint}. Known settings: ${KNOWN_SETTINGS.join(', ')}`,
      );
    }
  }
  return problems;
}

/** A name one or two edits away from a setting is almost certainly a typo of it. */
function isNearMiss(name: string, setting: string): boolean {
  if (name.length < 5 || setting.length < 5) return false;
  const allowed = setting.length >= 8 ? 2 : 1;
  return editDistance(name, setting) <= allowed;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
