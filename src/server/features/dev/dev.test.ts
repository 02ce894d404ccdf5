// The development mailbox: shows outgoing mail safely, to this machine only, and does not exist in
// production.
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../tests/support/test-server';
import { createMailer } from '../../platform/mail';

/** An address of this machine that is not loopback, if it has one. */
const externalAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;

describe('outside production', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Every interface, so the test can also come from outside loopback.
    server = await startTestServer({ hostname: '0.0.0.0' });
    const mailer = createMailer({ db: server.database.db, smtp: false });
    await mailer.send({
      to: 'a@example.com',
      subject: 'Older <b>mail</b>',
      text: 'first https://example.com/one',
      html: '',
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await mailer.send({
      to: 'b@example.com',
      subject: 'Newer',
      text: 'see https://example.com/two',
      html: '',
    });
  });
  afterAll(() => server.close());

  it('lists the outbox newest first with the links found in each mail', async () => {
    const res = await server.request('/api/dev/outbox');
    expect(res.status).toBe(200);
    const mails = await res.json();
    expect(mails.map((m: { to: string }) => m.to)).toEqual(['b@example.com', 'a@example.com']);
    expect(mails[0]).toMatchObject({ subject: 'Newer', links: ['https://example.com/two'] });
    expect(typeof mails[0].createdAt).toBe('string');
  });

  it('shows the mailbox page with mail text escaped and links clickable', async () => {
    const res = await server.request('/dev/mailbox');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Older &lt;b&gt;mail&lt;/b&gt;');
    expect(html).not.toContain('<b>mail</b>');
    expect(html).toContain('<a class="open" href="https://example.com/two">Open /two</a>');
    expect(html).toContain('<link rel="stylesheet" href="/dev/mailbox/mailbox.css">');
    const css = await server.request('/dev/mailbox/mailbox.css');
    expect(css.headers.get('content-type')).toContain('text/css');
    // Long token links must wrap on a phone instead of widening the page.
    expect(await css.text()).toContain('overflow-wrap:anywhere');
  });

  it('answers only on this machine: not to another address, nor through a proxy', async () => {
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      for (const path of ['/api/dev/outbox', '/dev/mailbox']) {
        const res = await server.request(path, { headers: { [header]: '203.0.113.9' } });
        expect(res.status, `${path} with ${header}`).toBe(403);
        expect((await res.json()).error.message).toContain('only on the machine the server runs on');
      }
    }
  });

  it.skipIf(!externalAddress)('refuses a client on another address of the network', async () => {
    const port = new URL(server.url).port;
    for (const path of ['/api/dev/outbox', '/dev/mailbox', '/dev/mailbox/mailbox.css']) {
      const res = await fetch(`http://${externalAddress}:${port}${path}`);
      expect(res.status, path).toBe(403);
      expect(await res.text()).not.toContain('example.com/two');
    }
    // The same server answers other routes to that client: the refusal is the mailbox's own.
    expect((await fetch(`http://${externalAddress}:${port}/api/health`)).status).toBe(200);
  });
});

describe('in production', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ settings: { NODE_ENV: 'production' } });
  });
  afterAll(() => server.close());

  it('has no outbox route', async () => {
    const res = await server.request('/api/dev/outbox');
    expect(res.status).toBe(404);
  });
});
