import { useEffect, useState, type ComponentType } from 'react';
import { StateMessage } from '@/components/state-message';
import { matchRoutes, Navigate, useLocation, type LazyRouteFunction, type RouteObject } from '@/lib/router';
import { loginAddressFor } from '@/lib/navigation';
import { paths } from '@/config/paths';
import { sameMember, useSession } from '@/stores/session';
import { limits } from '@/config/runtime';
import { registerAntdRender } from '@/lib/antd-render';
import { useGlobalLoading } from '@/stores/app-flags';
import { reloadApp, useAppUpdate } from '@/stores/app-update';
import { useTranslation } from '@/lib/i18n';
import { loadRestOfPack } from '@/lib/language-packs';

/** A page module: its component is the default export. */
export interface PageModule {
  default: ComponentType;
}

/** The page's code did not arrive (a new release replaced the file, or the network dropped). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

const withTimeout = <T,>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`page code did not arrive within ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(e instanceof Error ? e.message : String(e)));
      },
    );
  });

type Phase = 'waiting' | 'loading' | 'slow' | 'failed' | 'ready';

/**
 * A page whose code loads on first visit (spec §2, §9): nothing for 200 ms, then a loading state;
 * after 60 s without the page an error state with retry; if the code cannot be loaded (failed or
 * 120 s) a prompt to reload the app. The rest of the app (tab bar, header) stays usable meanwhile.
 */
export function lazyPage(load: () => Promise<PageModule>, options: PageOptions = {}): ComponentType & { preload: () => Promise<void> } {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const start = () => {
    // antd-mobile's imperative Toast/Dialog need React 19's render registered before a page can use them.
    // In the entry, not a file of its own: on a first visit that file was one more request among the
    // six connections the first screen's files share (Lighthouse's login page: LCP 1.75 → 1.59 s).
    registerAntdRender();
    return (pending ??= withTimeout(
      // A page other than a first screen also waits for the rest of a pack loaded in part.
      Promise.all([load(), options.firstScreen ? undefined : loadRestOfPack()]).then(([m]) => m),
      limits.chunkTimeoutMs,
    ).then(
      (m) => (loaded = m.default),
      (e: unknown) => {
        pending = undefined;
        throw e;
      },
    ));
  };

  function LazyPage() {
    const [phase, setPhase] = useState<Phase>(loaded ? 'ready' : 'waiting');
    const [attempt, setAttempt] = useState(0);

    useEffect(() => {
      // The code may have arrived (preloaded) between the first render and this effect.
      if (loaded) {
        setPhase('ready');
        return;
      }
      let alive = true;
      const showLoading = setTimeout(() => alive && setPhase((p) => (p === 'waiting' ? 'loading' : p)), limits.pageLoadingDelayMs);
      const giveUp = setTimeout(() => alive && setPhase((p) => (p === 'waiting' || p === 'loading' ? 'slow' : p)), limits.pageTimeoutMs);
      start().then(
        () => alive && setPhase('ready'),
        () => alive && setPhase('failed'),
      );
      return () => {
        alive = false;
        clearTimeout(showLoading);
        clearTimeout(giveUp);
      };
    }, [attempt]);

    if (phase === 'ready' && loaded) return <ReadyPage Component={loaded} />;
    if (phase === 'loading') return <PageLoading />;
    if (phase === 'slow')
      return (
        <PageSlow
          onRetry={() => {
            setPhase('waiting');
            setAttempt((a) => a + 1);
          }}
        />
      );
    if (phase === 'failed') return <ChunkFailed />;
    return null;
  }
  // Starts fetching the page's code ahead of its first render (a failure is shown when it renders);
  // settles once the code has arrived or failed.
  const preload = () =>
    start().then(
      () => undefined,
      () => undefined,
    );
  return Object.assign(LazyPage, { preload });
}

export interface PageOptions {
  /**
   * A page a first visit often starts on (home, goods, sign-in), whose texts are all in the first part
   * of the language pack (`FIRST_PART_PREFIXES` of the contract): it shows without the rest.
   */
  firstScreen?: boolean;
  /**
   * A page that shows a member's own data or acts as the member (orders, wallet, addresses, the
   * password): a visitor arriving there is sent to login at once, and back here once logged in,
   * instead of seeing a form whose Save then asks for a login (what they typed lost).
   */
  member?: boolean;
}

/** `lazy` of a route entry: `{ path: paths.x, lazy: page(() => import('…/x-page')) }`. */
export function page(load: () => Promise<PageModule>, options: PageOptions = {}): LazyRouteFunction<RouteObject> & { preload: () => Promise<void>; firstScreen: boolean; member: boolean } {
  const Loaded = lazyPage(load, options);
  const Component = options.member ? membersOnly(Loaded) : Loaded;
  // The route resolves at once (in the first render too); the page's own code loads inside it, with the states above.
  return Object.assign(async () => ({ Component }), { preload: Loaded.preload, resolved: { Component }, firstScreen: Boolean(options.firstScreen), member: Boolean(options.member) });
}

/**
 * `Page` for members only: a visitor arriving is sent to login (which takes its place in history), to
 * come back to it with its query. The member logging out in another tab takes the page away at once
 * the same way; another member logging in there sends this tab to their own My page.
 */
function membersOnly(Page: ComponentType): ComponentType {
  function MemberPage() {
    const { pathname, search } = useLocation();
    // On arrival only: a page that ends the session itself (a changed password) sends the member on itself.
    const [arrival] = useState(() => useSession.getState());
    const leftElsewhere = useSession((s) => s.fromOtherTab && !sameMember(s, arrival));
    const loggedOut = useSession((s) => !s.token);
    if (!arrival.token || (leftElsewhere && loggedOut)) return <Navigate to={loginAddressFor(`${pathname}${search}`)} replace />;
    if (leftElsewhere) return <Navigate to={paths.tabbar.my} replace />;
    return <Page />;
  }
  return MemberPage;
}

/**
 * Starts fetching the code of the pages `hashPath` shows (e.g. `/pages/tabbar/index`) at once, so it
 * arrives while the app is still fetching its language pack instead of after the first render;
 * settles once all of it has arrived (or failed).
 */
export function preloadPagesFor(routes: RouteObject[], hashPath: string): Promise<void> {
  const loads = (matchRoutes(routes, hashPath) ?? []).map((match) => (match.route.lazy as { preload?: () => Promise<void> } | undefined)?.preload?.());
  return Promise.all(loads).then(() => undefined);
}

function ReadyPage({ Component }: { Component: ComponentType }) {
  useEffect(() => {
    useGlobalLoading.getState().setGlobalLoading(false);
  }, []);
  return <Component />;
}

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-state" role="status">
      <span className="spinner" aria-hidden />
      <span>{t('app.loading')}</span>
    </div>
  );
}

function PageSlow({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="page-state" role="alert">
      <StateMessage title={t('app.page.slowTitle')} text={t('app.page.slowText')} />
      <button type="button" className="state-button" onClick={onRetry}>
        {t('app.action.retry')}
      </button>
    </div>
  );
}

/** The page's code did not arrive: most often this tab's release was replaced, so the reload goes to the new one. */
function ChunkFailed() {
  const { t } = useTranslation();
  useEffect(() => useAppUpdate.getState().checkForUpdate?.(), []);
  return (
    <div className="page-state" role="alert">
      <StateMessage title={t('app.page.reloadTitle')} text={t('app.page.reloadText')} />
      <button type="button" className="state-button" onClick={reloadApp}>
        {t('app.action.reload')}
      </button>
    </div>
  );
}
