import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** A read that failed: its message and a retry. */
export function QueryError({ error, retry }: { error: Error; retry: () => unknown }) {
  const { t } = useTranslation();
  return <Alert type="error" showIcon title={error.message} action={<Button onClick={() => void retry()}>{t('console.common.retry')}</Button>} />;
}
