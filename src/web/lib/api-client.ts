// The one way the web app talks to the API: JSON in, JSON out, errors as types the UI can branch on.
// No zod here on purpose: this module is on the landing page's first load (see decision 002); answers
// whose shape matters are parsed with the shared schemas where they are cached (features/*/api).

export const CONNECTION_MESSAGE =
  "We're having trouble connecting to the server. Please check your internet connection.";

/** The server answered with an error; `message` is written for people (SPEC §8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The server could not be reached, or answered with something that is not our API. */
export class ConnectionError extends Error {
  constructor() {
    super(CONNECTION_MESSAGE);
    this.name = 'ConnectionError';
  }
}

/** What to tell someone whose request failed: `signedOut` for a 401 (SPEC §8), else the server's words. */
export function failureMessage(problem: unknown, signedOut: string): string {
  if (problem instanceof ApiError && problem.status === 401) return signedOut;
  return problem instanceof Error ? problem.message : String(problem);
}

interface ErrorBody {
  error?: { code?: string; message?: string };
  code?: string;
  message?: string;
}

/** Request headers and body: a Blob (an image upload) goes as it is, anything else as JSON. */
function encodeBody(body: unknown): { headers: Record<string, string>; body?: BodyInit } {
  if (body === undefined) return { headers: { accept: 'application/json' } };
  if (body instanceof Blob) {
    return { headers: { 'content-type': body.type || 'application/octet-stream' }, body };
  }
  return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

export async function apiRequest<T>(
  path: string,
  options: {
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    body?: unknown;
    /** A query's signal: cancelling the query (a sign-out, leaving the page) aborts the request. */
    signal?: AbortSignal;
  } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
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
  const body = (await response.json().catch(() => null)) as (T & ErrorBody) | null;
  if (response.ok && body !== null) return body;
  if (response.status >= 502 || body === null) throw new ConnectionError();
  // Our API answers {error: {code, message}}; better-auth's own routes answer {code, message}.
  const code = body.error?.code ?? body.code ?? 'error';
  const message = body.error?.message ?? body.message ?? 'Something went wrong. Please try again.';
  throw new ApiError(response.status, code, message);
}
