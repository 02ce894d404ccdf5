// TRUST_PROXY decides whose word the client address is: the connection's peer, or the entry a trusted
// proxy appended to X-Forwarded-For. Entries a client wrote itself are never believed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/support/test-server';
import { clientAddress } from './client-address';

async function addressSeenBy(server: TestServer, forwardedFor?: string) {
  const res = await server.request('/api/__test/address', {
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  return res.text();
}

function serverWith(trustProxy: string) {
  return startTestServer({
    settings: { TRUST_PROXY: trustProxy },
    extend: (app) => app.get('/api/__test/address', (c) => c.text(clientAddress(c))),
  });
}

describe('with no proxy in front (TRUST_PROXY=0)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await serverWith('0');
  });
  afterAll(() => server.close());

  it('uses the peer address and ignores a forged X-Forwarded-For', async () => {
    expect(await addressSeenBy(server)).toBe('127.0.0.1');
    expect(await addressSeenBy(server, '203.0.113.9')).toBe('127.0.0.1');
  });
});

describe('behind two proxies (TRUST_PROXY=2)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await serverWith('2');
  });
  afterAll(() => server.close());

  it('takes the address the outer proxy saw, not what the client claimed before it', async () => {
    expect(await addressSeenBy(server, '198.51.100.7, 203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
  });

  it('takes the leftmost entry when the chain is shorter, and the peer when there is none', async () => {
    expect(await addressSeenBy(server, '203.0.113.9')).toBe('203.0.113.9');
    expect(await addressSeenBy(server)).toBe('127.0.0.1');
  });
});
