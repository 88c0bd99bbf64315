import { useEffect, useState } from 'react';
import { Dialog } from 'antd-mobile';
import { ModalFocus } from '@/components/modal-focus';
import { runtimeConfig } from '@/config/runtime';
import { openExternally, shellAppInfo } from '@/lib/native-bridge';
import { storage, storageKeys } from '@/lib/storage';
import { useOwnPopupGate } from '@/stores/popups';
import { useTranslation } from '@/lib/i18n';
import { fetchAppVersion } from '../api/get-app-version';

/** What the server said about the native app's version. */
interface AppUpdate {
  /** The app can no longer be used until it is updated. */
  required: boolean;
  /** The newest version. */
  version: string;
  /** Where to get it (absolute); empty when the shop names no address for the native app. */
  url: string;
}

/** The leading dotted number of a shell's version (`2.4.0+31` → `2.4.0`), as the server compares it. */
const dottedVersion = (version: string): string | undefined => /^\d+(\.\d+){0,3}/.exec(version.trim())?.[0];

/** An address to download the native app from; this web app's own address is none. */
function downloadAddress(...candidates: string[]): string {
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      const url = new URL(candidate, window.location.href);
      if (url.origin === window.location.origin && url.pathname.replace(/\/+$/, '') === '/h5') continue;
      return url.href;
    } catch {
      // Not an address.
    }
  }
  return '';
}

/**
 * Opens the download address outside the web view through the shell (`openExternal`); a shell that
 * does not do this sends the web view there itself, as for a payment page (docs/native-shell.md).
 */
async function openDownload(url: string): Promise<void> {
  if ((await openExternally(url, window.location.href)) === 'unavailable') window.location.assign(url);
}

/**
 * Inside the native shell, once at start: asks the server about the shell's own version (`appInfo`).
 * An update that is required shows a dialog that cannot be closed, with the way to the download;
 * one that is only available shows a notice the member may put off, once per new version. Until it
 * knows, and while either shows, the app opens no popup of its own (`useOwnPopupsHeld`). A browser
 * never mounts this: it always runs the newest web app.
 */
export default function AppUpdateCheck() {
  const { t } = useTranslation();
  const [update, setUpdate] = useState<AppUpdate>();
  useEffect(() => {
    let alive = true;
    const { setNativeVersion } = useOwnPopupGate.getState();
    void (async () => {
      const info = await shellAppInfo();
      const version = info && dottedVersion(info.version);
      // A shell that names no version (or a check that cannot be made) holds nothing back.
      if (!version) return setNativeVersion('current');
      const platform = info.platform === 'android' || info.platform === 'ios' ? info.platform : undefined;
      const answer = await fetchAppVersion(version, platform).catch(() => undefined);
      if (!alive) return;
      if (!answer) return setNativeVersion('current');
      const found = { version: answer.version, url: downloadAddress(answer.download_url, runtimeConfig().appDownloadUrl) };
      if (answer.update_required) {
        setUpdate({ ...found, required: true });
        setNativeVersion('updateRequired');
      } else if (answer.update_available && found.url && storage.get(storageKeys.appUpdateSeen) !== answer.version) {
        // An update the member may put off is offered only with a way to get it.
        setUpdate({ ...found, required: false });
        setNativeVersion('updateOffered');
      } else setNativeVersion('current');
    })();
    return () => {
      alive = false;
    };
  }, []);
  if (!update) return null;

  const answered = () => {
    storage.set(storageKeys.appUpdateSeen, update.version);
    setUpdate(undefined);
    useOwnPopupGate.getState().setNativeVersion('current');
  };
  const updateAction = { key: 'update', text: t('app.shell.update.action'), bold: true };
  if (update.required) {
    return (
      // No close, no mask tap, no Escape: the app waits for the update.
      <Dialog
        visible
        closeOnMaskClick={false}
        title={t('app.shell.update.required')}
        content={
          <>
            <ModalFocus panel=".adm-center-popup-wrap" visible role="alertdialog" labelledBy=".adm-dialog-title" />
            {t('app.shell.update.requiredText')}
          </>
        }
        actions={update.url ? [updateAction] : []}
        onAction={() => openDownload(update.url)}
      />
    );
  }
  return (
    <Dialog
      visible
      title={t('app.shell.update.available')}
      content={
        <>
          <ModalFocus panel=".adm-center-popup-wrap" visible labelledBy=".adm-dialog-title" onEscape={answered} />
          {t('app.shell.update.availableText', { version: update.version })}
        </>
      }
      closeOnMaskClick
      onClose={answered}
      actions={[[{ key: 'later', text: t('app.shell.update.later') }, updateAction]]}
      onAction={(action) => {
        answered();
        if (action.key === 'update') return openDownload(update.url);
      }}
    />
  );
}
