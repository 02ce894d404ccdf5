// Both storage drivers keep one contract (put, get, remove, a missing key is null, a bad key names no
// object) for new random keys and legacy {userId}/{timestamp}.jpg ones. The S3 driver is tested
// against a local S3-compatible server (s3rver), and the whole app is run on it: a profile picture
// uploaded through the API lands in the bucket under a random key and is served from there, and a
// legacy picture in the bucket is moved to a random key; a deleted account's picture leaves the bucket.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signInAs } from '../../../tests/support/accounts';
import { createCameraJpeg } from '../../../tests/support/images';
import { startTestS3, type TestS3 } from '../../../tests/support/s3-server';
import { startTestServer, type TestServer } from '../../../tests/support/test-server';
import { loadConfig } from '../config';
import { profiles } from '../db/schema';
import { rekeyLegacyPictures } from '../features/profiles/rekey-legacy-pictures';
import {
  createFileStorage,
  createS3Storage,
  isLegacyObjectKey,
  isValidObjectKey,
  newPhotoKey,
  type ObjectStorage,
} from './storage';

let s3: TestS3;
let fileRoot: string;
beforeAll(async () => {
  s3 = await startTestS3();
  fileRoot = mkdtempSync(path.join(os.tmpdir(), 'yb-files-'));
});
afterAll(async () => {
  await s3.close();
  rmSync(fileRoot, { recursive: true, force: true });
});

function s3Settings(extra: Record<string, string> = {}) {
  const config = loadConfig({ ...s3.settings, ...extra });
  if (!config.s3) throw new Error('expected S3 settings');
  return config.s3;
}

function rawClient() {
  return new S3Client({
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
}

const drivers: [string, () => ObjectStorage][] = [
  ['files', () => createFileStorage(fileRoot)],
  ['S3', () => createS3Storage(s3Settings())],
];

describe('object keys', () => {
  it('makes new keys of 128 random bits that name no one and never look like a legacy key', () => {
    const keys = Array.from({ length: 50 }, () => newPhotoKey());
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) {
      expect(key).toMatch(/^[0-9a-f]{32}\.jpg$/);
      expect(isValidObjectKey(key)).toBe(true);
      expect(isLegacyObjectKey(key)).toBe(false);
    }
    expect(isValidObjectKey('user_1/1732000000000.jpg')).toBe(true);
    expect(isLegacyObjectKey('user_1/1732000000000.jpg')).toBe(true);
  });

  const hex = 'a'.repeat(32);
  it.each([
    // New shape
    `../${hex}.jpg`,
    `${hex}.jpg/..`,
    `${hex}/../x.jpg`,
    `./${hex}.jpg`,
    `/${hex}.jpg`,
    `..\\${hex}.jpg`,
    `%2e%2e%2f${hex}.jpg`,
    `${hex}.jpg\0`,
    `${'A'.repeat(32)}.jpg`,
    `${'a'.repeat(31)}.jpg`,
    `${hex}.png`,
    // Legacy shape
    '../user_1/1.jpg',
    'user_1/../1.jpg',
    'user_1/../../1.jpg',
    '../secret/1.jpg',
    '../../1.jpg',
    'user_1/1.jpg/..',
    'user_1/x/1.jpg',
    '/user_1/1.jpg',
    'user_1\\..\\1.jpg',
    '..%2f1.jpg',
    'user.1/1.jpg',
    'user_1/1.png',
    '',
  ])('refuses %j', (key) => {
    expect(isValidObjectKey(key)).toBe(false);
  });
});

describe.each(drivers)('%s storage', (_name, open) => {
  it.each([
    ['a new key', () => newPhotoKey()],
    ['a legacy key', () => `user_1/${Date.now()}.jpg`],
  ])('keeps, returns and removes an object under %s', async (_kind, makeKey) => {
    const storage = open();
    const key = makeKey();
    const body = Buffer.from('not really a jpeg, but bytes all the same');
    await storage.put(key, body, 'image/jpeg');
    expect(await storage.get(key)).toEqual({ body, contentType: 'image/jpeg' });
    await storage.remove(key);
    expect(await storage.get(key)).toBeNull();
    // Removing what is not there is not an error.
    await storage.remove(key);
  });

  it('answers null for a missing key and for a key that could name another object', async () => {
    const storage = open();
    expect(await storage.get('user_1/1.jpg')).toBeNull();
    expect(await storage.get(newPhotoKey())).toBeNull();
    expect(await storage.get('../secret/1.jpg')).toBeNull();
    expect(await storage.get('user_1/../../1.jpg')).toBeNull();
    expect(await storage.get(`../${newPhotoKey()}`)).toBeNull();
    await expect(storage.put('user_1/../x.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(
      /invalid object key/,
    );
    await expect(storage.put(`../${newPhotoKey()}`, Buffer.from('x'), 'image/jpeg')).rejects.toThrow(
      /invalid object key/,
    );
  });
});

describe('file storage', () => {
  it('leaves no empty folder named after a user once a legacy picture is removed', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'yb-files-'));
    try {
      const storage = createFileStorage(root);
      const key = newPhotoKey();
      await storage.put(key, Buffer.from('new'), 'image/jpeg');
      await storage.put('user_9/1.jpg', Buffer.from('old'), 'image/jpeg');
      await storage.remove('user_9/1.jpg');
      expect(readdirSync(root)).toEqual([key]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('S3 storage', () => {
  it('stores the content type and the cache header of SPEC §7 on the object itself', async () => {
    const key = `user_2/${Date.now()}.jpg`;
    await createS3Storage(s3Settings()).put(key, Buffer.from('bytes'), 'image/jpeg');
    const head = await rawClient().send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(head.ContentType).toBe('image/jpeg');
    expect(head.CacheControl).toBe('public, max-age=3600');
  });

  it('gives the app address without S3_PUBLIC_URL, and the public address with it', () => {
    const key = newPhotoKey();
    expect(createS3Storage(s3Settings()).publicUrl(key)).toBe(`/uploads/${key}`);
    const cdn = createS3Storage(s3Settings({ S3_PUBLIC_URL: 'https://cdn.example/pictures/' }));
    expect(cdn.publicUrl(key)).toBe(`https://cdn.example/pictures/${key}`);
  });

  it('fails loudly when the bucket cannot be reached, rather than losing a picture', async () => {
    const wrong = createS3Storage(s3Settings({ S3_BUCKET: 'no-such-bucket' }));
    await expect(wrong.put('u/1.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow();
  });
});

describe('the app on S3 storage', () => {
  /** A member who uploads a picture through the API: their account, session and the answer. */
  async function memberWithPicture(server: TestServer, size: { width: number; height: number }) {
    const account = await createAccount(server);
    const cookie = await signInAs(server, account);
    const res = await server.request(`/api/profiles/${account.username}/photo`, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg', cookie },
      body: new Uint8Array(await createCameraJpeg(size)),
    });
    return { account, cookie, res };
  }

  async function bytesInBucket(key: string): Promise<Buffer> {
    const object = await rawClient().send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    return Buffer.from(await (object.Body?.transformToByteArray() ?? new Uint8Array()));
  }

  it('removes the picture from the bucket when its account is deleted, and the export carries it', async () => {
    const server = await startTestServer({ settings: s3.settings });
    try {
      const { account, cookie, res } = await memberWithPicture(server, { width: 600, height: 400 });
      const key = (await res.json()).profilePictureUrl.slice('/uploads/'.length);
      const bucketBytes = await bytesInBucket(key);

      const exported = await server.request('/api/account/export', { headers: { cookie } });
      const files = unzipSync(new Uint8Array(await exported.arrayBuffer()));
      expect(Buffer.from(files['profile-picture.jpg'] ?? [])).toEqual(bucketBytes);

      const deleted = await server.request('/api/account', {
        method: 'DELETE',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ confirmation: account.username, password: account.password }),
      });
      expect(deleted.status).toBe(200);
      const listed = await rawClient().send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: key }));
      expect(listed.Contents ?? []).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('keeps an uploaded profile picture in the bucket and serves it with cache 3600', async () => {
    const server = await startTestServer({ settings: s3.settings });
    try {
      const { account, res } = await memberWithPicture(server, { width: 1600, height: 1200 });
      expect(res.status).toBe(200);
      const { profilePictureUrl } = await res.json();
      const key = profilePictureUrl.slice('/uploads/'.length);

      // The address names no one: a random key, and nothing in the bucket under the user id.
      expect(key).toMatch(/^[0-9a-f]{32}\.jpg$/);
      const listed = await rawClient().send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: key }));
      expect(listed.Contents?.map((object) => object.Key)).toEqual([key]);
      const underUserId = await rawClient().send(
        new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: account.userId }),
      );
      expect(underUserId.Contents ?? []).toEqual([]);
      const bucketBytes = await bytesInBucket(key);

      const served = await server.request(profilePictureUrl);
      expect(served.status).toBe(200);
      expect(served.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(Buffer.from(await served.arrayBuffer())).toEqual(bucketBytes);
      // Nothing was written to local disk.
      expect(existsSync(path.join(server.dataDir, 'uploads'))).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('moves a legacy picture in the bucket to a random key, keeping its bytes and headers', async () => {
    const server = await startTestServer({ settings: s3.settings });
    try {
      const account = await createAccount(server);
      const storage = createS3Storage(s3Settings());
      const legacyKey = `${account.userId}/1732000000000.jpg`;
      const bytes = await createCameraJpeg({ width: 60, height: 40 });
      await storage.put(legacyKey, bytes, 'image/jpeg');
      await server.database.db
        .update(profiles)
        .set({ profilePictureKey: legacyKey })
        .where(eq(profiles.userId, account.userId));

      const logger = pino({ level: 'silent' });
      const summary = await rekeyLegacyPictures({ db: server.database.db, storage, logger });
      expect(summary).toEqual({ moved: 1, missing: 0, failed: 0 });

      const [row] = await server.database.db
        .select({ key: profiles.profilePictureKey })
        .from(profiles)
        .where(eq(profiles.userId, account.userId));
      const key = row?.key ?? '';
      expect(key).toMatch(/^[0-9a-f]{32}\.jpg$/);
      const head = await rawClient().send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
      expect(head.ContentType).toBe('image/jpeg');
      expect(head.CacheControl).toBe('public, max-age=3600');
      const served = await server.request(`/uploads/${key}`);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);
      expect(await storage.get(legacyKey)).toBeNull();
    } finally {
      await server.close();
    }
  });
});
