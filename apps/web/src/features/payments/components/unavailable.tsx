import { Button } from 'antd-mobile';
import type { PaymentInfo } from '@shop/contract/payments';
import { paths } from '@/config/paths';
import { useNavigate } from '@/lib/router';
import { payableQuery } from '../payable';
import { useTranslation } from '@/lib/i18n';

/** A payment this page has no way to take (no page and no client secret): back to choosing a method. */
export function Unavailable({ payment: p }: { payment: PaymentInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="pay-section" role="alert">
      <p>{t('payments.sdk.unavailable')}</p>
      <Button block shape="rounded" onClick={() => navigate(`${paths.goods.payNext}?${payableQuery(p)}`, { replace: true })}>
        {t('payments.wechat.other')}
      </Button>
    </div>
  );
}
