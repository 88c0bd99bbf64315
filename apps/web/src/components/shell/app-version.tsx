import { useEffect, useState } from 'react';
import { List } from 'antd-mobile';
import { shellAppInfo, type ShellAppInfo } from '@/lib/native-bridge';
import { useNativeShell } from '@/stores/app-flags';
import { useTranslation } from '@/lib/i18n';

/** The web app's version (spec: 1.6.7). */
export const APP_VERSION = '1.6.7';

/** The release of the web app this page came from: the build writes it into the document (`<meta name="shop-release">`). */
export const currentRelease = (): string => document.querySelector<HTMLMetaElement>('meta[name="shop-release"]')?.content ?? '';

/**
 * The settings page's version rows: the web app's version and release; inside the native shell
 * also the native app's version and platform, as its `appInfo` answers them.
 */
export function AppVersionRows() {
  const { t } = useTranslation();
  const inShell = useNativeShell((s) => s.isNativeShell);
  const [native, setNative] = useState<ShellAppInfo>();
  useEffect(() => {
    if (!inShell) return;
    let alive = true;
    void shellAppInfo().then((info) => alive && setNative(info));
    return () => {
      alive = false;
    };
  }, [inShell]);
  const release = currentRelease();
  return (
    <>
      <List.Item extra={release ? `${APP_VERSION} (${release})` : APP_VERSION}>{t('app.settings.version')}</List.Item>
      {native?.version && <List.Item extra={[native.version, native.platform].filter(Boolean).join(' · ')}>{t('app.settings.appVersion')}</List.Item>}
    </>
  );
}
