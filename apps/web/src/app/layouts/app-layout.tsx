import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from '@/lib/router';
import { PageHeader } from '@/components/page-header';
import { StateMessage } from '@/components/state-message';
import { loadingOffOnArrival, offlinePages, pageTitleKey, tabPaths, type TabPath } from '@/config/paths';
import { setNavigator } from '@/lib/navigation';
import { usePageUsable } from '@/lib/page-usable';
import { useGlobalLoading, useNativeShell } from '@/stores/app-flags';
import { useOwnPopupsHeld } from '@/stores/popups';
import { sameMember, useSession } from '@/stores/session';
import { isSessionAnswer } from '@shop/client/keys';
import { queryClient } from '@/lib/query-client';
import { reloadApp, useAppUpdate } from '@/stores/app-update';
import { AppTabBar } from '@/app/tab-bar';
import { i18n, useTranslation } from '@/lib/i18n';
import { showToast } from '@/lib/toast';

// Not needed for the first paint: loaded once the page is usable, on the tab pages it shows on.
const AppDownloadPrompt = lazy(() => import('@/features/app-download/components/app-download-prompt'));
// Signed in only: the popup of a newly reached star, on whatever page the member is.
const StarPopup = lazy(() => import('@/features/referral/components/star-popup'));
// Inside the native shell only: the phone's push token, registered after a login.
const PushRegistration = lazy(() => import('@/features/native-shell/components/push-registration'));
// Inside the native shell only: whether the native app must (or may) be updated.
const AppUpdateCheck = lazy(() => import('@/features/native-shell/components/app-update-check'));
/** After the page has loaded, how long the "get the app" bar waits before it is fetched and shown (unless the member interacts first). */
const APP_PROMPT_DELAY_MS = 1500;

/**
 * The frame of every page: the centred content column (phone layout below 750 px, wide layout
 * from 750 px: spec §9), the tab bar on the four tab pages, the global loading bar and the offline notice.
 */
export function AppLayout() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const globalLoading = useGlobalLoading((s) => s.globalLoading);
  const offline = useGlobalLoading((s) => s.offline);
  const currentTab = (tabPaths as readonly string[]).includes(pathname) ? (pathname as TabPath) : undefined;
  const pageUsable = usePageUsable(APP_PROMPT_DELAY_MS);
  const inShell = useNativeShell((s) => s.isNativeShell);
  const signedIn = useSession((s) => !!s.token);
  // The native app's update dialog first, alone: no popup of the app's own opens behind or over it.
  const ownPopupsHeld = useOwnPopupsHeld();
  const updateWaiting = useAppUpdate((s) => s.waiting);
  const needsNetwork = useNeedsNetwork(pathname, offline);

  useEffect(() => {
    setNavigator((to, options) => navigate(to, options));
    return () => setNavigator(undefined);
  }, [navigate]);

  // The member logged out, or another member logged in, in another tab: nothing of the member's answers stays in this one.
  useEffect(
    () =>
      useSession.subscribe((s, prev) => {
        if (s.fromOtherTab && !sameMember(s, prev)) queryClient.removeQueries({ predicate: (q) => isSessionAnswer(q.queryKey) });
      }),
    [],
  );

  useEffect(() => {
    if (loadingOffOnArrival.has(pathname)) useGlobalLoading.getState().setGlobalLoading(false);
  }, [pathname]);

  useEffect(() => {
    const key = pageTitleKey(pathname);
    document.title = key ? `${t(key)} · ${t('app.name')}` : t('app.name');
  }, [pathname, t, i18n.language]);

  return (
    <div className={`app-column${currentTab ? ' with-tabbar' : ''}`} data-testid="app-column">
      {globalLoading && !offline && <div className="global-loading" role="progressbar" aria-label={t('app.loading')} />}
      {offline && (
        <div className="offline-bar" role="status">
          {t('app.offline')}
        </div>
      )}
      {updateWaiting && (
        <div className="update-bar" role="status">
          <span>{t('app.update.ready')}</span>
          <button type="button" className="update-bar-button" onClick={reloadApp}>
            {t('app.action.reload')}
          </button>
        </div>
      )}
      <main className="app-main">
        {needsNetwork ? (
          // The page's own header stays (an installed app has no browser back button), the message below it.
          <div className="page">
            <PageHeader title={t(pageTitleKey(pathname) ?? 'app.name')} root={Boolean(currentTab)} />
            <div className="page-state" role="alert">
              <StateMessage title={t('app.offline.needsNetwork')} text={t('app.offline.needsNetworkText')} />
              <button type="button" className="page-state-retry" onClick={retryNetwork}>
                {t('app.action.retry')}
              </button>
            </div>
          </div>
        ) : (
          <Outlet />
        )}
      </main>
      {/* In the flow after the page (above the tab bar's room), never over it. */}
      {currentTab && pageUsable && (
        <Suspense fallback={null}>
          <AppDownloadPrompt />
        </Suspense>
      )}
      {currentTab && <AppTabBar current={currentTab} />}
      {signedIn && pageUsable && !ownPopupsHeld && (
        <Suspense fallback={null}>
          <StarPopup />
        </Suspense>
      )}
      {inShell && (
        <Suspense fallback={null}>
          <PushRegistration />
          <AppUpdateCheck />
        </Suspense>
      )}
      {/* A new page starts at the top; going back returns to where the member was (a goods list). */}
      <ScrollRestoration />
    </div>
  );
}

/**
 * "Try again" on a page that needs the network: it opens when the phone is online again, even if the
 * browser never said so (an installed app's or a shell's web view may miss the event); else it says so.
 */
function retryNetwork(): void {
  // Said as the browser would have said it: the network watcher, and the query client's paused reads, carry on from there.
  if (navigator.onLine) window.dispatchEvent(new Event('online'));
  else showToast(i18n.t('app.offline.stillOffline'));
}

/**
 * A page that shows a member's own data or acts (not in `offlinePages`), opened while offline: it
 * says it needs the network instead of failing call by call, and opens once the network is back.
 * A page already open when the network drops stays as it is (nothing typed is lost).
 */
function useNeedsNetwork(pathname: string, offline: boolean): boolean {
  const [arrivedOffline, setArrivedOffline] = useState(offline ? pathname : undefined);
  // Only the arrival counts: a later loss of the network does not replace the page.
  const [seen, setSeen] = useState(pathname);
  if (seen !== pathname) {
    setSeen(pathname);
    setArrivedOffline(offline ? pathname : undefined);
  }
  useEffect(() => {
    if (!offline) setArrivedOffline(undefined);
  }, [offline]);
  return offline && arrivedOffline === pathname && !offlinePages.has(pathname);
}
