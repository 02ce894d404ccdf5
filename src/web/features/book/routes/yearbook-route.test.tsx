// My yearbook page (issue #52) with the server stubbed: the last PDF's posts ticked again in their
// order, the count of 20, paging, the paper, the request in the order ticked, the server's refusal in
// its words, the job asked for every 2 s until Download, and a failed one made again.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookJob, BookPost, MyBook } from '../../../../shared/book';
import { NO_PERMISSIONS } from '../../../../shared/values/auth';
import { BOOK_MESSAGES, BOOK_POLL_MS } from '../../../../shared/values/book';
import { QueryProvider, queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { MemoryRouter } from '../../../lib/router';
import { YearbookRoute } from './yearbook-route';

const post = (n: number): BookPost => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  content: `Post number ${n}`,
  createdAt: '2026-11-20T10:00:00.000Z',
  likeCount: n,
});
const idOf = (n: number) => post(n).id;

const job = (overrides: Partial<BookJob> = {}): BookJob => ({
  id: 'job-1',
  kind: 'page',
  status: 'queued',
  progress: 0,
  paper: 'A4',
  year: null,
  campus: null,
  createdAt: '2026-11-28T03:00:00.000Z',
  readyAt: null,
  expiresAt: null,
  fileUrl: null,
  ...overrides,
});

interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** A server holding `mine` and `count` posts (30 a page); `answer` decides what else it says. */
function stubServer(
  mine: MyBook,
  count: number,
  answer: (call: Call) => Response | undefined = () => undefined,
): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const call = {
        url,
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : null,
      };
      calls.push(call);
      const answered = answer(call);
      if (answered) return answered;
      if (url === '/api/me/book') return Response.json(mine);
      if (url.startsWith('/api/me/book/posts')) {
        const from = url.includes('cursor=') ? 30 : 0;
        const posts = Array.from({ length: Math.min(30, count - from) }, (_, i) => post(from + i + 1));
        return Response.json({ posts, nextCursor: from + 30 < count ? 'next' : null });
      }
      return Response.json({ error: { code: 'not_found', message: 'Not here' } }, { status: 404 });
    }),
  );
  return calls;
}

function renderPage() {
  queryClient.setQueryData(queryKeys.session, {
    user: { id: 'u1', email: 'asha@example.com', emailVerified: true },
    profile: { username: 'asha_r', fullName: 'Asha R', userType: 'ordinary', permissions: NO_PERMISSIONS },
    needsProfileSetup: false,
  });
  render(
    <QueryProvider>
      <MemoryRouter initialEntries={['/yearbook']}>
        <YearbookRoute />
      </MemoryRouter>
    </QueryProvider>,
  );
}

const box = (n: number) =>
  screen.getByRole<HTMLInputElement>('checkbox', { name: new RegExp(`Post number ${n}\\b`) });
const makeButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Make my PDF' });

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('My yearbook page', () => {
  it('ticks the last PDF’s posts again, pages, and asks for the posts in the order chosen', async () => {
    const calls = stubServer({ latest: null, chosenPostIds: [idOf(2)] }, 32, (call) =>
      call.method === 'POST' ? Response.json(job({ paper: 'Letter' }), { status: 202 }) : undefined,
    );
    renderPage();
    await screen.findByRole('checkbox', { name: /Post number 2\b/ });
    expect(screen.getByText('1 of 20 chosen')).toBeTruthy();
    expect(box(2).checked).toBe(true);
    expect(box(1).checked).toBe(false);
    expect(screen.getByRole('link', { name: 'Your profile' }).getAttribute('href')).toBe('/asha_r');

    fireEvent.click(box(5));
    fireEvent.click(box(1));
    expect(screen.getByText('3 of 20 chosen')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show more posts' }));
    await screen.findByRole('checkbox', { name: /Post number 32\b/ });
    expect(screen.queryByRole('button', { name: 'Show more posts' })).toBeNull();
    fireEvent.click(box(31));
    fireEvent.click(box(5)); // and untick one
    fireEvent.click(screen.getByRole('radio', { name: /US Letter/ }));
    fireEvent.click(makeButton());

    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST')).toEqual([
        {
          url: '/api/me/book',
          method: 'POST',
          body: { paper: 'Letter', postIds: [idOf(2), idOf(1), idOf(31)] },
        },
      ]),
    );
    // Queued at once: shown being made, and not made twice.
    const bar = await screen.findByRole('progressbar', { name: 'Making your yearbook page' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByText('Waiting to start making your yearbook page...')).toBeTruthy();
    expect(makeButton().disabled).toBe(true);
  });

  it('asks for the job every 2 s while it is made, then offers Download and says how long it is kept', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [
      job({ status: 'making', progress: 0.4 }),
      job({
        status: 'ready',
        progress: 1,
        readyAt: '2026-11-28T03:01:00.000Z',
        expiresAt: '2026-12-05T03:01:00.000Z',
        fileUrl: '/api/books/job-1/file',
      }),
    ];
    const calls = stubServer({ latest: job(), chosenPostIds: [] }, 1, (call) =>
      call.url === '/api/books/job-1' ? Response.json(answers.shift() ?? answers.at(-1)) : undefined,
    );
    renderPage();
    const bar = await screen.findByRole('progressbar', { name: 'Making your yearbook page' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    expect(screen.getByText('Making your yearbook page...')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(BOOK_POLL_MS));
    const download = await screen.findByRole('link', { name: 'Download' });
    expect(download.getAttribute('href')).toBe('/api/books/job-1/file');
    expect(download.hasAttribute('download')).toBe(true);
    expect(screen.getByText('Your yearbook page is ready.')).toBeTruthy();
    // The campuses' date, or the reader's once their formats arrive.
    expect(download.parentElement?.textContent).toMatch(/A4 PDF · Kept until (5 Dec 2026|Dec 5, 2026)/);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(makeButton().disabled).toBe(false);
    // Made: asked no more.
    const asked = calls.filter((call) => call.url === '/api/books/job-1').length;
    await act(async () => vi.advanceTimersByTime(BOOK_POLL_MS * 3));
    expect(calls.filter((call) => call.url === '/api/books/job-1')).toHaveLength(asked);
  });

  it('shows the server’s refusal in its words', async () => {
    stubServer({ latest: null, chosenPostIds: [] }, 3, (call) =>
      call.method === 'POST'
        ? Response.json(
            { error: { code: 'bad_request', message: BOOK_MESSAGES.postGone, field: 'postIds' } },
            { status: 400 },
          )
        : undefined,
    );
    renderPage();
    fireEvent.click(await screen.findByRole('checkbox', { name: /Post number 1\b/ }));
    fireEvent.click(makeButton());
    expect((await screen.findByRole('alert')).textContent).toBe(BOOK_MESSAGES.postGone);
  });

  it('stops at 20: the other boxes wait until one is unticked', async () => {
    stubServer({ latest: null, chosenPostIds: [] }, 25);
    renderPage();
    await screen.findByRole('checkbox', { name: /Post number 1\b/ });
    for (let n = 1; n <= 20; n += 1) fireEvent.click(box(n));
    expect(screen.getByText('20 of 20 chosen: untick one to choose another')).toBeTruthy();
    expect(box(21).disabled).toBe(true);
    expect(box(20).disabled).toBe(false);
    fireEvent.click(box(3));
    expect(box(21).disabled).toBe(false);
  });

  it('says a failed PDF failed, and Try again makes it again with what is chosen', async () => {
    const calls = stubServer({ latest: job({ status: 'failed' }), chosenPostIds: [idOf(1)] }, 2, (call) =>
      call.method === 'POST' ? Response.json(job({ id: 'job-2' }), { status: 202 }) : undefined,
    );
    renderPage();
    expect(await screen.findByText(BOOK_MESSAGES.failed)).toBeTruthy();
    await screen.findByRole('checkbox', { name: /Post number 1\b/ });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ paper: 'A4', postIds: [idOf(1)] }),
    );
    expect(await screen.findByRole('progressbar')).toBeTruthy();
  });

  it('says so when there are no named posts to choose', async () => {
    stubServer({ latest: null, chosenPostIds: [] }, 0);
    renderPage();
    expect(await screen.findByText(/You have no named posts yet/)).toBeTruthy();
    expect(makeButton().disabled).toBe(false);
  });
});
