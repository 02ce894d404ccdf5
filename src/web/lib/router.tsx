// The app's router: the part of react-router's API the app uses (Outlet, Link, Navigate, the location
// hooks), in ~1.5 KB instead of react-router's 14 KB of the first download every page pays for
// (decision 013). Which page an address is, the router does not decide: the app matches it once,
// against its one route table (src/shared/routes.ts: ranked, any case, decoded, the same for the
// server, the navbar and the share pages), and draws it with <Matched> (app/router.tsx).
//
// - Layouts wrap the page, which renders at their <Outlet />.
// - A navigation is a transition (React keeps the current page on screen while the next page's lazy
//   chunk loads), and a Link to the address already shown replaces it instead of stacking it.
// - The history entry's state is `{ usr, key, idx }` as react-router writes it, so a page reloaded
//   mid-session reads the same state either way.
import {
  type ComponentPropsWithoutRef,
  createContext,
  type MouseEvent,
  type ReactNode,
  startTransition,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { Params } from '../../shared/routes';

export type { Params };

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

/** How the current location was reached: a link or code (PUSH, REPLACE), or back/forward and a load (POP). */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export type To = string | { pathname?: string; search?: string; hash?: string };

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

type Navigate = (to: To | number, options?: NavigateOptions) => void;

interface RouterState {
  location: Location;
  navigationType: NavigationType;
  navigate: Navigate;
}

const RouterContext = createContext<RouterState | null>(null);

interface RouteState {
  params: Params;
  outlet: ReactNode;
}

const RouteContext = createContext<RouteState>({ params: {}, outlet: null });

function useRouter(): RouterState {
  const router = use(RouterContext);
  if (!router)
    throw new Error('a router hook or <Link> outside <BrowserRouter>, <StaticRouter> or <MemoryRouter>');
  return router;
}

/** `to` as an address, resolved against `from` as a browser resolves a link's href. */
export function resolveTo(to: To, from: Pick<Location, 'pathname' | 'search'>): string {
  const base = new URL(`${from.pathname}${from.search}`, 'http://router.invalid');
  if (typeof to === 'string') {
    const url = new URL(to, base);
    return `${url.pathname}${url.search}${url.hash}`;
  }
  return `${to.pathname ?? from.pathname}${to.search ?? ''}${to.hash ?? ''}`;
}

function parseAddress(address: string, state: unknown, key: string): Location {
  const url = new URL(address, 'http://router.invalid');
  return { pathname: url.pathname, search: url.search, hash: url.hash, state, key };
}

const pathOf = (location: Pick<Location, 'pathname' | 'search' | 'hash'>) =>
  `${location.pathname}${location.search}${location.hash}`;

interface HistoryState {
  usr: unknown;
  key: string;
  idx: number;
}

function readHistoryState(): Partial<HistoryState> {
  const state: unknown = window.history.state;
  return state && typeof state === 'object' ? (state as Partial<HistoryState>) : {};
}

const newKey = () => Math.random().toString(36).slice(2, 10);

function windowLocation(): Location {
  const { usr = null, key = 'default' } = readHistoryState();
  return parseAddress(pathOf(window.location), usr, key);
}

type Place = Pick<RouterState, 'location' | 'navigationType'>;

/** The router's place, and a stable way to move it (as a transition). */
function usePlace(initial: () => Place) {
  const [place, setPlace] = useState(initial);
  const update = useCallback((next: Place) => startTransition(() => setPlace(next)), []);
  return [place, update] as const;
}

function Provide({ place, navigate, children }: { place: Place; navigate: Navigate; children: ReactNode }) {
  const value = useMemo(() => ({ ...place, navigate }), [place, navigate]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

/** The browser's router: the address bar and its history. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [state, update] = usePlace(() => ({ location: windowLocation(), navigationType: 'POP' }));
  const current = useRef(state.location);
  current.current = state.location;

  useLayoutEffect(() => {
    // A reload keeps the entry's index; the first entry of a visit gets one, as react-router does.
    if (readHistoryState().idx === undefined) {
      window.history.replaceState({ ...readHistoryState(), usr: null, key: 'default', idx: 0 }, '');
    }
    const onPop = () => update({ location: windowLocation(), navigationType: 'POP' });
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [update]);

  const navigate = useMemo<Navigate>(
    () =>
      (to, options = {}) => {
        if (typeof to === 'number') {
          window.history.go(to);
          return;
        }
        const address = resolveTo(to, current.current);
        const key = newKey();
        const idx = (readHistoryState().idx ?? 0) + (options.replace ? 0 : 1);
        const entry: HistoryState = { usr: options.state ?? null, key, idx };
        if (options.replace) window.history.replaceState(entry, '', address);
        else window.history.pushState(entry, '', address);
        update({
          location: parseAddress(address, entry.usr, key),
          navigationType: options.replace ? 'REPLACE' : 'PUSH',
        });
      },
    [update],
  );

  return (
    <Provide place={state} navigate={navigate}>
      {children}
    </Provide>
  );
}

/** A router for tests: its history lives in memory. */
export function MemoryRouter({
  initialEntries = ['/'],
  children,
}: {
  initialEntries?: string[];
  children: ReactNode;
}) {
  const entries = useRef(initialEntries.map((entry) => parseAddress(entry, null, newKey())));
  const index = useRef(entries.current.length - 1);
  const [state, update] = usePlace(() => ({
    location: entries.current[index.current] as Location,
    navigationType: 'POP',
  }));
  const navigate = useMemo<Navigate>(
    () =>
      (to, options = {}) => {
        if (typeof to === 'number') {
          index.current = Math.min(Math.max(index.current + to, 0), entries.current.length - 1);
          update({ location: entries.current[index.current] as Location, navigationType: 'POP' });
          return;
        }
        const from = entries.current[index.current] as Location;
        const location = parseAddress(resolveTo(to, from), options.state ?? null, newKey());
        if (!options.replace) index.current += 1;
        entries.current.splice(index.current, Number.POSITIVE_INFINITY, location);
        update({ location, navigationType: options.replace ? 'REPLACE' : 'PUSH' });
      },
    [update],
  );
  return (
    <Provide place={state} navigate={navigate}>
      {children}
    </Provide>
  );
}

/** The server's router: one address, nowhere to go (a redirect is the server's answer: lib/redirect.tsx). */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const value = useMemo<RouterState>(
    () => ({
      location: parseAddress(location, null, 'default'),
      navigationType: 'POP',
      navigate: () => {
        throw new Error('navigation while rendering on the server: use <Redirect>');
      },
    }),
    [location],
  );
  return <RouterContext value={value}>{children}</RouterContext>;
}

/**
 * Draws a matched route (the app matches an address once, against its table: src/shared/routes.ts):
 * `chain` is its layouts, outermost first, then its page; each draws the next at its <Outlet />, and
 * all read `params` through useParams.
 */
export function Matched({ params, chain }: { params: Params; chain: ReactNode[] }) {
  let outlet: ReactNode = null;
  for (const element of [...chain].reverse()) {
    outlet = <RouteContext value={{ params, outlet }}>{element}</RouteContext>;
  }
  return outlet;
}

/** Where a layout route draws the route that matched inside it. */
export function Outlet() {
  return use(RouteContext).outlet;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigationType(): NavigationType {
  return useRouter().navigationType;
}

export function useNavigate(): Navigate {
  return useRouter().navigate;
}

export function useParams<T extends Params = Params>(): T {
  return use(RouteContext).params as T;
}

type SearchInit = URLSearchParams | string | Record<string, string>;

/** The address's query, and a way to change it (the path stays). */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const latest = useRef(params);
  latest.current = params;
  const setParams = useMemo(
    () => (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const value = typeof next === 'function' ? next(latest.current) : next;
      const search = new URLSearchParams(value).toString();
      navigate({ search: search ? `?${search}` : '' }, options);
    },
    [navigate],
  );
  return [params, setParams];
}

/** Sends the browser to `to` once rendered (lib/redirect.tsx makes it a redirect on the server). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const { location, navigate } = useRouter();
  const address = resolveTo(to, location);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per address, not per render's `state` object.
  useEffect(() => navigate(address, { replace, state }), [navigate, address, replace]);
  return null;
}

type AnchorProps = Omit<ComponentPropsWithoutRef<'a'>, 'href'>;

export interface LinkProps extends AnchorProps {
  to: To;
  replace?: boolean;
  state?: unknown;
}

const isModified = (event: MouseEvent) => event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;

/**
 * A link: an <a href> that works without JavaScript and opens in a new tab as any link does; a plain
 * click moves within the app without loading the page again.
 */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  const href = resolveTo(to, location);
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (
          event.defaultPrevented ||
          event.button !== 0 ||
          (target && target !== '_self') ||
          isModified(event)
        ) {
          return;
        }
        event.preventDefault();
        navigate(href, { replace: replace ?? href === pathOf(location), state });
      }}
    />
  );
}
