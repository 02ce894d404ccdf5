// The post card over the one cache, in happy-dom with the server stubbed (fetch): a change to a post
// reaches every cached view of it; a like shows at once, takes the server's count, and is put back and
// announced when the server refuses.
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post, PostPage } from '../../../../shared/posts';
import type { ReportPage } from '../../../../shared/reports';
import { NO_PERMISSIONS } from '../../../../shared/values/auth';
import { Announcer } from '../../../components/ui/announcer';
import { ConfirmHost } from '../../../components/ui/confirm-dialog';
import { QueryProvider, queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { type ServerRender, ServerRenderContext } from '../../../lib/render-context';
import { MemoryRouter } from '../../../lib/router';
import { screenKeys } from '../../../lib/screen-keys';
import { updateCachedPost } from '../api/posts-api';
import { PostCard } from './post-card';

function makePost(id: string, overrides: Partial<Post> = {}): Post {
  return {
    id,
    content: `Post ${id}`,
    isAnonymous: false,
    author: { username: 'ravi', fullName: 'Ravi', profilePictureUrl: null },
    askline: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    likeCount: 4,
    replyCount: 0,
    likedByMe: false,
    report: null,
    viewer: {
      isAuthor: false,
      canLike: true,
      canDelete: false,
      canRemove: false,
      canModerate: false,
      report: 'offer',
      canSuspendAuthor: false,
      hidden: false,
      canHide: true,
      canMuteAuthor: 'person',
      canBlockAuthor: true,
    },
    ...overrides,
  };
}

const pages = <T,>(page: T): InfiniteData<T, string | null> => ({ pages: [page], pageParams: [null] });
const postPage = (posts: Post[]): PostPage => ({ posts, nextCursor: null });

function reportPage(post: Post): ReportPage {
  return {
    reports: [
      {
        id: `report-${post.id}`,
        count: 1,
        resolved: false,
        resolvedBy: null,
        createdAt: post.createdAt,
        reasons: [{ reason: 'spam', count: 1 }],
        details: [],
        clocks: {
          openedAt: post.createdAt,
          acknowledge: { state: 'due', dueAt: post.createdAt },
          resolve: { state: 'due', dueAt: post.createdAt },
        },
        post,
        reply: null,
      },
    ],
    nextCursor: null,
    sort: 'newest',
    asOf: post.createdAt,
    overdue: null,
  };
}

afterEach(() => {
  queryClient.clear();
});

describe('updateCachedPost', () => {
  const target = makePost('p1');
  const other = makePost('p2');

  beforeEach(() => {
    queryClient.setQueryData(queryKeys.postLists.feed('newest'), pages(postPage([target, other])));
    queryClient.setQueryData(queryKeys.postLists.profile('ravi'), pages(postPage([target])));
    queryClient.setQueryData(queryKeys.postLists.askline('a1'), pages(postPage([target])));
    queryClient.setQueryData(queryKeys.postLists.search('post'), pages(postPage([other, target])));
    queryClient.setQueryData(queryKeys.post.one('p1', 'ravi'), target);
    queryClient.setQueryData(screenKeys.reports.list('unresolved', 'newest'), pages(reportPage(target)));
  });

  function everyCopyOfTarget(): Array<Post | undefined> {
    const lists = [
      queryKeys.postLists.feed('newest'),
      queryKeys.postLists.profile('ravi'),
      queryKeys.postLists.askline('a1'),
      queryKeys.postLists.search('post'),
    ].map((key) =>
      queryClient.getQueryData<InfiniteData<PostPage>>(key)?.pages[0]?.posts.find((post) => post.id === 'p1'),
    );
    const reports = queryClient.getQueryData<InfiniteData<ReportPage>>(
      screenKeys.reports.list('unresolved', 'newest'),
    );
    return [
      ...lists,
      queryClient.getQueryData<Post>(queryKeys.post.one('p1', 'ravi')),
      reports?.pages[0]?.reports.find((report) => report.post.id === 'p1')?.post,
    ];
  }

  it('changes the post in every list, on its page and on the reports page, and nothing else', () => {
    updateCachedPost('p1', (post) => ({ ...post, likeCount: 9, likedByMe: true }));
    const copies = everyCopyOfTarget();
    expect(copies).toHaveLength(6);
    for (const copy of copies) expect(copy).toMatchObject({ id: 'p1', likeCount: 9, likedByMe: true });
    const feed = queryClient.getQueryData<InfiniteData<PostPage>>(queryKeys.postLists.feed('newest'));
    expect(feed?.pages[0]?.posts.find((post) => post.id === 'p2')).toEqual(other);
  });

  it('removes a deleted post from every view', () => {
    updateCachedPost('p1', null);
    expect(everyCopyOfTarget()).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
    const search = queryClient.getQueryData<InfiniteData<PostPage>>(queryKeys.postLists.search('post'));
    expect(search?.pages[0]?.posts.map((post) => post.id)).toEqual(['p2']);
  });
});

/** The feed's cards as the dashboard draws them: from the cache, so a cache change redraws them. */
function FeedCards() {
  const [data, setData] = useState(() =>
    queryClient.getQueryData<InfiniteData<PostPage>>(queryKeys.postLists.feed('newest')),
  );
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe(() => {
        setData(queryClient.getQueryData(queryKeys.postLists.feed('newest')));
      }),
    [],
  );
  return (
    <>
      {data?.pages
        .flatMap((page) => page.posts)
        .map((post) => (
          <PostCard key={post.id} post={post} />
        ))}
    </>
  );
}

describe('a like on the card', () => {
  let answer: { resolve: (res: Response) => void; reject: (error: Error) => void };

  beforeEach(async () => {
    queryClient.setQueryData(queryKeys.session, {
      user: { id: 'u1', email: 'asha@example.com', emailVerified: true },
      profile: { username: 'asha', fullName: 'Asha', userType: 'ordinary', permissions: NO_PERMISSIONS },
      needsProfileSetup: false,
    });
    queryClient.setQueryData(queryKeys.postLists.feed('newest'), pages(postPage([makePost('p1')])));
    // The server answers when the test says so.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve, reject) => {
            answer = { resolve, reject };
          }),
      ),
    );
    render(
      <QueryProvider>
        <MemoryRouter>
          <FeedCards />
          <Announcer />
        </MemoryRouter>
      </QueryProvider>,
    );
    // The card's actions arrive with their own chunk; until then the card is shown without them.
    await waitFor(() => expect(likeButton().hasAttribute('disabled')).toBe(false));
  });

  const likeButton = () => screen.getByRole('button', { name: /like/i });

  it('shows at once, then takes the count the server answers', async () => {
    expect(likeButton().getAttribute('aria-label')).toBe('Like, 4 likes');
    await act(async () => likeButton().click());
    expect(likeButton().getAttribute('aria-label')).toBe('Unlike, 5 likes');
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');
    expect(fetch).toHaveBeenCalledWith('/api/posts/p1/like', expect.objectContaining({ method: 'PUT' }));

    // Someone else liked it meanwhile: the server's count wins.
    await act(async () => answer.resolve(Response.json({ likeCount: 7, likedByMe: true })));
    expect(likeButton().getAttribute('aria-label')).toBe('Unlike, 7 likes');
  });

  it('is put back and announced in words when the server cannot be reached', async () => {
    await act(async () => likeButton().click());
    expect(likeButton().getAttribute('aria-label')).toBe('Unlike, 5 likes');

    await act(async () => answer.reject(new TypeError('Failed to fetch')));
    expect(likeButton().getAttribute('aria-label')).toBe('Like, 4 likes');
    expect(likeButton().getAttribute('aria-pressed')).toBe('false');
    // The toast's own code loads the first time something is said (components/ui/announcer.tsx).
    await waitFor(() =>
      expect(document.querySelector('[aria-live="assertive"]')?.textContent).toBe(
        'failled to register the like OR you are in demo mode',
      ),
    );
  });

  it('says when to try again after too many likes', async () => {
    await act(async () => likeButton().click());
    const message = 'Too many likes at once. Please try again in 40 seconds.';
    await act(async () =>
      answer.resolve(
        Response.json(
          { error: { code: 'rate_limited', message } },
          { status: 429, headers: { 'retry-after': '40' } },
        ),
      ),
    );
    expect(likeButton().getAttribute('aria-label')).toBe('Like, 4 likes');
    await waitFor(() => expect(document.querySelector('[aria-live="assertive"]')?.textContent).toBe(message));
  });

  it('is put back when the server refuses it', async () => {
    await act(async () => likeButton().click());
    await act(async () =>
      answer.resolve(
        Response.json({ error: { code: 'not_found', message: 'Post not found.' } }, { status: 404 }),
      ),
    );
    expect(likeButton().getAttribute('aria-label')).toBe('Like, 4 likes');
  });
});

describe("staff removing someone else's post (issue #47)", () => {
  beforeEach(async () => {
    queryClient.setQueryData(queryKeys.session, {
      user: { id: 'm1', email: 'mod@example.com', emailVerified: true },
      profile: { username: 'mod', fullName: 'Mod', userType: 'moderator', permissions: NO_PERMISSIONS },
      needsProfileSetup: false,
    });
    const staffView = {
      ...makePost('p1').viewer,
      canDelete: false,
      canRemove: true,
      canModerate: true,
      report: 'refuse' as const,
    };
    queryClient.setQueryData(
      queryKeys.postLists.feed('newest'),
      pages(postPage([makePost('p1', { viewer: staffView })])),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ id: 'p1', outcome: 'removed' })),
    );
    render(
      <QueryProvider>
        <MemoryRouter>
          <FeedCards />
          <Announcer />
        </MemoryRouter>
      </QueryProvider>,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete post' })).toBeTruthy());
  });

  it('asks for the rule and the facts before anything is sent, then removes the post everywhere', async () => {
    await act(async () => screen.getByRole('button', { name: 'Delete post' }).click());
    const dialog = await screen.findByRole('dialog', { name: 'Remove this post?' });
    await act(async () => screen.getByRole('button', { name: 'Remove post' }).click());
    expect(dialog.textContent).toContain('Choose the rule of the Terms the post broke.');
    expect(dialog.textContent).toContain('Say briefly what in the post broke the rule.');
    expect(fetch).not.toHaveBeenCalled();
    await act(async () => screen.getByRole('radio', { name: 'Impersonation' }).click());
    const facts = screen.getByRole('textbox', { name: /Facts/ });
    await act(async () => fireEvent.change(facts, { target: { value: ' Pretends to be the dean. ' } }));
    await act(async () => screen.getByRole('button', { name: 'Remove post' }).click());
    expect(fetch).toHaveBeenCalledWith(
      '/api/posts/p1/removal',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ rule: 'impersonation', facts: 'Pretends to be the dean.' }),
      }),
    );
    await waitFor(() => expect(screen.queryByText('Post p1')).toBeNull());
  });
});

describe("the card's personal controls (issue #48)", () => {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  const anonymousView = { ...makePost('p2').viewer, canMuteAuthor: 'post' as const, canBlockAuthor: false };

  beforeEach(async () => {
    calls.length = 0;
    queryClient.setQueryData(queryKeys.session, {
      user: { id: 'u1', email: 'asha@example.com', emailVerified: true },
      profile: { username: 'asha', fullName: 'Asha', userType: 'ordinary', permissions: NO_PERMISSIONS },
      needsProfileSetup: false,
    });
    const anonymous = makePost('p2', { isAnonymous: true, author: null, viewer: anonymousView });
    queryClient.setQueryData(
      queryKeys.postLists.feed('newest'),
      pages(postPage([makePost('p1'), anonymous])),
    );
    queryClient.setQueryData(queryKeys.postLists.profile('ravi'), pages(postPage([makePost('p1')])));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({
          url,
          method: init.method ?? 'GET',
          body: init.body ? JSON.parse(String(init.body)) : null,
        });
        if (init.method === 'DELETE') return new Response(null, { status: 204 });
        if (url === '/api/controls/hidden-posts') {
          const body = JSON.parse(String(init.body));
          const message = body.reason === 'muted_author' ? 'Anonymous authors are muted post by post.' : null;
          return Response.json({ postId: body.postId, reason: body.reason, message }, { status: 201 });
        }
        return Response.json(
          { username: 'ravi', fullName: 'Ravi', profilePictureUrl: null, since: '' },
          { status: 201 },
        );
      }),
    );
    render(
      <QueryProvider>
        <MemoryRouter>
          <FeedCards />
          <Announcer />
          <ConfirmHost />
        </MemoryRouter>
      </QueryProvider>,
    );
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /^Like/ })[0]?.hasAttribute('disabled')).toBe(false),
    );
  });

  const feedIds = () =>
    queryClient
      .getQueryData<InfiniteData<PostPage>>(queryKeys.postLists.feed('newest'))
      ?.pages.flatMap((page) => page.posts.map((post) => post.id));

  async function choose(cardIndex: number, item: string) {
    await act(async () => screen.getAllByRole('button', { name: 'More options' })[cardIndex]?.click());
    await act(async () => screen.getByRole('button', { name: item }).click());
  }

  it('Dislike shows its second, then hides the post from the feed (not the profile), with Undo', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await choose(0, 'Dislike');
      expect(screen.getAllByRole('status').some((status) => status.textContent === 'Disliked')).toBe(true);
      expect(calls).toContainEqual({
        url: '/api/controls/hidden-posts',
        method: 'POST',
        body: { postId: 'p1', reason: 'not_for_me' },
      });
      // Still there while its second shows.
      expect(feedIds()).toEqual(['p1', 'p2']);
      await act(async () => vi.advanceTimersByTime(1_000));
      expect(feedIds()).toEqual(['p2']);
      const profile = queryClient.getQueryData<InfiniteData<PostPage>>(queryKeys.postLists.profile('ravi'));
      expect(profile?.pages[0]?.posts[0]?.viewer.hidden).toBe(true);
      expect(screen.getByText('Post hidden. You won’t see it in your feed again.')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
    await act(async () => screen.getByRole('button', { name: 'Undo' }).click());
    expect(calls.at(-1)).toMatchObject({ url: '/api/controls/hidden-posts/p1', method: 'DELETE' });
  });

  it('"Mute this author" on an anonymous post hides that post alone and says why; it offers no Block', async () => {
    await act(async () => screen.getAllByRole('button', { name: 'More options' })[1]?.click());
    expect(screen.queryByRole('button', { name: /Block/ })).toBeNull();
    await act(async () => screen.getByRole('button', { name: 'Mute this author' }).click());
    expect(calls).toContainEqual({
      url: '/api/controls/hidden-posts',
      method: 'POST',
      body: { postId: 'p2', reason: 'muted_author' },
    });
    await waitFor(() => expect(feedIds()).toEqual(['p1']));
    expect(screen.getByText('Anonymous authors are muted post by post.')).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith('/api/controls/mutes'))).toBe(false);
  });

  it('"Mute @ravi" mutes the named author at once; Undo unmutes', async () => {
    await choose(0, 'Mute @ravi');
    expect(calls).toContainEqual({ url: '/api/controls/mutes', method: 'POST', body: { username: 'ravi' } });
    await act(async () => (await screen.findByRole('button', { name: 'Undo' })).click());
    expect(calls.at(-1)).toMatchObject({ url: '/api/controls/mutes/ravi', method: 'DELETE' });
  });

  it('"Block @ravi" asks first, and nothing is sent when the answer is no', async () => {
    await choose(0, 'Block @ravi');
    await screen.findByRole('dialog', { name: 'Block @ravi?' });
    await act(async () => screen.getByRole('button', { name: 'Cancel' }).click());
    expect(calls.some((call) => call.url.startsWith('/api/controls/blocks'))).toBe(false);
    await choose(0, 'Block @ravi');
    await screen.findByRole('dialog', { name: 'Block @ravi?' });
    await act(async () => screen.getByRole('button', { name: 'Block' }).click());
    await waitFor(() =>
      expect(calls).toContainEqual({
        url: '/api/controls/blocks',
        method: 'POST',
        body: { username: 'ravi' },
      }),
    );
  });
});

describe("the class book's switch on one's own anonymous askline answer (issue #52)", () => {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  const ownAnswer = makePost('p3', {
    isAnonymous: true,
    author: null,
    askline: { id: 'a1', content: 'What will you miss most?' },
    viewer: {
      ...makePost('p3').viewer,
      isAuthor: true,
      canDelete: true,
      report: 'none',
      canHide: false,
      canMuteAuthor: 'none',
      canBlockAuthor: false,
      inClassBook: false,
    },
  });

  beforeEach(async () => {
    calls.length = 0;
    queryClient.setQueryData(queryKeys.session, {
      user: { id: 'u1', email: 'asha@example.com', emailVerified: true },
      profile: { username: 'asha', fullName: 'Asha', userType: 'ordinary', permissions: NO_PERMISSIONS },
      needsProfileSetup: false,
    });
    // Someone else's anonymous answer: the server says nothing of the switch there.
    const theirs = makePost('p4', { isAnonymous: true, author: null, viewer: { ...makePost('p4').viewer } });
    queryClient.setQueryData(queryKeys.postLists.feed('newest'), pages(postPage([ownAnswer, theirs])));
    queryClient.setQueryData(queryKeys.postLists.askline('a1'), pages(postPage([ownAnswer])));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const body = init.body ? JSON.parse(String(init.body)) : null;
        calls.push({ url, method: init.method ?? 'GET', body });
        return Response.json({ includeInClassBook: body?.include === true });
      }),
    );
    render(
      <QueryProvider>
        <MemoryRouter>
          <FeedCards />
          <Announcer />
          <ConfirmHost />
        </MemoryRouter>
      </QueryProvider>,
    );
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /^Like/ })[0]?.hasAttribute('disabled')).toBe(false),
    );
  });

  const menu = (index: number) =>
    act(async () => screen.getAllByRole('button', { name: 'More options' })[index]?.click());
  const switchItem = () => screen.queryByRole('button', { name: 'Include in the class book, unnamed' });
  const askedFor = () =>
    queryClient.getQueryData<InfiniteData<PostPage>>(queryKeys.postLists.askline('a1'))?.pages[0]?.posts[0]
      ?.viewer.inClassBook;

  it('is offered to its author alone, and says what readers will know before it is turned on', async () => {
    await menu(1);
    expect(switchItem()).toBeNull();
    await menu(0);
    expect(switchItem()?.getAttribute('aria-pressed')).toBe('false');
    await act(async () => switchItem()?.click());
    const dialog = await screen.findByRole('dialog', { name: 'Include it in the class book, unnamed?' });
    expect(dialog.textContent).toContain(
      'Readers of the class book will know it was written by someone in the class.',
    );
    // Cancelled: nothing is sent.
    await act(async () => screen.getByRole('button', { name: 'Cancel' }).click());
    expect(calls).toEqual([]);

    await menu(0);
    await act(async () => switchItem()?.click());
    await screen.findByRole('dialog', { name: 'Include it in the class book, unnamed?' });
    await act(async () => screen.getByRole('button', { name: 'Include' }).click());
    await waitFor(() =>
      expect(calls).toEqual([{ url: '/api/posts/p3/class-book', method: 'PUT', body: { include: true } }]),
    );
    // Every view of the post follows the server's answer.
    await waitFor(() => expect(askedFor()).toBe(true));
    expect(await screen.findByText('It will be in the class book, as “Anonymous”.')).toBeTruthy();
    await menu(0);
    expect(switchItem()?.getAttribute('aria-pressed')).toBe('true');

    // Off again at once, without a question.
    await act(async () => switchItem()?.click());
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({
        url: '/api/posts/p3/class-book',
        method: 'PUT',
        body: { include: false },
      }),
    );
    await waitFor(() => expect(askedFor()).toBe(false));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('a card for someone who may only read it', () => {
  const readOnly = makePost('p1', {
    viewer: {
      isAuthor: false,
      canLike: false,
      canDelete: false,
      canRemove: false,
      canModerate: false,
      report: 'none',
      canSuspendAuthor: false,
      hidden: false,
      canHide: false,
      canMuteAuthor: 'none',
      canBlockAuthor: false,
    },
  });

  /** The lazily loaded modules a page the server draws with this card names for preloading. */
  function preloadedFor(post: Post): string[] {
    const server: ServerRender = {
      queryClient: new QueryClient(),
      googleSignIn: false,
      grievanceOfficer: null,
      cookie: '',
      modules: new Set(),
      parts: new Map(),
    };
    renderToString(
      <ServerRenderContext value={server}>
        <MemoryRouter>
          <PostCard post={post} />
        </MemoryRouter>
      </ServerRenderContext>,
    );
    return [...server.modules];
  }

  it('needs no code beyond the card: the actions chunk is named only for those who may act', () => {
    expect(preloadedFor(readOnly)).toEqual([]);
    expect(preloadedFor(makePost('p2'))).toEqual(['features/posts/components/post-card-actions.tsx']);
    const staff = makePost('p3', { viewer: { ...readOnly.viewer, canModerate: true, canDelete: true } });
    expect(preloadedFor(staff)).toEqual(['features/posts/components/post-card-actions.tsx']);
  });

  it('is drawn at once, with Copy link and Dislike and nothing that acts', async () => {
    render(
      <QueryProvider>
        <MemoryRouter>
          <PostCard post={readOnly} />
        </MemoryRouter>
      </QueryProvider>,
    );
    expect(screen.getByText('Post p1')).toBeTruthy();
    expect(likeButton().hasAttribute('disabled')).toBe(true);
    expect(likeButton().getAttribute('title')).toBe('Sign in to like');
    await act(async () => screen.getByRole('button', { name: 'More options' }).click());
    expect(screen.getByRole('button', { name: 'Dislike' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
    await act(async () => screen.getByRole('button', { name: 'Share' }).click());
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
  });
});

const likeButton = () => screen.getByRole('button', { name: /like/i });
