// The answers a server-rendered page was drawn with travel in the HTML as JSON, in a script element
// the browser does not run. Errors are written as their parts and made ApiErrors again here, so a
// page that showed "Post not found" on the server shows the same in the browser.
import type { DehydratedState } from '@tanstack/react-query';
import { ApiError } from './api-client';

export const PAGE_STATE_ID = 'page-state';

interface WrittenError {
  apiError: { status: number; code: string; message: string; field?: string };
}

function isWrittenError(value: unknown): value is WrittenError {
  return typeof value === 'object' && value !== null && 'apiError' in value;
}

/** The JSON text of `state`, safe inside a <script> element (no `<` can end it). */
export function writePageState(state: DehydratedState): string {
  const queries = state.queries.map((timed) => {
    // No clock readings: the browser times the answers itself (lib/query-client.ts), and a page drawn
    // from the same answers is then the same bytes (its ETag holds; nothing differs but the data).
    const query = {
      ...timed,
      dehydratedAt: 0,
      state: { ...timed.state, dataUpdatedAt: 0, errorUpdatedAt: 0 },
    };
    const error = query.state.error;
    if (!error) return query;
    const written: WrittenError | null =
      error instanceof ApiError
        ? { apiError: { status: error.status, code: error.code, message: error.message, field: error.field } }
        : null;
    // An error that is not the API's word (a failed connection) is not sent: the browser asks again.
    return written ? { ...query, state: { ...query.state, error: written, fetchFailureReason: null } } : null;
  });
  const json = JSON.stringify({ queries: queries.filter(Boolean), mutations: [] });
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function readPageState(document: Document): DehydratedState | null {
  const element = document.getElementById(PAGE_STATE_ID);
  if (!element?.textContent) return null;
  try {
    const state = JSON.parse(element.textContent) as DehydratedState;
    for (const query of state.queries) {
      const error: unknown = query.state.error;
      if (isWrittenError(error)) {
        const { status, code, message, field } = error.apiError;
        (query.state as { error: unknown }).error = new ApiError(status, code, message, field);
      }
    }
    return state;
  } catch {
    return null; // a page without usable answers still works: the queries ask the server
  }
}
