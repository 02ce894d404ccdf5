// Object storage for uploaded pictures. The database keeps an object's key, never its bytes; the
// driver keeps the bytes. A key is 128 random bits ({32 hex}.jpg) and says nothing about whose
// picture it is: its address is public and must not link an anonymous post to an account. Embedded
// mode keeps them as files under DATA_DIR/uploads and the app serves them at /uploads/{key};
// production mode (S3_BUCKET) swaps in an S3-compatible bucket behind the same interface.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ServiceException,
} from '@aws-sdk/client-s3';
import { PHOTO_CACHE_SECONDS } from '../../shared/limits';
import type { S3Settings } from '../config';
import { type DependencyHealth, describeFailure } from './dependency-health';
import { ClientGoneError, deadlineSignal, serviceTrouble } from './outbound-calls';

/** SPEC §7: pictures are served with cache control 3600. Keys never change content, only appear and go. */
export const OBJECT_CACHE_CONTROL = `public, max-age=${PHOTO_CACHE_SECONDS}`;

export interface StoredObject {
  body: Buffer;
  contentType: string;
}

/** A stored object read as a stream (a made book: never the whole file in memory). */
export interface StoredStream {
  body: Readable;
  size: number;
  contentType: string;
}

/** Made books (issue #52) are private: no cache but the requester's own, and never a shared one. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/**
 * Every call is given up after the storage's timeout (S3_TIMEOUT_MS) with a 503 AppError
 * (outbound-calls.ts), and sooner when `signal` aborts (the request's client went away:
 * ClientGoneError); a call given up may still have been done by the bucket.
 */
export interface ObjectStorage {
  put(key: string, body: Buffer, contentType: string, signal?: AbortSignal): Promise<void>;
  /** The object, or null when there is none under that key. */
  get(key: string, signal?: AbortSignal): Promise<StoredObject | null>;
  /** Removing a key that is not there is not an error. */
  remove(key: string, signal?: AbortSignal): Promise<void>;
  /** Where browsers load the object from (pictures; a book's file is served by its own route). */
  publicUrl(key: string): string;
  /**
   * Stores the file at `file` under `key` from disk, a part at a time (a made book), with private cache
   * headers: it is only ever handed out by the app to whom may read it.
   */
  putFile(key: string, file: string, contentType: string, signal?: AbortSignal): Promise<void>;
  /** The object as a stream with its size, or null when there is none under that key. */
  open(key: string, signal?: AbortSignal): Promise<StoredStream | null>;
}

// Keys are made by the server; anything else (a "..", a slash, another name) is refused before it
// can name a path. New keys are one segment of lowercase hex (lowercase: a case-insensitive disk
// cannot fold two keys into one). Legacy keys ({userId}/{timestamp}.jpg, which gave the user id away)
// always hold a slash, so the two shapes never meet; they stay readable and removable until
// `rekeyLegacyPictures` (features/profiles) has moved every one of them.
const PHOTO_KEY_PATTERN = /^[0-9a-f]{32}\.jpg$/;
const LEGACY_KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}\/[0-9]{1,20}\.jpg$/;

// A made book's PDF (issue #52): random too, in a folder of its own, never served at /uploads.
const BOOK_KEY_PATTERN = /^books\/[0-9a-f]{32}\.pdf$/;

export function isValidObjectKey(key: string): boolean {
  return PHOTO_KEY_PATTERN.test(key) || LEGACY_KEY_PATTERN.test(key) || BOOK_KEY_PATTERN.test(key);
}

/** A picture's key (what /uploads serves), not a book's. */
export function isPictureKey(key: string): boolean {
  return PHOTO_KEY_PATTERN.test(key) || LEGACY_KEY_PATTERN.test(key);
}

/** A key for a new book's PDF. */
export function newBookKey(): string {
  return `books/${randomBytes(16).toString('hex')}.pdf`;
}

/** A key of the old shape, which names its owner's user id. */
export function isLegacyObjectKey(key: string): boolean {
  return LEGACY_KEY_PATTERN.test(key);
}

/** A key for a new picture: random, so neither its owner nor its moment can be read from it. */
export function newPhotoKey(): string {
  return `${randomBytes(16).toString('hex')}.jpg`;
}

const CONTENT_TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.pdf': 'application/pdf' };

export const UPLOADS_PATH = '/uploads';

/** Files under `root`, written to a temporary name and renamed, so a reader never sees half a file. */
export function createFileStorage(root: string): ObjectStorage {
  const fileOf = (key: string) => {
    if (!isValidObjectKey(key)) throw new Error(`invalid object key: ${key}`);
    return path.join(root, ...key.split('/'));
  };
  /** Writes `key` whole or not at all: into a temporary file beside it, then renamed over it. */
  const writeWhole = async (key: string, write: (temporary: string) => Promise<void>) => {
    const file = fileOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await write(temporary);
    await fs.rename(temporary, file);
  };
  return {
    put: (key, body) => writeWhole(key, (temporary) => fs.writeFile(temporary, body)),
    async get(key) {
      if (!isValidObjectKey(key)) return null;
      try {
        const body = await fs.readFile(fileOf(key));
        return { body, contentType: CONTENT_TYPES[path.extname(key)] ?? 'application/octet-stream' };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      if (!isValidObjectKey(key)) return;
      const file = fileOf(key);
      await fs.rm(file, { force: true });
      // A legacy key's folder is named after its owner and gets no new files: once empty, it goes.
      if (isLegacyObjectKey(key)) await fs.rmdir(path.dirname(file)).catch(() => {});
    },
    publicUrl: (key) => `${UPLOADS_PATH}/${key}`,
    putFile: (key, source) => writeWhole(key, (temporary) => fs.copyFile(source, temporary)),
    async open(key) {
      if (!isValidObjectKey(key)) return null;
      const file = fileOf(key);
      try {
        const handle = await fs.open(file);
        const { size } = await handle.stat();
        return {
          body: createReadStream(file, { fd: handle }),
          size,
          contentType: CONTENT_TYPES[path.extname(key)] ?? 'application/octet-stream',
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2, Spaces, ...). Objects carry their content type and the
 * cache header, so a public bucket or a CDN in front of it (S3_PUBLIC_URL) serves them as the app
 * would; without S3_PUBLIC_URL the app reads them from the bucket and serves them at /uploads/{key}.
 * `dependencies` hears of every call as 'storage': a bucket in trouble (the 503s) as a failure, any
 * answer of the bucket as a success; while it is down, a HEAD of a key that is not there asks
 * whether it answers again (any answer but a 5xx: a 404, or a 403 to a key without s3:ListBucket).
 */
export function createS3Storage(settings: S3Settings, dependencies?: DependencyHealth): ObjectStorage {
  const client = new S3Client({
    // Each attempt's connection and silence are bounded too (the SDK retries a failed attempt); the
    // deadline below bounds the whole call, retries included.
    requestHandler: { connectionTimeout: settings.timeoutMs, requestTimeout: settings.timeoutMs },
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 demands them: several S3-compatible services refuse the newer headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const checked = (key: string) => {
    if (!isValidObjectKey(key)) throw new Error(`invalid object key: ${key}`);
    return key;
  };
  /**
   * Runs one call under the deadline; a timeout or an unreachable bucket becomes the 503, and tells
   * `dependencies` (logged there once per outage, not here per call).
   */
  async function withDeadline<T>(
    signal: AbortSignal | undefined,
    call: (abortSignal: AbortSignal) => Promise<T>,
  ) {
    const deadline = deadlineSignal(settings.timeoutMs, signal);
    try {
      const result = await call(deadline);
      dependencies?.succeeded('storage');
      return result;
    } catch (error) {
      if (signal?.aborted) throw new ClientGoneError();
      if (bucketInTrouble(error)) {
        // The SDK says only "Request aborted" when the deadline ends the call: the log says which.
        const cause = deadline.aborted
          ? { code: 'TimeoutError', message: `no answer within S3_TIMEOUT_MS (${settings.timeoutMs} ms)` }
          : describeFailure(error);
        dependencies?.failed('storage', cause);
        throw serviceTrouble('storage', error);
      }
      // A refusal (a 404, a 403) is an answer: the bucket is there.
      if ((error as S3ServiceException).$metadata?.httpStatusCode) dependencies?.succeeded('storage');
      throw error;
    }
  }
  dependencies?.probeWhileDown('storage', async () => {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: newPhotoKey() }), {
        abortSignal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      if (bucketInTrouble(error)) throw error;
    }
  });
  return {
    async put(key, body, contentType, signal) {
      const command = new PutObjectCommand({
        Bucket,
        Key: checked(key),
        Body: body,
        ContentType: contentType,
        CacheControl: OBJECT_CACHE_CONTROL,
      });
      await withDeadline(signal, (abortSignal) => client.send(command, { abortSignal }));
    },
    async get(key, signal) {
      if (!isValidObjectKey(key)) return null;
      try {
        return await withDeadline(signal, async (abortSignal) => {
          const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }), { abortSignal });
          if (!answer.Body) return null;
          return {
            body: Buffer.from(await answer.Body.transformToByteArray()),
            contentType: answer.ContentType ?? CONTENT_TYPES[path.extname(key)] ?? 'application/octet-stream',
          };
        });
      } catch (error) {
        if (error instanceof NoSuchKey || (error as S3ServiceException).$metadata?.httpStatusCode === 404) {
          return null;
        }
        throw error;
      }
    },
    async remove(key, signal) {
      if (!isValidObjectKey(key)) return;
      const command = new DeleteObjectCommand({ Bucket, Key: key });
      await withDeadline(signal, (abortSignal) => client.send(command, { abortSignal }));
    },
    publicUrl: (key) => (settings.publicUrl ? `${settings.publicUrl}/${key}` : `${UPLOADS_PATH}/${key}`),
    async putFile(key, file, contentType, signal) {
      const { size } = await fs.stat(file);
      // One PUT of a stream with its length (a book is tens of MB at most: S3's single PUT takes 5 GB).
      // The deadline is the storage's own, stretched by the size: a slow link is not an outage.
      await withDeadline(signal, (abortSignal) =>
        client.send(
          new PutObjectCommand({
            Bucket,
            Key: checked(key),
            Body: createReadStream(file),
            ContentLength: size,
            ContentType: contentType,
            CacheControl: PRIVATE_CACHE_CONTROL,
          }),
          { abortSignal },
        ),
      );
    },
    async open(key, signal) {
      if (!isValidObjectKey(key)) return null;
      try {
        return await withDeadline(signal, async (abortSignal) => {
          const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }), { abortSignal });
          if (!answer.Body) return null;
          return {
            body: answer.Body as Readable,
            size: answer.ContentLength ?? 0,
            contentType: answer.ContentType ?? CONTENT_TYPES[path.extname(key)] ?? 'application/octet-stream',
          };
        });
      } catch (error) {
        if (error instanceof NoSuchKey || (error as S3ServiceException).$metadata?.httpStatusCode === 404) {
          return null;
        }
        throw error;
      }
    },
  };
}

/**
 * The bucket did not answer in time, could not be reached, or answered with its own failure (5xx,
 * SlowDown): its trouble, told as a 503. A refusal of the request itself (403, 400) stays our bug.
 */
function bucketInTrouble(error: unknown): boolean {
  const { name, code, $metadata } = (error ?? {}) as {
    name?: string;
    code?: string;
    $metadata?: { httpStatusCode?: number };
  };
  if (name === 'AbortError' || name === 'TimeoutError') return true;
  if (code && ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN'].includes(code)) {
    return true;
  }
  return ($metadata?.httpStatusCode ?? 0) >= 500;
}
