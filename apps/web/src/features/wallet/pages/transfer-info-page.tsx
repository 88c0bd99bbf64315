import { formatAmount } from '@/components/amount';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { useSearchParams } from '@/lib/router';
import { useTransferRecord } from '../api/transfer';
import { RecordSteps } from '../components/record-steps';
import '../wallet.css';
import { useTranslation } from '@/lib/i18n';

/** `pages/my/transferInfo?id=…`: one transfer, sent or received: the other member (masked), the amount, the fee the sender paid, the remark and when it moved. */
export default function TransferInfoPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const record = useTransferRecord(id);
  const r = record.data?.transfer;
  return (
    <div className="page wallet-page">
      <PageHeader title={t('wallet.page.transferRecord')} />
      <ListState loading={record.isPending && id > 0} error={record.isError} failure={record.error} missing={id > 0 ? undefined : t('wallet.record.missing')} empty={record.isSuccess && !r} emptyText={t('wallet.record.missing')} onRetry={() => void record.refetch()}>
        {r && (
          <>
            <section className="wallet-card" data-transfer={r.id}>
              <div className="wallet-row">
                <span className={`${r.direction === 'in' ? 'wallet-amount-in' : 'wallet-amount-out'} wallet-detail-amount`}>{formatAmount(r.direction === 'in' ? r.amount : -r.amount, r.currency)}</span>
                <span className="wallet-status">{t(`wallet.transfer.view.${r.direction}`)}</span>
              </div>
              <dl className="wallet-quote">
                <dt>{t(r.direction === 'out' ? 'wallet.transfer.receiverLabel' : 'wallet.transfer.senderLabel')}</dt>
                <dd>{r.counterparty}</dd>
                {r.fee > 0 && (
                  <>
                    <dt>{t('wallet.withdraw.fee')}</dt>
                    <dd>{formatAmount(r.fee, r.currency)}</dd>
                  </>
                )}
                {r.remark && (
                  <>
                    <dt>{t('wallet.transfer.remarkLabel')}</dt>
                    <dd>{r.remark}</dd>
                  </>
                )}
              </dl>
              <div className="wallet-muted">{t('wallet.record.number', { no: r.transfer_no })}</div>
            </section>
            <section className="wallet-section">
              <RecordSteps steps={[{ label: t(r.direction === 'out' ? 'wallet.transfer.step.sent' : 'wallet.transfer.step.received'), at: r.created_at, state: 'done' }]} label={t('wallet.record.progress')} />
            </section>
          </>
        )}
      </ListState>
    </div>
  );
}
