// The muted words' form with the server stubbed (issue #48): at the cap of 100 it says so and sends
// nothing; the server's refusal of a word lands under the field; a word that stops at a time says when.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { campusDayAndTime } from '../../../../shared/campus-day-and-time';
import { CONTROL_LIMITS, CONTROL_MESSAGES, type MutedWord } from '../../../../shared/personal-controls';
import { QueryProvider, queryClient } from '../../../lib/query-client';
import { MemoryRouter } from '../../../lib/router';
import { MutedWordsSection } from './muted-words-section';

const word = (i: number, expiresAt: string | null = null): MutedWord => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  phrase: `word ${i}`,
  expiresAt,
  createdAt: '2026-11-20T10:00:00.000Z',
});

/** The server: the list as given, and `added` as the answer to a POST. */
function stubServer(words: MutedWord[], added: { status: number; body: unknown }) {
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    if (init?.method === 'POST') return Response.json(added.body, { status: added.status });
    if (path === '/api/controls/muted-words') {
      return Response.json({ words, limit: CONTROL_LIMITS.mutedWords });
    }
    return Response.json({}, { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const posts = (fetch: ReturnType<typeof stubServer>) =>
  fetch.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');

function draw() {
  render(
    <QueryProvider>
      <MemoryRouter initialEntries={['/profile/controls']}>
        <MutedWordsSection />
      </MemoryRouter>
    </QueryProvider>,
  );
}

async function add(phrase: string) {
  fireEvent.change(await screen.findByLabelText('Word or phrase'), { target: { value: phrase } });
  fireEvent.click(screen.getByRole('button', { name: 'Add' }));
}

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('muted words', () => {
  it('at the cap, says so and sends nothing', async () => {
    const fetch = stubServer(
      Array.from({ length: CONTROL_LIMITS.mutedWords }, (_, i) => word(i)),
      { status: 201, body: word(999) },
    );
    draw();
    expect(await screen.findByText('100 of 100 used')).toBeTruthy();
    expect(screen.getAllByText(CONTROL_MESSAGES.tooManyWords)).toHaveLength(1);
    await add('one more');
    await waitFor(() => expect(screen.getAllByText(CONTROL_MESSAGES.tooManyWords)).toHaveLength(2));
    expect(screen.getByLabelText('Word or phrase').getAttribute('aria-invalid')).toBe('true');
    expect(posts(fetch)).toEqual([]);
  });

  it("puts the server's refusal under the field, and sends the duration chosen", async () => {
    const fetch = stubServer([word(1)], {
      status: 409,
      body: {
        error: {
          code: 'conflict',
          message: CONTROL_MESSAGES.alreadyMutedWord('word 1'),
          field: 'phrase',
        },
      },
    });
    draw();
    expect(await screen.findByText('1 of 100 used')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('30 days'));
    await add('  Word   1 ');
    const field = screen.getByLabelText('Word or phrase');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const described = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe(CONTROL_MESSAGES.alreadyMutedWord('word 1'));
    const [[, init]] = posts(fetch) as [[string, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ phrase: 'Word 1', duration: '30d' });
  });

  it('says until when a word acts, or that it always does', async () => {
    const until = '2026-12-03T04:30:00.000Z';
    stubServer([word(1, until), word(2)], { status: 201, body: word(3) });
    draw();
    const list = await screen.findByRole('list', { name: 'Muted now' });
    const rows = Array.from(list.querySelectorAll('li'), (row) => row.querySelector('p + p')?.textContent);
    // The campuses' day and time until the reader's formats arrive.
    expect(rows).toEqual([`Until ${campusDayAndTime(until)}`, 'Always']);
    expect(list.querySelector('time')?.getAttribute('datetime')).toBe(until);
  });
});
