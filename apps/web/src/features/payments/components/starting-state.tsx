import { Button, DotLoading } from 'antd-mobile';
import { paths } from '@/config/paths';
import { useNavigate, useSearchParams } from '@/lib/router';
import { payableFrom, payableQuery } from '../payable';
import { useTranslation } from '@/lib/i18n';

/** While a gateway's payment is being started: waiting, or the way to try again or choose another method. */
export function StartingState({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  if (!failed)
    return (
      <div className="pay-section pay-center" role="status">
        <DotLoading color="primary" /> {t('payments.start.opening')}
      </div>
    );
  return (
    <div className="pay-section" role="alert">
      <p>{t('payments.start.failed')}</p>
      <div className="pay-actions">
        <Button block color="primary" shape="rounded" onClick={onRetry}>
          {t('app.action.retry')}
        </Button>
        <Button block shape="rounded" onClick={() => navigate(`${paths.goods.payNext}?${payableQuery(payableFrom(params))}`, { replace: true })}>
          {t('payments.wechat.other')}
        </Button>
      </div>
    </div>
  );
}
