// The dashboard notice over HTTP: anyone reads it, only admins write it, bad input changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signInAs } from '../../../../tests/support/accounts';
import { startTestServer, type TestServer } from '../../../../tests/support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function putNotice(cookie: string | undefined, body: unknown) {
  return server.request('/api/admin/notice', {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

const readNotice = async () => (await server.request('/api/notice')).json();

describe('the dashboard notice', () => {
  it('shows nothing until an admin writes one', async () => {
    expect(await readNotice()).toEqual({ show: false, title: '', badge: '', content: [] });
  });

  it('an admin writes it and everyone reads it, blank paragraphs dropped', async () => {
    const admin = await signInAs(server, await createAccount(server, { userType: 'admin' }));
    const notice = { show: true, title: ' Exam week ', badge: 'Info', content: ['Library open 24/7.', '  '] };
    const res = await putNotice(admin, notice);
    expect(res.status).toBe(200);
    expect(await readNotice()).toEqual({
      show: true,
      title: 'Exam week',
      badge: 'Info',
      content: ['Library open 24/7.'],
    });
  });

  it.each([
    ['a visitor', undefined, 401],
    ['an ordinary user', 'ordinary', 403],
    ['a moderator', 'moderator', 403],
  ] as const)('refuses %s and changes nothing', async (_, userType, status) => {
    const before = await readNotice();
    const cookie = userType ? await signInAs(server, await createAccount(server, { userType })) : undefined;
    const res = await putNotice(cookie, { show: true, title: 'Hijacked', badge: '', content: [] });
    expect(res.status).toBe(status);
    expect(await readNotice()).toEqual(before);
  });

  it.each([
    [{ show: 'yes', title: 'x', badge: '', content: [] }, 'Say whether the notice is shown (true or false).'],
    [
      { show: true, title: 'x'.repeat(101), badge: '', content: [] },
      'The title can be at most 100 characters.',
    ],
    [
      { show: true, title: 'x', badge: '', content: Array(11).fill('p') },
      'A notice can have at most 10 paragraphs.',
    ],
    [
      { show: true, title: '', badge: '', content: [] },
      'A notice that is shown needs a title or a paragraph.',
    ],
    [{ show: true, title: 'x', badge: '', content: [], extra: 1 }, 'Unrecognized key: "extra"'],
  ])('refuses %j with a clear message', async (body, message) => {
    const admin = await signInAs(server, await createAccount(server, { userType: 'admin' }));
    const before = await readNotice();
    const res = await putNotice(admin, body);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(message);
    expect(await readNotice()).toEqual(before);
  });
});
