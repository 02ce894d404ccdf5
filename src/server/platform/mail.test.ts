// The SMTP driver against a local SMTP server, alone and inside the app: with SMTP_URL set, account
// mail goes out through SMTP from MAIL_FROM and nothing lands in the development outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../tests/support/accounts';
import { startTestSmtp, type TestSmtp } from '../../../tests/support/smtp-server';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { startTestServer } from '../../../tests/support/test-server';
import { createMailer, listOutbox } from './mail';

let smtp: TestSmtp;
let database: TestDatabase;
beforeAll(async () => {
  smtp = await startTestSmtp();
  database = await createTestDatabase();
});
afterAll(async () => {
  await smtp.close();
  await database.destroy();
});

describe('SMTP mailer', () => {
  it('delivers a message with its sender, recipient, subject and both bodies', async () => {
    const mailer = createMailer({ db: database.db, smtpUrl: smtp.url, from: 'Yearbook <ops@yearbook.test>' });
    expect(mailer.kind).toBe('smtp');
    const before = smtp.received.length;
    await mailer.send({
      to: 'ana@vitstudent.ac.in',
      subject: 'Hello from the yearbook',
      text: 'Plain words, and a link: https://yearbook.test/x?a=1',
      html: '<p>Plain words</p>',
    });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail?.from).toBe('ops@yearbook.test');
    expect(mail?.to).toEqual(['ana@vitstudent.ac.in']);
    expect(mail?.text).toContain('Subject: Hello from the yearbook');
    expect(mail?.text).toContain('https://yearbook.test/x?a=1');
    expect(mail?.text).toContain('<p>Plain words</p>');
    expect(await listOutbox(database.db)).toEqual([]);
  });

  it('rejects when the SMTP server cannot be reached, so the caller knows the mail did not go', async () => {
    const mailer = createMailer({ db: database.db, smtpUrl: 'smtp://127.0.0.1:1', from: 'x@yearbook.test' });
    await expect(
      mailer.send({ to: 'a@b.test', subject: 's', text: 't', html: '<p>t</p>' }),
    ).rejects.toThrow();
  });
});

describe('the app with SMTP_URL', () => {
  it('sends the password-reset mail through SMTP with a link to PUBLIC_URL, and keeps no outbox', async () => {
    const server = await startTestServer({
      settings: { SMTP_URL: smtp.url, MAIL_FROM: 'Campus Yearbook <no-reply@yearbook.test>' },
    });
    try {
      const account = await createAccount(server);
      const before = smtp.received.length;
      const res = await server.request('/api/auth/request-password-reset', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: account.email, redirectTo: '/reset-password' }),
      });
      expect(res.status).toBe(200);
      const [mail] = (await smtp.waitFor(before + 1)).slice(before);
      expect(mail?.to).toEqual([account.email]);
      expect(mail?.from).toBe('no-reply@yearbook.test');
      expect(mail?.text).toContain('Subject: Reset your Campus Yearbook password');
      expect(mail?.text).toContain(`${server.url}/api/auth/reset-password/`);
      expect(await listOutbox(server.database.db)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
