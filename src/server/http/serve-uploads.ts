// GET /uploads/{key}: pictures kept by the file storage driver (embedded mode). A key names one
// picture forever (a new picture gets a new key), so the ETag is the key itself.
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { AppError } from '../app-error';
import type { ObjectStorage } from '../platform/storage';
import { isPictureKey, OBJECT_CACHE_CONTROL, UPLOADS_PATH } from '../platform/storage';
import type { AppEnv } from './context';

export function serveUploads(storage: ObjectStorage): MiddlewareHandler<AppEnv> {
  return async (c) => {
    const key = c.req.path.slice(UPLOADS_PATH.length + 1);
    // Pictures only: a made book is private, handed out by its own route (features/book) alone.
    const object = isPictureKey(key) ? await storage.get(key, c.req.raw.signal) : null;
    if (!object) throw new AppError('not_found', 'This picture does not exist.');
    const etag = `"${createHash('sha1').update(key).digest('base64url')}"`;
    c.header('Cache-Control', OBJECT_CACHE_CONTROL);
    c.header('ETag', etag);
    if (c.req.header('if-none-match') === etag) return c.body(null, 304);
    c.header('Content-Type', object.contentType);
    return c.body(new Uint8Array(object.body));
  };
}
