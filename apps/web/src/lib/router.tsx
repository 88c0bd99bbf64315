import {
  Component,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
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
  /**
   * The query parameters that name the record the page shows (`['id']` for `goodsInfo?id=7`): another
   * value is another page, rendered afresh (nothing the member typed or chose for one record shows on
   * another's). Parameters not named (filters, tabs, a picked address) change the page in place.
   */
  identity?: readonly string[];
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
  /**
   * `to` replaces this page, unless the page behind this one is at `to` already (the page a member left
   * to sign in): then back to it, as `returning`, so the history holds it once and one Back leaves it.
   */
  returnIfBehind?: boolean;
  /**
   * With `returnIfBehind`: the pages (by path) that may stand between this one and `to` (the other
   * sign-in pages a member went through); when all the entries between are such pages, back to `to`
   * past them, so none of them is left one Back away.
   */
  returnOver?: readonly string[];
}

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface Router {
  routes: RouteObject[];
  state: { location: Location; historyAction: NavigationType };
  navigate(to: string | number, options?: NavigateOptions): void;
  subscribe(listener: () => void): () => void;
  createHref(to: string): string;
  /**
   * A sheet or dialog opened over the page: it gets a history entry of its own, so Back closes it
   * (`close`; without one Back leaves it open) instead of leaving the page. Answers its release, for
   * when it closes by itself (its button, its mask): the entry is stepped back over, unseen.
   */
  openLayer(close?: () => void): () => void;
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

/** A location's address as entries keep it: its path and query. */
const addressOf = (loc: { pathname: string; search: string }) => `${loc.pathname}${loc.search}`;

let keySeq = 0;
const newKey = () => `${Date.now().toString(36)}${(keySeq++).toString(36)}`;

// The router on screen, for dialogs opened outside the rendered tree (antd-mobile's `Dialog.show`).
let shownRouter: Router | undefined;

/** Where a router keeps its entries: the browser's history, or a list in memory. */
interface HistoryAccess {
  /** The page of the current entry. */
  read(): Location;
  /** How many open sheets the current entry stands for over its page (0: the page itself). */
  layer(): number;
  write(loc: Location, replace: boolean): void;
  /** A new entry for the same page, standing for `layer` sheets over it. */
  pushLayer(layer: number): void;
  go(delta: number): void;
  /** The current entry's position (0: nothing behind it). */
  depth(): number;
  /** The addresses (`/pages/x?a=1`) of the entries behind the current one, nearest first, as far as known. */
  behind(): string[];
  href(to: string): string;
  listen(onPop: () => void): void;
}

interface Layer {
  close?: () => void;
  released: boolean;
}

function makeRouter(routes: RouteObject[], history: HistoryAccess): Router {
  const listeners = new Set<() => void>();
  // Where a `returning` navigation lands once the step back has happened (the page behind never shows as it was).
  let returnTo: { to: string; state: unknown } | undefined;
  // The sheets open over the page, lowest first; each has the entry at its position above the page's.
  const layers: Layer[] = [];
  // A step back the router took itself (over sheets' entries), until it lands: the page does not change.
  let settling: { key: string; layer: number } | undefined;
  // Navigations asked for while sheets' entries were above the page: they run from the page's own entry.
  const waiting: (() => void)[] = [];
  // The entry last written or handled: a second event for the same move (popstate, then hashchange) is ignored.
  let seen = { key: '', layer: -1 };
  const note = () => {
    seen = { key: history.read().key, layer: history.layer() };
  };

  const show = (to: string, state: unknown, replace: boolean) => {
    const location: Location = { ...parsePath(to), state: state ?? null, key: newKey() };
    history.write(location, replace);
    note();
    router.state = { location, historyAction: replace ? 'REPLACE' : 'PUSH' };
  };

  /** How many entries back `to` is, with only pages at `over` between (0: not there). */
  const stepsBackTo = (to: string, over: readonly string[]) => {
    const target = addressOf(parsePath(to));
    const trail = history.behind();
    for (let i = 0; i < trail.length; i++) {
      if (trail[i] === target) return i + 1;
      if (!over.includes(parsePath(trail[i]!).pathname)) return 0;
    }
    return 0;
  };

  const go = (to: string | number, options: NavigateOptions) => {
    if (typeof to === 'number') {
      history.go(to);
      return;
    }
    const steps = options.returning ? 1 : options.returnIfBehind ? stepsBackTo(to, options.returnOver ?? []) : 0;
    if (steps > 0 && history.depth() >= steps) {
      returnTo = { to, state: options.state };
      history.go(-steps);
      return;
    }
    const current = router.state.location;
    const target = parsePath(to);
    // A link to the page the member is on does not stack another entry (as React Router does).
    const replace = options.returning || options.returnIfBehind || (options.replace ?? (target.pathname === current.pathname && target.search === current.search));
    show(to, options.state, replace);
    listeners.forEach((l) => l());
  };

  /** Brings the history in line with the open sheets: steps back over closed ones' entries, adds open ones', then runs waiting navigations. */
  const reconcile = () => {
    // Only the router on screen moves the history (a test makes several over one window; the app, one).
    if (settling || (shownRouter !== undefined && shownRouter !== router)) return;
    // A navigation leaves the page: its sheets go with it (one still shown on the next page opens again there).
    if (waiting.length) layers.length = 0;
    while (layers.length > 0 && layers[layers.length - 1]!.released) layers.pop();
    const at = history.layer();
    if (at > layers.length) {
      settling = { key: router.state.location.key, layer: layers.length };
      history.go(layers.length - at);
      return;
    }
    if (waiting.length) {
      for (const run of waiting.splice(0)) run();
      return;
    }
    for (let n = at + 1; n <= layers.length; n++) history.pushLayer(n);
    if (at < layers.length) note();
  };

  const router: Router = {
    routes,
    state: { location: history.read(), historyAction: 'POP' },
    navigate(to, options = {}) {
      if (layers.length === 0 && !settling && history.layer() === 0) {
        go(to, options);
        return;
      }
      waiting.push(() => go(to, options));
      reconcile();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    createHref: (to) => history.href(to),
    openLayer(close) {
      const layer: Layer = { close, released: false };
      layers.push(layer);
      reconcile();
      return () => {
        if (layer.released) return;
        layer.released = true;
        reconcile();
      };
    },
  };

  history.listen(() => {
    const landed = history.read();
    const at = history.layer();
    if (landed.key === seen.key && at === seen.layer) return;
    seen = { key: landed.key, layer: at };
    const expected = settling;
    settling = undefined;
    if (landed.key === router.state.location.key) {
      // Back within the page closes the sheets above the entry it landed on, top first; one that must be
      // answered stays, and its entry comes back. Forward onto a closed sheet's entry is stepped back from.
      if (!(expected && expected.key === landed.key && expected.layer === at)) {
        while (layers.length > at) {
          const top = layers[layers.length - 1]!;
          if (!top.released && !top.close) break;
          layers.pop();
          if (!top.released) top.close!();
        }
      }
      reconcile();
      return;
    }
    // Another page: the sheets were the old page's.
    layers.length = 0;
    router.state = { location: landed, historyAction: 'POP' };
    if (returnTo) {
      const { to, state } = returnTo;
      returnTo = undefined;
      show(to, state, true);
    }
    listeners.forEach((l) => l());
    reconcile();
  });
  note();
  // Opened again on a sheet's entry (a reload): back to the page's own.
  reconcile();
  return router;
}

interface HistoryState {
  key?: string;
  idx?: number;
  usr?: unknown;
  /** On a sheet's entry: how many sheets were open over the page. */
  layer?: number;
  /** The address of the entry behind this one (set as this one was pushed). */
  behind?: string;
  /** The addresses of the entries behind that one, nearest first (a few: enough to step back past the sign-in pages). */
  further?: string[];
}

// How many addresses behind an entry it remembers beyond the nearest.
const FURTHER_KEPT = 4;

/** The app's router: the page path lives in the address's hash; history entries carry `{ key, idx }` (and `layer` on a sheet's entry, `behind` on a pushed one). */
export function createHashRouter(routes: RouteObject[]): Router {
  const historyState = () => (window.history.state ?? {}) as HistoryState;
  // The first entry gets a key and its position (0), so "back" knows whether there is a page behind.
  if (historyState().key === undefined) window.history.replaceState({ ...historyState(), key: newKey(), idx: 0 }, '');
  return makeRouter(routes, {
    read: () => {
      const { pathname, search } = parsePath(window.location.hash.replace(/^#/, '') || '/');
      const s = historyState();
      return { pathname, search, hash: '', state: s.usr ?? null, key: s.key ?? 'default' };
    },
    layer: () => historyState().layer ?? 0,
    write: (loc, replace) => {
      const idx = (historyState().idx ?? 0) + (replace ? 0 : 1);
      const url = `#${loc.pathname}${loc.search}`;
      // A new entry has the current one behind it; a replaced one keeps what it had.
      const was = historyState();
      const behind = replace ? was.behind : addressOf(parsePath(window.location.hash.replace(/^#/, '') || '/'));
      const further = replace ? was.further : was.behind === undefined ? undefined : [was.behind, ...(was.further ?? [])].slice(0, FURTHER_KEPT);
      const state: HistoryState = { key: loc.key, idx, usr: loc.state, ...(behind === undefined ? {} : { behind }), ...(further?.length ? { further } : {}) };
      if (replace) window.history.replaceState(state, '', url);
      else window.history.pushState(state, '', url);
    },
    // The same address and position as the page's: only Back tells the two apart.
    pushLayer: (layer) => window.history.pushState({ ...historyState(), layer }, ''),
    go: (delta) => window.history.go(delta),
    depth: () => historyState().idx ?? 0,
    behind: () => {
      const { idx = 0, behind, further = [] } = historyState();
      return behind === undefined ? [] : [behind, ...further].slice(0, idx);
    },
    href: (to) => `#${to}`,
    listen: (onPop) => {
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
  });
}

/** A router kept in memory (tests, previews): `initialEntries` are the history, the last one current. */
export function createMemoryRouter(routes: RouteObject[], options: { initialEntries?: string[] } = {}): Router {
  const entries: { location: Location; layer: number }[] = (options.initialEntries ?? ['/']).map((e) => ({ location: { ...parsePath(e), state: null, key: newKey() }, layer: 0 }));
  let index = entries.length - 1;
  let popListener: () => void = () => undefined;
  const add = (entry: { location: Location; layer: number }) => {
    entries.splice(index + 1, entries.length, entry);
    index += 1;
  };
  return makeRouter(routes, {
    read: () => entries[index]!.location,
    layer: () => entries[index]!.layer,
    write: (location, replace) => {
      if (replace) entries[index] = { location, layer: 0 };
      else add({ location, layer: 0 });
    },
    pushLayer: (layer) => add({ location: entries[index]!.location, layer }),
    go: (delta) => {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      // As the browser does, going back is noticed a moment later.
      setTimeout(() => popListener(), 0);
    },
    depth: () => index,
    behind: () => entries.slice(0, index).reverse().map((e) => addressOf(e.location)),
    href: (to) => to,
    listen: (onPop) => {
      popListener = onPop;
    },
  });
}

const RouterContext = createContext<Router | undefined>(undefined);
const OutletContext = createContext<ReactNode>(null);

function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('a router call outside <RouterProvider>');
  return router;
}

const noSubscription = () => () => undefined;

/**
 * While `open`, Back (the browser's, Android's, the shell's) closes this sheet or dialog through
 * `close` and leaves the page where it is; without `close` (a sheet that must be answered) Back
 * leaves it open. Closed by its own button or mask, its history entry goes too, so the next Back
 * leaves the page in one step. Outside a router it does nothing.
 */
export function useBackCloses(open: boolean, close: (() => void) | undefined): void {
  const router = useContext(RouterContext);
  // A navigation with the sheet still shown (the same page at another address): its entry moves over the new one.
  const pageKey = useSyncExternalStore(router?.subscribe ?? noSubscription, () => router?.state.location.key);
  const latest = useRef(close);
  latest.current = close;
  const dismissable = close !== undefined;
  useEffect(() => {
    if (!open || !router) return;
    return router.openLayer(dismissable ? () => latest.current?.() : undefined);
  }, [open, router, pageKey, dismissable]);
}

/** Which page a location shows: its routes' paths and the values of their `identity` parameters. */
function pageOf(router: Router, location: Location): string {
  const matches = matchRoutes(router.routes, location.pathname);
  return matches ? matches.map(({ route }, i) => elementKey(route, i, location.search)).join('|') : location.pathname;
}

/**
 * `useBackCloses` for a dialog opened by a call rather than rendered: answers the release to call once
 * it has closed. Drawn outside the page, it belongs to the page it opened on all the same: leaving that
 * page by any road (a link, a deep link typed or tapped, code that navigates) closes it through `close`,
 * as Back does, so no answer given on another page acts for the page left.
 */
export function openBackLayer(close: () => void): () => void {
  const router = shownRouter;
  if (!router) return () => undefined;
  const page = pageOf(router, router.state.location);
  let open = true;
  const unsubscribe = router.subscribe(() => {
    if (!open || pageOf(router, router.state.location) === page) return;
    open = false;
    unsubscribe();
    close();
  });
  const release = router.openLayer(close);
  return () => {
    open = false;
    unsubscribe();
    release();
  };
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

/** What a route's element is kept under: its path, and the values of its `identity` parameters in `search`. */
function elementKey(route: RouteObject, position: number, search: string): string {
  const path = route.path ?? (route.index ? 'index' : String(position));
  if (!route.identity?.length) return path;
  const query = new URLSearchParams(search);
  return `${path}?${route.identity.map((name) => `${name}=${query.get(name) ?? ''}`).join('&')}`;
}

function Matches({ matches, locationKey, search }: { matches: RouteMatch[]; locationKey: string; search: string }) {
  // Inside out: each route's element gets the next one as its outlet.
  let outlet: ReactNode = null;
  for (let i = matches.length - 1; i >= 0; i--) {
    const { route } = matches[i]!;
    let element: ReactNode = (
      <OutletContext.Provider value={outlet}>
        <RouteElement key={elementKey(route, i, search)} route={route} />
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
  useLayoutEffect(() => {
    shownRouter = router;
    return () => {
      if (shownRouter === router) shownRouter = undefined;
    };
  }, [router]);
  const matches = useMemo(() => matchRoutes(router.routes, location.pathname), [router, location.pathname]);
  return <RouterContext.Provider value={router}>{matches ? <Matches matches={matches} locationKey={location.key} search={location.search} /> : null}</RouterContext.Provider>;
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
