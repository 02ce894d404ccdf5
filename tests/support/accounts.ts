// Accounts for server tests: written straight to the database (no mail round trip, no sign-up rate
// limit). A member's session comes from the test-only route (features/testing), a real session made
// without a password round trip; tests of sign-in itself sign in over HTTP with `signInAs`.
// Every account has the same password, hashed once per process: scrypt costs a tenth of a second a
// hash, and the suite makes hundreds of accounts.
import { randomBytes } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import type { Db } from '../../src/server/db/client';
import { accounts } from '../../src/server/db/schema';
import type { UserType } from '../../src/shared/roles';
import { cookiesFrom } from './cookies';
import { insertProfile, insertUser } from './factories';
import type { TestServer } from './test-server';

export interface TestAccount {
  userId: string;
  email: string;
  username: string | null;
  password: string;
}

export interface AccountOptions {
  userType?: UserType;
  profile?: boolean;
  email?: string;
  username?: string;
  fullName?: string;
  /** The profile's campus and class (default: VITC, 2026). */
  institution?: 'VITC' | 'VITV';
  graduationYear?: number;
  /** When the account was made (default: a month ago, past the new-account rule). */
  createdAt?: Date;
}

export function createAccount(server: TestServer, options: AccountOptions = {}): Promise<TestAccount> {
  return insertAccount(server.database.db, options);
}

/** The password of every test account. */
export const TEST_PASSWORD = 'test-password-of-every-account';
let testPasswordHash: Promise<string> | null = null;

/** A confirmed account with a password (and by default a profile), straight into a database. */
export async function insertAccount(db: Db, options: AccountOptions = {}): Promise<TestAccount> {
  const password = TEST_PASSWORD;
  testPasswordHash ??= hashPassword(password);
  const user = await insertUser(db, {
    ...(options.email ? { email: options.email } : {}),
    ...(options.createdAt ? { createdAt: options.createdAt } : {}),
  });
  await db.insert(accounts).values({
    id: `acc_${randomBytes(6).toString('hex')}`,
    accountId: user.id,
    providerId: 'credential',
    userId: user.id,
    password: await testPasswordHash,
  });
  const profile =
    options.profile === false
      ? null
      : await insertProfile(db, user.id, {
          email: user.email,
          userType: options.userType ?? 'ordinary',
          ...(options.username ? { username: options.username } : {}),
          ...(options.fullName ? { fullName: options.fullName } : {}),
          ...(options.institution ? { institution: options.institution } : {}),
          ...(options.graduationYear ? { graduationYear: options.graduationYear } : {}),
        });
  return { userId: user.id, email: user.email, username: profile?.username ?? null, password };
}

/** Signs in through POST /api/session and returns the Cookie header value. */
export async function signInAs(server: TestServer, account: TestAccount): Promise<string> {
  const res = await server.request('/api/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: account.email, password: account.password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return cookiesFrom(res);
}

/** A signed-in account: who it is, its session cookie and its username. */
export interface Member {
  account: TestAccount;
  cookie: string;
  username: string;
}

export async function createMember(server: TestServer, options: AccountOptions = {}): Promise<Member> {
  const account = await createAccount(server, options);
  return { account, cookie: await sessionFor(server, account), username: account.username ?? '' };
}

/**
 * A session of the account as a Cookie header value: from the test-only route where the server has it
 * (NODE_ENV=test), else by signing in.
 */
export async function sessionFor(server: TestServer, account: TestAccount): Promise<string> {
  const res = await server.request('/api/test/sessions', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId: account.userId }),
  });
  if (res.status === 404) {
    await res.body?.cancel();
    return signInAs(server, account);
  }
  if (res.status !== 201) throw new Error(`no session: ${res.status} ${await res.text()}`);
  const { cookie } = (await res.json()) as { cookie: { name: string; value: string } };
  return `${cookie.name}=${cookie.value}`;
}
