import { useEffect } from 'react';
import { Button } from 'antd-mobile';
import { confirmDialog } from '@/components/dialog';
import { fromMinorUnits } from '@shop/contract/common';
import { moveRewardsBody } from '@shop/contract/wallet';
import { formatAmount } from '@/components/amount';
import { ListState, LoadMore } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { useContractForm, type FieldLabels } from '@/lib/form';
import { showToast } from '@/lib/toast';
import { writeAmount } from '@/lib/amount-input';
import { useMoveRewards } from '../api/move-rewards';
import { useRewardPages, useRewardTotals } from '../api/points';
import { AmountField, amountReader } from '@/components/amount-field';
import { amountMoney } from '../components/amount-quote';
import { CurrencyField } from '../components/currency-field';
import { LedgerLines } from '../components/ledger-lines';
import { useActionKey } from '../use-action-key';
import '../wallet.css';
import { useTranslation } from '@/lib/i18n';
import { FieldList } from '@/components/field-list';

const LABELS = [
  ['currency', 'wallet.field.currency', 'choose'],
  ['amount', 'wallet.field.amount'],
] as const satisfies FieldLabels<Record<string, unknown>>;

/** `pages/my/rewards`: rewards held and earned per currency, their movements, and moving them to the cash balance. */
export default function RewardsPage() {
  const { t } = useTranslation();
  const totals = useRewardTotals();
  const pages = useRewardPages();
  const lines = pages.data?.pages.flatMap((p) => p.list) ?? [];
  const emptyText = pages.data?.pages[0]?.empty_text || totals.data?.empty_text || t('wallet.rewards.empty');
  const held = totals.data?.list.filter((r) => r.balance > 0) ?? [];
  return (
    <div className="page wallet-page">
      <PageHeader title={t('wallet.page.rewards')} />
      {totals.data && totals.data.list.length > 0 && (
        <section className="wallet-section">
          <dl className="wallet-balances">
            <dt />
            <dd className="wallet-muted">{t('wallet.rewards.held')}</dd>
            <dd className="wallet-muted">{t('wallet.rewards.earned')}</dd>
            {totals.data.list.map((r) => (
              <Row key={r.currency} currency={r.currency} balance={r.balance} earned={r.earned} />
            ))}
          </dl>
        </section>
      )}
      {held.length > 0 && <MoveRewards held={held} />}
      <ListState loading={pages.isPending} error={pages.isError} failure={pages.error} empty={lines.length === 0} emptyText={emptyText} onRetry={() => void pages.refetch()}>
        <LedgerLines lines={lines} />
        <LoadMore hasMore={Boolean(pages.hasNextPage)} loading={pages.isFetchingNextPage} onLoadMore={() => void pages.fetchNextPage()} />
      </ListState>
    </div>
  );
}

/** Moves rewards of a currency to the cash balance of that currency, after a confirmation naming the amount; the result is said with what is left. */
function MoveRewards({ held }: { held: Array<{ currency: string; balance: number }> }) {
  const { t } = useTranslation();
  const form = useContractForm(moveRewardsBody, { defaultValues: { currency: held[0]!.currency, amount: '' }, labels: LABELS, read: { amount: amountReader } });
  const { setValue, getValues } = form;
  const currency = form.watch('currency') ?? '';
  const balance = held.find((r) => r.currency === currency)?.balance ?? 0;
  // Each move is its own action: a new key once the server answered one.
  const { key, answered } = useActionKey();
  const move = useMoveRewards(key);

  // A currency whose rewards were all moved is no longer offered.
  useEffect(() => {
    if (!held.some((r) => r.currency === getValues('currency'))) setValue('currency', held[0]!.currency);
  }, [held, getValues, setValue]);

  const submit = form.submit(async (body) => {
    const yes = await confirmDialog({
      content: t('wallet.rewards.moveConfirm', { amount: amountMoney(body.amount, body.currency), currency: body.currency }),
      confirmText: t('wallet.action.confirm'),
      cancelText: t('wallet.action.cancel'),
    });
    if (!yes) return;
    const done = await answered(move.mutateAsync(body));
    showToast(t('wallet.rewards.moved', { amount: formatAmount(done.amount, done.currency), left: formatAmount(done.rewards_balance, done.currency) }));
    form.reset({ currency: done.currency, amount: '' });
  });

  return (
    <section className="wallet-section" aria-label={t('wallet.rewards.moveTitle')}>
      <div className="wallet-section-title">{t('wallet.rewards.moveTitle')}</div>
      <FieldList layout="vertical" className="wallet-form">
        {held.length > 1 && <CurrencyField control={form.control} name="currency" label={t('wallet.field.currency')} currencies={held.map((r) => r.currency)} />}
        <AmountField
          control={form.control}
          name="amount"
          label={`${t('wallet.field.amount')} (${currency})`}
          extra={
            <span className="wallet-row">
              <span className="wallet-muted">{t('wallet.rewards.available', { amount: formatAmount(balance, currency) })}</span>
              <button type="button" className="wallet-link" onClick={() => setValue('amount', writeAmount(fromMinorUnits(balance, currency)))}>
                {t('wallet.rewards.all')}
              </button>
            </span>
          }
        />
      </FieldList>
      <Button block color="primary" loading={form.busy} onClick={() => void submit()}>
        {t('wallet.rewards.move')}
      </Button>
    </section>
  );
}

function Row({ currency, balance, earned }: { currency: string; balance: number; earned: number }) {
  return (
    <>
      <dt>{currency}</dt>
      <dd>{formatAmount(balance, currency)}</dd>
      <dd>{formatAmount(earned, currency)}</dd>
    </>
  );
}
