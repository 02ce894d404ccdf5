import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** The peer's address, for rate limits. Behind a proxy this becomes X-Forwarded-For (TRUST_PROXY). */
export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
