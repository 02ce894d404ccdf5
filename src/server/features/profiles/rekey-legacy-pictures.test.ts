// Moving pictures off legacy keys ({userId}/{timestamp}.jpg) on a real database and the file driver:
// the picture keeps its bytes under a random key, the old object goes, a second run changes nothing,
// a missing object is left alone, a row changed meanwhile keeps its change, and two runs at once
// (two instances starting) lose nothing and leave nothing behind.

import fs from 'node:fs';
import path from 'node:path';
import { eq, isNotNull } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createMember, type Member } from '../../../../tests/support/accounts';
import { ENGINE } from '../../../../tests/support/engines';
import { createCameraJpeg } from '../../../../tests/support/images';
import {
  callJson,
  NO_RATE_LIMITS,
  startTestServer,
  type TestServer,
} from '../../../../tests/support/test-server';
import { profiles } from '../../db/schema';
import { createFileStorage, newPhotoKey, type ObjectStorage } from '../../platform/storage';
import { rekeyLegacyPictures } from './rekey-legacy-pictures';

const NEW_KEY = /^[0-9a-f]{32}\.jpg$/;

let server: TestServer;
let storage: ObjectStorage;
let viewer: Member;
let warnings: string[];
const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) });

beforeAll(async () => {
  server = await startTestServer({ rateLimiter: NO_RATE_LIMITS });
  // The same folder the app serves /uploads from.
  storage = createFileStorage(path.join(server.dataDir, 'uploads'));
  viewer = await createMember(server);
});
afterAll(() => server.close());

const rekey = (over: ObjectStorage = storage, batchSize?: number) => {
  warnings = [];
  return rekeyLegacyPictures({ db: server.database.db, storage: over, logger, batchSize });
};

function storedFiles(): string[] {
  const root = path.join(server.dataDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

async function pictureKeyOf(userId: string) {
  const [row] = await server.database.db
    .select({ key: profiles.profilePictureKey })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row?.key ?? null;
}

const setPictureKey = (userId: string, key: string | null) =>
  server.database.db.update(profiles).set({ profilePictureKey: key }).where(eq(profiles.userId, userId));

let clock = 1_732_000_000_000;
/** An account whose picture was stored the old way, under a key naming its user id. */
async function accountWithLegacyPicture(options: { stored?: boolean } = {}) {
  const account = await createAccount(server);
  const legacyKey = `${account.userId}/${clock++}.jpg`;
  const bytes = await createCameraJpeg({ width: 60, height: 40 });
  if (options.stored !== false) await storage.put(legacyKey, bytes, 'image/jpeg');
  await setPictureKey(account.userId, legacyKey);
  return { account, legacyKey, bytes };
}

describe('moving legacy pictures to random keys', () => {
  it('keeps the picture under a key that names no one, removes the old object, and is idempotent', async () => {
    const { account, legacyKey, bytes } = await accountWithLegacyPicture();
    const before = await callJson(server, 'GET', `/api/profiles/${account.username}`, viewer.cookie);
    expect(before.body.profilePictureUrl).toBe(`/uploads/${legacyKey}`);

    expect(await rekey()).toEqual({ moved: 1, missing: 0, failed: 0 });

    const newKey = await pictureKeyOf(account.userId);
    expect(newKey).toMatch(NEW_KEY);
    const after = await callJson(server, 'GET', `/api/profiles/${account.username}`, viewer.cookie);
    expect(after.body.profilePictureUrl).toBe(`/uploads/${newKey}`);
    expect(after.text).not.toContain(account.userId);
    const served = await server.request(after.body.profilePictureUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);
    expect(await storage.get(legacyKey)).toBeNull();
    expect((await server.request(`/uploads/${legacyKey}`)).status).toBe(404);

    const files = storedFiles();
    expect(files).toEqual([newKey]);
    // Not even an empty folder named after the user is left.
    expect(fs.readdirSync(path.join(server.dataDir, 'uploads'))).toEqual([newKey]);
    expect(await rekey()).toEqual({ moved: 0, missing: 0, failed: 0 });
    expect(await pictureKeyOf(account.userId)).toBe(newKey);
    expect(storedFiles()).toEqual(files);
    expect(warnings).toEqual([]);
  });

  it('leaves a row whose legacy object is missing as it is, says so, and goes on with the others', async () => {
    const lost = await accountWithLegacyPicture({ stored: false });
    const kept = await accountWithLegacyPicture();

    expect(await rekey()).toEqual({ moved: 1, missing: 1, failed: 0 });
    expect(await pictureKeyOf(lost.account.userId)).toBe(lost.legacyKey);
    expect(await pictureKeyOf(kept.account.userId)).toMatch(NEW_KEY);
    expect(warnings.join('')).toContain('missing from storage');

    // Still there next start, still not an error.
    expect(await rekey()).toEqual({ moved: 0, missing: 1, failed: 0 });
    await setPictureKey(lost.account.userId, null);
  });

  it('keeps a picture chosen while the old one was being copied, and leaves no copy behind', async () => {
    const { account, legacyKey } = await accountWithLegacyPicture();
    const chosen = newPhotoKey();
    await storage.put(chosen, Buffer.from('the picture chosen meanwhile'), 'image/jpeg');
    const filesBefore = storedFiles();
    // The owner's upload lands between the copy and the switch.
    const racing: ObjectStorage = {
      ...storage,
      async put(key, body, contentType) {
        await storage.put(key, body, contentType);
        await setPictureKey(account.userId, chosen);
      },
    };

    expect(await rekey(racing)).toEqual({ moved: 0, missing: 0, failed: 0 });
    expect(await pictureKeyOf(account.userId)).toBe(chosen);
    expect(storedFiles()).toEqual(filesBefore.filter((file) => file !== legacyKey));
  });

  it('loses nothing and leaves nothing behind when several instances run it at once', ENGINE, async () => {
    const legacy = await Promise.all(Array.from({ length: 6 }, () => accountWithLegacyPicture()));

    const summaries = await Promise.all([rekey(), rekey(), rekey()]);
    expect(summaries.reduce((sum, { moved }) => sum + moved, 0)).toBe(6);
    expect(summaries.every(({ missing, failed }) => missing === 0 && failed === 0)).toBe(true);

    const rows = await server.database.db
      .select({ key: profiles.profilePictureKey })
      .from(profiles)
      .where(isNotNull(profiles.profilePictureKey));
    const keys = rows.map((row) => row.key ?? '').sort();
    expect(keys.every((key) => NEW_KEY.test(key))).toBe(true);
    // Every row's object exists, and no object is left that no row names.
    expect(storedFiles()).toEqual(keys);
    for (const { account, bytes } of legacy) {
      const key = await pictureKeyOf(account.userId);
      expect((await storage.get(key ?? ''))?.body).toEqual(bytes);
    }
  });

  it('counts a picture that storage fails on and goes on; a storage that fails every one stops the run', async () => {
    const broken = await accountWithLegacyPicture();
    const fine = await accountWithLegacyPicture();
    const failingOne: ObjectStorage = {
      ...storage,
      get: (key) =>
        key === broken.legacyKey ? Promise.reject(new Error('storage hiccup')) : storage.get(key),
    };
    expect(await rekey(failingOne)).toEqual({ moved: 1, missing: 0, failed: 1 });
    expect(await pictureKeyOf(broken.account.userId)).toBe(broken.legacyKey);
    expect(await pictureKeyOf(fine.account.userId)).toMatch(NEW_KEY);
    expect(warnings.join('')).toContain('storage hiccup');

    const more = await Promise.all(Array.from({ length: 11 }, () => accountWithLegacyPicture()));
    const down: ObjectStorage = { ...storage, get: () => Promise.reject(new Error('storage is down')) };
    await expect(rekey(down)).rejects.toThrow(/gave up/);
    // Nothing was lost: the next start moves them all (here five rows a query, so over three pages).
    expect(await rekey(storage, 5)).toEqual({ moved: 12, missing: 0, failed: 0 });
    for (const { account, bytes } of [broken, ...more]) {
      const key = await pictureKeyOf(account.userId);
      expect(key).toMatch(NEW_KEY);
      expect((await storage.get(key ?? ''))?.body).toEqual(bytes);
    }
  });
});
