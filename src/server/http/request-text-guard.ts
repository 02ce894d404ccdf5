// Text that can never be stored, refused at the door of the API. PostgreSQL's text type cannot hold the
// NUL character (it fails the query: a 500), and a lone UTF-16 surrogate is not Unicode at all (some
// libraries throw on it). Every route and better-auth's own endpoints would each have to remember
// this; here it is checked once, in the address, the query string and the body (every string of a
// JSON body, keys included; a form body decoded), before any route runs. Text bodies are also capped
// in size: nothing the API takes is near 64 KB, and an unbounded body would be read into memory whole.
import type { MiddlewareHandler } from 'hono';
import { AppError } from '../app-error';
import type { AppEnv } from './context';

export const TEXT_BODY_MAX_BYTES = 64 * 1024;

export const UNSTORABLE_TEXT_MESSAGE =
  'The request contains characters that cannot be stored (a null character or broken Unicode).';

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when a decoded string holds NUL or a lone surrogate. */
function isUnstorable(text: string): boolean {
  return UNSTORABLE.test(text);
}

/** Percent-decoding that leaves malformed sequences as they are (they cannot become NUL). */
function decodeLeniently(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The parsed body, or undefined when it is not JSON (the route answers that in its own words). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function holdsUnstorable(value: unknown): boolean {
  if (typeof value === 'string') return isUnstorable(value);
  if (Array.isArray(value)) return value.some(holdsUnstorable);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, inner]) => isUnstorable(key) || holdsUnstorable(inner));
  }
  return false;
}

export function requestTextGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const address = `${url.pathname}${url.search}`.replace(/\+/g, ' ');
    if (isUnstorable(decodeLeniently(address))) throw new AppError('bad_request', UNSTORABLE_TEXT_MESSAGE);

    // GET and HEAD have no body (the server does not give them one): their raw request is not even
    // built, which is most of this guard's cost on reads (issue #25).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const type = c.req.header('content-type') ?? '';
    // Pictures are bytes, checked by their own route; every other body is text.
    if (c.req.raw.body && !/^(image\/|application\/octet-stream)/i.test(type)) {
      // Read from a copy, so the route (or better-auth, which reads the raw request) still has it.
      const text =
        Number(c.req.header('content-length') ?? 0) > TEXT_BODY_MAX_BYTES
          ? null
          : await readTextUpTo(c.req.raw.clone(), TEXT_BODY_MAX_BYTES);
      if (text === null) {
        // Refused unread: the rest of the body is still on the connection, so it cannot carry another
        // request; the client is told to open a new one.
        c.header('Connection', 'close');
        throw new AppError(
          'payload_too_large',
          `The request is too large: at most ${TEXT_BODY_MAX_BYTES / 1024} KB.`,
        );
      }
      const form = /^application\/x-www-form-urlencoded/i.test(type);
      if (
        isUnstorable(form ? decodeLeniently(text.replace(/\+/g, ' ')) : text) ||
        holdsUnstorable(parseJson(text))
      ) {
        throw new AppError('bad_request', UNSTORABLE_TEXT_MESSAGE);
      }
    }
    await next();
  };
}

/**
 * The body as text, or null once it passes `max` bytes: a body sent without Content-Length (chunked)
 * is read only that far, never whole.
 */
async function readTextUpTo(request: Request, max: number): Promise<string | null> {
  const reader = (request.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks).toString('utf8');
    size += value.byteLength;
    if (size > max) {
      // Not awaited: a copy's cancel settles only once the original is done with too (streams spec,
      // tee). From now on the copy keeps nothing of what the original reads.
      void reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
}
