import { Alert, Button } from 'antd';
import { ResponseCode } from '@shop/contract/common';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/request';

/**
 * An editor's refused save, with the server's message. Refused because someone else changed the row
 * after the editor opened it (`editedSinceOpened`), it offers Refresh: `onReload` starts again from
 * the row as it is now (absent: no Refresh, e.g. a new row).
 */
export function SaveRefused({ error, onReload, reloadTestId, style, testId }: { error: Error | null; onReload?: () => void; reloadTestId: string; style?: CSSProperties; testId?: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  const stale = onReload && error instanceof ApiError && error.code === ResponseCode.editedSinceOpened;
  return (
    <Alert
      type="error"
      showIcon
      title={error.message}
      style={style}
      data-testid={testId}
      action={
        stale ? (
          <Button size="small" onClick={onReload} data-testid={reloadTestId}>
            {t('console.common.refresh')}
          </Button>
        ) : undefined
      }
    />
  );
}
