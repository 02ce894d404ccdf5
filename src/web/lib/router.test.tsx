// The app's own router (decision 013) against the rules the app relies on from react-router: pages
// drawn inside their layouts with their parameters, links that stay links, query changes, history
// state and back/forward. Which page an address is, the route table decides (src/shared/routes.ts,
// tested there); the pages here are drawn from it as app/router.tsx draws them.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { matchRoute, type RouteId } from '../../shared/routes';
import {
  BrowserRouter,
  Link,
  Matched,
  Outlet,
  StaticRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from './router';

function Show({ name }: { name: string }) {
  const params = useParams();
  const { pathname, search, state } = useLocation();
  const type = useNavigationType();
  return (
    <p data-testid="page">
      {name} {JSON.stringify(params)} {pathname}
      {search} {JSON.stringify(state)} {type}
    </p>
  );
}

function Layout() {
  return (
    <div data-testid="layout">
      <Outlet />
    </div>
  );
}

const NAMES: Partial<Record<RouteId, string>> = {
  home: 'landing',
  about: 'about',
  anonymousPost: 'anonymous post',
  userPost: 'user post',
  askline: 'askline',
  userProfile: 'profile',
  profileSetup: 'setup',
  dashboard: 'dashboard',
};

function Pages() {
  const { pathname } = useLocation();
  const found = matchRoute(pathname);
  const name = (found && NAMES[found.id]) ?? 'not found';
  return (
    <Matched
      params={found?.params ?? {}}
      chain={[<Layout key="layout" />, <Show key="page" name={name} />]}
    />
  );
}

const routes = <Pages />;

const page = () => screen.getByTestId('page').textContent ?? '';

function renderAt(address: string) {
  return render(<StaticRouter location={address}>{routes}</StaticRouter>);
}

describe('matching', () => {
  it.each([
    ['/', 'landing'],
    ['/about', 'about'],
    ['/About/', 'about'],
    ['/profile/setup', 'setup'],
    ['/PROFILE/Setup', 'setup'],
    ['/dashboard', 'dashboard'],
    ['/post/123', 'anonymous post'],
    ['/ravi/123', 'user post'],
    ['/askline/abc', 'askline'],
    ['/ravi', 'profile'],
    ['/a/b/c', 'not found'],
  ])('%s draws the %s page inside the layout', (address, name) => {
    renderAt(address);
    expect(screen.getByTestId('layout').contains(screen.getByTestId('page'))).toBe(true);
    expect(page().startsWith(`${name} `)).toBe(true);
  });

  it('hands parameters over decoded, and survives a malformed escape', () => {
    renderAt('/ravi%20k/p%2F1');
    expect(page()).toContain('{"username":"ravi k","postId":"p/1"}');
    cleanup();
    renderAt('/ravi%E0%A4');
    expect(page()).toContain('{"username":"ravi%E0%A4"}');
  });
});

function cleanup() {
  document.body.innerHTML = '';
}

function Controls() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  return (
    <>
      <Link to="/about">About</Link>
      <Link to="/ravi" state={{ from: 'link' }}>
        Ravi
      </Link>
      <button type="button" onClick={() => setParams({ sort: 'newest' }, { replace: true })}>
        Sort
      </button>
      <button type="button" onClick={() => navigate('/dashboard', { state: { open: true } })}>
        Dashboard
      </button>
      <output data-testid="sort">{params.get('sort') ?? 'none'}</output>
    </>
  );
}

describe('in the browser', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  function renderBrowser() {
    return render(
      <BrowserRouter>
        <Controls />
        {routes}
      </BrowserRouter>,
    );
  }

  it('starts where the address bar is, as a POP', () => {
    window.history.replaceState(null, '', '/ravi/42?format=story');
    renderBrowser();
    expect(page()).toBe('user post {"username":"ravi","postId":"42"} /ravi/42?format=story null POP');
  });

  it('a link is a real link, and a plain click moves without loading the page', async () => {
    renderBrowser();
    const link = screen.getByRole('link', { name: 'About' });
    expect(link.getAttribute('href')).toBe('/about');
    const before = window.history.length;
    await act(async () => fireEvent.click(link));
    expect(window.location.pathname).toBe('/about');
    expect(window.history.length).toBe(before + 1);
    expect(page().startsWith('about ')).toBe(true);
    expect(page().endsWith('PUSH')).toBe(true);
  });

  it('leaves a modified or non-primary click to the browser', async () => {
    renderBrowser();
    const link = screen.getByRole('link', { name: 'About' });
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, ...init });
      await act(async () => link.dispatchEvent(event));
      expect(event.defaultPrevented).toBe(false);
    }
    // The app did not move: the browser does what it does with such a click (a new tab, a window).
    expect(page().startsWith('landing ')).toBe(true);
  });

  it('a link to the address already shown replaces it instead of stacking it', async () => {
    window.history.replaceState(null, '', '/about');
    renderBrowser();
    const before = window.history.length;
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'About' })));
    expect(window.history.length).toBe(before);
    expect(page().endsWith('REPLACE')).toBe(true);
  });

  it('carries state with a navigation, in the history entry too', async () => {
    renderBrowser();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Ravi' })));
    expect(page()).toContain('{"from":"link"}');
    expect(window.history.state).toMatchObject({ usr: { from: 'link' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Dashboard' })));
    expect(page()).toBe('dashboard {} /dashboard {"open":true} PUSH');
  });

  it('changes the query and keeps the path', async () => {
    window.history.replaceState(null, '', '/dashboard');
    renderBrowser();
    const before = window.history.length;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sort' })));
    expect(`${window.location.pathname}${window.location.search}`).toBe('/dashboard?sort=newest');
    expect(window.history.length).toBe(before);
    expect(screen.getByTestId('sort').textContent).toBe('newest');
  });

  it('follows back and forward (popstate) as a POP with the entry’s state', async () => {
    renderBrowser();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Ravi' })));
    await act(async () => {
      window.history.replaceState({ usr: { from: 'back' }, key: 'k', idx: 0 }, '', '/about');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(page()).toBe('about {} /about {"from":"back"} POP');
  });
});
