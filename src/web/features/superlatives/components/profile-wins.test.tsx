// A winner's profile lists their wins as the shared label writes them (issue #52); a profile with
// none draws nothing.
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { superlativeWinLabel } from '../../../../shared/values/superlatives';
import { QueryProvider, queryClient } from '../../../lib/query-client';
import { ProfileWins } from './profile-wins';

const WINS = [
  { title: 'Most likely to start a company', year: 2026, campus: 'VITC' as const },
  { title: 'Best laugh', year: 2026, campus: 'VITC' as const },
];

function stubWins(wins: unknown[]) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      asked.push(path);
      return Response.json({ wins });
    }),
  );
  return asked;
}

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('a profile’s superlatives', () => {
  it('lists each win as the shared label says it', async () => {
    const asked = stubWins(WINS);
    render(
      <QueryProvider>
        <ProfileWins username="Bina_R" />
      </QueryProvider>,
    );
    const list = await screen.findByRole('list');
    expect(screen.getByRole('region', { name: 'Superlatives' })).toBeTruthy();
    expect([...list.querySelectorAll('li')].map((item) => item.textContent)).toEqual(
      WINS.map(superlativeWinLabel),
    );
    expect(asked).toEqual(['/api/profiles/Bina_R/superlatives']);
  });

  it('draws nothing for someone who won none', async () => {
    const asked = stubWins([]);
    const { container } = render(
      <QueryProvider>
        <ProfileWins username="meera_w" />
      </QueryProvider>,
    );
    await waitFor(() => expect(asked).toHaveLength(1));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(container.textContent).toBe('');
  });
});
