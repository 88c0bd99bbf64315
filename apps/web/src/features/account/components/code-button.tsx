import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { ApiError } from '@/lib/request';
import { useTranslation } from '@/lib/i18n';

export const COUNTDOWN_SECONDS = 60;

/**
 * "Get code": sends, then counts down 60 s before it can send again (spec §9). When the server
 * says to wait, it counts down what the server says.
 */
export function CodeButton({ send, disabled }: { send: () => Promise<unknown>; disabled?: boolean }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const onClick = async () => {
    setBusy(true);
    try {
      await send();
      setLeft(COUNTDOWN_SECONDS);
    } catch (e) {
      const wait = e instanceof ApiError ? (e.data as { resend_in?: number } | null)?.resend_in : undefined;
      if (wait) setLeft(wait);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button size="small" color="primary" fill="outline" className="code-button" disabled={disabled || busy || left > 0} onClick={onClick}>
      {left > 0 ? t('account.codeButton.resendIn', { seconds: left }) : t('account.codeButton.get')}
    </Button>
  );
}
