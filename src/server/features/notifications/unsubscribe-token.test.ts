// Digest unsubscribe tokens on a real database (issue #43): one random token per person, kept from
// one digest to the next and replaced when asked; the signed links mailed before tokens were stored
// work until the person's token is first replaced.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../../../../tests/support/accounts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-database';
import { unsubscribeTokens } from '../../db/schema';
import {
  issueUnsubscribeToken,
  legacyUnsubscribeToken,
  readUnsubscribeToken,
  rotateUnsubscribeToken,
} from './unsubscribe-token';

const secret = 'a-secret-of-the-server-0123456789';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const read = (token: string) => readUnsubscribeToken(database.db, secret, token);
const rowOf = async (userId: string) =>
  (await database.db.select().from(unsubscribeTokens).where(eq(unsubscribeTokens.userId, userId)))[0];

describe('stored unsubscribe tokens', () => {
  it('are random, one per person, made once and the same afterwards', async () => {
    const { userId } = await insertAccount(database.db);
    const other = await insertAccount(database.db);
    const token = await issueUnsubscribeToken(database.db, userId);
    // 32 random bytes, base64url: nothing in it names the account.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token).not.toContain(Buffer.from(userId).toString('base64url'));
    expect(await issueUnsubscribeToken(database.db, userId)).toBe(token);
    expect(await issueUnsubscribeToken(database.db, other.userId)).not.toBe(token);
    expect(await read(token)).toBe(userId);
    expect((await rowOf(userId))?.rotatedAt).toBeNull();
  });

  it('are replaced by a rotation: the old one and the signed links are refused, the new one works', async () => {
    const { userId } = await insertAccount(database.db);
    const old = await issueUnsubscribeToken(database.db, userId);
    const signed = legacyUnsubscribeToken(secret, userId);
    expect(await read(signed)).toBe(userId);

    // In the caller's transaction (an email change).
    await database.db.transaction((tx) => rotateUnsubscribeToken(tx, userId));
    const renewed = await issueUnsubscribeToken(database.db, userId);
    expect(renewed).not.toBe(old);
    expect(renewed).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await rowOf(userId))?.rotatedAt).toBeInstanceOf(Date);
    expect(await read(old)).toBeNull();
    expect(await read(signed)).toBeNull();
    expect(await read(renewed)).toBe(userId);
  });

  it('are made on rotation for a person never mailed one, which ends their signed links', async () => {
    const { userId } = await insertAccount(database.db);
    const signed = legacyUnsubscribeToken(secret, userId);
    await rotateUnsubscribeToken(database.db, userId);
    expect(await read(signed)).toBeNull();
    expect(await read(await issueUnsubscribeToken(database.db, userId))).toBe(userId);
  });

  it('are kept when the rotation is rolled back with its transaction', async () => {
    const { userId } = await insertAccount(database.db);
    const token = await issueUnsubscribeToken(database.db, userId);
    await expect(
      database.db.transaction(async (tx) => {
        await rotateUnsubscribeToken(tx, userId);
        throw new Error('the email change failed');
      }),
    ).rejects.toThrow('the email change failed');
    expect(await read(token)).toBe(userId);
    expect(await read(legacyUnsubscribeToken(secret, userId))).toBe(userId);
  });

  it('go with the account; a rotation for an account that is gone does nothing', async () => {
    const { userId } = await insertAccount(database.db);
    const token = await issueUnsubscribeToken(database.db, userId);
    await database.db.execute(sql`delete from users where id = ${userId}`);
    expect(await rowOf(userId)).toBeUndefined();
    expect(await read(token)).toBeNull();
    await rotateUnsubscribeToken(database.db, userId);
    expect(await rowOf(userId)).toBeUndefined();
    // A signed link of an account that is gone reads as before: there is nothing left to stop.
    expect(await read(legacyUnsubscribeToken(secret, userId))).toBe(userId);
  });

  it('are refused when not ours', async () => {
    const { userId } = await insertAccount(database.db);
    const token = await issueUnsubscribeToken(database.db, userId);
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [flipped, `${token}A`, token.slice(1), '', 'nonsense', token.toUpperCase()]) {
      expect(await read(bad)).toBeNull();
    }
  });
});

describe('signed unsubscribe tokens (mailed before tokens were stored)', () => {
  it('name the account they were made for while its token was never replaced', async () => {
    const { userId } = await insertAccount(database.db);
    expect(await read(legacyUnsubscribeToken(secret, userId))).toBe(userId);
    // A stored token made since, not yet replaced, leaves them working.
    await issueUnsubscribeToken(database.db, userId);
    expect(await read(legacyUnsubscribeToken(secret, userId))).toBe(userId);
  });

  it('are refused when forged, altered or made under another secret', async () => {
    const token = legacyUnsubscribeToken(secret, 'user-1');
    const [, signature] = token.split('.');
    const otherId = Buffer.from('user-2').toString('base64url');
    for (const bad of [
      `${otherId}.${signature}`,
      legacyUnsubscribeToken('another-secret', 'user-1'),
      `${token}x`,
      `${token}.more`,
      'dXNlci0x',
    ]) {
      expect(await read(bad)).toBeNull();
    }
  });
});
