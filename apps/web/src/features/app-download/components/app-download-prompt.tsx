import { useState } from 'react';
import { Button } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useLocation } from '@/lib/router';
import { paths, tabPaths } from '@/config/paths';
import { runtimeConfig } from '@/config/runtime';
import { promptInstall, useInstallPrompt } from '@/lib/install-prompt';
import { storage, storageKeys } from '@/lib/storage';
import { useGlobalLoading, useNativeShell } from '@/stores/app-flags';
import { usePopups } from '@/stores/popups';
import { useAppVersion } from '../api/get-app-version';
import { useTranslation } from '@/lib/i18n';

/** A download address that is this web app itself offers nothing to download. */
const pointsAtThisApp = (url: string): boolean => {
  try {
    const u = new URL(url, window.location.href);
    return u.origin === window.location.origin && u.pathname.replace(/\/+$/, '') === '/h5';
  } catch {
    return true;
  }
};

/** The install offer's entry among the snoozed popups: "not now" hides it for a day, like a promotion's "do not remind me today". */
export const INSTALL_OFFER_ID = 'install-app';

/**
 * "Get the app" (spec §1): a slim bar on the tab pages (but the cart's) for visitors in a browser, in the
 * page's flow at its end, above the tab bar, so it never lies over the page's content. Hidden inside the
 * native shell, while offline (nothing can be downloaded or installed then), after it was closed in this
 * browser, and until the server names a download address.
 * Where the address is this web app itself (or there is none) and the browser would install it,
 * the bar offers that instead: the browser's install dialog opens only when the member taps Install.
 */
export default function AppDownloadPrompt() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isNativeShell = useNativeShell((s) => s.isNativeShell);
  const offline = useGlobalLoading((s) => s.offline);
  const [dismissed, setDismissed] = useState(() => storage.get(storageKeys.appPromptDismissed) === '1');
  const installOffered = useInstallPrompt((s) => s.offered);
  const installSnoozed = usePopups((s) => s.snoozes.some((z) => z.id === INSTALL_OFFER_ID && z.end_time > Date.now()));
  // The cart's checkout bar sits where the prompt would: the prompt never covers it.
  const onTab = pathname !== paths.tabbar.cart && (tabPaths as readonly string[]).includes(pathname);
  const { data } = useAppVersion(!isNativeShell && !dismissed);
  const url = data?.download_url || (data ? runtimeConfig().appDownloadUrl : '');
  if (isNativeShell || !onTab || offline) return null;
  if (!dismissed && url && !pointsAtThisApp(url)) {
    const close = () => {
      storage.set(storageKeys.appPromptDismissed, '1');
      setDismissed(true);
    };
    return (
      <div className="app-download" role="complementary">
        <button type="button" className="app-download-close tap-target" aria-label={t('app.action.close')} onClick={close}>
          <CloseOutline />
        </button>
        <span className="app-download-text">{t('app.download.text')}</span>
        <Button size="mini" color="primary" shape="rounded" onClick={() => void window.open(url, '_blank', 'noopener')}>
          {t('app.download.open')}
        </Button>
      </div>
    );
  }
  if (!installOffered || installSnoozed) return null;
  const later = () => usePopups.getState().snooze(INSTALL_OFFER_ID);
  return (
    <div className="app-download" role="complementary">
      <button type="button" className="app-download-close tap-target" aria-label={t('app.install.later')} onClick={later}>
        <CloseOutline />
      </button>
      <span className="app-download-text">{t('app.install.text')}</span>
      <Button size="mini" color="primary" shape="rounded" onClick={() => void promptInstall()}>
        {t('app.install.action')}
      </Button>
    </div>
  );
}
