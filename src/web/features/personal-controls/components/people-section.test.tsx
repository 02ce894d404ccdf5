// The lists of muted and blocked people with the server stubbed (issue #48): paged by the server's
// cursor ("More" asks for the next page and adds it), with what each control does and the count of
// the cap; an empty list says so.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ControlledPeoplePage, ControlledPerson } from '../../../../shared/personal-controls';
import { QueryProvider, queryClient } from '../../../lib/query-client';
import { MemoryRouter } from '../../../lib/router';
import { PeopleSection } from './people-section';

const person = (i: number): ControlledPerson => ({
  username: `person_${i}`,
  fullName: `Person ${i}`,
  profilePictureUrl: null,
  since: '2026-11-20T10:00:00.000Z',
});

function stubServer(pages: Record<string, ControlledPeoplePage>) {
  const fetch = vi.fn(async (path: string) =>
    path in pages ? Response.json(pages[path]) : Response.json({}, { status: 404 }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function draw(control: 'mute' | 'block') {
  render(
    <QueryProvider>
      <MemoryRouter initialEntries={['/profile/controls']}>
        <PeopleSection control={control} />
      </MemoryRouter>
    </QueryProvider>,
  );
}

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the people lists', () => {
  it('ask for the next page by its cursor, and add it under the first', async () => {
    const fetch = stubServer({
      '/api/controls/mutes': {
        people: [person(1), person(2)],
        nextCursor: 'after two',
        count: 3,
        limit: 1000,
      },
      '/api/controls/mutes?cursor=after%20two': {
        people: [person(3)],
        nextCursor: null,
        count: 3,
        limit: 1000,
      },
    });
    draw('mute');
    const list = await screen.findByRole('list', { name: 'Muted people' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('3 of 1,000 used')).toBeTruthy();
    expect(
      within(list)
        .getByRole('link', { name: /Person 1/ })
        .getAttribute('href'),
    ).toBe('/person_1');
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getByRole('button', { name: 'Unmute @person_3' })).toBeTruthy();
    expect(fetch.mock.calls.map(([path]) => path)).toEqual([
      '/api/controls/mutes',
      '/api/controls/mutes?cursor=after%20two',
    ]);
    // The last page: no More.
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
  });

  it('say what a block does and that nobody is blocked yet', async () => {
    stubServer({ '/api/controls/blocks': { people: [], nextCursor: null, count: 0, limit: 1000 } });
    draw('block');
    expect(await screen.findByText("You haven't blocked anyone.")).toBeTruthy();
    const region = screen.getByRole('region', { name: 'Blocked people' });
    expect(region.textContent).toContain('Blocking someone also hides you from them');
    expect(region.textContent).toContain('Anonymous posts stay as they are');
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
  });
});
