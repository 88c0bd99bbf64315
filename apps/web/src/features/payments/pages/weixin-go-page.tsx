import { Button } from 'antd-mobile';
import { paths } from '@/config/paths';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { useNavigate, useSearchParams } from '@/lib/router';
import { payableFrom, payableQuery } from '../payable';
import '../payments.css';
import { useTranslation } from '@/lib/i18n';

/**
 * Inside WeChat a method WeChat does not open (Alipay) cannot go on: the steps to open the pay page
 * in the phone's browser, its address to copy, or another method.
 */
export default function WeixinGoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const payable = payableFrom(params);
  const payNext = `${paths.goods.payNext}?${payableQuery(payable)}`;
  const link = `${window.location.origin}${window.location.pathname}#${payNext}`;
  return (
    <div className="page pay-page">
      <PageHeader title={t('app.page.weixinGo')} />
      {/* Opened without a payment (no order_id) it has nothing to send on: it says so, as the other pay pages do. */}
      <ListState loading={false} error={false} empty={false} missing={payable.order_id > 0 ? undefined : t('payments.missing')}>
        <section className="pay-section">
          <div className="pay-result-title">{t('payments.wechat.title')}</div>
          <ol>
            <li>{t('payments.wechat.step1')}</li>
            <li>{t('payments.wechat.step2')}</li>
            <li>{t('payments.wechat.step3')}</li>
          </ol>
          <label className="pay-muted" htmlFor="pay-link">
            {t('payments.wechat.link')}
          </label>
          <input id="pay-link" className="pay-method" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
        </section>
        <div className="pay-actions">
          <Button block shape="rounded" onClick={() => navigate(payNext, { replace: true })}>
            {t('payments.wechat.other')}
          </Button>
        </div>
      </ListState>
    </div>
  );
}
