// Bad input on every write route (issue «Reliability and security» 3; OWASP ASVS 5.0 V2): random and
// hostile payloads from fast-check — any JSON value, a valid body with one field swapped for a
// hostile value (wrong types, huge and empty strings, control characters, lone surrogates, bidi
// overrides, SQL and HTML fragments, prototype keys), a field dropped, a field added, text that is
// not JSON, and hostile ids in the path. The server must never answer 5xx; a refusal must be a 4xx
// with a message for people; and a refused request must leave the database exactly as it was
// (every table's rows, compared by checksum). Besides the random cases, every fixed hostile string is
// sent in every field of every route and, where a route has an id or username, in its path.

import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { createAccount, createMember, type Member, signInAs } from '../support/accounts';
import { makePushDevice } from '../support/push-endpoint';
import { callJson, NO_RATE_LIMITS, startTestServer, type TestServer } from '../support/test-server';

/** Random cases per route (the fixed hostile strings are sent besides, in every field). */
const RUNS = 40;

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\u202eevil',
  '\u2066\u2069',
  '\r\n\t\v\f',
  "'; DROP TABLE posts; --",
  "' OR '1'='1",
  '%_\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '__proto__',
  'constructor',
  '𝕏'.repeat(300),
  'x'.repeat(100_000),
  '../../etc/passwd',
  '00000000-0000-0000-0000-000000000000',
];
const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(hostileString, fc.integer()), { maxLength: 30 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 5 }),
);

type Body = { json: unknown } | { raw: string } | null;

/** Payloads around a valid body: whole random values, one field swapped, dropped or added, not JSON. */
function payloads(valid: Record<string, unknown> | null): fc.Arbitrary<Body> {
  const options: fc.Arbitrary<Body>[] = [
    fc.jsonValue().map((json) => ({ json })),
    fc.string({ unit: 'binary', maxLength: 200 }).map((raw) => ({ raw })),
    fc.constantFrom<Body>(
      { raw: '{"__proto__": {"userType": "admin"}}' },
      { raw: '{"constructor": {"prototype": {"userType": "admin"}}}' },
      { raw: '{' },
      { raw: '[]' },
      null,
    ),
  ];
  const keys = valid ? Object.keys(valid) : [];
  if (valid && keys.length > 0) {
    const key = fc.constantFrom(...keys);
    options.push(
      fc.tuple(key, hostileValue).map(([k, value]) => ({ json: { ...valid, [k]: value } })),
      key.map((k) => {
        const { [k]: _dropped, ...rest } = valid;
        return { json: rest };
      }),
      fc.tuple(hostileString, hostileValue).map(([k, value]) => ({ json: { ...valid, [k]: value } })),
    );
  }
  return fc.oneof(...options);
}

/**
 * Longer addresses never reach the app: Node's HTTP parser refuses a request line over its header
 * limit (16 KB) with 431 before any code of ours runs.
 */
const MAX_PATH_SEGMENT = 2000;

/** A path segment where an id or username goes: hostile strings, random text, ids of nothing. */
const hostileSegment = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length <= MAX_PATH_SEGMENT && s !== '')),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 80 }),
  fc.uuid(),
);

interface WriteRoute {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route's path with a fuzzed segment (or none). */
  path: (segment: string | null) => string;
  fuzzPath: boolean;
  valid: () => Record<string, unknown> | null;
  who: () => string | null;
  contentType?: string;
}

let server: TestServer;
let member: Member;
let admin: Member;
let moderator: Member;
/** The staff routes' subject: fuzzing may suspend it or change its role, so no other route uses it. */
let target: Member;
let profileless: string;
let postId: string;
/** A pending signature in the member's yearbook (issue #52). */
let signatureId: string;
/**
 * Superlatives (issue #52): a draft round (2029, VITV) with a category to approve and one to remove,
 * a draft of its own to delete (2028, VITV), a category open for nominations in `member`'s class
 * (2026, VITC) with a classmate to nominate, and one open for votes in `voter`'s class (2025, VITC)
 * with its candidate.
 */
const sup = { draftRound: '', toApprove: '', toRemove: '', toDelete: '', nominating: '', voting: '' };
let classmateName: string;
let voter: Member;
let candidateName: string;
let reportId: string;
let asklineId: string;
/** A post the text check held (issue #47), for the Held tab's decisions. */
let heldId: string;
/** A post of `member` that staff removed, for its appeal; and an appeal waiting for a decision. */
let removedId: string;
let appealId: string;
/** A word an admin added to the text check's lists (issue #47). */
let wordId: string;
/** Whom `member` blocks and mutes, and a word `member` muted (issue #48). */
let victim: Member;
let mutedWordId: string;
/** Whose device the push routes save and remove (issue #51), and its keys. */
let pushMember: Member;
const pushDeviceKeys = makePushDevice().keys;

const ROUTES: Record<string, WriteRoute> = {
  'POST /api/session': {
    method: 'POST',
    path: () => '/api/session',
    fuzzPath: false,
    valid: () => ({ identifier: member.account.email, password: 'not-the-password' }),
    who: () => null,
  },
  'POST /api/auth/sign-up/email': {
    method: 'POST',
    path: () => '/api/auth/sign-up/email',
    fuzzPath: false,
    valid: () => ({ email: 'new@example.com', password: 'secret-password', name: 'New' }),
    who: () => null,
  },
  'POST /api/auth/request-password-reset': {
    method: 'POST',
    path: () => '/api/auth/request-password-reset',
    fuzzPath: false,
    valid: () => ({ email: member.account.email, redirectTo: '/reset-password' }),
    who: () => null,
  },
  'POST /api/auth/reset-password': {
    method: 'POST',
    path: () => '/api/auth/reset-password',
    fuzzPath: false,
    valid: () => ({ newPassword: 'another-password', token: 'not-a-token' }),
    who: () => null,
  },
  'POST /api/auth/verify-email': {
    method: 'POST',
    path: () => '/api/auth/verify-email',
    fuzzPath: false,
    valid: () => ({ token: 'not-a-token' }),
    who: () => null,
  },
  'POST /api/account/email': {
    method: 'POST',
    path: () => '/api/account/email',
    fuzzPath: false,
    valid: () => ({ newEmail: 'moved@example.com', password: 'not-the-password' }),
    who: () => member.cookie,
  },
  'POST /api/account/email/approve': {
    method: 'POST',
    path: () => '/api/account/email/approve',
    fuzzPath: false,
    valid: () => ({ token: 'not-a-live-token' }),
    who: () => member.cookie,
  },
  'POST /api/account/email/confirm': {
    method: 'POST',
    path: () => '/api/account/email/confirm',
    fuzzPath: false,
    valid: () => ({ token: 'not-a-live-token' }),
    who: () => member.cookie,
  },
  'POST /api/profiles': {
    method: 'POST',
    path: () => '/api/profiles',
    fuzzPath: false,
    valid: () => ({
      username: 'fresh_name',
      fullName: 'Fresh Name',
      institution: 'VITC',
      graduationYear: 2026,
    }),
    who: () => profileless,
  },
  'PATCH /api/profiles/:username': {
    method: 'PATCH',
    path: (segment) => `/api/profiles/${segment ?? member.username}`,
    fuzzPath: true,
    valid: () => ({
      fullName: 'Still Me',
      institution: 'VITV',
      graduationYear: 2025,
      bio: 'Hello',
      hiddenFromClass: true,
    }),
    who: () => member.cookie,
  },
  'PUT /api/profiles/:username/photo': {
    method: 'PUT',
    path: (segment) => `/api/profiles/${segment ?? member.username}/photo`,
    fuzzPath: true,
    valid: () => null,
    who: () => member.cookie,
    contentType: 'image/jpeg',
  },
  'PUT /api/profiles/:username/signature': {
    method: 'PUT',
    path: (segment) => `/api/profiles/${segment ?? target.username}/signature`,
    fuzzPath: true,
    valid: () => ({ content: 'Good luck out there!', postAnyway: false }),
    who: () => member.cookie,
  },
  'DELETE /api/profiles/:username/signature': {
    method: 'DELETE',
    path: (segment) => `/api/profiles/${segment ?? target.username}/signature`,
    fuzzPath: true,
    valid: () => null,
    who: () => member.cookie,
  },
  'POST /api/signatures/:id/approval': {
    method: 'POST',
    path: (segment) => `/api/signatures/${segment ?? signatureId}/approval`,
    fuzzPath: true,
    valid: () => null,
    who: () => member.cookie,
  },
  'DELETE /api/signatures/:id': {
    method: 'DELETE',
    path: (segment) => `/api/signatures/${segment ?? signatureId}`,
    fuzzPath: true,
    valid: () => null,
    who: () => member.cookie,
  },
  'POST /api/classes/:year/superlatives': {
    method: 'POST',
    path: (segment) => `/api/classes/${segment ?? '2027'}/superlatives`,
    fuzzPath: true,
    valid: () => ({ campus: 'VITV', resultsAt: new Date(Date.now() + 86_400_000).toISOString() }),
    who: () => admin.cookie,
  },
  'PATCH /api/superlatives/:id': {
    method: 'PATCH',
    path: (segment) => `/api/superlatives/${segment ?? sup.draftRound}`,
    fuzzPath: true,
    valid: () => ({ resultsAt: new Date(Date.now() + 86_400_000).toISOString() }),
    who: () => admin.cookie,
  },
  'DELETE /api/superlatives/:id': {
    method: 'DELETE',
    path: (segment) => `/api/superlatives/${segment ?? sup.toDelete}`,
    fuzzPath: true,
    valid: () => null,
    who: () => admin.cookie,
  },
  'POST /api/superlatives/:id/categories': {
    method: 'POST',
    path: (segment) => `/api/superlatives/${segment ?? sup.draftRound}/categories`,
    fuzzPath: true,
    valid: () => ({ title: `Most likely to fuzz ${Math.random()}`, postAnyway: false }),
    who: () => admin.cookie,
  },
  'POST /api/superlative-categories/:id/approval': {
    method: 'POST',
    path: (segment) => `/api/superlative-categories/${segment ?? sup.toApprove}/approval`,
    fuzzPath: true,
    valid: () => null,
    who: () => moderator.cookie,
  },
  'DELETE /api/superlative-categories/:id': {
    method: 'DELETE',
    path: (segment) => `/api/superlative-categories/${segment ?? sup.toRemove}`,
    fuzzPath: true,
    valid: () => null,
    who: () => moderator.cookie,
  },
  'PUT /api/superlative-categories/:id/nomination': {
    method: 'PUT',
    path: (segment) => `/api/superlative-categories/${segment ?? sup.nominating}/nomination`,
    fuzzPath: true,
    valid: () => ({ username: classmateName }),
    who: () => member.cookie,
  },
  'DELETE /api/superlative-categories/:id/nomination': {
    method: 'DELETE',
    path: (segment) => `/api/superlative-categories/${segment ?? sup.nominating}/nomination`,
    fuzzPath: true,
    valid: () => null,
    who: () => member.cookie,
  },
  'POST /api/superlative-categories/:id/vote': {
    method: 'POST',
    path: (segment) => `/api/superlative-categories/${segment ?? sup.voting}/vote`,
    fuzzPath: true,
    valid: () => ({ username: candidateName }),
    who: () => voter.cookie,
  },
  'POST /api/posts': {
    method: 'POST',
    path: () => '/api/posts',
    fuzzPath: false,
    valid: () => ({ content: 'A post', isAnonymous: false, asklineId: null }),
    who: () => member.cookie,
  },
  'DELETE /api/posts/:id': {
    method: 'DELETE',
    path: (segment) => `/api/posts/${segment ?? postId}`,
    fuzzPath: true,
    valid: () => null,
    who: () => member.cookie,
  },
  'PUT /api/posts/:id/like': {
    method: 'PUT',
    path: (segment) => `/api/posts/${segment ?? postId}/like`,
    fuzzPath: true,
    valid: () => null,
    who: () => member.cookie,
  },
  'POST /api/posts/:id/report': {
    method: 'POST',
    path: (segment) => `/api/posts/${segment ?? postId}/report`,
    fuzzPath: true,
    valid: () => ({ reason: 'spam', detail: 'It is spam' }),
    who: () => member.cookie,
  },
  'POST /api/posts/:id/removal': {
    method: 'POST',
    path: (segment) => `/api/posts/${segment ?? postId}/removal`,
    fuzzPath: true,
    valid: () => ({ rule: 'spam', facts: 'An advert for a coaching class.' }),
    who: () => moderator.cookie,
  },
  'POST /api/posts/:id/appeal': {
    method: 'POST',
    path: (segment) => `/api/posts/${segment ?? removedId}/appeal`,
    fuzzPath: true,
    valid: () => ({ text: 'It was not an advert: I was sharing notes.' }),
    who: () => member.cookie,
  },
  'POST /api/appeals/:id/decision': {
    method: 'POST',
    path: (segment) => `/api/appeals/${segment ?? appealId}/decision`,
    fuzzPath: true,
    valid: () => ({ outcome: 'upheld' }),
    who: () => moderator.cookie,
  },
  'POST /api/posts/:id/author-suspension': {
    method: 'POST',
    path: (segment) => `/api/posts/${segment ?? '00000000-0000-4000-8000-000000000000'}/author-suspension`,
    fuzzPath: true,
    valid: () => null,
    who: () => moderator.cookie,
  },
  'DELETE /api/posts/:id/author-suspension': {
    method: 'DELETE',
    path: (segment) => `/api/posts/${segment ?? '00000000-0000-4000-8000-000000000000'}/author-suspension`,
    fuzzPath: true,
    valid: () => null,
    who: () => admin.cookie,
  },
  'PUT /api/reports/:id/resolution': {
    method: 'PUT',
    path: (segment) => `/api/reports/${segment ?? reportId}/resolution`,
    fuzzPath: true,
    valid: () => ({ resolved: true }),
    who: () => moderator.cookie,
  },
  'POST /api/reports/:id/acknowledgement': {
    method: 'POST',
    path: (segment) => `/api/reports/${segment ?? reportId}/acknowledgement`,
    fuzzPath: true,
    valid: () => null,
    who: () => moderator.cookie,
  },
  'POST /api/admin/word-lists': {
    method: 'POST',
    path: () => '/api/admin/word-lists',
    fuzzPath: false,
    valid: () => ({ list: 'insult', term: 'fuzzlewump' }),
    who: () => admin.cookie,
  },
  'DELETE /api/admin/word-lists/:id': {
    method: 'DELETE',
    path: (segment) => `/api/admin/word-lists/${segment ?? wordId}`,
    fuzzPath: true,
    valid: () => null,
    who: () => admin.cookie,
  },
  // Personal controls (issue #48): the member's own; `victim` is blocked and muted, `postId` hidden.
  ...Object.fromEntries(
    (['blocks', 'mutes'] as const).flatMap((kind) => [
      [
        `POST /api/controls/${kind}`,
        {
          method: 'POST',
          path: () => `/api/controls/${kind}`,
          fuzzPath: false,
          valid: () => ({ username: victim.username }),
          who: () => member.cookie,
        },
      ],
      [
        `DELETE /api/controls/${kind}/:username`,
        {
          method: 'DELETE',
          path: (segment: string | null) => `/api/controls/${kind}/${segment ?? victim.username}`,
          fuzzPath: true,
          valid: () => null,
          who: () => member.cookie,
        },
      ],
    ]),
  ),
  'POST /api/controls/hidden-posts': {
    method: 'POST',
    path: () => '/api/controls/hidden-posts',
    fuzzPath: false,
    valid: () => ({ postId, reason: 'not_for_me' }),
    who: () => member.cookie,
  },
  'DELETE /api/controls/hidden-posts/:id': {
    method: 'DELETE',
    path: (segment) => `/api/controls/hidden-posts/${segment ?? postId}`,
    fuzzPath: true,
    valid: () => null,
    who: () => member.cookie,
  },
  'POST /api/controls/muted-words': {
    method: 'POST',
    path: () => '/api/controls/muted-words',
    fuzzPath: false,
    valid: () => ({ phrase: 'midsem', duration: '7d' }),
    who: () => member.cookie,
  },
  'DELETE /api/controls/muted-words/:id': {
    method: 'DELETE',
    path: (segment) => `/api/controls/muted-words/${segment ?? mutedWordId}`,
    fuzzPath: true,
    valid: () => null,
    who: () => member.cookie,
  },
  'POST /api/asklines': {
    method: 'POST',
    path: () => '/api/asklines',
    fuzzPath: false,
    valid: () => ({ content: 'What will you miss most?' }),
    who: () => member.cookie,
  },
  'POST /api/safety/check': {
    method: 'POST',
    path: () => '/api/safety/check',
    fuzzPath: false,
    valid: () => ({ text: 'Kavya from VIT is lovely', anonymous: true }),
    who: () => member.cookie,
  },
  'POST /api/held-posts/:id/approval': {
    method: 'POST',
    path: (segment) => `/api/held-posts/${segment ?? heldId}/approval`,
    fuzzPath: true,
    valid: () => null,
    who: () => moderator.cookie,
  },
  'POST /api/held-posts/:id/removal': {
    method: 'POST',
    path: (segment) => `/api/held-posts/${segment ?? heldId}/removal`,
    fuzzPath: true,
    valid: () => ({ rule: 'harassment', facts: 'A threat.' }),
    who: () => moderator.cookie,
  },
  // The book (issue #52): the first valid request queues a job (never made here), later ones are 409.
  'POST /api/me/book': {
    method: 'POST',
    path: () => '/api/me/book',
    fuzzPath: false,
    valid: () => ({ paper: 'A4', postIds: [] }),
    who: () => member.cookie,
  },
  'POST /api/classes/:year/book': {
    method: 'POST',
    path: (segment) => `/api/classes/${segment ?? '2026'}/book`,
    fuzzPath: true,
    valid: () => ({ campus: 'VITC', paper: 'Letter' }),
    who: () => moderator.cookie,
  },
  'PUT /api/posts/:id/class-book': {
    method: 'PUT',
    path: (segment) => `/api/posts/${segment ?? postId}/class-book`,
    fuzzPath: true,
    valid: () => ({ include: true }),
    who: () => member.cookie,
  },
  'PUT /api/asklines/:id/review': {
    method: 'PUT',
    path: (segment) => `/api/asklines/${segment ?? asklineId}/review`,
    fuzzPath: true,
    valid: () => ({ decision: 'verify' }),
    who: () => moderator.cookie,
  },
  'PUT /api/admin/users/:username/role': {
    method: 'PUT',
    path: (segment) => `/api/admin/users/${segment ?? target.username}/role`,
    fuzzPath: true,
    valid: () => ({ userType: 'ordinary' }),
    who: () => admin.cookie,
  },
  'PUT /api/admin/users/:username/suspension': {
    method: 'PUT',
    path: (segment) => `/api/admin/users/${segment ?? target.username}/suspension`,
    fuzzPath: true,
    valid: () => ({ suspended: false }),
    who: () => admin.cookie,
  },
  'PUT /api/admin/notice': {
    method: 'PUT',
    path: () => '/api/admin/notice',
    fuzzPath: false,
    valid: () => ({ show: true, title: 'Hello', badge: 'New', content: ['A paragraph'] }),
    who: () => admin.cookie,
  },
  // Web push (issue #51): a member of their own who is told of nothing, so no push is ever owed to
  // the device a valid case saves (the background jobs would write while a refusal is checked).
  'PUT /api/push/subscription': {
    method: 'PUT',
    path: () => '/api/push/subscription',
    fuzzPath: false,
    valid: () => ({
      endpoint: 'http://127.0.0.1:9/fuzzed-device',
      expirationTime: null,
      keys: pushDeviceKeys,
    }),
    who: () => pushMember.cookie,
  },
  'DELETE /api/push/subscription': {
    method: 'DELETE',
    path: () => '/api/push/subscription',
    fuzzPath: false,
    valid: () => ({ endpoint: 'http://127.0.0.1:9/fuzzed-device' }),
    who: () => pushMember.cookie,
  },
  'PUT /api/notifications/seen': {
    method: 'PUT',
    path: () => '/api/notifications/seen',
    fuzzPath: false,
    valid: () => ({ through: new Date().toISOString() }),
    who: () => member.cookie,
  },
};

/** Every table's row count and a checksum of its rows, in one query: equal means unchanged. */
let fingerprintQuery: ReturnType<typeof sql.join> | undefined;
async function fingerprint(): Promise<Record<string, string>> {
  if (!fingerprintQuery) {
    const tables = await queryRows<{ name: string }>(
      server.database.db,
      sql`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
    );
    expect(tables.length).toBeGreaterThan(10);
    fingerprintQuery = sql.join(
      tables.map(
        ({ name }) =>
          sql`select ${name} as name, count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as sum
              from ${sql.identifier(name)} t`,
      ),
      sql` union all `,
    );
  }
  const rows = await queryRows<{ name: string; sum: string }>(server.database.db, fingerprintQuery);
  return Object.fromEntries(rows.map((row) => [row.name, row.sum]));
}

let cases = 0;

/**
 * The next transaction id the database will hand out. A statement that changes a row takes one, so an
 * unchanged value means nothing was written in between (reads take none) and the fingerprint taken
 * at that value still holds; a changed one sends the check to the fingerprint itself.
 */
async function nextTransactionId(): Promise<string> {
  const [row] = await queryRows<{ xmax: string }>(
    server.database.db,
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`,
  );
  return row?.xmax ?? '';
}

/** The database's fingerprint, and the transaction id it was taken at. */
let known: { xid: string; sums: Record<string, string> } | null = null;

async function currentFingerprint(): Promise<Record<string, string>> {
  const xid = await nextTransactionId();
  if (known?.xid !== xid) known = { xid, sums: await fingerprint() };
  return known.sums;
}

async function send(route: WriteRoute, segment: string | null, body: Body): Promise<void> {
  const before = await currentFingerprint();
  const cookie = route.who();
  const headers: Record<string, string> = cookie ? { cookie } : {};
  let payload: BodyInit | undefined;
  if (route.contentType) {
    headers['content-type'] = route.contentType;
    payload = body === null ? undefined : JSON.stringify('json' in body ? body.json : body.raw);
  } else if (body !== null) {
    headers['content-type'] = 'application/json';
    payload = 'json' in body ? JSON.stringify(body.json) : body.raw;
  }
  // A redirect is the answer (a mail link's button leads to the next page): not followed.
  const res = await server.request(route.path(segment), {
    method: route.method,
    headers,
    body: payload,
    redirect: 'manual',
  });
  const text = await res.text();
  cases++;
  const what = `${route.method} ${route.path(segment)} with ${String(payload).slice(0, 200)}`;
  expect(res.status, `${what} answered ${res.status}: ${text.slice(0, 300)}`).toBeLessThan(500);
  if (res.status < 400) return;
  const parsed = (() => {
    try {
      return JSON.parse(text) as { error?: { message?: unknown }; message?: unknown };
    } catch {
      return null;
    }
  })();
  const message = parsed?.error?.message ?? parsed?.message;
  expect(typeof message === 'string' && message.trim().length > 0, `${what}: no message in ${text}`).toBe(
    true,
  );
  expect(await currentFingerprint(), `${what} was refused (${res.status}) but changed the database`).toEqual(
    before,
  );
}

beforeAll(async () => {
  // No book is made in the background: its rows would change between the checksums.
  server = await startTestServer({ rateLimiter: NO_RATE_LIMITS, books: { off: true } });
  member = await createMember(server);
  admin = await createMember(server, { userType: 'admin' });
  moderator = await createMember(server, { userType: 'moderator' });
  target = await createMember(server);
  profileless = await signInAs(server, await createAccount(server, { profile: false }));
  const author = await createMember(server);
  const post = (content: string) => callJson(server, 'POST', '/api/posts', author.cookie, { content });
  postId = (await post('Someone else wrote this')).body.id;
  signatureId = (
    await callJson(server, 'PUT', `/api/profiles/${member.username}/signature`, author.cookie, {
      content: 'Signed for the fuzz',
    })
  ).body.signature.id;
  const reportedId = (await post('A reported post')).body.id;
  const other = await createMember(server);
  await callJson(server, 'POST', `/api/posts/${reportedId}/report`, other.cookie, { reason: 'spam' });
  reportId = (await callJson(server, 'GET', '/api/reports', moderator.cookie)).body.reports[0]?.id ?? '';
  asklineId = (
    await callJson(server, 'POST', '/api/asklines', author.cookie, {
      content: 'Which hostel has the best mess?',
    })
  ).body.id;
  heldId = (await post('I will kill you, fuzz')).body.id;
  const removal = { rule: 'spam', facts: 'An advert.' };
  removedId = (await callJson(server, 'POST', '/api/posts', member.cookie, { content: 'Mine, removed' })).body
    .id;
  await callJson(server, 'POST', `/api/posts/${removedId}/removal`, admin.cookie, removal);
  const appealed = (await post('Appealed already')).body.id;
  await callJson(server, 'POST', `/api/posts/${appealed}/removal`, admin.cookie, removal);
  await callJson(server, 'POST', `/api/posts/${appealed}/appeal`, author.cookie, { text: 'Look again.' });
  appealId = (await callJson(server, 'GET', '/api/appeals', moderator.cookie)).body.appeals[0]?.id ?? '';
  wordId = (
    await callJson(server, 'POST', '/api/admin/word-lists', admin.cookie, {
      list: 'threat',
      term: 'snargleblat',
    })
  ).body.id;
  victim = await createMember(server);
  pushMember = await createMember(server);
  mutedWordId = (
    await callJson(server, 'POST', '/api/controls/muted-words', member.cookie, { phrase: 'quizzical' })
  ).body.id;
  const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const startRound = async (year: number, campus: string) =>
    (
      await callJson(server, 'POST', `/api/classes/${year}/superlatives`, admin.cookie, {
        campus,
        resultsAt: inAMonth,
      })
    ).body.id as string;
  const addCategory = async (roundId: string, title: string, approve: boolean) => {
    const id = (
      await callJson(server, 'POST', `/api/superlatives/${roundId}/categories`, admin.cookie, { title })
    ).body.id as string;
    if (approve) await callJson(server, 'POST', `/api/superlative-categories/${id}/approval`, admin.cookie);
    return id;
  };
  const phase = (roundId: string, to: string) =>
    callJson(server, 'PATCH', `/api/superlatives/${roundId}`, admin.cookie, { phase: to });
  sup.draftRound = await startRound(2029, 'VITV');
  sup.toApprove = await addCategory(sup.draftRound, 'Most likely to approve', false);
  sup.toRemove = await addCategory(sup.draftRound, 'Most likely to go', false);
  sup.toDelete = await startRound(2028, 'VITV');
  const nominating = await startRound(2026, 'VITC');
  sup.nominating = await addCategory(nominating, 'Most likely to nominate', true);
  await phase(nominating, 'nominating');
  classmateName = (await createMember(server)).username;
  voter = await createMember(server, { graduationYear: 2025 });
  const candidate = await createMember(server, { graduationYear: 2025 });
  candidateName = candidate.username;
  const voting = await startRound(2025, 'VITC');
  sup.voting = await addCategory(voting, 'Most likely to vote', true);
  await phase(voting, 'nominating');
  await callJson(server, 'PUT', `/api/superlative-categories/${sup.voting}/nomination`, voter.cookie, {
    username: candidateName,
  });
  await phase(voting, 'voting');
  expect(Object.values(sup).every((id) => id !== '')).toBe(true);
  expect(reportId).not.toBe('');
  expect(appealId).not.toBe('');
  expect(mutedWordId).toEqual(expect.any(String));
}, 120_000);
afterAll(() => server?.close());

describe('bad input on every write route', () => {
  for (const [name, route] of Object.entries(ROUTES)) {
    it(`${name}: never a 5xx; a refusal is a 4xx with a message and changes nothing`, async () => {
      const segment = route.fuzzPath ? fc.option(hostileSegment, { freq: 2 }) : fc.constant(null);
      await fc.assert(
        fc.asyncProperty(segment, payloads(route.valid()), (s, body) => send(route, s, body)),
        { numRuns: RUNS, ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}) },
      );
    }, 120_000);
  }

  for (const [name, route] of Object.entries(ROUTES)) {
    it(`${name}: every hostile string in every field and in the path`, async () => {
      const valid = route.valid();
      for (const hostile of HOSTILE_STRINGS) {
        if (valid) {
          for (const key of Object.keys(valid))
            await send(route, null, { json: { ...valid, [key]: hostile } });
        } else {
          await send(route, null, { json: hostile });
        }
        if (route.fuzzPath && hostile !== '' && hostile.length <= MAX_PATH_SEGMENT) {
          await send(route, hostile, { json: valid });
        }
      }
    }, 120_000);
  }

  it('ran every case', () => {
    console.log(`bad input: ${cases} requests to ${Object.keys(ROUTES).length} write routes`);
    expect(cases).toBeGreaterThanOrEqual(Object.keys(ROUTES).length * RUNS);
  });
});

/**
 * Page cursors are opaque to clients but decoded by the server: one that decodes to the right shape
 * with an impossible or hostile value in it (a 13th month, an offset of 99 hours, a year 0) must be
 * a 400 with a message on every keyset list, never the database's cast error as a 500.
 */
describe('bad page cursors on every keyset list', () => {
  // A reader of its own: the fuzzing above may suspend \`member\` (a valid {suspended: true}), which
  // ends its sessions.
  let reader: Member;
  beforeAll(async () => {
    reader = await createMember(server);
  });
  const LISTS: Record<string, { url: (cursor: string) => string; who: () => string | null }> = {
    'feed, default': { url: (c) => `/api/posts?sort=default&cursor=${c}`, who: () => reader.cookie },
    'feed, newest': { url: (c) => `/api/posts?sort=newest&cursor=${c}`, who: () => reader.cookie },
    'feed, oldest': { url: (c) => `/api/posts?sort=oldest&cursor=${c}`, who: () => reader.cookie },
    'feed, most liked': { url: (c) => `/api/posts?sort=most_liked&cursor=${c}`, who: () => reader.cookie },
    // The feed's tabs (issue #51): statements of their own.
    'feed of a campus': {
      url: (c) => `/api/posts?feed=vitv&sort=oldest&cursor=${c}`,
      who: () => reader.cookie,
    },
    'feed of my class': { url: (c) => `/api/posts?feed=class&cursor=${c}`, who: () => reader.cookie },
    'profile posts': {
      url: (c) => `/api/profiles/${reader.username}/posts?cursor=${c}`,
      who: () => reader.cookie,
    },
    'askline posts': {
      url: (c) => `/api/asklines/${asklineId}/posts?cursor=${c}`,
      who: () => moderator.cookie,
    },
    'post search': { url: (c) => `/api/search/posts?q=post&cursor=${c}`, who: () => reader.cookie },
    'user search': { url: (c) => `/api/search/users?q=user&cursor=${c}`, who: () => reader.cookie },
    'reports, most reported': {
      url: (c) => `/api/reports?status=unresolved&sort=most_reported&cursor=${c}`,
      who: () => moderator.cookie,
    },
    'reports, newest': {
      url: (c) => `/api/reports?status=unresolved&sort=newest&cursor=${c}`,
      who: () => moderator.cookie,
    },
    'reports, in the order the server picks': {
      url: (c) => `/api/reports?status=unresolved&cursor=${c}`,
      who: () => admin.cookie,
    },
    'word lists': { url: (c) => `/api/admin/word-lists?cursor=${c}`, who: () => admin.cookie },
    'askline queue': { url: (c) => `/api/asklines/pending?cursor=${c}`, who: () => moderator.cookie },
    'moderation log': { url: (c) => `/api/admin/moderation-log?cursor=${c}`, who: () => admin.cookie },
    'appeals queue': { url: (c) => `/api/appeals?cursor=${c}`, who: () => moderator.cookie },
    "a person's yearbook": {
      url: (c) => `/api/profiles/${member.username}/signatures?cursor=${c}`,
      who: () => reader.cookie,
    },
    'signatures waiting': { url: (c) => `/api/signatures/pending?cursor=${c}`, who: () => reader.cookie },
    'blocks list': { url: (c) => `/api/controls/blocks?cursor=${c}`, who: () => reader.cookie },
    'mutes list': { url: (c) => `/api/controls/mutes?cursor=${c}`, who: () => reader.cookie },
    'hidden posts': { url: (c) => `/api/controls/hidden-posts?cursor=${c}`, who: () => reader.cookie },
    // The nomination picker (issue #52): the class page's cursor.
    'superlative nominees': {
      url: (c) => `/api/classes/2026/superlatives/nominees?cursor=${c}`,
      who: () => reader.cookie,
    },
    // A class page (issue #52): its cursor holds a name as the index orders it, and a username.
    'class page': { url: (c) => `/api/classes/2026?cursor=${c}`, who: () => reader.cookie },
    'class page, searched': {
      url: (c) => `/api/classes/2026?campus=VITV&q=a&cursor=${c}`,
      who: () => reader.cookie,
    },
  };
  const IMPOSSIBLE_TIMES = [
    '2026-13-45 25:61:61+99',
    '2026-02-30 12:00:00+00',
    '2025-02-29 12:00:00+00',
    '0000-01-01 00:00:00+00',
    '2026-01-10 24:00:00+00',
    '2026-01-10 12:00:60+00',
    '2026-01-10 12:00:00+16',
    '2026-01-10 12:00:00+05:60',
    '2026-00-10 12:00:00+00',
  ];
  const id = '00000000-0000-4000-8000-000000000000';
  const encode = (values: unknown) => Buffer.from(JSON.stringify(values)).toString('base64url');
  /** Every shape the lists decode, with the time (or each value) made impossible. */
  const hostileCursors = [
    // A class page's shape with what PostgreSQL's text cannot hold, or no name at all.
    encode(['\u0000', 'asha_i']),
    encode(['', 'asha_i']),
    encode(['asha', 'Not A Username']),
    ...IMPOSSIBLE_TIMES.flatMap((time) => [
      encode([time, id]),
      encode([3, time, id]),
      encode([false, time, id]),
      encode([true, time, id]),
    ]),
    encode([-1, '2026-01-10 12:00:00+00', id]),
    encode([2 ** 40, '2026-01-10 12:00:00+00', id]),
    encode(['2026-01-10 12:00:00+00', 'not-a-uuid']),
    encode(['../../etc']),
    encode({ __proto__: null }),
    'not base64 at all!',
  ];

  for (const [name, list] of Object.entries(LISTS)) {
    it(`${name}: a cursor with an impossible value is a 400 with a message`, async () => {
      const random = fc.sample(
        fc.oneof(
          fc.tuple(hostileString, fc.uuid()),
          fc.tuple(fc.integer(), hostileString, fc.uuid()),
          fc.jsonValue(),
        ),
        { numRuns: 20, ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}) },
      );
      // Longer addresses never reach the app (Node's parser answers 431 itself: MAX_PATH_SEGMENT).
      const randomCursors = random.map(encode).filter((cursor) => cursor.length <= MAX_PATH_SEGMENT);
      for (const cursor of [...hostileCursors, ...randomCursors]) {
        const answer = await callJson(
          server,
          'GET',
          list.url(encodeURIComponent(cursor)),
          list.who() ?? undefined,
        );
        const what = `${list.url(cursor)} answered ${answer.status}: ${answer.text.slice(0, 200)}`;
        expect(answer.status, what).toBeLessThan(500);
        // A random value may happen to be a cursor of the right shape; the fixed ones never are.
        if (hostileCursors.includes(cursor)) expect(answer.status, what).toBe(400);
        if (answer.status >= 400) expect(answer.body?.error?.message, what).toEqual(expect.any(String));
      }
    }, 120_000);
  }
});

/**
 * A class page (issue #52) is read, not written, but everything in its address is the caller's: the
 * year, the campus, the search and any other parameter. Whatever they hold, the answer is a 4xx with a
 * message (or the page), never a 5xx, and nothing changes.
 */
/** Lone surrogates as U+FFFD, as a browser sends them (encodeURIComponent refuses them). */
const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

describe('bad input in a class page’s address (and its superlatives’)', () => {
  let reader: Member;
  beforeAll(async () => {
    reader = await createMember(server);
  });
  const value = fc.oneof(
    hostileString,
    fc.string({ unit: 'grapheme', maxLength: 80 }),
    fc.integer().map(String),
  );
  const address = fc.record(
    {
      year: fc.oneof(hostileSegment, fc.integer({ min: 1900, max: 2100 }).map(String)),
      campus: fc.oneof(value, fc.constantFrom('VITC', 'VITV', 'vitc', '')),
      q: value,
      cursor: value,
      other: fc.tuple(hostileString, value),
    },
    { requiredKeys: ['year'] },
  );

  it('never a 5xx; a refusal is a 4xx with a message and changes nothing', async () => {
    const before = await fingerprint();
    await fc.assert(
      fc.asyncProperty(address, async ({ year, other, ...query }) => {
        const search = new URLSearchParams(
          Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
        );
        if (other && other[0] !== '') search.append(other[0], other[1]);
        // The class page, and its superlatives (issue #52): the round, and the nomination picker.
        for (const [tail, shape] of [
          ['', 'members'],
          ['/superlatives', 'viewer'],
          ['/superlatives/nominees', 'members'],
        ] as const) {
          const path = `/api/classes/${encodeURIComponent(wellFormed(year))}${tail}?${search}`;
          if (path.length > 8_000) return;
          const answer = await callJson(server, 'GET', path, reader.cookie);
          const what = `${path} answered ${answer.status}: ${answer.text.slice(0, 200)}`;
          expect(answer.status, what).toBeLessThan(500);
          if (answer.status >= 400) expect(answer.body?.error?.message, what).toEqual(expect.any(String));
          else expect(answer.body[shape], what).toEqual(expect.any(shape === 'viewer' ? Object : Array));
        }
      }),
      { numRuns: RUNS * 5, ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}) },
    );
    for (const hostile of HOSTILE_STRINGS) {
      for (const name of ['campus', 'q', 'cursor']) {
        const answer = await callJson(
          server,
          'GET',
          `/api/classes/2026?${new URLSearchParams({ [name]: hostile })}`,
          reader.cookie,
        );
        expect(answer.status, `${name}=${hostile.slice(0, 40)}`).toBeLessThan(500);
      }
    }
    expect(await fingerprint()).toEqual(before);
  }, 120_000);
});
