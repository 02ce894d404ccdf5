// Routes for the machine the server runs on only: the development mailbox (it holds every sign-in
// link and reset token) and the test fixtures' account routes (they make sessions for anyone).
import { getConnInfo } from '@hono/node-server/conninfo';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../app-error';
import type { AppEnv } from './context';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return /^127(\.\d{1,3}){3}$/.test(v4) || address === '::1';
}

/**
 * The connection's own peer must be this machine, and no proxy may have forwarded the request: a
 * reverse proxy on the same machine connects from loopback but speaks for someone else.
 * (TRUST_PROXY plays no part here: a forwarded address proves nothing about who may ask.)
 */
export function loopbackOnly(refusal: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    let peer: string | undefined;
    try {
      peer = getConnInfo(c).remote.address;
    } catch {
      peer = undefined;
    }
    const forwarded = ['forwarded', 'x-forwarded-for', 'x-real-ip'].some((name) => c.req.header(name));
    if (!isLoopbackAddress(peer) || forwarded) throw new AppError('forbidden', refusal);
    await next();
  });
}
