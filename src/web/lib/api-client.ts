// The one way the web app talks to the API: JSON in, JSON out, errors as types the UI can branch on.
// An answer is typed by the shared contract the caller names (`apiRequest<Post>(...)`): the server
// builds it to the same schema, and the browser does not parse it again (decision 013: zod stays off
// the pages people open from a link). A caller that must tell our API from anything else answering
// (the account calls) passes a small `schema` of its own.

export const CONNECTION_MESSAGE =
  "We're having trouble connecting to the server. Please check your internet connection.";

/**
 * The server answered with an error; `message` is written for people (SPEC §8), and `field`, when
 * the server names one, is the request field it is about (for a form to put the message under it).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** The error answer's fields as they came, for a caller that knows more of them (a rethink's reasons). */
    readonly detail?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The server could not be reached, or answered with something that is not our API; or (`status` 502
 * and up) it answered that it, or a service behind it, is in trouble, with its own words and its
 * Retry-After (seconds) when it gave them.
 */
export class ConnectionError extends Error {
  constructor(
    readonly status = 0,
    readonly retryAfter?: string | null,
    message?: string,
  ) {
    super(message || CONNECTION_MESSAGE);
    this.name = 'ConnectionError';
  }
}

/** Said when this browser learns that its session ended elsewhere (features/auth/signed-out-elsewhere.ts). */
export const SIGNED_OUT_MESSAGE = 'You were signed out';

/**
 * What to announce when an action failed: a rate-limit refusal says when to try again (the server's
 * words); a 401, that the session ended (the app reacts to it as to any sign-out, and says the same:
 * a like refused then is not "failled to register the like", issue #51); any other failure, `fallback`
 * (the spec's message for that action).
 */
export function refusalMessage(problem: unknown, fallback: string): string {
  if (!(problem instanceof ApiError)) return fallback;
  if (problem.status === 429) return problem.message;
  return problem.status === 401 ? SIGNED_OUT_MESSAGE : fallback;
}

/** What to tell someone whose request failed: `signedOut` for a 401 (SPEC §8), else the server's words. */
export function failureMessage(problem: unknown, signedOut: string): string {
  if (problem instanceof ApiError && problem.status === 401) return signedOut;
  return problem instanceof Error ? problem.message : String(problem);
}

/** How a request reaches the API: the browser's fetch; the server, rendering a page, calls itself. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (path, init) => fetch(path, init);

/**
 * The server's page renderer sends the app's requests into the server itself (entry-server.tsx); the
 * browser's watch for a session ended elsewhere wraps the one in place. Answers the one replaced.
 */
export function setApiTransport(next: ApiTransport): ApiTransport {
  const previous = transport;
  transport = next;
  return previous;
}

interface ErrorBody {
  error?: { code?: string; message?: string; field?: string };
  code?: string;
  message?: string;
}

/** A check of an answer's shape; it throws when the answer is not what the caller can use. */
export interface AnswerSchema<T> {
  parse(data: unknown): T;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A query's signal: cancelling the query (a sign-out, leaving the page) aborts the request. */
  signal?: AbortSignal;
}

/** Request headers and body: a Blob (an image upload) goes as it is, anything else as JSON. */
function encodeBody(body: unknown): { headers: Record<string, string>; body?: BodyInit } {
  if (body === undefined) return { headers: { accept: 'application/json' } };
  if (body instanceof Blob) {
    return { headers: { 'content-type': body.type || 'application/octet-stream' }, body };
  }
  return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

/**
 * Sends a request to our API and answers with its JSON as `T` (`unknown` when the caller does not read
 * it), checked by `schema` when one is given. Throws ApiError for an error answer and ConnectionError
 * when the server cannot be reached or answers with something that is not our API.
 */
export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions & { schema?: AnswerSchema<T> } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await transport(path, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      signal: options.signal,
      ...encodeBody(options.body),
    });
  } catch {
    throw new ConnectionError();
  }
  // 204: done, nothing to say (a delete).
  if (response.status === 204) return undefined as T;
  const body = (await response.json().catch(() => null)) as ErrorBody | null;
  if (response.ok && body !== null) return options.schema ? options.schema.parse(body) : (body as T);
  if (response.status >= 502) {
    throw new ConnectionError(response.status, response.headers.get('retry-after'), body?.error?.message);
  }
  if (body === null) throw new ConnectionError();
  // Our API answers {error: {code, message, field?}}; better-auth's own routes answer {code, message}.
  const code = body.error?.code ?? body.code ?? 'error';
  const message = body.error?.message ?? body.message ?? 'Something went wrong. Please try again.';
  throw new ApiError(response.status, code, message, body.error?.field, body.error);
}
