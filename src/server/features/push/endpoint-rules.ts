// Which push addresses the server will post to (issue #51). A subscription's endpoint is whatever a
// signed-in browser sends, and the server posts to it from inside the network it runs in: without
// rules, anyone with an account could make it post to a database port, a cloud metadata address or an
// admin page on the private network (server-side request forgery). So, in production:
// - when saved, the address must be https on the default port, with no user name in it, and name no
//   address of this machine or a private network, nor a name that only means something inside one
//   (localhost, .local, .internal, a name without a dot);
// - when sent, the name is resolved and every address it resolves to is checked again, at connect
//   time (a name may point somewhere else by then: DNS rebinding).
// Outside production (tests, development), or with PUSH_ALLOW_LOCAL_ENDPOINTS, this machine's
// addresses are allowed too, over http as well: a test runs its own push service on 127.0.0.1.
// Other private networks stay refused even then.
import dns from 'node:dns';
import net from 'node:net';
import { PUSH_MESSAGES } from '../../../shared/values/push';
import { AppError } from '../../app-error';

/** Addresses no push service has: this machine, private networks, and the reserved ranges. */
const PRIVATE = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(address, prefix, 'ipv6');
}

/** This machine's own addresses: allowed with local endpoints (a test's push service). */
const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Names that mean something only inside a network, never a push service's. */
const INTERNAL_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|localdomain)$/i;

export interface EndpointRules {
  /** This machine's addresses are allowed, over http too (tests, development). */
  local: boolean;
}

/** The address an IPv4-mapped IPv6 address stands for ("::ffff:10.0.0.1" is 10.0.0.1). */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return { address: mapped[1], family: 'ipv4' };
  return { address, family: net.isIPv4(address) ? 'ipv4' : 'ipv6' };
}

/** Whether the server may connect to this IP address under `rules`. */
export function addressAllowed(raw: string, rules: EndpointRules): boolean {
  const { address, family } = unmapped(raw);
  if (rules.local && LOOPBACK.check(address, family)) return true;
  return !PRIVATE.check(address, family);
}

/**
 * The endpoint as the server will post to it, or a 400 saying why it cannot be used. Checked when a
 * device subscribes and again before each push (the rules may have changed since).
 */
export function checkEndpoint(endpoint: string, rules: EndpointRules): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw refused();
  }
  if (url.username || url.password || url.hash) throw refused();
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = net.isIP(host) !== 0;
  const local =
    rules.local &&
    (literal ? LOOPBACK.check(unmapped(host).address, unmapped(host).family) : host === 'localhost');
  if (url.protocol !== 'https:' && !(local && url.protocol === 'http:')) throw refused();
  // Push services listen on 443: another port is more likely a service inside the network.
  if (url.port !== '' && !local) throw refused();
  if (literal) {
    if (!addressAllowed(host, rules)) throw refused();
  } else if (!local && (!host.includes('.') || INTERNAL_NAME.test(host))) {
    throw refused();
  }
  return url;
}

function refused() {
  return new AppError('validation_failed', PUSH_MESSAGES.badEndpoint, 'endpoint');
}

/** Thrown at connect time for a name that resolved to an address the rules refuse. */
export class RefusedAddressError extends Error {
  readonly code = 'EPUSHADDRESS';
  constructor(hostname: string, address: string) {
    super(`the push address ${hostname} resolved to ${address}, which is not on the internet`);
    this.name = 'RefusedAddressError';
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for the push requests' sockets: dns.lookup, with every address it answers checked
 * against the rules before the socket connects to it.
 */
export function guardedLookup(rules: EndpointRules) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refusedOne = addresses.find((entry) => !addressAllowed(entry.address, rules));
      if (refusedOne) return callback(new RefusedAddressError(hostname, refusedOne.address), []);
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      if (!first)
        return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}
