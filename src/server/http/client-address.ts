import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';

/**
 * Who is asking, for rate limits and logs. Without proxies (TRUST_PROXY=0) it is the connection's peer
 * and X-Forwarded-For is ignored, since anyone can send it. Behind N proxies each appends the address
 * it received from, so the client is the Nth entry from the right; entries further left were written
 * by the client itself and prove nothing.
 */
export function resolveClientAddress(trustProxy: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('clientAddress', addressOf(c, trustProxy));
    await next();
  };
}

export function addressOf(c: Context, trustProxy: number): string {
  if (trustProxy > 0) {
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const entry = forwarded[Math.max(0, forwarded.length - trustProxy)];
    if (entry) return entry;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The address resolveClientAddress found for this request. */
export function clientAddress(c: Context<AppEnv>): string {
  return c.get('clientAddress') ?? addressOf(c, 0);
}
