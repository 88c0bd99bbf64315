import { useEffect, useState, type ReactNode } from 'react';
import { Button, DotLoading, List } from 'antd-mobile';
import { PageHeader } from '@/components/page-header';
import { StateMessage } from '@/components/state-message';
import { MediaPicker } from '@/components/shell/media-picker';
import { SaveImageAction } from '@/components/shell/save-image-action';
import { ScanCodeAction } from '@/components/shell/scan-code-action';
import { ShareAction } from '@/components/shell/share-action';
import { askShell, shellReachable, type ShellMessage } from '@/lib/native-bridge';
import { useNativeShell } from '@/stores/app-flags';
import { useTranslation } from '@/lib/i18n';

/**
 * For the shell's makers: each bridge message tried from the page, with what came back
 * (docs/native-shell.md). In a browser it says it needs the app: also one opened with the launch
 * flag, which has no bridge (or one that never says it is ready). The texts it shows are the bridge's
 * own (names and answers), as a developer reads them.
 */
export default function ShellCheckPage() {
  const { t } = useTranslation();
  const flagged = useNativeShell((s) => s.isNativeShell);
  // Undefined while the bridge is awaited (at most its ready limit).
  const [reachable, setReachable] = useState<boolean>();
  useEffect(() => {
    let alive = true;
    setReachable(undefined);
    void shellReachable().then((found) => alive && setReachable(found));
    return () => {
      alive = false;
    };
  }, [flagged]);
  const [results, setResults] = useState<Partial<Record<ShellMessage, string>>>({});
  const show = (name: ShellMessage, result: unknown) => setResults((r) => ({ ...r, [name]: JSON.stringify(result) }));
  const ask = (name: ShellMessage, args: Record<string, unknown> = {}) => async () => show(name, await askShell(name, args));
  const home = new URL('#/pages/tabbar/index', window.location.href).href;
  const row = (name: ShellMessage, action: ReactNode) => (
    <List.Item key={name} description={<output data-message={name}>{results[name] ?? ''}</output>} extra={action}>
      <code>{name}</code>
    </List.Item>
  );
  const tryButton = (run: () => Promise<void>) => (
    <Button size="mini" onClick={() => void run()}>
      {t('app.shell.check.try')}
    </Button>
  );
  return (
    <div className="page">
      <PageHeader title={t('app.page.shellCheck')} />
      {reachable === undefined ? (
        <div className="page-state">
          <DotLoading />
        </div>
      ) : !reachable ? (
        <div className="page-state" role="alert">
          <StateMessage title={t('app.shell.needsApp')} text={t('app.shell.needsAppText')} />
        </div>
      ) : (
        <List mode="card" header={t('app.shell.check.intro')}>
          {row('appInfo', tryButton(ask('appInfo')))}
          {row('getLocation', tryButton(ask('getLocation')))}
          {row('pushToken', tryButton(ask('pushToken')))}
          {row('openExternal', tryButton(ask('openExternal', { url: home, returnTo: home })))}
          {row('share', <ShareAction size="mini" content={{ title: t('app.name'), url: home }} />)}
          {row('saveImage', <SaveImageAction size="mini" src={new URL('icons/icon-512.png', window.location.href).href} name="icon-512.png" />)}
          {row('pickMedia', <MediaPicker size="mini" kind="any" max={3} onPick={(files) => show('pickMedia', files.map((f) => `${f.name} ${f.type} ${f.size}`))} />)}
          {row('scanCode', <ScanCodeAction size="mini" onCode={(code) => show('scanCode', code)} />)}
        </List>
      )}
    </div>
  );
}
