import { Button } from 'antd-mobile';
import { confirmDialog } from '@/components/dialog';
import type { EndpointData } from '@shop/contract/common';
import type { getWithdrawal } from '@shop/contract/wallet';
import { formatAmount } from '@/components/amount';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { useSearchParams } from '@/lib/router';
import { showToast } from '@/lib/toast';
import { useCancelWithdrawal, useWithdrawal } from '../api/withdraw';
import { RecordSteps, type RecordStep } from '../components/record-steps';
import '../wallet.css';
import { useTranslation } from '@/lib/i18n';

type Withdrawal = EndpointData<typeof getWithdrawal>;

/** Submitted, then approved or refused (rejected, cancelled), then paid out: each with its time, or what it waits for. */
function stepsOf(w: Withdrawal, t: (key: string) => string): RecordStep[] {
  const steps: RecordStep[] = [{ label: t('wallet.withdraw.step.created'), at: w.created_at, state: 'done' }];
  // An approved withdrawal whose payout did not go through can still be rejected: both steps are shown.
  if (w.approved_at && w.rejected_at) steps.push({ label: t('wallet.withdraw.status.approved'), at: w.approved_at, state: 'done' });
  if (w.rejected_at) return [...steps, { label: t('wallet.withdraw.status.rejected'), at: w.rejected_at, state: 'ended' }];
  if (w.cancelled_at) return [...steps, { label: t('wallet.withdraw.status.cancelled'), at: w.cancelled_at, state: 'ended' }];
  steps.push(w.approved_at ? { label: t('wallet.withdraw.status.approved'), at: w.approved_at, state: 'done' } : { label: t('wallet.withdraw.step.review'), state: 'waiting' });
  steps.push(w.paid_at ? { label: t('wallet.withdraw.step.paid'), at: w.paid_at, state: 'done' } : { label: t('wallet.withdraw.step.payout'), state: 'waiting' });
  return steps;
}

/** While the withdrawal is pending: cancel it after a confirmation; the held amount and fee go back. */
function CancelWithdrawal({ w, onRefused }: { w: Withdrawal; onRefused: () => void }) {
  const { t } = useTranslation();
  const cancel = useCancelWithdrawal();
  const total = formatAmount(w.amount + w.fee, w.currency);
  const ask = async () => {
    const yes = await confirmDialog({ content: t('wallet.withdraw.cancelConfirm', { total }), confirmText: t('wallet.withdraw.cancel'), cancelText: t('wallet.withdraw.keep') });
    if (!yes) return;
    try {
      await cancel.mutateAsync({ id: w.id });
      showToast(t('wallet.withdraw.cancelDone', { total }));
    } catch {
      // The request client has shown the server's message; the record may have been decided meanwhile.
      onRefused();
    }
  };
  return (
    <Button block color="danger" fill="outline" loading={cancel.isPending} onClick={() => void ask()}>
      {t('wallet.withdraw.cancel')}
    </Button>
  );
}

/** `pages/my/withdrawInfo?id=…`: one withdrawal: where it goes, the amount, fee and what left the balance, its states with their times. */
export default function WithdrawInfoPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const record = useWithdrawal(id);
  const w = record.data;
  return (
    <div className="page wallet-page">
      <PageHeader title={t('wallet.page.withdrawal')} />
      <ListState loading={record.isPending && id > 0} error={record.isError} failure={record.error} missing={id > 0 ? undefined : t('wallet.record.missing')} empty={false} onRetry={() => void record.refetch()}>
        {w && (
          <>
            <section className="wallet-card" data-withdrawal={w.id}>
              <div className="wallet-row">
                <span className="wallet-amount-out wallet-detail-amount">{formatAmount(w.amount, w.currency)}</span>
                <span className="wallet-status" data-status={w.status}>{t(`wallet.withdraw.status.${w.status}`)}</span>
              </div>
              <dl className="wallet-quote">
                <dt>{t('wallet.withdraw.destination')}</dt>
                <dd>{w.method === 'bank' ? `${w.bank_name ?? ''} ${w.account_masked ?? ''}` : `${w.network ?? ''} ${w.address ?? ''}`}</dd>
                <dt>{t('wallet.withdraw.fee')}</dt>
                <dd>{formatAmount(w.fee, w.currency)}</dd>
                {/* Rejected or withdrawn, the amount held came back: said so, not as what leaves the balance. */}
                <dt>{t(w.status === 'rejected' || w.status === 'cancelled' ? 'wallet.withdraw.totalReturned' : 'wallet.withdraw.total')}</dt>
                <dd>{formatAmount(w.amount + w.fee, w.currency)}</dd>
                {w.payout_reference && (
                  <>
                    <dt>{t('wallet.withdraw.referenceLabel')}</dt>
                    <dd>{w.payout_reference}</dd>
                  </>
                )}
              </dl>
              {w.reason && <div className="wallet-notice">{t('wallet.withdraw.reason', { reason: w.reason })}</div>}
              <div className="wallet-muted">{t('wallet.record.number', { no: w.withdraw_no })}</div>
            </section>
            {w.status === 'pending' && (
              <section className="wallet-section">
                <CancelWithdrawal w={w} onRefused={() => void record.refetch()} />
              </section>
            )}
            <section className="wallet-section">
              <RecordSteps steps={stepsOf(w, t)} label={t('wallet.record.progress')} />
            </section>
          </>
        )}
      </ListState>
    </div>
  );
}
