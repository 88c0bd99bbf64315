import { useState } from 'react';
import { Button } from 'antd-mobile';
import { inNativeShell, openExternally, type ExternalOpening } from '@/lib/native-bridge';
import { useTranslation } from '@/lib/i18n';

/**
 * Hands a top-up's gateway page to the native shell, which opens it outside and brings the member
 * back to `recordPage` (the top-up's record). Answers `unavailable` outside the shell: only then does
 * the web view go there itself.
 */
export async function openTopUpGateway(url: string, recordPage: string): Promise<ExternalOpening> {
  if (!inNativeShell()) return 'unavailable';
  return openExternally(url, `${window.location.origin}${window.location.pathname}#${recordPage}`);
}

/**
 * Inside the shell, on the record of a top-up whose gateway payment still waits: the way to its page
 * again (the member cancelled the shell's chooser, or the shell could not open it).
 */
export function TopUpGatewayLink({ url, recordPage }: { url: string; recordPage: string }) {
  const { t } = useTranslation();
  const [opening, setOpening] = useState<ExternalOpening>();
  if (!inNativeShell()) return null;
  const open = async () => {
    const outcome = await openTopUpGateway(url, recordPage);
    if (outcome === 'unavailable') window.location.assign(url);
    else setOpening(outcome);
  };
  return (
    <div className="wallet-gateway-again">
      {opening === 'opened' && (
        <div className="wallet-muted" role="status">
          {t('app.shell.openedOutside')}
        </div>
      )}
      {opening === 'failed' && (
        <div className="wallet-muted" role="alert">
          {t('app.shell.notOpened')}
        </div>
      )}
      <Button block color="primary" onClick={() => void open()}>
        {t('payments.redirect.go')}
      </Button>
    </div>
  );
}
