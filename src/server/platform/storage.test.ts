// Both storage drivers keep one contract (put, get, remove, a missing key is null, a bad key names no
// object); the S3 driver is tested against a local S3-compatible server (s3rver), and the whole app is
// run on it: a profile picture uploaded through the API lands in the bucket and is served from there.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signInAs } from '../../../tests/support/accounts';
import { createCameraJpeg } from '../../../tests/support/images';
import { startTestS3, type TestS3 } from '../../../tests/support/s3-server';
import { startTestServer } from '../../../tests/support/test-server';
import { loadConfig } from '../config';
import { createFileStorage, createS3Storage, type ObjectStorage } from './storage';

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

describe.each(drivers)('%s storage', (_name, open) => {
  it('keeps, returns and removes an object', async () => {
    const storage = open();
    const key = `user_1/${Date.now()}.jpg`;
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
    expect(await storage.get('../secret/1.jpg')).toBeNull();
    expect(await storage.get('user_1/../../1.jpg')).toBeNull();
    await expect(storage.put('user_1/../x.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(
      /invalid object key/,
    );
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
    expect(createS3Storage(s3Settings()).publicUrl('u/1.jpg')).toBe('/uploads/u/1.jpg');
    const cdn = createS3Storage(s3Settings({ S3_PUBLIC_URL: 'https://cdn.example/pictures/' }));
    expect(cdn.publicUrl('u/1.jpg')).toBe('https://cdn.example/pictures/u/1.jpg');
  });

  it('fails loudly when the bucket cannot be reached, rather than losing a picture', async () => {
    const wrong = createS3Storage(s3Settings({ S3_BUCKET: 'no-such-bucket' }));
    await expect(wrong.put('u/1.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow();
  });
});

describe('the app on S3 storage', () => {
  it('keeps an uploaded profile picture in the bucket and serves it with cache 3600', async () => {
    const server = await startTestServer({ settings: s3.settings });
    try {
      const account = await createAccount(server);
      const cookie = await signInAs(server, account);
      const res = await server.request(`/api/profiles/${account.username}/photo`, {
        method: 'PUT',
        headers: { 'content-type': 'image/jpeg', cookie },
        body: new Uint8Array(await createCameraJpeg({ width: 1600, height: 1200 })),
      });
      expect(res.status).toBe(200);
      const { profilePictureUrl } = await res.json();
      const key = profilePictureUrl.slice('/uploads/'.length);

      const listed = await rawClient().send(
        new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${account.userId}/` }),
      );
      expect(listed.Contents?.map((object) => object.Key)).toEqual([key]);
      const inBucket = await rawClient().send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
      const bucketBytes = Buffer.from(await (inBucket.Body?.transformToByteArray() ?? new Uint8Array()));

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
});
