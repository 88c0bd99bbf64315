import '../account.css';
import { useState } from 'react';
import { Button, Result } from 'antd-mobile';
import { useNavigate } from '@/lib/router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { useApplyForCancellation } from '../api/apply-for-cancellation';
import { useCancellation } from '../api/get-cancellation';
import { AgreementCheck } from '../components/agreement-check';
import { ClosingBalances } from '../components/closing-balances';
import { fail } from '../form-check';
import { useTranslation } from '@/lib/i18n';

/** Closing the account by review: apply with the agreement ticked, follow the review, withdraw or go on. */
export default function LogOffPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isLoading } = useCancellation();
  const cancellation = useApplyForCancellation();
  const [agreed, setAgreed] = useState(false);
  const busy = cancellation.isPending;
  const request = data?.request;
  const status = request?.status;

  // The request client has shown a refusal; the page shows the request's state once read again.
  const run = (body: { action: 'apply'; agree: true } | { action: 'withdraw' }) => void cancellation.mutateAsync(body).catch(() => {});

  const apply = () => {
    if (!agreed) return fail('account.agreement.required');
    return run({ action: 'apply', agree: true });
  };

  return (
    <div className="page account-page">
      <PageHeader title={t('app.page.cancelAccount')} />
      {isLoading ? null : status === 'pending' ? (
        <>
          <Result status="waiting" title={t('account.cancel.pendingTitle')} description={t('account.cancel.pendingText')} />
          <div className="account-actions">
            <Button block loading={busy} onClick={() => run({ action: 'withdraw' })}>
              {t('account.cancel.withdraw')}
            </Button>
          </div>
        </>
      ) : status === 'approved' ? (
        <>
          <Result status="success" title={t('account.cancel.approvedTitle')} description={t('account.cancel.approvedText')} />
          <div className="account-actions">
            <Button block color="danger" onClick={() => navigate(paths.login.cancelAccountConfirm)}>
              {t('account.cancel.confirmByEmail')}
            </Button>
          </div>
        </>
      ) : (
        <>
          {status === 'rejected' && <Result status="error" title={t('account.cancel.rejectedTitle')} description={request?.reason ?? ''} />}
          <div className="account-card">
            <h3>{t('account.cancel.noticeTitle')}</h3>
            <p>{t('account.cancel.notice')}</p>
            {data?.open_orders && <p className="account-warning">{t('account.cancel.blocked')}</p>}
            {data?.open_after_sales && <p className="account-warning">{t('account.cancel.blockedAfterSales')}</p>}
            {data?.open_shop && <p className="account-warning">{t('account.cancel.blockedShop')}</p>}
          </div>
          {data && <ClosingBalances balances={data} />}
          <div className="account-actions">
            <AgreementCheck checked={agreed} onChange={setAgreed} textKey="account.agreement.cancel" />
            <Button block color="danger" loading={busy} onClick={apply}>
              {t(status === 'rejected' ? 'account.cancel.reapply' : 'account.cancel.apply')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
