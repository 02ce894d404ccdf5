// What the server asks the API for before it draws a page (issue #45): the page's first data, read
// from the one route table (so /ADMIN/log is the moderation log, never post "log" by "ADMIN"), and
// behind a gate only for whom the gate will show the page (the reports queue is not asked for a
// member). The API here answers every request with a session and records what was asked.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionPermissions } from '../../shared/auth';
import { setApiTransport } from '../lib/api-client';
import { loadPageData } from './page-data';

const NONE: SessionPermissions = {
  manageReports: false,
  reviewAsklines: false,
  manageUsers: false,
  editNotice: false,
  readModerationLog: false,
  manageWordLists: false,
  makeClassBooks: false,
};
const session = (permissions: Partial<SessionPermissions> | null) => ({
  user: permissions ? { id: 'user_1', email: 'asha@vitc.example', emailVerified: true } : null,
  profile: permissions
    ? {
        username: 'asha_r',
        fullName: 'Asha R',
        userType: 'ordinary',
        profilePictureUrl: null,
        permissions: { ...NONE, ...permissions },
      }
    : null,
  needsProfileSetup: false,
});

let restore: ReturnType<typeof setApiTransport> | null = null;
afterEach(() => {
  if (restore) setApiTransport(restore);
});

/** The API paths asked for while loading `address` for someone with `permissions` (null: a visitor). */
async function askedFor(address: string, permissions: Partial<SessionPermissions> | null): Promise<string[]> {
  const asked: string[] = [];
  restore = setApiTransport(async (path) => {
    asked.push(path.split('?')[0] ?? path);
    const body = path.startsWith('/api/session') ? session(permissions) : { error: 'not here' };
    return new Response(JSON.stringify(body), {
      status: path.startsWith('/api/session') ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await loadPageData(client, new URL(address, 'http://yearbook.test'), '');
  return asked;
}

const id = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';

describe('the first data of a page', () => {
  it.each(['/admin/log', '/ADMIN/log', '/admin/LOG'])('%s asks for no post', async (address) => {
    expect(await askedFor(address, { readModerationLog: true })).toEqual(['/api/session']);
  });

  it.each([`/asha_r/${id}`, `/POST/${id}`])('%s asks for its post and its thread', async (address) => {
    expect(await askedFor(address, null)).toEqual([
      '/api/session',
      `/api/posts/${id}`,
      `/api/posts/${id}/replies`,
    ]);
  });

  it('asks for the reports queue only for whom the gate lets in', async () => {
    expect(await askedFor('/reports', { manageReports: true })).toContain('/api/reports');
    expect(await askedFor('/REPORTS', { manageReports: true })).toContain('/api/reports');
    expect(await askedFor('/reports', {})).toEqual(['/api/session']);
    expect(await askedFor('/reports', null)).toEqual(['/api/session']);
  });

  it('asks for the Held tab instead of reports when the address opens it (issue #47)', async () => {
    const held = await askedFor('/reports?tab=held', { manageReports: true });
    expect(held).toContain('/api/held-posts');
    expect(held).not.toContain('/api/reports');
    expect(await askedFor('/reports?tab=held', {})).toEqual(['/api/session']);
  });

  it('asks for the posts waiting for review on one’s own profile alone (issue #47)', async () => {
    expect(await askedFor('/Asha_R', {})).toContain('/api/held-posts/mine');
    expect(await askedFor('/Meera_W', {})).not.toContain('/api/held-posts/mine');
  });

  it('asks for the yearbook with the profile: the pending ones on one’s own, one’s signature on another’s (issue #52)', async () => {
    const own = await askedFor('/Asha_R', {});
    expect(own).toEqual(
      expect.arrayContaining(['/api/profiles/Asha_R/signatures', '/api/signatures/pending']),
    );
    expect(own).not.toContain('/api/profiles/Asha_R/signature');
    const other = await askedFor('/Meera_W', {});
    expect(other).toEqual(
      expect.arrayContaining(['/api/profiles/Meera_W/signatures', '/api/profiles/Meera_W/signature']),
    );
    expect(other).not.toContain('/api/signatures/pending');
  });

  it('asks for the superlatives a profile’s person won (issue #52)', async () => {
    expect(await askedFor('/Meera_W', {})).toContain('/api/profiles/Meera_W/superlatives');
    expect(await askedFor('/Asha_R', {})).toContain('/api/profiles/Asha_R/superlatives');
  });

  it('asks for the tab’s superlatives with a class page, but not with a search or for a year that is no class (issue #52)', async () => {
    expect(await askedFor('/class/2026', {})).toEqual(
      expect.arrayContaining(['/api/classes/2026', '/api/classes/2026/superlatives']),
    );
    expect(await askedFor('/class/2026?campus=VITV', {})).toContain('/api/classes/2026/superlatives');
    expect(await askedFor('/class/2026?q=asha', {})).not.toContain('/api/classes/2026/superlatives');
    expect(await askedFor('/class/1999', {})).toEqual(['/api/session']);
    expect(await askedFor('/class/2026', null)).toEqual(['/api/session']);
  });

  it('asks for one’s latest PDF and posts to choose on My yearbook page (issue #52)', async () => {
    expect(await askedFor('/yearbook', {})).toEqual(['/api/session', '/api/me/book', '/api/me/book/posts']);
    expect(await askedFor('/yearbook', null)).toEqual(['/api/session']);
  });

  it('asks for a class’s book only for staff, and only for a year that is a class (issue #52)', async () => {
    expect(await askedFor('/class/2027/book?campus=VITV', { makeClassBooks: true })).toEqual([
      '/api/session',
      '/api/classes/2027/book',
    ]);
    expect(await askedFor('/class/2027/book', {})).toEqual(['/api/session']);
    expect(await askedFor('/class/1999/book', { makeClassBooks: true })).toEqual(['/api/session']);
  });

  it("asks for a member's profile only for someone signed in", async () => {
    expect(await askedFor('/Meera_W', {})).toEqual(
      expect.arrayContaining(['/api/session', '/api/profiles/Meera_W']),
    );
    expect(await askedFor('/Meera_W', null)).toEqual(['/api/session']);
  });
});
