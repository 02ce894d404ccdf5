// The addresses the server will post pushes to (issue #51): push services on the internet only, so a
// subscription cannot make the server call into its own network (server-side request forgery).
import dns from 'node:dns';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUSH_MESSAGES } from '../../../shared/values/push';
import { addressAllowed, checkEndpoint, guardedLookup, RefusedAddressError } from './endpoint-rules';

const production = { local: false };
const tests = { local: true };

const refusal = (endpoint: string, rules = production) => {
  try {
    checkEndpoint(endpoint, rules);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('a push address, when a device subscribes', () => {
  it("is a push service's https address on the default port", () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
      'https://93.184.216.34/push',
    ]) {
      expect(refusal(endpoint), endpoint).toBeNull();
    }
  });

  it('is refused in production when it could reach this machine or a private network', () => {
    for (const endpoint of [
      'http://push.example.com/x',
      'https://push.example.com:8443/x',
      'https://localhost/x',
      'https://app.localhost/x',
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://172.16.0.1/x',
      'https://192.168.0.10/x',
      'https://100.64.0.1/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://0.0.0.0/x',
      'https://[::1]/x',
      'https://[::ffff:10.0.0.1]/x',
      'https://[fd12:3456::1]/x',
      'https://[fe80::1]/x',
      'https://metadata.google.internal/x',
      'https://nas.local/x',
      'https://router.home.arpa/x',
      'https://intranet/x',
      'https://user:pass@push.example.com/x',
      'https://push.example.com/x#fragment',
      'ftp://push.example.com/x',
      'file:///etc/passwd',
      'not an address',
    ]) {
      expect(refusal(endpoint), endpoint).toBe(PUSH_MESSAGES.badEndpoint);
    }
  });

  it("outside production takes this machine's own addresses, over http too, and still no private network", () => {
    expect(refusal('http://127.0.0.1:4000/device/1', tests)).toBeNull();
    expect(refusal('http://localhost:4000/device/1', tests)).toBeNull();
    expect(refusal('http://[::1]:4000/device/1', tests)).toBeNull();
    expect(refusal('http://10.0.0.5:4000/device/1', tests)).toBe(PUSH_MESSAGES.badEndpoint);
    expect(refusal('http://push.example.com/x', tests)).toBe(PUSH_MESSAGES.badEndpoint);
  });
});

describe('a push address, when a push is sent', () => {
  afterEach(() => vi.restoreAllMocks());

  const lookUp = (hostname: string, rules: { local: boolean }, all = false) =>
    new Promise<{ error: Error | null; address: unknown }>((resolve) =>
      guardedLookup(rules)(hostname, { all }, (error, address) => resolve({ error, address })),
    );

  it('connects only to addresses on the internet, whatever the name resolves to now', async () => {
    vi.spyOn(dns, 'lookup').mockImplementation(((
      hostname: string,
      _options: unknown,
      callback: (error: null, addresses: dns.LookupAddress[]) => void,
    ) => {
      const answers: Record<string, dns.LookupAddress[]> = {
        'push.example.com': [{ address: '93.184.216.34', family: 4 }],
        'rebound.example.com': [
          { address: '93.184.216.34', family: 4 },
          { address: '10.0.0.8', family: 4 },
        ],
        'loopback.example.com': [{ address: '::1', family: 6 }],
      };
      callback(null, answers[hostname] ?? []);
    }) as unknown as typeof dns.lookup);
    expect(await lookUp('push.example.com', production)).toEqual({ error: null, address: '93.184.216.34' });
    expect(await lookUp('push.example.com', production, true)).toEqual({
      error: null,
      address: [{ address: '93.184.216.34', family: 4 }],
    });
    const rebound = await lookUp('rebound.example.com', production);
    expect(rebound.error).toBeInstanceOf(RefusedAddressError);
    expect((await lookUp('loopback.example.com', production)).error).toBeInstanceOf(RefusedAddressError);
    expect((await lookUp('loopback.example.com', tests)).error).toBeNull();
  });

  it('judges mapped and special addresses by what they stand for', () => {
    expect(addressAllowed('::ffff:127.0.0.1', production)).toBe(false);
    expect(addressAllowed('::ffff:127.0.0.1', tests)).toBe(true);
    expect(addressAllowed('::ffff:8.8.8.8', production)).toBe(true);
    expect(addressAllowed('2001:4860:4860::8888', production)).toBe(true);
    expect(addressAllowed('64:ff9b::a00:1', production)).toBe(false);
    expect(addressAllowed('255.255.255.255', production)).toBe(false);
  });
});
