// The class page's Superlatives against a stubbed server (issue #52): nominating through the picker
// (it searches the server's list, sends the username, shows the nomination the server answers with;
// withdraw); members of another class told who takes part; a vote sent once, "You voted for" after,
// and a vote refused (409) in the server's words; results hidden until shown, then the winner; staff's
// Add anyway for the text check's warning, and a phase move refused in the server's words. Nothing
// for a member when there is no round.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  ClassSuperlatives,
  SuperlativeCategory,
  SuperlativeRound,
} from '../../../../shared/superlatives';
import { SUPERLATIVE_MESSAGES } from '../../../../shared/values/superlatives';
import type { Classmate } from '../../../../shared/yearbook';
import { Announcer, clearAnnouncements } from '../../../components/ui/announcer';
import { ConfirmHost } from '../../../components/ui/confirm-dialog';
import { QueryProvider, queryClient } from '../../../lib/query-client';
import { MemoryRouter } from '../../../lib/router';
import { ClassSuperlatives as ClassSuperlativesPart } from './class-superlatives';

const person = (username: string, fullName: string): Classmate => ({
  username,
  fullName,
  profilePictureUrl: null,
  bioLine: '',
});
const BINA = person('bina_r', 'Bina Rao');
const CHITRA = person('chitra_i', 'Chitra Iyer');

const category = (
  id: string,
  title: string,
  extra: Partial<SuperlativeCategory> = {},
): SuperlativeCategory => ({
  id,
  title,
  position: 0,
  approved: true,
  myNomination: null,
  ballot: [],
  myVote: null,
  winner: null,
  participation: null,
  ...extra,
});
const round = (extra: Partial<SuperlativeRound>): SuperlativeRound => ({
  id: 'r1',
  phase: 'nominating',
  resultsAt: '2026-12-20T12:30:00.000Z',
  resultsShown: false,
  canManage: false,
  categories: [category('c1', 'Most likely to start a company')],
  ...extra,
});
const answerOf = (value: SuperlativeRound | null, viewer: Partial<ClassSuperlatives['viewer']> = {}) => ({
  year: 2026,
  campus: 'VITC' as const,
  round: value,
  viewer: { isStaff: false, inClass: true, optedOut: false, ...viewer },
});
const refusal = (status: number, code: string, message: string) =>
  Response.json({ error: { code, message } }, { status });

type Handler = (body: unknown, url: URL) => Response;
interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** The server: the round answers GET; `routes` ("METHOD path") answer the rest. Records every request. */
function stubServer(answer: () => unknown, routes: Record<string, Handler> = {}) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const url = new URL(path, 'http://yearbook.test');
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ method, path: `${url.pathname}${url.search}`, body });
      if (method === 'GET' && url.pathname === '/api/classes/2026/superlatives')
        return Response.json(answer());
      const handler = routes[`${method} ${url.pathname}`];
      return handler ? handler(body, url) : refusal(404, 'not_found', 'Not here.');
    }),
  );
  return sent;
}

function draw() {
  render(
    <QueryProvider>
      <MemoryRouter initialEntries={['/class/2026']}>
        <ClassSuperlativesPart year="2026" campus={null} />
        <Announcer />
        <ConfirmHost />
      </MemoryRouter>
    </QueryProvider>,
  );
}

const section = () => screen.findByRole('region', { name: 'Superlatives' });

afterEach(() => {
  queryClient.clear();
  clearAnnouncements();
  vi.unstubAllGlobals();
});

describe('nominating', () => {
  it('searches the classmates one may nominate, nominates one, and withdraws', async () => {
    let mine: Classmate | null = null;
    const sent = stubServer(
      () =>
        answerOf(
          round({ categories: [category('c1', 'Most likely to start a company', { myNomination: mine })] }),
        ),
      {
        'GET /api/classes/2026/superlatives/nominees': (_, url) =>
          Response.json({
            members: url.searchParams.get('q') === 'bin' ? [BINA] : [BINA, CHITRA],
            nextCursor: null,
          }),
        'PUT /api/superlative-categories/c1/nomination': (body) => {
          mine = (body as { username: string }).username === 'bina_r' ? BINA : null;
          return Response.json({ myNomination: mine });
        },
        'DELETE /api/superlative-categories/c1/nomination': () => {
          mine = null;
          return new Response(null, { status: 204 });
        },
      },
    );
    draw();
    const part = await section();
    expect(part.textContent).toContain('Nominations are open');
    fireEvent.click(
      within(part).getByRole('button', { name: 'Nominate a classmate for “Most likely to start a company”' }),
    );
    const field = await screen.findByRole('searchbox', { name: 'Search your classmates' });
    expect(document.activeElement).toBe(field);
    expect(await screen.findByRole('button', { name: /Nominate Chitra Iyer/ })).toBeTruthy();
    fireEvent.change(field, { target: { value: 'bin' } });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Nominate Chitra Iyer/ })).toBeNull());
    expect(sent.map((request) => request.path)).toContain(
      '/api/classes/2026/superlatives/nominees?campus=VITC&q=bin',
    );
    fireEvent.click(await screen.findByRole('button', { name: /Nominate Bina Rao/ }));
    expect(await screen.findByText('Your nomination')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Bina Rao/ }).getAttribute('href')).toBe('/bina_r');
    // The picker closed onto the nomination: focus is on Change, not lost.
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Change your nomination for “Most likely to start a company”' }),
    );
    expect(sent.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([
      { username: 'bina_r' },
    ]);

    fireEvent.click(
      screen.getByRole('button', { name: 'Withdraw your nomination for “Most likely to start a company”' }),
    );
    const nominateAgain = await screen.findByRole('button', {
      name: 'Nominate a classmate for “Most likely to start a company”',
    });
    await waitFor(() => expect(document.activeElement).toBe(nominateAgain));
    expect(sent.some((request) => request.method === 'DELETE')).toBe(true);
  });

  it('says a refused nomination in the server’s words and keeps the picker open', async () => {
    stubServer(() => answerOf(round({})), {
      'GET /api/classes/2026/superlatives/nominees': () =>
        Response.json({ members: [BINA], nextCursor: null }),
      'PUT /api/superlative-categories/c1/nomination': () =>
        refusal(404, 'not_found', SUPERLATIVE_MESSAGES.noSuchClassmate('bina_r')),
    });
    draw();
    fireEvent.click(await screen.findByRole('button', { name: /Nominate a classmate/ }));
    fireEvent.click(await screen.findByRole('button', { name: /Nominate Bina Rao/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      SUPERLATIVE_MESSAGES.noSuchClassmate('bina_r'),
    );
    expect(screen.getByRole('searchbox', { name: 'Search your classmates' })).toBeTruthy();
    // Cancel (or Escape) closes it onto the button that opened it.
    fireEvent.keyDown(screen.getByRole('searchbox', { name: 'Search your classmates' }), { key: 'Escape' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Nominate a classmate/ }));
  });

  it('tells a member of another class who nominates, with nothing to press', async () => {
    stubServer(() => answerOf(round({}), { inClass: false }));
    draw();
    const part = await section();
    expect(part.textContent).toContain('Only the Class of 2026 (VITC) nominates.');
    expect(within(part).getByRole('heading', { name: 'Most likely to start a company' })).toBeTruthy();
    expect(within(part).queryByRole('button')).toBeNull();
  });

  it('draws nothing for a member when the class has no round', async () => {
    const sent = stubServer(() => answerOf(null));
    draw();
    await waitFor(() => expect(sent).toHaveLength(1));
    await act(() => Promise.resolve());
    expect(screen.queryByRole('region', { name: 'Superlatives' })).toBeNull();
  });
});

describe('voting', () => {
  const ballot = [BINA, CHITRA];

  it('asks for a choice, sends one vote, then says whom one voted for', async () => {
    let myVote: string | null = null;
    const sent = stubServer(
      () =>
        answerOf(round({ phase: 'voting', categories: [category('c1', 'Best laugh', { ballot, myVote })] })),
      {
        'POST /api/superlative-categories/c1/vote': (body) => {
          myVote = (body as { username: string }).username;
          return Response.json({ myVote }, { status: 201 });
        },
      },
    );
    draw();
    const vote = await screen.findByRole('button', { name: 'Vote in “Best laugh”' });
    fireEvent.click(vote);
    expect((await screen.findByRole('alert')).textContent).toBe('Please choose a classmate.');
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
    const group = screen.getByRole('group', { name: 'Your vote for “Best laugh”' });
    fireEvent.click(within(group).getByRole('radio', { name: /Chitra Iyer/ }));
    fireEvent.click(vote);
    const votedFor = await screen.findByText('You voted for Chitra Iyer');
    await waitFor(() => expect(document.activeElement).toBe(votedFor));
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
      { username: 'chitra_i' },
    ]);
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('shows a vote refused because one already voted (409) in the server’s words, and the vote made', async () => {
    let myVote: string | null = null;
    stubServer(
      () =>
        answerOf(round({ phase: 'voting', categories: [category('c1', 'Best laugh', { ballot, myVote })] })),
      {
        'POST /api/superlative-categories/c1/vote': () => {
          myVote = 'bina_r'; // voted in another tab meanwhile
          return refusal(409, 'conflict', SUPERLATIVE_MESSAGES.alreadyVoted);
        },
      },
    );
    draw();
    fireEvent.click(await screen.findByRole('radio', { name: /Chitra Iyer/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Vote in “Best laugh”' }));
    expect(await screen.findByText(SUPERLATIVE_MESSAGES.alreadyVoted)).toBeTruthy();
    expect(await screen.findByText('You voted for Bina Rao')).toBeTruthy();
  });
});

describe('results', () => {
  it('says when results show, and shows no winner before', async () => {
    stubServer(() => answerOf(round({ phase: 'closed', categories: [category('c1', 'Best laugh')] })));
    draw();
    const part = await section();
    expect(part.textContent).toContain('Results on');
    expect(within(part).getByRole('heading', { name: 'Best laugh' })).toBeTruthy();
    expect(part.textContent).not.toContain('Winner');
  });

  it('shows each category’s winner, with a link to their profile', async () => {
    stubServer(() =>
      answerOf(
        round({
          phase: 'closed',
          resultsShown: true,
          categories: [category('c1', 'Best laugh', { winner: BINA }), category('c2', 'Best dancer')],
        }),
        { inClass: false },
      ),
    );
    draw();
    const part = await section();
    const laugh = within(part).getByRole('article', { name: 'Best laugh' });
    expect(laugh.textContent).toContain('Winner');
    expect(
      within(laugh)
        .getByRole('link', { name: /Bina Rao/ })
        .getAttribute('href'),
    ).toBe('/bina_r');
    expect(within(part).getByRole('article', { name: 'Best dancer' }).textContent).toContain('No winner');
    expect(part.textContent).not.toContain('Results on');
  });
});

describe('staff', () => {
  it('adds a category anyway after the text check’s warning, and sees a refused phase move in the server’s words', async () => {
    const titles: string[] = [];
    const sent = stubServer(
      () =>
        answerOf(
          round({
            phase: 'draft',
            canManage: true,
            categories: titles.map((title, index) => category(`c${index}`, title, { approved: false })),
          }),
          { isStaff: true, inClass: false },
        ),
      {
        'POST /api/superlatives/r1/categories': (body) => {
          const { title, postAnyway } = body as { title: string; postAnyway: boolean };
          if (!postAnyway) return refusal(422, 'rethink', 'This may hurt someone. Edit it, or post anyway.');
          titles.push(title);
          return Response.json(category('c0', title, { approved: false }), { status: 201 });
        },
        'PATCH /api/superlatives/r1': () => refusal(409, 'conflict', SUPERLATIVE_MESSAGES.approveFirst),
      },
    );
    draw();
    const field = await screen.findByRole('textbox', { name: 'New category' });
    fireEvent.change(field, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SUPERLATIVE_MESSAGES.titleRequired);
    fireEvent.change(field, { target: { value: 'Most likely to be late' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This may hurt someone.');
    fireEvent.click(screen.getByRole('button', { name: 'Add anyway' }));
    const added = await screen.findByRole('article', { name: 'Most likely to be late' });
    expect(added.textContent).toContain('Not approved');
    expect(within(added).getByRole('button', { name: 'Approve “Most likely to be late”' })).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
      { title: 'Most likely to be late', postAnyway: false },
      { title: 'Most likely to be late', postAnyway: true },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Open nominations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open nominations?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open nominations' }));
    expect(await screen.findByText(SUPERLATIVE_MESSAGES.approveFirst)).toBeTruthy();
    expect(sent.filter((request) => request.method === 'PATCH').map((request) => request.body)).toEqual([
      { phase: 'nominating' },
    ]);
  });

  it('offers staff to start a round, and refuses a results date in the past before asking', async () => {
    const sent = stubServer(() => answerOf(null, { isStaff: true, inClass: false }));
    draw();
    const form = await screen.findByRole('form', { name: 'Start superlatives for the Class of 2026 (VITC)' });
    fireEvent.change(within(form).getByLabelText('Results shown on'), {
      target: { value: '2020-01-01T10:00' },
    });
    fireEvent.click(
      within(form).getByRole('button', { name: 'Start superlatives for the Class of 2026 (VITC)' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(SUPERLATIVE_MESSAGES.resultsAtPast);
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });
});
