import {
  Component,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type ComponentType,
  type ErrorInfo,
  type MouseEvent,
  type ReactNode,
} from 'react';

/*
 * The app's router: the hash addresses of spec §2 (`#/pages/goods/goodsInfo?id=7`), every path
 * static, one layout route with its pages as children. It offers the few calls the pages use
 * (`useNavigate`, `useSearchParams`, `useLocation`, `Link`, `Navigate`, `Outlet`) in the shape
 * React Router gives them, at a fraction of its size on the first screen.
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** Unique per history entry: scroll positions are kept under it. */
  key: string;
}

/** A route's part that loads later; `resolved`, when set, is that part known at once (rendered in the first render, no frame without it). */
export type LazyRouteFunction<R> = (() => Promise<Partial<R>>) & { resolved?: Partial<R> };

export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  Component?: ComponentType;
  lazy?: LazyRouteFunction<RouteObject>;
  errorElement?: ReactNode;
  children?: RouteObject[];
}

export interface RouteMatch {
  route: RouteObject;
  pathname: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /**
   * Back to the page behind this one, shown at `to` in its place (a list opened to pick something
   * hands the choice back without leaving the old page behind it); with nothing behind, `to` replaces this page.
   */
  returning?: boolean;
}

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface Router {
  routes: RouteObject[];
  state: { location: Location; historyAction: NavigationType };
  navigate(to: string | number, options?: NavigateOptions): void;
  subscribe(listener: () => void): () => void;
  createHref(to: string): string;
}

const trimSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

/** The routes `pathname` renders, outermost first (React Router's shape: `[{ route }]`), or null. */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  const path = trimSlash(pathname || '/');
  const walk = (list: RouteObject[], parentPath: string): RouteMatch[] | null => {
    // Exact paths win over the catch-all, whatever their order.
    const ordered = [...list.filter((r) => r.path !== '*'), ...list.filter((r) => r.path === '*')];
    for (const route of ordered) {
      if (route.index) {
        if (path === parentPath) return [{ route, pathname: path }];
        continue;
      }
      const own = route.path === undefined ? parentPath : route.path.startsWith('/') ? trimSlash(route.path) : trimSlash(`${parentPath === '/' ? '' : parentPath}/${route.path}`);
      if (route.path === '*') return [{ route, pathname: path }];
      if (route.children?.length && (path === own || path.startsWith(own === '/' ? '/' : `${own}/`) || own === '/')) {
        const inner = walk(route.children, own);
        if (inner) return [{ route, pathname: own }, ...inner];
      }
      if (own === path && !route.children?.length) return [{ route, pathname: path }];
    }
    return null;
  };
  return walk(routes, '/');
}

function parsePath(to: string): { pathname: string; search: string; hash: string } {
  const hashAt = to.indexOf('#');
  const hash = hashAt >= 0 ? to.slice(hashAt) : '';
  const rest = hashAt >= 0 ? to.slice(0, hashAt) : to;
  const q = rest.indexOf('?');
  const pathname = q >= 0 ? rest.slice(0, q) : rest;
  const search = q >= 0 ? rest.slice(q) : '';
  return { pathname: pathname || '/', search: search === '?' ? '' : search, hash };
}

let keySeq = 0;
const newKey = () => `${Date.now().toString(36)}${(keySeq++).toString(36)}`;

function makeRouter(routes: RouteObject[], read: () => Location, write: (loc: Location, replace: boolean) => void, go: (delta: number) => void, depth: () => number, hrefOf: (to: string) => string, listen: (onPop: () => void) => void): Router {
  const listeners = new Set<() => void>();
  // Where a `returning` navigation lands once the step back has happened (the page behind never shows as it was).
  let returnTo: { to: string; state: unknown } | undefined;
  const show = (to: string, state: unknown, replace: boolean) => {
    const location: Location = { ...parsePath(to), state: state ?? null, key: newKey() };
    write(location, replace);
    router.state = { location, historyAction: replace ? 'REPLACE' : 'PUSH' };
  };
  const router: Router = {
    routes,
    state: { location: read(), historyAction: 'POP' },
    navigate(to, options = {}) {
      if (typeof to === 'number') {
        go(to);
        return;
      }
      if (options.returning && depth() > 0) {
        returnTo = { to, state: options.state };
        go(-1);
        return;
      }
      const current = router.state.location;
      const target = parsePath(to);
      // A link to the page the member is on does not stack another entry (as React Router does).
      const replace = options.returning || (options.replace ?? (target.pathname === current.pathname && target.search === current.search));
      show(to, options.state, replace);
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    createHref: hrefOf,
  };
  listen(() => {
    router.state = { location: read(), historyAction: 'POP' };
    if (returnTo) {
      const { to, state } = returnTo;
      returnTo = undefined;
      show(to, state, true);
    }
    listeners.forEach((l) => l());
  });
  return router;
}

interface HistoryState {
  key?: string;
  idx?: number;
  usr?: unknown;
}

/** The app's router: the page path lives in the address's hash; history entries carry `{ key, idx }`. */
export function createHashRouter(routes: RouteObject[]): Router {
  const historyState = () => (window.history.state ?? {}) as HistoryState;
  // The first entry gets a key and its position (0), so "back" knows whether there is a page behind.
  if (historyState().key === undefined) window.history.replaceState({ ...historyState(), key: newKey(), idx: 0 }, '');
  const read = (): Location => {
    const { pathname, search } = parsePath(window.location.hash.replace(/^#/, '') || '/');
    const s = historyState();
    return { pathname, search, hash: '', state: s.usr ?? null, key: s.key ?? 'default' };
  };
  return makeRouter(
    routes,
    read,
    (loc, replace) => {
      const idx = (historyState().idx ?? 0) + (replace ? 0 : 1);
      const url = `#${loc.pathname}${loc.search}`;
      const state: HistoryState = { key: loc.key, idx, usr: loc.state };
      if (replace) window.history.replaceState(state, '', url);
      else window.history.pushState(state, '', url);
    },
    (delta) => window.history.go(delta),
    () => historyState().idx ?? 0,
    (to) => `#${to}`,
    (onPop) => {
      window.addEventListener('popstate', onPop);
      // A hash set directly (a typed address, code outside React) is a new entry without our state.
      window.addEventListener('hashchange', () => {
        if (historyState().key === undefined) {
          const prevIdx = historyState().idx;
          window.history.replaceState({ key: newKey(), idx: prevIdx ?? 0 }, '');
        }
        onPop();
      });
    },
  );
}

/** A router kept in memory (tests, previews): `initialEntries` are the history, the last one current. */
export function createMemoryRouter(routes: RouteObject[], options: { initialEntries?: string[] } = {}): Router {
  const entries: Location[] = (options.initialEntries ?? ['/']).map((e) => ({ ...parsePath(e), state: null, key: newKey() }));
  let index = entries.length - 1;
  let popListener: () => void = () => undefined;
  return makeRouter(
    routes,
    () => entries[index]!,
    (loc, replace) => {
      if (replace) entries[index] = loc;
      else {
        entries.splice(index + 1, entries.length, loc);
        index += 1;
      }
    },
    (delta) => {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      // As the browser does, going back is noticed a moment later.
      setTimeout(() => popListener(), 0);
    },
    () => index,
    (to) => to,
    (onPop) => {
      popListener = onPop;
    },
  );
}

const RouterContext = createContext<Router | undefined>(undefined);
const OutletContext = createContext<ReactNode>(null);

function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('a router call outside <RouterProvider>');
  return router;
}

/** The current location; renders again when it changes. */
export function useLocation(): Location {
  const router = useRouter();
  return useSyncExternalStore(router.subscribe, () => router.state.location);
}

export function useNavigationType(): NavigationType {
  const router = useRouter();
  return useSyncExternalStore(router.subscribe, () => router.state.historyAction);
}

/** `navigate('/pages/x?a=1')`, `navigate(path, { replace: true })`, `navigate(-1)`. */
export function useNavigate(): (to: string | number, options?: NavigateOptions) => void {
  const router = useRouter();
  return useCallback((to: string | number, options?: NavigateOptions) => router.navigate(to, options), [router]);
}

type ParamsInit = URLSearchParams | string | Record<string, string>;

/** The query of the page's address (`?id=7`) and a way to change it. */
export function useSearchParams(): [URLSearchParams, (next: ParamsInit | ((prev: URLSearchParams) => ParamsInit), options?: NavigateOptions) => void] {
  const router = useRouter();
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: ParamsInit | ((prev: URLSearchParams) => ParamsInit), options?: NavigateOptions) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(router.state.location.search)) : next;
      const query = new URLSearchParams(value).toString();
      router.navigate(`${router.state.location.pathname}${query ? `?${query}` : ''}`, options);
    },
    [router],
  );
  return [params, setParams];
}

export function Link({ to, replace, onClick, ...rest }: { to: string; replace?: boolean } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const router = useRouter();
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (rest.target && rest.target !== '_self') return;
    event.preventDefault();
    router.navigate(to, { replace });
  };
  return <a {...rest} href={router.createHref(to)} onClick={handle} />;
}

export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const router = useRouter();
  useEffect(() => router.navigate(to, { replace }), [router, to, replace]);
  return null;
}

/** Where a layout route shows the page of its child route. */
export function Outlet() {
  return <>{useContext(OutletContext)}</>;
}

const resolvedLazy = new WeakMap<RouteObject, Partial<RouteObject>>();

/** A route's element, once its `lazy` part (if any) has resolved. */
function RouteElement({ route }: { route: RouteObject }) {
  const [resolved, setResolved] = useState(() => resolvedLazy.get(route) ?? route.lazy?.resolved);
  useEffect(() => {
    if (!route.lazy || resolvedLazy.has(route) || route.lazy.resolved) return;
    let alive = true;
    void route.lazy().then((r) => {
      resolvedLazy.set(route, r);
      if (alive) setResolved(r);
    });
    return () => {
      alive = false;
    };
  }, [route]);
  const full = route.lazy ? (resolved ? { ...route, ...resolved } : undefined) : route;
  if (!full) return null;
  if (full.element !== undefined) return <>{full.element}</>;
  if (full.Component) return <full.Component />;
  return <Outlet />;
}

class RouteErrorBoundary extends Component<{ fallback: ReactNode; resetKey: string; children: ReactNode }, { failed: boolean; key: string }> {
  override state = { failed: false, key: this.props.resetKey };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: { resetKey: string }, state: { failed: boolean; key: string }) {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function Matches({ matches, locationKey }: { matches: RouteMatch[]; locationKey: string }) {
  // Inside out: each route's element gets the next one as its outlet.
  let outlet: ReactNode = null;
  for (let i = matches.length - 1; i >= 0; i--) {
    const { route } = matches[i]!;
    let element: ReactNode = (
      <OutletContext.Provider value={outlet}>
        <RouteElement key={route.path ?? (route.index ? 'index' : i)} route={route} />
      </OutletContext.Provider>
    );
    if (route.errorElement !== undefined)
      element = (
        <RouteErrorBoundary fallback={route.errorElement} resetKey={locationKey}>
          {element}
        </RouteErrorBoundary>
      );
    outlet = element;
  }
  return <>{outlet}</>;
}

export function RouterProvider({ router }: { router: Router }) {
  const location = useSyncExternalStore(router.subscribe, () => router.state.location);
  const matches = useMemo(() => matchRoutes(router.routes, location.pathname), [router, location.pathname]);
  return <RouterContext.Provider value={router}>{matches ? <Matches matches={matches} locationKey={location.key} /> : null}</RouterContext.Provider>;
}

const SCROLL_KEY = 'shop.scroll';
const savedScroll = (): Record<string, number> => {
  try {
    return JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
};

/**
 * A new page starts at the top; going back (or forward) returns to where the member was. The page
 * under the position may still be loading its list: the position is applied as soon as the page is
 * tall enough, for up to a few seconds, and given up as soon as the member scrolls themselves.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const action = useNavigationType();
  const router = useRouter();

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    // The position of the page being left, under its entry's key.
    let last = router.state.location.key;
    const save = () => {
      const all = savedScroll();
      all[last] = window.scrollY;
      const keys = Object.keys(all);
      // Only the recent entries are worth keeping.
      for (const k of keys.slice(0, Math.max(0, keys.length - 50))) delete all[k];
      try {
        sessionStorage.setItem(SCROLL_KEY, JSON.stringify(all));
      } catch {
        // Storage full or refused: positions are a convenience.
      }
    };
    let saved = window.scrollY;
    const onScroll = () => {
      saved = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    const unsubscribe = router.subscribe(() => {
      // The scroll event of the new page has not run yet: `saved` is the old page's position.
      const all = savedScroll();
      all[last] = saved;
      try {
        sessionStorage.setItem(SCROLL_KEY, JSON.stringify(all));
      } catch {
        // As above.
      }
      last = router.state.location.key;
    });
    window.addEventListener('pagehide', save);
    return () => {
      unsubscribe();
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', save);
    };
  }, [router]);

  useLayoutEffect(() => {
    const target = action === 'POP' ? savedScroll()[location.key] : 0;
    if (!target) {
      window.scrollTo(0, 0);
      return;
    }
    let done = false;
    const stop = () => {
      done = true;
      observer?.disconnect();
      clearTimeout(giveUp);
      window.removeEventListener('touchstart', stop);
      window.removeEventListener('wheel', stop);
      window.removeEventListener('keydown', stop);
    };
    const attempt = () => {
      if (done) return;
      const reachable = document.documentElement.scrollHeight - window.innerHeight;
      window.scrollTo(0, Math.min(target, Math.max(reachable, 0)));
      if (reachable >= target) stop();
    };
    // The page grows as its list arrives (no ResizeObserver: a few frames of polling instead).
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(attempt);
    observer?.observe(document.body);
    const giveUp = setTimeout(stop, 5000);
    window.addEventListener('touchstart', stop, { passive: true });
    window.addEventListener('wheel', stop, { passive: true });
    window.addEventListener('keydown', stop);
    attempt();
    return stop;
  }, [location.key, action]);

  return null;
}
