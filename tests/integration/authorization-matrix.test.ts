// The authorization matrix (issue «Reliability and security» 1; OWASP ASVS 5.0 V8): every route the
// server has, and for each kind of caller the status it must answer. The table is the specification;
// the test walks all of it against the real server, and fails when the server has a route the table
// does not list (a new route must say who may call it) or the table lists one the server lacks.
//
// Callers. `visitor`: no session. `demo`: the demo user is local to the browser (SPEC §4: no server
// session), so the server sees what a visitor sends. `ordinary`: a member acting on another member's
// things. `owner`: the member the thing belongs to (their post, profile, askline). `moderator`,
// `admin`: staff acting on a member's things. `suspended`: a member suspended after signing in,
// calling with the cookie they still hold.
//
// Every request is well formed, so the status is decided by who is asking. Requests that change
// something get a fresh subject per caller (a new post, askline or account), so no cell depends on
// another's order.
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueUnsubscribeToken } from '../../src/server/features/notifications/unsubscribe-token';
import { appRoutes } from '../../src/server/http/describe-route';
import { POST_WRITE_MESSAGES } from '../../src/shared/posts';
import {
  type AccountOptions,
  createAccount,
  createMember,
  type Member,
  signInAs,
  TEST_PASSWORD,
} from '../support/accounts';
import { makePushDevice } from '../support/push-endpoint';
import { NO_RATE_LIMITS, okJson, startTestServer, type TestServer } from '../support/test-server';

const ROLES = ['visitor', 'demo', 'ordinary', 'owner', 'moderator', 'admin', 'suspended'] as const;
type Role = (typeof ROLES)[number];
type Statuses = Record<Role, number>;

/** A request for one cell: where, with what, and (rarely) as someone other than the role's member. */
interface Call {
  path: string;
  json?: unknown;
  image?: Buffer;
  /** Overrides the role's own cookie: `null` sends none. */
  cookie?: string | null;
}

interface RouteCase {
  /** As the server lists it (`app.routes`): method and path pattern. */
  route: string;
  /** What the row proves, in a few words. */
  rule: string;
  call: (role: Role) => Call | Promise<Call>;
  expect: Statuses;
}

const signedOut = { visitor: 401, demo: 401, suspended: 401 } as const;
/** Anyone at all, signed in or not. */
const everyone = (status: number): Statuses => ({
  visitor: status,
  demo: status,
  ordinary: status,
  owner: status,
  moderator: status,
  admin: status,
  suspended: status,
});
/** Any signed-in member; 401 without a session. */
const members = (status: number): Statuses => ({
  ...signedOut,
  ordinary: status,
  owner: status,
  moderator: status,
  admin: status,
});
/** Only the listed roles; other members 403, no session 401. */
const only = (allowed: Role[], status: number): Statuses => {
  const statuses = members(403);
  for (const role of allowed) statuses[role] = status;
  return statuses;
};

let server: TestServer;
/** A device's keys, as a browser makes them, for the push rows. */
const pushDeviceKeys = makePushDevice().keys;
const cookies: Partial<Record<Role, string>> = {};
let owner: Member;
let admin: Member;
let ownerPostId: string;
let pendingAsklineId: string;
let verifiedAsklineId: string;
let reportId: string;
let pictureUrl: string;

async function api(method: string, path: string, cookie: string | null, json?: unknown): Promise<Response> {
  return server.request(path, {
    method,
    // A redirect is the answer: where it leads is another route's row.
    redirect: 'manual',
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
}

/** Setting the scene: a JSON request that must succeed; its parsed answer. */
const ok = okJson;

const newPost = async (cookie: string): Promise<string> =>
  (await ok(server, 'POST', '/api/posts', cookie, { content: 'A post for the matrix' })).id;
const newAskline = async (cookie: string): Promise<string> =>
  (
    await ok(server, 'POST', '/api/asklines', cookie, {
      content: `What would you tell your first-year self? ${Math.random()}`,
    })
  ).id;
const newMember = (options: AccountOptions = {}) => createMember(server, options);
/** A made-up word no one has added yet, for the word lists (issue #47): letters no spelling rule folds. */
let words = 0;
const newWord = () =>
  `matrixword ${[...String(++words)].map((digit) => 'bdglmnprtv'[Number(digit)]).join('a')}`;
/** A pending signature in the owner's yearbook, from someone new: its id. */
async function newSignatureToOwner(): Promise<string> {
  const writer = await newMember();
  return (
    await ok(server, 'PUT', `/api/profiles/${owner.username}/signature`, writer.cookie, {
      content: 'A signature for the matrix',
    })
  ).signature.id;
}
/**
 * A superlatives round (issue #52) made afresh for a class (any round it had is dropped first: a
 * class has one), with one approved category, moved on to `phase`; in the voting phase `candidate` is
 * on its ballot. The matrix's members are all of the Class of 2026, VITC.
 */
async function newSuperlativeRound(
  phase: 'draft' | 'nominating' | 'voting',
  klass: { year: number; campus: 'VITC' | 'VITV' } = { year: 2026, campus: 'VITC' },
): Promise<{ roundId: string; categoryId: string; candidate: string }> {
  await server.database.db.execute(
    sql`delete from superlative_rounds where graduation_year = ${klass.year} and institution = ${klass.campus}`,
  );
  const resultsAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const round = await ok(server, 'POST', `/api/classes/${klass.year}/superlatives`, admin.cookie, {
    campus: klass.campus,
    resultsAt,
  });
  const category = await ok(server, 'POST', `/api/superlatives/${round.id}/categories`, admin.cookie, {
    title: 'Most likely to read the matrix',
  });
  let candidate = '';
  if (phase !== 'draft') {
    await ok(server, 'POST', `/api/superlative-categories/${category.id}/approval`, admin.cookie);
    await ok(server, 'PATCH', `/api/superlatives/${round.id}`, admin.cookie, { phase: 'nominating' });
  }
  if (phase === 'voting') {
    const nominator = await newMember({ graduationYear: klass.year, institution: klass.campus });
    candidate = (await newMember({ graduationYear: klass.year, institution: klass.campus })).username;
    await ok(server, 'PUT', `/api/superlative-categories/${category.id}/nomination`, nominator.cookie, {
      username: candidate,
    });
    await ok(server, 'PATCH', `/api/superlatives/${round.id}`, admin.cookie, { phase: 'voting' });
  }
  return { roundId: round.id, categoryId: category.id, candidate };
}
/** The owner's yearbook page, made (issue #52): its job's id. */
let ownerBookJob: Promise<string> | null = null;
function ownerPageJob(): Promise<string> {
  ownerBookJob ??= (async () => {
    // The page the owner asked for in POST /api/me/book's row is made first (one at a time).
    await server.books.settle();
    const job = await ok(server, 'POST', '/api/me/book', owner.cookie, { paper: 'A4', postIds: [] });
    await server.books.settle();
    return job.id as string;
  })();
  return ownerBookJob;
}
/** A class book an admin asked for (issue #52): its job's id. */
let staffClassJob: Promise<string> | null = null;
function classJob(): Promise<string> {
  staffClassJob ??= ok(server, 'POST', '/api/classes/2021/book', admin.cookie, {
    campus: 'VITV',
    paper: 'A4',
  }).then((job) => job.id as string);
  return staffClassJob;
}
/** The owner's anonymous answer to a verified askline (issue #52): its id. */
let ownerAnonymousAnswer: Promise<string> | null = null;
function anonymousAnswerOfOwner(): Promise<string> {
  ownerAnonymousAnswer ??= ok(server, 'POST', '/api/posts', owner.cookie, {
    content: 'An anonymous answer for the matrix',
    isAnonymous: true,
    asklineId: verifiedAsklineId,
  }).then((post) => post.id as string);
  return ownerAnonymousAnswer;
}
/** A post of the owner the text check holds for review (issue #47): its id. */
const newHeldPost = async (): Promise<string> =>
  (await ok(server, 'POST', '/api/posts', owner.cookie, { content: 'I will kill you, matrix' })).id;

/** A post of the owner that the admin removed with a statement of reasons (issue #47): its id. */
async function newRemovedPost(): Promise<string> {
  const id = await newPost(owner.cookie);
  await ok(server, 'POST', `/api/posts/${id}/removal`, admin.cookie, { rule: 'spam', facts: 'An advert.' });
  return id;
}
/** The owner's appeal of the admin's removal of their post: the appeal's id. */
async function newAppeal(): Promise<string> {
  const id = await newRemovedPost();
  await ok(server, 'POST', `/api/posts/${id}/appeal`, owner.cookie, { text: 'It was not an advert.' });
  const queue = await ok(server, 'GET', '/api/appeals', cookies.moderator);
  return queue.appeals.find((appeal: { post: { id: string } }) => appeal.post.id === id).id;
}

/**
 * A live link of an email change of `member` (issue #43), read from the development outbox: the
 * approval link of a new request, or (`confirm`) the new address's link once it is approved.
 */
async function emailChangeToken(member: Member, step: 'approve' | 'confirm'): Promise<string> {
  const to = `moved-${Math.random().toString(36).slice(2, 10)}@example.com`;
  await ok(server, 'POST', '/api/account/email', member.cookie, { newEmail: to, password: TEST_PASSWORD });
  const newest = async (address: string) => {
    const mails = (await (await server.request('/api/dev/outbox')).json()) as {
      to: string;
      links: string[];
    }[];
    return new URL(mails.find((mail) => mail.to === address)?.links[0] ?? '').searchParams.get('token') ?? '';
  };
  const approve = await newest(member.account.email);
  if (step === 'approve') return approve;
  await ok(server, 'POST', '/api/account/email/approve', member.cookie, { token: approve });
  return newest(to);
}

const profileFields = (fullName: string) => ({
  fullName,
  bio: '',
  instagramUrl: null,
  linkedinUrl: null,
  institution: 'VITC',
  graduationYear: 2026,
  dob: null,
});

const ROUTES: RouteCase[] = [
  { route: 'GET /api/health', rule: 'public', call: () => ({ path: '/api/health' }), expect: everyone(200) },
  {
    route: 'GET /metrics',
    // The server below has METRICS_TOKEN: the token opens it (features/metrics), no session does.
    rule: "the operator's metrics: a bearer token, never a session, however staff",
    call: () => ({ path: '/metrics' }),
    expect: everyone(401),
  },
  {
    route: 'GET /api/docs',
    rule: 'the API documentation is public',
    call: () => ({ path: '/api/docs' }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/docs/openapi.json',
    rule: 'the OpenAPI document is public',
    call: () => ({ path: '/api/docs/openapi.json' }),
    expect: everyone(200),
  },
  // better-auth: only the endpoints the app uses are served (auth/auth-routes.ts); each is open to
  // everyone, because it is how people without a session get one, and says nothing about accounts.
  {
    route: 'POST /api/auth/sign-up/email',
    rule: 'anyone may sign up (a fresh address each time); the answer is the same for a taken one',
    call: (role) => ({
      path: '/api/auth/sign-up/email',
      json: { email: `matrix-${role}-${Math.random()}@example.com`, password: 'a-password', name: 'New' },
    }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/auth/request-password-reset',
    rule: 'a reset mail is asked for without a session, and says nothing about the address',
    call: () => ({
      path: '/api/auth/request-password-reset',
      json: { email: 'nobody@example.com', redirectTo: '/reset-password' },
    }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/auth/send-verification-email',
    rule: 'a new confirmation link is asked for signed out and says nothing of the address; a member may ask only for their own',
    // An address per role: each address has its own limit of new links an hour.
    call: (role) => ({
      path: '/api/auth/send-verification-email',
      json: { email: `nobody.${role}@example.com`, callbackURL: '/profile/setup' },
    }),
    expect: { ...everyone(200), ordinary: 400, owner: 400, moderator: 400, admin: 400 },
  },
  {
    route: 'POST /api/auth/reset-password',
    rule: 'a reset needs a token from the mail, whoever asks',
    call: () => ({
      path: '/api/auth/reset-password',
      json: { token: 'not-a-token', newPassword: 'whatever1' },
    }),
    expect: everyone(400),
  },
  {
    route: 'POST /api/auth/sign-in/social',
    rule: 'Google sign-in is not configured on this server: refused for everyone alike',
    call: () => ({
      path: '/api/auth/sign-in/social',
      json: { provider: 'google', callbackURL: '/profile/setup' },
    }),
    expect: everyone(404),
  },
  {
    route: 'POST /api/auth/sign-out',
    rule: 'anyone may sign out (a session of its own each time, so no other row loses its own)',
    call: async (role) => {
      const userType = role === 'moderator' || role === 'admin' ? role : 'ordinary';
      const fresh = ['ordinary', 'owner', 'moderator', 'admin'].includes(role)
        ? (await newMember({ userType })).cookie
        : undefined;
      return { path: '/api/auth/sign-out', json: {}, ...(fresh ? { cookie: fresh } : {}) };
    },
    expect: everyone(200),
  },
  {
    route: 'GET /api/auth/verify-email',
    rule: "an older mail's confirmation link only leads to the card whose button confirms, for everyone alike",
    call: () => ({ path: '/api/auth/verify-email?token=not-a-token' }),
    expect: everyone(302),
  },
  {
    route: 'POST /api/auth/verify-email',
    rule: 'the confirmation button with a bad token leads everyone back to the card, saying so',
    call: () => ({ path: '/api/auth/verify-email', json: { token: 'not-a-token' } }),
    expect: everyone(303),
  },
  {
    route: 'GET /api/auth/reset-password/:token',
    rule: 'a reset link with a bad token sends everyone back with an error',
    call: () => ({ path: '/api/auth/reset-password/not-a-token?callbackURL=/reset-password' }),
    expect: everyone(302),
  },
  {
    route: 'GET /api/auth/callback/:provider',
    rule: 'a return from a provider that is not configured is refused for everyone alike',
    call: () => ({ path: '/api/auth/callback/google?code=x&state=y' }),
    expect: everyone(302),
  },
  {
    route: 'GET /api/auth/error',
    rule: "better-auth's error page, where a failed Google sign-in lands",
    call: () => ({ path: '/api/auth/error' }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/session',
    rule: 'public',
    call: () => ({ path: '/api/session' }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/session',
    rule: 'anyone signs in with their own password; a suspended account cannot',
    call: async (role) => {
      if (role === 'suspended') return { path: '/api/session', json: suspendedCredentials, cookie: null };
      const account = await createAccount(server);
      return { path: '/api/session', json: { identifier: account.email, password: account.password } };
    },
    expect: { ...everyone(200), suspended: 403 },
  },
  {
    route: 'GET /api/account',
    rule: 'each member reads their own account, and only that (there is no way to name another)',
    call: () => ({ path: '/api/account' }),
    expect: members(200),
  },
  {
    route: 'GET /api/account/export',
    rule: "each member downloads their own data; a suspended account's cookie is no session",
    call: () => ({ path: '/api/account/export' }),
    expect: members(200),
  },
  {
    route: 'POST /api/account/email',
    rule: 'each member asks to change their own address, with their password (nothing changes until the link)',
    call: () => ({
      path: '/api/account/email',
      json: {
        newEmail: `moved-${Math.random().toString(36).slice(2, 8)}@example.com`,
        password: TEST_PASSWORD,
      },
    }),
    expect: members(200),
  },
  {
    route: 'GET /api/account/email/link',
    rule: "what an email change's link would do, for the account it was mailed for only",
    call: async () => ({ path: `/api/account/email/link?token=${await emailChangeToken(owner, 'approve')}` }),
    expect: { ...members(403), owner: 200 },
  },
  {
    route: 'POST /api/account/email/approve',
    rule: 'only the account a link was mailed for approves with it (a fresh request per cell)',
    call: async () => ({
      path: '/api/account/email/approve',
      json: { token: await emailChangeToken(owner, 'approve') },
    }),
    expect: { ...members(403), owner: 200 },
  },
  {
    route: 'POST /api/account/email/confirm',
    rule: "only the account a link was mailed for confirms with it (a fresh member's change per cell)",
    call: async (role) => {
      const mover = await newMember();
      const token = await emailChangeToken(mover, 'confirm');
      return {
        path: '/api/account/email/confirm',
        json: { token },
        ...(role === 'owner' ? { cookie: mover.cookie } : {}),
      };
    },
    expect: { ...members(403), owner: 200 },
  },
  {
    route: 'DELETE /api/account/anonymous-posts',
    rule: 'each member takes down their own anonymous posts, and only those (there is no way to name another)',
    call: () => ({ path: '/api/account/anonymous-posts' }),
    expect: members(200),
  },
  {
    route: 'GET /api/account/sessions',
    rule: 'each member lists their own signed-in devices',
    call: () => ({ path: '/api/account/sessions' }),
    expect: members(200),
  },
  {
    route: 'DELETE /api/account/sessions/:id',
    rule: "only the owner signs out the owner's other device (a fresh one per cell); others find none",
    call: async () => {
      const device = await signInAs(server, owner.account);
      const listed = await ok(server, 'GET', '/api/account/sessions', device);
      const id = (listed.devices as { id: string; current: boolean }[]).find((d) => d.current)?.id;
      return { path: `/api/account/sessions/${id}` };
    },
    expect: { ...members(404), owner: 200 },
  },
  {
    route: 'DELETE /api/account/sessions',
    rule: 'each member signs out their other devices (a fresh member per cell, so no other row loses its session)',
    call: async (role) => {
      const userType = role === 'moderator' || role === 'admin' ? role : 'ordinary';
      if (!['ordinary', 'owner', 'moderator', 'admin'].includes(role))
        return { path: '/api/account/sessions' };
      return { path: '/api/account/sessions', cookie: (await newMember({ userType })).cookie };
    },
    expect: members(200),
  },
  {
    route: 'DELETE /api/account',
    rule: 'each member deletes their own account with its password (a fresh one per cell)',
    call: async (role) => {
      const userType = role === 'moderator' || role === 'admin' ? role : 'ordinary';
      if (!['ordinary', 'owner', 'moderator', 'admin'].includes(role)) {
        return {
          path: '/api/account',
          json: { confirmation: owner.username, password: owner.account.password },
        };
      }
      const fresh = await newMember({ userType });
      return {
        path: '/api/account',
        json: { confirmation: fresh.username, password: fresh.account.password },
        cookie: fresh.cookie,
      };
    },
    expect: members(200),
  },
  {
    route: 'GET /api/notifications',
    rule: "each member reads their own notifications (there is no way to name another's)",
    call: () => ({ path: '/api/notifications' }),
    expect: members(200),
  },
  {
    route: 'GET /api/notifications/unread',
    rule: 'each member reads their own unread count',
    call: () => ({ path: '/api/notifications/unread' }),
    expect: members(200),
  },
  {
    route: 'PUT /api/notifications/read',
    rule: 'each member marks their own notifications read',
    call: () => ({ path: '/api/notifications/read' }),
    expect: members(200),
  },
  {
    route: 'PUT /api/notifications/seen',
    rule: 'each member says how far they have seen their own notifications (there is no way to name another)',
    call: () => ({ path: '/api/notifications/seen', json: { through: new Date().toISOString() } }),
    expect: members(200),
  },
  {
    route: 'PUT /api/notifications/:id/read',
    rule: 'only the recipient marks a notification read; to anyone else it does not exist',
    call: async () => {
      const liker = await newMember();
      await ok(server, 'PUT', `/api/posts/${await newPost(owner.cookie)}/like`, liker.cookie);
      const page = await ok(server, 'GET', '/api/notifications', owner.cookie);
      return { path: `/api/notifications/${page.notifications[0]?.id}/read` };
    },
    expect: { ...members(404), owner: 200 },
  },
  {
    route: 'GET /api/notifications/stream',
    rule: "each member hears their own unread count (there is no way to name another's)",
    call: () => ({ path: '/api/notifications/stream' }),
    expect: members(200),
  },
  {
    route: 'GET /api/notifications/settings',
    rule: 'each member reads their own settings',
    call: () => ({ path: '/api/notifications/settings' }),
    expect: members(200),
  },
  {
    route: 'PUT /api/notifications/settings',
    rule: 'each member changes their own settings',
    call: () => ({
      path: '/api/notifications/settings',
      json: { settings: [{ kind: 'post_liked', inApp: true, digest: 'weekly' }] },
    }),
    expect: members(200),
  },
  {
    route: 'POST /api/notifications/unsubscribe',
    rule: "anyone holding a digest's link (its stored token) stops that account's digests, signed in or not",
    call: async () => ({
      path: '/api/notifications/unsubscribe',
      json: { token: await issueUnsubscribeToken(server.database.db, owner.account.userId) },
    }),
    expect: everyone(200),
  },
  // Web push (issue #51): the public key is no secret; a device is saved and removed by its owner
  // alone, for the session asking (there is no way to name another's account).
  {
    route: 'GET /api/push/key',
    rule: "the server's VAPID public key is public (devices subscribe with it)",
    call: () => ({ path: '/api/push/key' }),
    expect: everyone(200),
  },
  {
    route: 'PUT /api/push/subscription',
    rule: 'each member saves their own device, for their own session',
    call: (role) => ({
      path: '/api/push/subscription',
      json: { endpoint: `http://127.0.0.1:9/matrix/${role}/${Math.random()}`, keys: pushDeviceKeys },
    }),
    expect: members(200),
  },
  {
    route: 'DELETE /api/push/subscription',
    rule: "each member removes their own device (another's endpoint removes nothing)",
    call: (role) => ({
      path: '/api/push/subscription',
      json: { endpoint: `http://127.0.0.1:9/matrix/${role}` },
    }),
    expect: members(200),
  },
  {
    route: 'POST /api/profiles',
    rule: 'an account makes its one profile; one that has a profile cannot make another',
    call: async (role) => {
      const username = `new_${Math.random().toString(36).slice(2, 10)}`;
      const json = { ...profileFields('New Person'), username };
      if (role !== 'owner') return { path: '/api/profiles', json };
      const account = await createAccount(server, { profile: false });
      return { path: '/api/profiles', json, cookie: await signInAs(server, account) };
    },
    expect: { ...members(409), owner: 201 },
  },
  {
    route: 'GET /api/profiles/:username',
    rule: 'members read profiles',
    call: () => ({ path: `/api/profiles/${owner.username}` }),
    expect: members(200),
  },
  {
    route: 'PATCH /api/profiles/:username',
    rule: 'only the owner edits a profile, staff included',
    call: () => ({ path: `/api/profiles/${owner.username}`, json: profileFields('Olive Owner') }),
    expect: only(['owner'], 200),
  },
  {
    route: 'PUT /api/profiles/:username/photo',
    rule: 'only the owner sets a profile picture',
    call: async () => ({ path: `/api/profiles/${owner.username}/photo`, image: await smallJpeg() }),
    expect: only(['owner'], 200),
  },
  {
    route: 'GET /api/profiles/:username/posts',
    rule: "members read a member's posts",
    call: () => ({ path: `/api/profiles/${owner.username}/posts` }),
    expect: members(200),
  },
  {
    route: 'GET /api/usernames/:username',
    rule: 'members check whether a username is free',
    call: () => ({ path: '/api/usernames/someone_new' }),
    expect: members(200),
  },
  {
    route: 'POST /api/posts',
    rule: 'members post',
    call: () => ({ path: '/api/posts', json: { content: 'Hello from the matrix' } }),
    expect: members(201),
  },
  {
    route: 'GET /api/posts',
    rule: 'members read the feed',
    call: () => ({ path: '/api/posts' }),
    expect: members(200),
  },
  {
    route: 'GET /api/posts/:id',
    rule: 'a post is public (shared links)',
    call: () => ({ path: `/api/posts/${ownerPostId}` }),
    expect: everyone(200),
  },
  {
    route: 'DELETE /api/posts/:id',
    rule: "the author deletes a post; staff are told to remove someone else's with a statement (400)",
    call: async () => ({ path: `/api/posts/${await newPost(owner.cookie)}` }),
    expect: { ...only(['owner'], 204), moderator: 400, admin: 400 },
  },
  {
    route: 'POST /api/posts/:id/removal',
    rule: "staff remove someone else's post with a statement of reasons; its author cannot",
    call: async () => ({
      path: `/api/posts/${await newPost(owner.cookie)}/removal`,
      json: { rule: 'harassment', facts: 'Mocks a classmate.' },
    }),
    expect: only(['moderator', 'admin'], 200),
  },
  {
    route: 'GET /api/posts/:id/removal',
    rule: "a removal's statement is its author's alone: anyone else, staff too, finds nothing",
    call: async () => ({ path: `/api/posts/${await newRemovedPost()}/removal` }),
    expect: { ...members(404), owner: 200 },
  },
  {
    route: 'POST /api/posts/:id/appeal',
    rule: "the author appeals a removal; nobody can appeal someone else's decision",
    call: async () => ({
      path: `/api/posts/${await newRemovedPost()}/appeal`,
      json: { text: 'Please look again.' },
    }),
    expect: { ...members(404), owner: 201 },
  },
  {
    route: 'GET /api/appeals',
    rule: 'staff read the Appeals tab; members cannot',
    call: () => ({ path: '/api/appeals' }),
    expect: only(['moderator', 'admin'], 200),
  },
  {
    route: 'POST /api/appeals/:id/decision',
    rule: 'staff decide appeals, never the one who made the decision (here the admin)',
    call: async () => ({ path: `/api/appeals/${await newAppeal()}/decision`, json: { outcome: 'upheld' } }),
    expect: { ...only(['moderator', 'admin'], 200), admin: 403 },
  },
  {
    route: 'PUT /api/posts/:id/like',
    rule: 'members like',
    call: () => ({ path: `/api/posts/${ownerPostId}/like` }),
    expect: members(200),
  },
  {
    route: 'DELETE /api/posts/:id/like',
    rule: 'members unlike',
    call: () => ({ path: `/api/posts/${ownerPostId}/like` }),
    expect: members(200),
  },
  {
    route: 'POST /api/posts/:id/replies',
    rule: 'members reply to a post (issue #49)',
    call: () => ({ path: `/api/posts/${ownerPostId}/replies`, json: { content: 'A reply for the matrix' } }),
    expect: members(201),
  },
  {
    route: 'GET /api/posts/:id/replies',
    rule: "a post's thread is public, as the post is",
    call: () => ({ path: `/api/posts/${ownerPostId}/replies` }),
    expect: everyone(200),
  },
  {
    route: 'PUT /api/posts/:id/replies-enabled',
    rule: "the post's author and staff turn its replies on or off",
    call: () => ({ path: `/api/posts/${ownerPostId}/replies-enabled`, json: { enabled: true } }),
    expect: only(['owner', 'moderator', 'admin'], 204),
  },
  {
    route: 'POST /api/posts/:id/report',
    rule: 'members report posts not their own; staff do not report',
    call: async () => ({
      path: `/api/posts/${await newPost(owner.cookie)}/report`,
      json: { reason: 'spam' },
    }),
    expect: only(['ordinary'], 200),
  },
  {
    route: 'POST /api/posts/:id/author-suspension',
    rule: "staff suspend a post's author (a fresh author each time); the author cannot",
    call: async (role) => {
      const author = await newMember();
      const path = `/api/posts/${await newPost(author.cookie)}/author-suspension`;
      return role === 'owner' ? { path, cookie: author.cookie } : { path };
    },
    expect: only(['moderator', 'admin'], 204),
  },
  {
    route: 'DELETE /api/posts/:id/author-suspension',
    rule: 'admins lift a suspension sealed through an anonymous post; its suspended author cannot',
    call: async (role) => {
      const author = await newMember();
      const { id } = await ok(server, 'POST', '/api/posts', author.cookie, {
        content: 'An anonymous post for the matrix',
        isAnonymous: true,
      });
      const path = `/api/posts/${id}/author-suspension`;
      await ok(server, 'POST', path, admin.cookie);
      return role === 'owner' ? { path, cookie: author.cookie } : { path };
    },
    expect: { ...only(['admin'], 204), owner: 401 },
  },
  {
    route: 'GET /api/reports',
    rule: 'staff work the reports queue',
    call: () => ({ path: '/api/reports' }),
    expect: only(['moderator', 'admin'], 200),
  },
  {
    route: 'PUT /api/reports/:id/resolution',
    rule: 'staff resolve reports; the reported author cannot',
    call: () => ({ path: `/api/reports/${reportId}/resolution`, json: { resolved: true } }),
    expect: only(['moderator', 'admin'], 200),
  },
  {
    route: 'POST /api/reports/:id/acknowledgement',
    rule: 'staff acknowledge reports (issue #47); the reported author cannot (a new report each time)',
    call: async () => {
      const postId = await newPost(owner.cookie);
      await ok(server, 'POST', `/api/posts/${postId}/report`, cookies.ordinary, { reason: 'spam' });
      const queue = await ok(server, 'GET', '/api/reports?sort=newest', admin.cookie);
      const report = queue.reports.find((item: { post: { id: string } }) => item.post.id === postId);
      return { path: `/api/reports/${report?.id}/acknowledgement` };
    },
    expect: only(['moderator', 'admin'], 200),
  },
  {
    route: 'GET /api/search/users',
    rule: 'members search people',
    call: () => ({ path: '/api/search/users?q=owner' }),
    expect: members(200),
  },
  {
    route: 'GET /api/classes/:year',
    rule: 'members open class pages (issue #52); visitors are asked to sign in',
    call: () => ({ path: '/api/classes/2026?campus=VITV' }),
    expect: members(200),
  },
  // Signatures (issue #52, decision 040): members sign someone else's yearbook; only its owner approves
  // or removes what is in it (to anyone else a signature's id names nothing: 404); the writer withdraws.
  {
    route: 'GET /api/profiles/:username/signatures',
    rule: "members read a person's yearbook (the signatures they approved)",
    call: () => ({ path: `/api/profiles/${owner.username}/signatures` }),
    expect: members(200),
  },
  {
    route: 'GET /api/profiles/:username/signature',
    rule: "members read their own signature in someone else's yearbook; not in their own",
    call: () => ({ path: `/api/profiles/${owner.username}/signature` }),
    expect: { ...members(200), owner: 403 },
  },
  {
    route: 'PUT /api/profiles/:username/signature',
    rule: "members sign someone else's yearbook; nobody signs their own",
    call: () => ({
      path: `/api/profiles/${owner.username}/signature`,
      json: { content: 'Signed by the matrix' },
    }),
    expect: { ...members(200), owner: 403 },
  },
  {
    route: 'DELETE /api/profiles/:username/signature',
    rule: 'the writer withdraws their pending signature',
    call: async (role) => {
      const recipient = await newMember();
      const cookie = cookies[role];
      if (cookie && role !== 'suspended') {
        await ok(server, 'PUT', `/api/profiles/${recipient.username}/signature`, cookie, {
          content: 'To withdraw',
        });
      }
      return { path: `/api/profiles/${recipient.username}/signature` };
    },
    expect: members(204),
  },
  {
    route: 'GET /api/signatures/pending',
    rule: 'members read the signatures waiting for them',
    call: () => ({ path: '/api/signatures/pending' }),
    expect: members(200),
  },
  {
    route: 'POST /api/signatures/:id/approval',
    rule: 'the yearbook’s owner approves a signature in it; to anyone else it is missing',
    call: async () => ({ path: `/api/signatures/${await newSignatureToOwner()}/approval` }),
    expect: { ...members(404), owner: 204 },
  },
  {
    route: 'DELETE /api/signatures/:id',
    rule: 'the yearbook’s owner removes a signature in it; to anyone else it is missing',
    call: async () => ({ path: `/api/signatures/${await newSignatureToOwner()}` }),
    expect: { ...members(404), owner: 204 },
  },
  // Superlatives (issue #52, decision 042): members read their class's round and a person's wins;
  // staff (moderators and admins) run rounds; members of the class (all the matrix's members are of
  // the Class of 2026, VITC, staff included) nominate and vote.
  {
    route: 'GET /api/classes/:year/superlatives',
    rule: "members read a class's superlatives round",
    call: () => ({ path: '/api/classes/2026/superlatives?campus=VITC' }),
    expect: members(200),
  },
  {
    route: 'GET /api/classes/:year/superlatives/nominees',
    rule: 'members of the class list whom they may nominate',
    call: () => ({ path: '/api/classes/2026/superlatives/nominees' }),
    expect: members(200),
  },
  {
    route: 'POST /api/classes/:year/superlatives',
    rule: 'staff start a round for a class',
    call: async () => {
      await server.database.db.execute(
        sql`delete from superlative_rounds where graduation_year = 2030 and institution = 'VITV'`,
      );
      return {
        path: '/api/classes/2030/superlatives',
        json: { campus: 'VITV', resultsAt: new Date(Date.now() + 86_400_000).toISOString() },
      };
    },
    expect: only(['moderator', 'admin'], 201),
  },
  {
    route: 'PATCH /api/superlatives/:id',
    rule: 'staff move a round on or change its results date',
    call: async () => {
      const { roundId } = await newSuperlativeRound('draft', { year: 2030, campus: 'VITV' });
      return {
        path: `/api/superlatives/${roundId}`,
        json: { resultsAt: new Date(Date.now() + 86_400_000).toISOString() },
      };
    },
    expect: only(['moderator', 'admin'], 200),
  },
  {
    route: 'DELETE /api/superlatives/:id',
    rule: 'staff delete a draft round',
    call: async () => ({
      path: `/api/superlatives/${(await newSuperlativeRound('draft', { year: 2030, campus: 'VITV' })).roundId}`,
    }),
    expect: only(['moderator', 'admin'], 204),
  },
  {
    route: 'POST /api/superlatives/:id/categories',
    rule: 'staff add categories to a draft round',
    call: async () => ({
      path: `/api/superlatives/${(await newSuperlativeRound('draft', { year: 2030, campus: 'VITV' })).roundId}/categories`,
      json: { title: 'Best at authorization' },
    }),
    expect: only(['moderator', 'admin'], 201),
  },
  {
    route: 'POST /api/superlative-categories/:id/approval',
    rule: 'staff approve a category',
    call: async () => ({
      path: `/api/superlative-categories/${(await newSuperlativeRound('draft', { year: 2030, campus: 'VITV' })).categoryId}/approval`,
    }),
    expect: only(['moderator', 'admin'], 204),
  },
  {
    route: 'DELETE /api/superlative-categories/:id',
    rule: 'staff remove a category',
    call: async () => ({
      path: `/api/superlative-categories/${(await newSuperlativeRound('draft', { year: 2030, campus: 'VITV' })).categoryId}`,
    }),
    expect: only(['moderator', 'admin'], 204),
  },
  {
    route: 'PUT /api/superlative-categories/:id/nomination',
    rule: 'members of the class nominate a classmate',
    call: async () => {
      const { categoryId } = await newSuperlativeRound('nominating');
      const nominee = await newMember();
      return {
        path: `/api/superlative-categories/${categoryId}/nomination`,
        json: { username: nominee.username },
      };
    },
    expect: members(200),
  },
  {
    route: 'DELETE /api/superlative-categories/:id/nomination',
    rule: 'members of the class withdraw their nomination',
    call: async (role) => {
      const { categoryId } = await newSuperlativeRound('nominating');
      const nominee = await newMember();
      const cookie = cookies[role];
      if (cookie && role !== 'suspended') {
        await ok(server, 'PUT', `/api/superlative-categories/${categoryId}/nomination`, cookie, {
          username: nominee.username,
        });
      }
      return { path: `/api/superlative-categories/${categoryId}/nomination` };
    },
    expect: members(204),
  },
  {
    route: 'POST /api/superlative-categories/:id/vote',
    rule: 'members of the class vote once',
    call: async () => {
      const { categoryId, candidate } = await newSuperlativeRound('voting');
      return { path: `/api/superlative-categories/${categoryId}/vote`, json: { username: candidate } };
    },
    expect: members(201),
  },
  {
    route: 'GET /api/profiles/:username/superlatives',
    rule: "members read a person's superlatives",
    call: () => ({ path: `/api/profiles/${owner.username}/superlatives` }),
    expect: members(200),
  },
  // The book (issue #52, decision 041): one's own page is one's alone; class books are staff's, any
  // staff's; a job anyone else may not see is missing (404). The class-book switch exists only on its
  // author's anonymous askline answer.
  {
    route: 'GET /api/me/book',
    rule: 'members read their own latest yearbook page',
    call: () => ({ path: '/api/me/book' }),
    expect: members(200),
  },
  {
    route: 'GET /api/me/book/posts',
    rule: 'members list their own posts to choose for their page',
    call: () => ({ path: '/api/me/book/posts' }),
    expect: members(200),
  },
  {
    route: 'POST /api/me/book',
    rule: 'members ask for their own page as a PDF (queued: 202)',
    call: () => ({ path: '/api/me/book', json: { paper: 'A4', postIds: [] } }),
    expect: members(202),
  },
  {
    route: 'GET /api/books/:id',
    rule: "a class book's job is any staff member's; to members it is missing",
    call: async () => ({ path: `/api/books/${await classJob()}` }),
    expect: { ...members(404), moderator: 200, admin: 200 },
  },
  {
    route: 'GET /api/books/:id/file',
    rule: "a page's file is its maker's alone (staff too are told it is missing)",
    call: async () => ({ path: `/api/books/${await ownerPageJob()}/file` }),
    expect: { ...members(404), owner: 200 },
  },
  {
    route: 'GET /api/classes/:year/book',
    rule: "staff read a class book's check",
    call: () => ({ path: '/api/classes/2026/book?campus=VITC' }),
    expect: only(['moderator', 'admin'], 200),
  },
  {
    route: 'POST /api/classes/:year/book',
    rule: 'staff ask for a class book (queued: 202)',
    // A class of its own per caller: one book of a class is made at a time.
    call: (role) => ({
      path: `/api/classes/${role === 'moderator' ? 2022 : 2023}/book`,
      json: { campus: 'VITC', paper: 'Letter' },
    }),
    expect: only(['moderator', 'admin'], 202),
  },
  {
    route: 'PUT /api/posts/:id/class-book',
    rule: 'the author of an anonymous askline answer includes it in the class book; to anyone else it is missing',
    call: async () => ({
      path: `/api/posts/${await anonymousAnswerOfOwner()}/class-book`,
      json: { include: true },
    }),
    expect: { ...members(404), owner: 200 },
  },
  {
    route: 'GET /api/search/posts',
    rule: 'members search posts',
    call: () => ({ path: '/api/search/posts?q=matrix' }),
    expect: members(200),
  },
  {
    route: 'GET /api/asklines',
    rule: 'the asklines list is public',
    call: () => ({ path: '/api/asklines' }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/safety/check',
    rule: "members check a draft's text",
    call: () => ({ path: '/api/safety/check', json: { text: 'Exams are over!', anonymous: true } }),
    expect: members(200),
  },
  {
    route: 'GET /api/posts/allowance',
    rule: 'members read what the composer says about posting',
    call: () => ({ path: '/api/posts/allowance' }),
    expect: members(200),
  },
  {
    route: 'GET /api/held-posts/mine',
    rule: 'members read their own posts waiting for review',
    call: () => ({ path: '/api/held-posts/mine' }),
    expect: members(200),
  },
  {
    route: 'GET /api/held-posts',
    rule: 'staff read the Held tab',
    call: () => ({ path: '/api/held-posts' }),
    expect: only(['moderator', 'admin'], 200),
  },
  {
    route: 'POST /api/held-posts/:id/approval',
    rule: 'staff approve held posts; their author cannot',
    call: async () => ({ path: `/api/held-posts/${await newHeldPost()}/approval` }),
    expect: only(['moderator', 'admin'], 200),
  },
  {
    route: 'POST /api/held-posts/:id/removal',
    rule: 'staff remove held posts; their author cannot',
    call: async () => ({
      path: `/api/held-posts/${await newHeldPost()}/removal`,
      json: { rule: 'harassment', facts: 'A threat.' },
    }),
    expect: only(['moderator', 'admin'], 200),
  },
  {
    route: 'POST /api/asklines',
    rule: 'members submit asklines',
    call: () => ({
      path: '/api/asklines',
      json: { content: `Which class changed your mind? ${Math.random()}` },
    }),
    expect: members(201),
  },
  {
    route: 'GET /api/asklines/search',
    rule: 'public',
    call: () => ({ path: '/api/asklines/search?q=first' }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/asklines/random',
    rule: 'public',
    call: () => ({ path: '/api/asklines/random' }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/asklines/today',
    rule: 'public',
    call: () => ({ path: '/api/asklines/today' }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/asklines/pending',
    rule: 'staff see the review queue',
    call: () => ({ path: '/api/asklines/pending' }),
    expect: only(['moderator', 'admin'], 200),
  },
  {
    route: 'GET /api/asklines/:id',
    rule: 'an unverified askline exists only for its author and staff',
    call: () => ({ path: `/api/asklines/${pendingAsklineId}` }),
    expect: { ...everyone(404), owner: 200, moderator: 200, admin: 200 },
  },
  {
    route: 'GET /api/asklines/:id/posts',
    rule: "an unverified askline's answers likewise",
    call: () => ({ path: `/api/asklines/${pendingAsklineId}/posts` }),
    expect: { ...everyone(404), owner: 200, moderator: 200, admin: 200 },
  },
  {
    route: 'PUT /api/asklines/:id/review',
    rule: 'staff verify or reject; the author cannot',
    call: async () => ({
      path: `/api/asklines/${await newAskline(owner.cookie)}/review`,
      json: { decision: 'verify' },
    }),
    expect: only(['moderator', 'admin'], 200),
  },
  {
    route: 'GET /api/admin/users',
    rule: 'admins only',
    call: () => ({ path: '/api/admin/users' }),
    expect: only(['admin'], 200),
  },
  {
    route: 'PUT /api/admin/users/:username/role',
    rule: 'admins only (a fresh account each time)',
    call: async () => ({
      path: `/api/admin/users/${(await newMember()).username}/role`,
      json: { userType: 'moderator' },
    }),
    expect: only(['admin'], 200),
  },
  {
    route: 'PUT /api/admin/users/:username/suspension',
    rule: 'admins only (a fresh account each time)',
    call: async () => ({
      path: `/api/admin/users/${(await newMember()).username}/suspension`,
      json: { suspended: true },
    }),
    expect: only(['admin'], 200),
  },
  {
    route: 'GET /api/admin/moderation-log',
    rule: 'admins only',
    call: () => ({ path: '/api/admin/moderation-log' }),
    expect: only(['admin'], 200),
  },
  {
    route: 'GET /api/admin/sealed-suspensions',
    rule: 'admins only',
    call: () => ({ path: '/api/admin/sealed-suspensions' }),
    expect: only(['admin'], 200),
  },
  {
    route: 'PUT /api/admin/notice',
    rule: 'admins only',
    call: () => ({
      path: '/api/admin/notice',
      json: { show: true, title: 'Welcome', badge: 'New', content: ['Be kind.'] },
    }),
    expect: only(['admin'], 200),
  },
  {
    route: 'POST /api/admin/notifications',
    rule: 'admins only',
    call: () => ({ path: '/api/admin/notifications', json: { text: 'Yearbook photos on Friday' } }),
    expect: only(['admin'], 200),
  },
  {
    route: 'GET /api/admin/word-lists',
    rule: 'admins only (issue #47)',
    call: () => ({ path: '/api/admin/word-lists' }),
    expect: only(['admin'], 200),
  },
  {
    route: 'POST /api/admin/word-lists',
    rule: 'admins only (a new word each time)',
    call: () => ({ path: '/api/admin/word-lists', json: { list: 'insult', term: newWord() } }),
    expect: only(['admin'], 201),
  },
  {
    route: 'DELETE /api/admin/word-lists/:id',
    rule: 'admins only (a new word each time)',
    call: async () => {
      const { id } = await ok(server, 'POST', '/api/admin/word-lists', admin.cookie, {
        list: 'insult',
        term: newWord(),
      });
      return { path: `/api/admin/word-lists/${id}` };
    },
    expect: only(['admin'], 204),
  },
  // Personal controls (issue #48): a member's own blocks, mutes, hidden posts and muted words.
  ...(['blocks', 'mutes'] as const).flatMap((kind): RouteCase[] => [
    {
      route: `GET /api/controls/${kind}`,
      rule: `members read their own ${kind}`,
      call: () => ({ path: `/api/controls/${kind}` }),
      expect: members(200),
    },
    {
      route: `POST /api/controls/${kind}`,
      rule: `members add to their ${kind} (someone new each time)`,
      call: async () => ({ path: `/api/controls/${kind}`, json: { username: (await newMember()).username } }),
      expect: members(201),
    },
    {
      route: `DELETE /api/controls/${kind}/:username`,
      rule: `members undo their own ${kind}`,
      call: async (role) => {
        const { username } = await newMember();
        const cookie = cookies[role];
        if (cookie && role !== 'suspended') {
          await ok(server, 'POST', `/api/controls/${kind}`, cookie, { username });
        }
        return { path: `/api/controls/${kind}/${username}` };
      },
      expect: members(204),
    },
  ]),
  {
    route: 'GET /api/controls/hidden-posts',
    rule: 'members read the posts they hid',
    call: () => ({ path: '/api/controls/hidden-posts' }),
    expect: members(200),
  },
  {
    route: 'POST /api/controls/hidden-posts',
    rule: "members hide someone else's post; its author cannot hide their own (400)",
    call: async () => ({
      path: '/api/controls/hidden-posts',
      json: { postId: await newPost(owner.cookie), reason: 'not_for_me' },
    }),
    expect: { ...members(201), owner: 400 },
  },
  {
    route: 'DELETE /api/controls/hidden-posts/:id',
    rule: 'members show again a post they hid',
    call: async (role) => {
      const postId = await newPost((await newMember()).cookie);
      const cookie = cookies[role];
      if (cookie && role !== 'suspended') {
        await ok(server, 'POST', '/api/controls/hidden-posts', cookie, { postId, reason: 'not_for_me' });
      }
      return { path: `/api/controls/hidden-posts/${postId}` };
    },
    expect: members(204),
  },
  {
    route: 'GET /api/controls/muted-words',
    rule: 'members read their muted words',
    call: () => ({ path: '/api/controls/muted-words' }),
    expect: members(200),
  },
  {
    route: 'POST /api/controls/muted-words',
    rule: 'members mute a word (a new one each time)',
    call: () => ({ path: '/api/controls/muted-words', json: { phrase: newWord(), duration: '7d' } }),
    expect: members(201),
  },
  {
    route: 'DELETE /api/controls/muted-words/:id',
    rule: 'members stop muting their own word',
    call: async (role) => {
      const cookie = cookies[role];
      const own = cookie && role !== 'suspended';
      const { id } = await ok(server, 'POST', '/api/controls/muted-words', own ? cookie : owner.cookie, {
        phrase: newWord(),
      });
      return { path: `/api/controls/muted-words/${id}` };
    },
    expect: members(204),
  },
  { route: 'GET /api/notice', rule: 'public', call: () => ({ path: '/api/notice' }), expect: everyone(200) },
  {
    route: 'GET /api/transparency',
    rule: 'public: figures with no personal data',
    call: () => ({ path: '/api/transparency' }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/oembed',
    rule: 'public (link previews)',
    call: () => ({ path: `/api/oembed?url=${encodeURIComponent(`${server.url}/post/${ownerPostId}`)}` }),
    expect: everyone(200),
  },
  {
    route: 'GET /og/posts/:file',
    rule: 'public (link previews)',
    call: () => ({ path: `/og/posts/${ownerPostId}.png` }),
    expect: everyone(200),
  },
  {
    route: 'GET /og/asklines/:file',
    rule: 'public for a verified askline',
    call: () => ({ path: `/og/asklines/${verifiedAsklineId}.png` }),
    expect: everyone(200),
  },
  {
    route: 'GET /embed/posts/:id',
    rule: 'public (embeds)',
    call: () => ({ path: `/embed/posts/${ownerPostId}` }),
    expect: everyone(200),
  },
  {
    route: 'GET /uploads/*',
    rule: 'profile pictures are public',
    call: () => ({ path: new URL(pictureUrl, server.url).pathname }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/dev/outbox',
    rule: 'development only: not mounted in production (tested below)',
    call: () => ({ path: '/api/dev/outbox' }),
    expect: everyone(200),
  },
  {
    route: 'GET /dev/mailbox',
    rule: 'development only: not mounted in production (tested below)',
    call: () => ({ path: '/dev/mailbox' }),
    expect: everyone(200),
  },
  {
    route: 'GET /dev/mailbox/mailbox.css',
    rule: 'development only',
    call: () => ({ path: '/dev/mailbox/mailbox.css' }),
    expect: everyone(200),
  },
  // Test fixtures (features/testing): served under NODE_ENV=test alone, which this server runs.
  {
    route: 'POST /api/test/accounts',
    rule: 'test runs only: anyone makes an account and gets its session',
    call: () => ({ path: '/api/test/accounts', json: {} }),
    expect: everyone(201),
  },
  {
    route: 'POST /api/test/sessions',
    rule: 'test runs only: anyone gets a session of an account',
    call: () => ({ path: '/api/test/sessions', json: { userId: owner.account.userId } }),
    expect: everyone(201),
  },
];

let suspendedCredentials: { identifier: string; password: string };

async function smallJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: '#6366f1' } })
    .jpeg()
    .toBuffer();
}

beforeAll(async () => {
  server = await startTestServer({
    rateLimiter: NO_RATE_LIMITS,
    settings: { METRICS_TOKEN: 'matrix-metrics-token-0123456789' },
  });
  owner = await newMember({ fullName: 'Olive Owner' });
  admin = await newMember({ userType: 'admin' });
  const ordinary = await newMember();
  const moderator = await newMember({ userType: 'moderator' });
  const suspended = await newMember();
  Object.assign(cookies, {
    ordinary: ordinary.cookie,
    owner: owner.cookie,
    moderator: moderator.cookie,
    admin: admin.cookie,
    suspended: suspended.cookie,
  });
  suspendedCredentials = { identifier: suspended.account.email, password: suspended.account.password };
  await ok(server, 'PUT', `/api/admin/users/${suspended.username}/suspension`, admin.cookie, {
    suspended: true,
  });

  ownerPostId = await newPost(owner.cookie);
  pendingAsklineId = await newAskline(owner.cookie);
  verifiedAsklineId = await newAskline(owner.cookie);
  await ok(server, 'PUT', `/api/asklines/${verifiedAsklineId}/review`, admin.cookie, { decision: 'verify' });
  const reportedPostId = await newPost(owner.cookie);
  await ok(server, 'POST', `/api/posts/${reportedPostId}/report`, ordinary.cookie, { reason: 'spam' });
  reportId = (await ok(server, 'GET', '/api/reports', admin.cookie)).reports[0]?.id ?? '';
  // Not the owner's: their picture is replaced (and the old file removed) by the PUT photo row.
  const photo = await server.request(`/api/profiles/${ordinary.username}/photo`, {
    method: 'PUT',
    headers: { cookie: ordinary.cookie, 'content-type': 'image/jpeg' },
    body: new Uint8Array(await smallJpeg()),
  });
  pictureUrl = ((await photo.json()) as { profilePictureUrl: string }).profilePictureUrl;
});
afterAll(() => server?.close());

/**
 * The routes the server has, as `METHOD /path`: the list the OpenAPI document is made from
 * (src/server/http/api-docs.ts), which fails its own test when a route is not described.
 */
const serverRoutes = () => appRoutes(server.app);

describe('the authorization matrix', () => {
  it('lists every route the server has, and only those', () => {
    const table = ROUTES.map((row) => row.route).sort();
    expect(new Set(table).size, 'a route is listed twice').toBe(table.length);
    expect(table).toEqual(serverRoutes());
  });

  for (const row of ROUTES) {
    it(`${row.route}: ${row.rule}`, async () => {
      const method = row.route.split(' ')[0] as string;
      const answers: Partial<Statuses> = {};
      for (const role of ROLES) {
        const call = await row.call(role);
        const cookie = call.cookie === undefined ? (cookies[role] ?? null) : call.cookie;
        const res = call.image
          ? await server.request(call.path, {
              method,
              headers: { 'content-type': 'image/jpeg', ...(cookie ? { cookie } : {}) },
              body: new Uint8Array(call.image),
            })
          : await api(method, call.path, cookie, call.json);
        answers[role] = res.status;
        await res.body?.cancel();
      }
      expect(answers).toEqual(row.expect);
    });
  }
});

describe('the refusals', () => {
  it('say who may and mean it: a refused delete leaves the post, with the spec message', async () => {
    const postId = await newPost(owner.cookie);
    const refused = await api('DELETE', `/api/posts/${postId}`, cookies.ordinary ?? null);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      POST_WRITE_MESSAGES.notOwner,
    );
    expect((await api('GET', `/api/posts/${postId}`, null)).status).toBe(200);
  });
});

describe('appeals (issue #47)', () => {
  it('are refused a second time (409), and on a live post (409): nothing changes', async () => {
    const removed = await newRemovedPost();
    const first = await api('POST', `/api/posts/${removed}/appeal`, owner.cookie, { text: 'Once.' });
    expect(first.status).toBe(201);
    const second = await api('POST', `/api/posts/${removed}/appeal`, owner.cookie, { text: 'Twice.' });
    expect(second.status).toBe(409);
    const removal = await ok(server, 'GET', `/api/posts/${removed}/removal`, owner.cookie);
    expect(removal.appeal.text).toBe('Once.');
    const live = await newPost(owner.cookie);
    expect((await api('POST', `/api/posts/${live}/appeal`, owner.cookie, { text: 'Why?' })).status).toBe(409);
    expect((await api('GET', `/api/posts/${live}`, null)).status).toBe(200);
  });
});

describe('in production', () => {
  it('the development routes are not there', async () => {
    const production = await startTestServer({
      settings: { NODE_ENV: 'production', AUTH_SECRET: 'production-secret-production-secret-012345' },
    });
    try {
      const routes = production.app.routes.map((route) => route.path);
      expect(routes.filter((path) => path.startsWith('/api/dev') || path.startsWith('/dev/'))).toEqual([]);
      expect(routes.filter((path) => path.startsWith('/api/test'))).toEqual([]);
      expect(routes).toContain('/api/posts/:id');
      expect((await production.request('/api/test/sessions', { method: 'POST' })).status).toBe(404);
    } finally {
      await production.close();
    }
  });

  it('the test fixtures are there under NODE_ENV=test alone, not in development', async () => {
    const development = await startTestServer({ settings: { NODE_ENV: 'development' } });
    try {
      const routes = development.app.routes.map((route) => route.path);
      expect(routes.filter((path) => path.startsWith('/api/test'))).toEqual([]);
      expect(routes).toContain('/api/dev/outbox');
      const made = await development.request('/api/test/accounts', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(made.status).toBe(404);
    } finally {
      await development.close();
    }
  });
});
