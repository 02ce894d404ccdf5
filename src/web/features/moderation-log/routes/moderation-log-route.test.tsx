// The moderation log page with the server stubbed (issue #43): a current staff member is named, one
// whose account is gone is a role and a number, and the command line is the command line.
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ModerationLogEntry, ModerationLogPage } from '../../../../shared/reports';
import { QueryProvider, queryClient } from '../../../lib/query-client';
import { MemoryRouter } from '../../../lib/router';
import { ModerationLogRoute } from './moderation-log-route';

const entry = (id: string, actor: ModerationLogEntry['actor']): ModerationLogEntry => ({
  id,
  action: 'post_deleted',
  actor,
  postId: null,
  asklineId: null,
  asklineText: null,
  target: null,
  detail: null,
  createdAt: new Date().toISOString(),
  liftable: false,
});

function stubServer(log: ModerationLogPage) {
  const answers: Record<string, unknown> = {
    '/api/admin/moderation-log': log,
    '/api/admin/sealed-suspensions': { suspensions: [], nextCursor: null },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) =>
      Response.json(answers[path] ?? {}, { status: path in answers ? 200 : 404 }),
    ),
  );
}

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the moderation log page', () => {
  it('names current staff, numbers former staff by role, and keeps the command line', async () => {
    stubServer({
      entries: [
        entry('e1', { kind: 'staff', username: 'mod_one', role: 'moderator' }),
        entry('e2', { kind: 'former', number: 12, role: 'moderator' }),
        entry('e3', { kind: 'former', number: 3, role: 'admin' }),
        entry('e4', { kind: 'former', number: 4, role: null }),
        entry('e5', { kind: 'command-line' }),
      ],
      nextCursor: null,
    });
    render(
      <QueryProvider>
        <MemoryRouter initialEntries={['/admin/log']}>
          <ModerationLogRoute />
        </MemoryRouter>
      </QueryProvider>,
    );
    const log = await screen.findByRole('list', { name: 'Log' });
    const lines = Array.from(log.querySelectorAll('li'), (item) => item.querySelector('p')?.textContent);
    expect(lines).toEqual([
      '@mod_one deleted a post',
      'Former moderator #12 deleted a post',
      'Former admin #3 deleted a post',
      'Former staff member #4 deleted a post',
      'Command line deleted a post',
    ]);
  });

  it('says which askline a decision was on, in its words, linked to it', async () => {
    stubServer({
      entries: [
        {
          ...entry('e1', { kind: 'staff', username: 'mod_one', role: 'moderator' }),
          action: 'askline_verified',
          asklineId: 'a1',
          asklineText: 'What will you miss most?',
        },
        { ...entry('e2', { kind: 'command-line' }), action: 'askline_rejected', asklineId: 'a2' },
      ],
      nextCursor: null,
    });
    render(
      <QueryProvider>
        <MemoryRouter initialEntries={['/admin/log']}>
          <ModerationLogRoute />
        </MemoryRouter>
      </QueryProvider>,
    );
    const log = await screen.findByRole('list', { name: 'Log' });
    const lines = Array.from(log.querySelectorAll('li'), (item) => item.querySelector('p')?.textContent);
    expect(lines).toEqual([
      '@mod_one verified an askline “What will you miss most?”',
      'Command line rejected an askline (askline)',
    ]);
    expect(screen.getByRole('link', { name: '“What will you miss most?”' }).getAttribute('href')).toBe(
      '/askline/a1',
    );
  });
});
