// Profile pictures over HTTP (SPEC §5 Photo, §7 Storage): what is stored is the server's own clean
// JPEG, served with cache control 3600, under a random key that names no one; refused uploads store
// nothing; a replaced picture is removed.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createMember, signInAs, type TestAccount } from '../../../../tests/support/accounts';
import { CAMERA_MAKE, createCameraJpeg, createHugeDeclaredPng } from '../../../../tests/support/images';
import { callJson, startTestServer, type TestServer } from '../../../../tests/support/test-server';
import { PROFILE_MESSAGES } from '../../../shared/profiles';
import { profiles } from '../../db/schema';

let server: TestServer;
let owner: TestAccount;
let ownerCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createAccount(server);
  ownerCookie = await signInAs(server, owner);
});
afterAll(() => server.close());

function upload(username: string | null, bytes: Buffer, cookie?: string) {
  return server.request(`/api/profiles/${username}/photo`, {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg', ...(cookie ? { cookie } : {}) },
    body: new Uint8Array(bytes),
  });
}

function storedFiles(): string[] {
  const root = path.join(server.dataDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

async function pictureKeyOf(userId: string) {
  const [row] = await server.database.db
    .select({ key: profiles.profilePictureKey })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row?.key ?? null;
}

const cameraPhoto = () => createCameraJpeg({ width: 2400, height: 1600 });
const smallPhoto = () => createCameraJpeg({ width: 300, height: 200 });

describe('uploading a profile picture', () => {
  it('stores a clean JPEG of at most 1200 px and 1 MB, with no metadata, served with cache 3600', async () => {
    const photo = await cameraPhoto();
    expect((await sharp(photo).metadata()).exif?.includes(Buffer.from(CAMERA_MAKE))).toBe(true);

    const res = await upload(owner.username, photo, ownerCookie);
    expect(res.status).toBe(200);
    const profile = await res.json();
    expect(profile.profilePictureUrl).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
    expect(storedFiles()).toEqual([profile.profilePictureUrl.slice('/uploads/'.length)]);

    const served = await server.request(profile.profilePictureUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe('public, max-age=3600');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.length).toBeLessThanOrEqual(1024 * 1024);
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 1200, height: 800 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(bytes.includes(Buffer.from(CAMERA_MAKE))).toBe(false);

    // Revalidation by ETag answers 304 without the bytes.
    const again = await server.request(profile.profilePictureUrl, {
      headers: { 'if-none-match': served.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('removes the old picture when a new one replaces it', async () => {
    const before = await pictureKeyOf(owner.userId);
    expect(before).not.toBeNull();
    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#f00a' } })
      .png()
      .toBuffer();
    const res = await upload(owner.username, png, ownerCookie);
    expect(res.status).toBe(200);
    const after = await pictureKeyOf(owner.userId);
    expect(after).not.toBe(before);
    expect(storedFiles()).toEqual([after]);
    expect((await server.request(`/uploads/${before}`)).status).toBe(404);
  });

  it.each([
    [
      'a text file named .jpg',
      () => Buffer.from('just some notes, renamed to photo.jpg'),
      415,
      PROFILE_MESSAGES.notAnImage,
    ],
    [
      'an SVG (script can hide in one)',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      415,
      PROFILE_MESSAGES.notAnImage,
    ],
    [
      'a truncated JPEG',
      async () => (await cameraPhoto()).subarray(0, 4000),
      400,
      PROFILE_MESSAGES.imageFailed,
    ],
    [
      'a 20000x20000 PNG',
      async () => createHugeDeclaredPng(),
      400,
      'This image is too large to process. Please choose a smaller image.',
    ],
  ])('refuses %s with a clear message and stores nothing', async (_, makeBytes, status, message) => {
    const keyBefore = await pictureKeyOf(owner.userId);
    const filesBefore = storedFiles();
    const res = await upload(owner.username, await makeBytes(), ownerCookie);
    expect(res.status).toBe(status);
    expect((await res.json()).error.message).toBe(message);
    expect(await pictureKeyOf(owner.userId)).toBe(keyBefore);
    expect(storedFiles()).toEqual(filesBefore);
  });

  const PAYLOAD = '<html><script>alert(document.cookie)</script></html>';
  const jpegComment = (jpeg: Buffer, text: string) => {
    const body = Buffer.from(text, 'latin1');
    const length = Buffer.alloc(2);
    length.writeUInt16BE(body.length + 2);
    // A COM segment right after the start-of-image marker.
    return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, body, jpeg.subarray(2)]);
  };
  it.each([
    [
      'a JPEG with a web page after its end',
      async () => Buffer.concat([await smallPhoto(), Buffer.from(PAYLOAD)]),
    ],
    ['a JPEG with script in a comment', async () => jpegComment(await smallPhoto(), PAYLOAD)],
    [
      'a PNG with script in a text chunk and a zip after it',
      async () =>
        Buffer.concat([
          await sharp({ create: { width: 40, height: 40, channels: 3, background: '#123456' } })
            .png()
            .withMetadata()
            .withExifMerge({ IFD0: { ImageDescription: PAYLOAD } })
            .toBuffer(),
          Buffer.from('PK\x03\x04 a zip archive could start here', 'latin1'),
        ]),
    ],
  ])('keeps only the picture of %s (a polyglot): re-encoded, nothing else stored', async (_, makeBytes) => {
    const bytes = await makeBytes();
    expect(bytes.includes(Buffer.from('<script'))).toBe(true);
    const res = await upload(owner.username, bytes, ownerCookie);
    expect(res.status).toBe(200);
    const { profilePictureUrl } = await res.json();
    const served = await server.request(profilePictureUrl);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const stored = Buffer.from(await served.arrayBuffer());
    expect((await sharp(stored).metadata()).format).toBe('jpeg');
    expect(stored.includes(Buffer.from('<script'))).toBe(false);
    expect(stored.includes(Buffer.from('PK\x03\x04', 'latin1'))).toBe(false);
  });

  it("refuses a picture for someone else's profile, and from a visitor", async () => {
    const other = await createAccount(server);
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#00f' } })
      .png()
      .toBuffer();
    const keyBefore = await pictureKeyOf(owner.userId);
    const forbidden = await upload(owner.username, png, await signInAs(server, other));
    expect(forbidden.status).toBe(403);
    expect((await upload(owner.username, png)).status).toBe(401);
    expect(await pictureKeyOf(owner.userId)).toBe(keyBefore);
    expect(await pictureKeyOf(other.userId)).toBeNull();
  });

  it('serves nothing outside the uploads folder', async () => {
    for (const probe of [
      '/uploads/..%2F..%2Fpackage.json',
      `/uploads/${owner.userId}/..%2F..%2F..%2Fpackage.json`,
      `/uploads/${'a'.repeat(32)}.jpg%2F..%2F..%2Fpackage.json`,
      `/uploads/..%2F${'a'.repeat(32)}.jpg`,
      '/uploads/x/1.png',
    ]) {
      expect((await server.request(probe)).status).toBe(404);
    }
  });

  it('gives picture addresses and keys that do not name the account, in every answer', async () => {
    const author = await createMember(server, { fullName: 'Pia Picture' });
    const viewer = await createMember(server);
    const uploaded = await upload(author.username, await smallPhoto(), author.cookie);
    expect(uploaded.status).toBe(200);
    const { profilePictureUrl } = await uploaded.json();
    const key = await pictureKeyOf(author.account.userId);
    expect(profilePictureUrl).not.toContain(author.account.userId);
    expect(key).not.toContain(author.account.userId);
    expect(key).toMatch(/^[0-9a-f]{32}\.jpg$/);

    const created = await callJson(server, 'POST', '/api/posts', author.cookie, {
      content: 'Hello, yearbook',
    });
    expect(created.status, created.text).toBe(201);
    const answers = {
      profile: await callJson(server, 'GET', `/api/profiles/${author.username}`, viewer.cookie),
      'profile posts': await callJson(server, 'GET', `/api/profiles/${author.username}/posts`, viewer.cookie),
      post: await callJson(server, 'GET', `/api/posts/${created.body.id}`, viewer.cookie),
      feed: await callJson(server, 'GET', '/api/posts?sort=newest', viewer.cookie),
      search: await callJson(server, 'GET', `/api/search/users?q=${author.username}`, viewer.cookie),
    };
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.status, name).toBe(200);
      expect(answer.text, name).toContain(profilePictureUrl);
      expect(answer.text, name).not.toContain(author.account.userId);
    }
    // The author's own session carries their id by design; its picture address does not.
    const session = await callJson(server, 'GET', '/api/session', author.cookie);
    expect(session.body.profile.profilePictureUrl).toBe(profilePictureUrl);
    expect(session.body.profile.profilePictureUrl).not.toContain(author.account.userId);
  });

  // Last: the server answers 413 before reading the body and closes that connection.
  it('refuses a file over 5 MB before reading it, storing nothing', async () => {
    const filesBefore = storedFiles();
    const res = await upload(owner.username, Buffer.alloc(5 * 1024 * 1024 + 1, 0xff), ownerCookie);
    expect(res.status).toBe(413);
    expect((await res.json()).error.message).toBe(
      'The photo is too large. Please choose an image under 5 MB.',
    );
    expect(storedFiles()).toEqual(filesBefore);
  });
});
