// What an action's refusal says (refusalMessage): the server's words for a rate limit, the sign-out
// for a session that ended elsewhere, and the spec's message for that action otherwise.
import { describe, expect, it } from 'vitest';
import { POST_MESSAGES } from '../../shared/values/posts';
import { ApiError, ConnectionError, refusalMessage, SIGNED_OUT_MESSAGE } from './api-client';

describe('refusalMessage', () => {
  const fallback = POST_MESSAGES.likeFailed;

  it('says "You were signed out" for a 401, not the action\'s failure (issue #51)', () => {
    expect(SIGNED_OUT_MESSAGE).toBe('You were signed out');
    expect(refusalMessage(new ApiError(401, 'unauthorized', 'Not signed in.'), fallback)).toBe(
      SIGNED_OUT_MESSAGE,
    );
  });

  it("gives a rate limit's own words, and the spec's message for anything else", () => {
    const limited = 'Too many likes at once. Please try again in 40 seconds.';
    expect(refusalMessage(new ApiError(429, 'rate_limited', limited), fallback)).toBe(limited);
    expect(refusalMessage(new ApiError(404, 'not_found', 'Post not found.'), fallback)).toBe(fallback);
    expect(refusalMessage(new ApiError(403, 'forbidden', 'No.'), fallback)).toBe(fallback);
    expect(refusalMessage(new ConnectionError(), fallback)).toBe(fallback);
    expect(refusalMessage(new TypeError('Failed to fetch'), fallback)).toBe(fallback);
  });
});
