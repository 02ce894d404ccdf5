// The class book's screen (issue #52) with the server stubbed: the check names the members without a
// photo, each a link to their profile, and the button says "Make it anyway" then; with every photo
// there it says so and "Make the class book"; the request names the campus the check was for and the
// paper; a year that is no class asks nothing.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookJob, ClassBook } from '../../../../shared/book';
import { BOOK_MESSAGES } from '../../../../shared/values/book';
import { QueryProvider, queryClient } from '../../../lib/query-client';
import { Matched, MemoryRouter } from '../../../lib/router';
import { ClassBookRoute } from './class-book-route';

const queued: BookJob = {
  id: 'job-9',
  kind: 'class',
  status: 'queued',
  progress: 0,
  paper: 'Letter',
  year: 2027,
  campus: 'VITV',
  createdAt: '2026-11-28T03:00:00.000Z',
  readyAt: null,
  expiresAt: null,
  fileUrl: null,
};

const classmate = (username: string, fullName: string) => ({
  username,
  fullName,
  profilePictureUrl: null,
  bioLine: '',
});

function stubServer(book: ClassBook) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({
        url,
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : null,
      });
      if (init.method === 'POST') return Response.json(queued, { status: 202 });
      if (url.startsWith('/api/classes/')) return Response.json(book);
      return Response.json(queued);
    }),
  );
  return calls;
}

function renderAt(address: string) {
  render(
    <QueryProvider>
      <MemoryRouter initialEntries={[address]}>
        <Matched params={{ year: address.split('/')[2] }} chain={[<ClassBookRoute key="page" />]} />
      </MemoryRouter>
    </QueryProvider>,
  );
}

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the class book screen', () => {
  it('lists the members without a photo, linked to their profiles, and makes it anyway', async () => {
    const calls = stubServer({
      year: 2027,
      campus: 'VITV',
      memberCount: 14,
      withoutPhoto: [classmate('kavi_k', 'Kavi K'), classmate('meena_s', 'Meena S')],
      latest: null,
    });
    renderAt('/class/2027/book?campus=VITV');
    const list = await screen.findByRole('list', { name: 'Members without a photo' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['KKavi K@kavi_k', '/kavi_k'],
      ['MMeena S@meena_s', '/meena_s'],
    ]);
    expect(screen.getByText('2 members have no photo')).toBeTruthy();
    expect(screen.getByText(/14 members of VIT Vellore on 2 pages, 12 to a page/)).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/classes/2027/book?campus=VITV');
    expect(screen.getByRole('link', { name: 'VIT Vellore' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'VIT Chennai' }).getAttribute('href')).toBe(
      '/class/2027/book?campus=VITC',
    );
    expect(screen.getByRole('link', { name: 'Class of 2027' }).getAttribute('href')).toBe(
      '/class/2027?campus=VITV',
    );

    fireEvent.click(screen.getByRole('radio', { name: /US Letter/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Make it anyway' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toEqual({
        url: '/api/classes/2027/book',
        method: 'POST',
        body: { campus: 'VITV', paper: 'Letter' },
      }),
    );
    expect(await screen.findByRole('progressbar', { name: 'Making the class book' })).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Make it anyway' }).disabled).toBe(true);
  });

  it('says when every member has a photo', async () => {
    stubServer({ year: 2027, campus: 'VITC', memberCount: 1, withoutPhoto: [], latest: null });
    renderAt('/class/2027/book');
    expect(await screen.findByText(BOOK_MESSAGES.everyoneHasPhoto)).toBeTruthy();
    expect(screen.getByText(/1 member of VIT Chennai on 1 page/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Make the class book' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Members without a photo' })).toBeNull();
  });

  it('asks nothing for a year that is no class', async () => {
    const calls = stubServer({ year: 2027, campus: 'VITC', memberCount: 0, withoutPhoto: [], latest: null });
    renderAt('/class/1999/book');
    expect((await screen.findByRole('alert')).textContent).toMatch(/There is no such class/);
    expect(calls).toEqual([]);
  });
});
