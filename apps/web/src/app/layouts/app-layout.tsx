import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from '@/lib/router';
import { useTranslation } from 'react-i18next';
import { loadingOffOnArrival, pageTitleKey, tabPaths, type TabPath } from '@/config/paths';
import { setNavigator } from '@/lib/navigation';
import { usePageUsable } from '@/lib/page-usable';
import { useGlobalLoading } from '@/stores/app-flags';
import { AppTabBar } from '@/app/tab-bar';

// Not needed for the first paint: loaded once the page is usable, on the tab pages it shows on.
const AppDownloadPrompt = lazy(() => import('@/features/app-download/components/app-download-prompt'));
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

  useEffect(() => {
    setNavigator((to, options) => navigate(to, options));
    return () => setNavigator(undefined);
  }, [navigate]);

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
      <main className="app-main">
        <Outlet />
      </main>
      {currentTab && <AppTabBar current={currentTab} />}
      {currentTab && pageUsable && (
        <Suspense fallback={null}>
          <AppDownloadPrompt />
        </Suspense>
      )}
      {/* A new page starts at the top; going back returns to where the member was (a goods list). */}
      <ScrollRestoration />
    </div>
  );
}
