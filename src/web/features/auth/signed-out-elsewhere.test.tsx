// A session that ended elsewhere (issue #43): how this browser learns it (a page the server drew for a
// visitor, a 401, the session asked again, another tab) and what goes then; what must not end it (the
// demo user, a visitor, a sign-in, no answer at all); and where "You were signed out" is said.
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_PERMISSIONS } from '../../../shared/values/auth';
import { Announcer } from '../../components/ui/announcer';
import { storageKeys } from '../../config/storage-keys';
import { ApiError, apiRequest, ConnectionError } from '../../lib/api-client';
import { PAGE_STATE_ID, writePageState } from '../../lib/page-state';
import { cacheRestored } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import type { Session } from './api/session-api';
import { SignedOutNotice, useSignedOutAnnouncement } from './components/signed-out-notice';
import { DEMO_SESSION } from './demo-session';
import {
  judgeKeptCopy,
  SIGNED_OUT_MESSAGE,
  signedOutNoticeUnsaid,
  takeSignedOutNotice,
  watchForSignOut,
} from './signed-out-elsewhere';

// The browser's tabs, in memory: a message reaches every other channel of its name, a task later, as
// BroadcastChannel does. Set before the modules above load, so each module's channel is one of these.
const tabs = vi.hoisted(() => {
  const browser = { channels: new Set<EventTarget & { name: string }>() };
  class FakeChannel extends EventTarget {
    constructor(readonly name: string) {
      super();
      browser.channels.add(this);
    }
    postMessage(data: unknown) {
      for (const other of browser.channels) {
        if (other === this || other.name !== this.name) continue;
        setTimeout(() => other.dispatchEvent(new MessageEvent('message', { data })));
      }
    }
    close() {
      browser.channels.delete(this);
    }
  }
  globalThis.BroadcastChannel = FakeChannel as unknown as typeof BroadcastChannel;
  return { browser, FakeChannel };
});

const CHANNEL = 'yearbook-session';
const ANONYMOUS_TEXT = 'my anonymous confession';
const FEED = queryKeys.postLists.feed('newest');
const FEED_ANSWER = { pages: [{ posts: [{ id: 'p1', content: ANONYMOUS_TEXT, isAnonymous: true }] }] };
const MEMBER: Session = {
  user: { id: 'u1', email: 'asha@example.com', emailVerified: true },
  profile: { username: 'asha', fullName: 'Asha', userType: 'ordinary', permissions: NO_PERMISSIONS },
  needsProfileSetup: false,
};
const ANOTHER_MEMBER: Session = {
  ...MEMBER,
  user: { id: 'u2', email: 'ravi@example.com', emailVerified: true },
  profile: { username: 'ravi', fullName: 'Ravi', userType: 'ordinary', permissions: NO_PERMISSIONS },
};
const VISITOR: Session = { user: null, profile: null, needsProfileSetup: false };

/** Another tab of this browser, and what it has heard. */
function otherTab() {
  const channel = new tabs.FakeChannel(CHANNEL);
  const heard: unknown[] = [];
  channel.addEventListener('message', (event) => heard.push((event as MessageEvent).data));
  return { channel, heard };
}

/** What the server answers every request with. */
function serverAnswers(status: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ error: { code: 'x', message: 'No.' } }), { status })),
  );
}

afterEach(() => {
  takeSignedOutNotice(); // said or not, the next test starts with nothing to say
});

describe('a kept copy, judged by the session the page came with', () => {
  const keptBy = (session?: Session) => {
    const earlier = new QueryClient();
    if (session) earlier.setQueryData(queryKeys.session, session);
    earlier.setQueryData(FEED, FEED_ANSWER);
    return dehydrate(earlier);
  };

  it('is dropped when the server says nobody is signed in, or someone else is', () => {
    expect(judgeKeptCopy(keptBy(MEMBER), VISITOR)).toBe('signed-out');
    expect(judgeKeptCopy(keptBy(MEMBER), ANOTHER_MEMBER)).toBe('another-account');
  });

  it('is kept for the same member, without the server (offline), and when no member kept it', () => {
    expect(judgeKeptCopy(keptBy(MEMBER), MEMBER)).toBe('keep');
    expect(judgeKeptCopy(keptBy(MEMBER), undefined)).toBe('keep');
    expect(judgeKeptCopy(keptBy(), VISITOR)).toBe('keep');
    expect(judgeKeptCopy(keptBy(DEMO_SESSION), VISITOR)).toBe('keep');
  });
});

describe('a tab watching its session', () => {
  const stops: (() => void)[] = [];

  beforeAll(async () => {
    // The app's own client installs its watch as it restores: this file's come after it.
    await cacheRestored;
  });

  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
  });

  /** A client holding `session` and the account's feed, watched, with a kept copy in storage. */
  function watchedClient(session?: Session) {
    const client = new QueryClient();
    if (session) client.setQueryData(queryKeys.session, session);
    client.setQueryData(FEED, FEED_ANSWER);
    localStorage.setItem(storageKeys.queryCache, JSON.stringify({ kept: ANONYMOUS_TEXT }));
    stops.push(watchForSignOut(client));
    return client;
  }

  function expectSignedOut(client: QueryClient) {
    expect(client.getQueryData(queryKeys.session)).toEqual(VISITOR);
    expect(client.getQueryData(FEED)).toBeUndefined();
    expect(localStorage.getItem(storageKeys.queryCache) ?? '').not.toContain(ANONYMOUS_TEXT);
    expect(signedOutNoticeUnsaid()).toBe(true);
  }

  function expectUnchanged(client: QueryClient, session?: Session) {
    expect(client.getQueryData(queryKeys.session)).toEqual(session);
    expect(client.getQueryData(FEED)).toEqual(FEED_ANSWER);
    expect(localStorage.getItem(storageKeys.queryCache)).toContain(ANONYMOUS_TEXT);
    expect(signedOutNoticeUnsaid()).toBe(false);
  }

  it('forgets everything when a request sent as a member is answered 401, and tells the other tabs', async () => {
    const client = watchedClient(MEMBER);
    const tab = otherTab();
    serverAnswers(401);
    await expect(apiRequest('/api/posts', { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError);
    expectSignedOut(client);
    await vi.waitFor(() => expect(tab.heard).toEqual(['signed-out']));
  });

  it('forgets everything when the session, asked again, has no user any more', async () => {
    const client = watchedClient(MEMBER);
    await client.fetchQuery({ queryKey: queryKeys.session, queryFn: async () => VISITOR, staleTime: 0 });
    expectSignedOut(client);
  });

  it('forgets everything when another tab says the session ended, without saying it back', async () => {
    const client = watchedClient(MEMBER);
    const tab = otherTab();
    tab.channel.postMessage('signed-out');
    await vi.waitFor(() => expect(signedOutNoticeUnsaid()).toBe(true));
    expectSignedOut(client);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(tab.heard).toEqual([]);
  });

  it('leaves the demo user, who has no server session, alone on a 401', async () => {
    const client = watchedClient(DEMO_SESSION);
    serverAnswers(401);
    await expect(apiRequest('/api/posts')).rejects.toBeInstanceOf(ApiError);
    otherTab().channel.postMessage('signed-out');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expectUnchanged(client, DEMO_SESSION);
  });

  it('says nothing to a visitor who was never signed in', async () => {
    const client = watchedClient();
    serverAnswers(401);
    await expect(apiRequest('/api/posts')).rejects.toBeInstanceOf(ApiError);
    await client.fetchQuery({ queryKey: queryKeys.session, queryFn: async () => VISITOR });
    expect(signedOutNoticeUnsaid()).toBe(false);
  });

  it('takes a sign-in for a sign-in, and a new account for a reason to forget the old one quietly', async () => {
    const client = watchedClient();
    client.setQueryData(queryKeys.session, MEMBER); // the sign-in card's answer
    expectUnchanged(client, MEMBER);
    await client.fetchQuery({
      queryKey: queryKeys.session,
      queryFn: async () => ANOTHER_MEMBER,
      staleTime: 0,
    });
    expect(client.getQueryData(FEED)).toBeUndefined();
    expect(localStorage.getItem(storageKeys.queryCache)).toBeNull();
    expect(signedOutNoticeUnsaid()).toBe(false);
  });

  it('keeps everything when the server does not answer (offline)', async () => {
    const client = watchedClient(MEMBER);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(apiRequest('/api/posts')).rejects.toBeInstanceOf(ConnectionError);
    expectUnchanged(client, MEMBER);
  });

  it('says "You were signed out" above the sign-in card, or through the announcer elsewhere', async () => {
    const client = watchedClient(MEMBER);
    function Header() {
      useSignedOutAnnouncement();
      return null;
    }
    window.history.replaceState(null, '', '/');
    const landing = render(
      <>
        <Header />
        <SignedOutNotice />
        <Announcer />
      </>,
    );
    serverAnswers(401);
    await act(() => expect(apiRequest('/api/posts')).rejects.toBeInstanceOf(ApiError));
    expect((await screen.findByRole('status')).textContent).toBe(SIGNED_OUT_MESSAGE);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(screen.getAllByText(SIGNED_OUT_MESSAGE)).toHaveLength(1); // no toast beside it
    landing.unmount();

    // A page open to visitors (a post) stays where it is: the announcer says it.
    client.setQueryData(queryKeys.session, MEMBER);
    window.history.replaceState(null, '', '/post/p1');
    render(
      <>
        <Header />
        <Announcer />
      </>,
    );
    await act(() => expect(apiRequest('/api/posts')).rejects.toBeInstanceOf(ApiError));
    expect(await screen.findByText(SIGNED_OUT_MESSAGE)).toBeTruthy();
    window.history.replaceState(null, '', '/');
  });
});

describe('the storage fallback, where there is no BroadcastChannel', () => {
  it('hears a sign-out from another tab, and never a sign-in', async () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    vi.resetModules();
    const { listenForSignOutInOtherTabs, tellOtherTabsSignedOut } = await import('./sign-out');
    const heard = vi.fn();
    const stop = listenForSignOutInOtherTabs(heard);

    // Another tab signs in: it writes the kept copy, with the new session in it.
    window.dispatchEvent(
      new StorageEvent('storage', { key: storageKeys.queryCache, newValue: JSON.stringify(MEMBER) }),
    );
    expect(heard).not.toHaveBeenCalled();
    // Another tab signs out: its signal, then the signal's removal.
    window.dispatchEvent(new StorageEvent('storage', { key: 'yearbook-signed-out', newValue: '1' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'yearbook-signed-out', newValue: null }));
    expect(heard).toHaveBeenCalledTimes(1);
    stop();

    // This tab's own signal leaves nothing behind in storage.
    const setItem = vi.spyOn(localStorage, 'setItem');
    tellOtherTabsSignedOut();
    expect(setItem).toHaveBeenCalledWith('yearbook-signed-out', expect.any(String));
    expect(localStorage.getItem('yearbook-signed-out')).toBeNull();
    setItem.mockRestore();
  });
});

describe('a page load after the session ended elsewhere', () => {
  beforeEach(() => {
    // A browser of its own for each page load: earlier pages' tabs do not hear this one.
    tabs.browser.channels = new Set();
  });

  /** What an earlier visit kept: the session `keptBy` and the account's feed, a minute ago. */
  function keepInStorage(keptBy: Session) {
    const earlier = new QueryClient();
    earlier.setQueryData(queryKeys.session, keptBy, { updatedAt: Date.now() - 60_000 });
    earlier.setQueryData(FEED, FEED_ANSWER, { updatedAt: Date.now() - 60_000 });
    localStorage.setItem(
      storageKeys.queryCache,
      JSON.stringify({ buster: '3', timestamp: Date.now() - 60_000, clientState: dehydrate(earlier) }),
    );
  }

  /** The page the server drew, with the session it drew it for (none: the offline app's shell). */
  async function loadPage(drawnFor?: Session) {
    document.body.innerHTML = '';
    if (drawnFor) {
      const server = new QueryClient();
      server.setQueryData(queryKeys.session, drawnFor);
      const script = document.createElement('script');
      script.type = 'application/json';
      script.id = PAGE_STATE_ID;
      script.textContent = writePageState(dehydrate(server));
      document.body.append(script);
    }
    vi.resetModules();
    await import('../../app/kept-copy-guard'); // as main.tsx does, first
    const { queryClient, cacheRestored: restored } = await import('../../lib/query-client');
    const elsewhere = await import('./signed-out-elsewhere');
    await restored;
    return { queryClient, ...elsewhere };
  }

  afterEach(() => {
    document.body.innerHTML = '';
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets the notice flag as the app does.
    document.cookie = `${storageKeys.noticeSeen}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
  });

  it('never restores the copy of an account the server says is signed out, and says so', async () => {
    keepInStorage(MEMBER);
    // biome-ignore lint/suspicious/noDocumentCookie: as the notice banner sets it (lib/cookies.ts).
    document.cookie = `${storageKeys.noticeSeen}=true; Path=/`;
    const tab = otherTab();
    const page = await loadPage(VISITOR);
    expect(page.queryClient.getQueryData(FEED)).toBeUndefined();
    expect(page.queryClient.getQueryData(queryKeys.session)).toEqual(VISITOR);
    const kept = localStorage.getItem(storageKeys.queryCache) ?? '';
    expect(kept).not.toContain(ANONYMOUS_TEXT);
    expect(kept).not.toContain('asha');
    expect(document.cookie).not.toContain(storageKeys.noticeSeen);
    expect(page.signedOutNoticeUnsaid()).toBe(true);
    await vi.waitFor(() => expect(tab.heard).toEqual(['signed-out']));
  });

  it('drops the copy of another account quietly', async () => {
    keepInStorage(ANOTHER_MEMBER);
    const tab = otherTab();
    const page = await loadPage(MEMBER);
    expect(page.queryClient.getQueryData(FEED)).toBeUndefined();
    expect(localStorage.getItem(storageKeys.queryCache) ?? '').not.toContain(ANONYMOUS_TEXT);
    expect(page.signedOutNoticeUnsaid()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(tab.heard).toEqual([]);
  });

  it('restores it for the same member, and offline, where the server said nothing', async () => {
    keepInStorage(MEMBER);
    const signedIn = await loadPage(MEMBER);
    expect(signedIn.queryClient.getQueryData(FEED)).toEqual(FEED_ANSWER);

    keepInStorage(MEMBER);
    const offline = await loadPage();
    expect(offline.queryClient.getQueryData(FEED)).toEqual(FEED_ANSWER);
    expect(offline.queryClient.getQueryData(queryKeys.session)).toEqual(MEMBER);
    expect(offline.signedOutNoticeUnsaid()).toBe(false);
  });
});
