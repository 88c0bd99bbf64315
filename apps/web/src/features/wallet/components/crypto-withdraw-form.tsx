import { useEffect, useMemo } from 'react';
import { Button } from 'antd-mobile';
import { confirmDialog } from '@/components/dialog';
import { ChoiceChips } from '@/components/choice-chips';
import { useNavigate } from '@/lib/router';
import { createCryptoWithdrawalBody } from '@shop/contract/wallet';
import { paths } from '@/config/paths';
import { formatAmount } from '@/components/amount';
import { TextField } from '@/components/form-field';
import { AmountField, amountReader, typedAmount } from '@/components/amount-field';
import { amountMoney, isQuoteOf, limitRefusal } from './amount-quote';
import { showToast } from '@/lib/toast';
import { useCreateCryptoWithdrawal, useFeeQuote, useFetchWithdrawalQuote } from '../api/withdraw';
import { CurrencyField } from './currency-field';
import { FeeQuote } from './fee-quote';
import { SecurityFields, withStepUp } from './security-fields';
import { useActionKey } from '../use-action-key';
import { useTranslation } from '@/lib/i18n';
import { FieldItem, FieldList } from '@/components/field-list';
import { Controller, useContractForm, type FieldLabels } from '@/lib/form';
import { useDraftLeftOpen, useKeepOpenDraft } from '@/lib/open-drafts';

const LABELS = [
  ['network', 'wallet.field.network', 'choose'],
  ['address', 'wallet.field.address'],
  ['currency', 'wallet.field.currency', 'choose'],
  ['amount', 'wallet.field.amount'],
  ['pay_password', 'wallet.field.payPassword'],
  ['google_code', 'account.field.googleCode'],
] as const satisfies FieldLabels<Record<string, unknown>>;

/** What the form keeps across a reload of the page: never the pay password or a code. */
interface CryptoWithdrawalDraft {
  network: string;
  address: string;
  currency: string;
  amount: string;
}

/** A withdrawal to a stablecoin address on one of the networks the shop pays out on, with its fee. */
export function CryptoWithdrawForm({ networks, currencies, googleBound }: { networks: readonly string[]; currencies: readonly string[]; googleBound: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const schema = useMemo(() => withStepUp(createCryptoWithdrawalBody, googleBound), [googleBound]);
  // The network, address, currency and amount typed survive a reload of the page (lib/open-drafts.ts); secrets are asked again.
  const leftOpen = useDraftLeftOpen<CryptoWithdrawalDraft>('withdraw:crypto');
  const form = useContractForm(schema, {
    defaultValues: {
      network: leftOpen && networks.includes(leftOpen.network) ? leftOpen.network : (networks[0] ?? ''),
      address: leftOpen?.address ?? '',
      amount: leftOpen?.amount ?? '',
      currency: leftOpen && currencies.includes(leftOpen.currency) ? leftOpen.currency : (currencies[0] ?? 'USD'),
      pay_password: '',
    },
    labels: LABELS,
    read: { amount: amountReader },
  });
  const currency = form.watch('currency') ?? '';
  const typed = form.watch('amount') ?? '';
  const address = form.watch('address') ?? '';
  const network = form.watch('network') ?? '';
  useKeepOpenDraft('withdraw:crypto', typed || address ? ({ network, address, currency, amount: typed } satisfies CryptoWithdrawalDraft) : undefined);
  const amount = typedAmount(typed);
  // The fee shown is of the amount in the field now, never of one typed before it: while that one is asked for, a loading mark.
  const { fee, pending: feeing } = useFeeQuote(currency, amount, 'crypto');
  const fetchQuote = useFetchWithdrawalQuote();
  const { key, answered } = useActionKey();
  const create = useCreateCryptoWithdrawal(key);
  const { setValue, getValues } = form;
  useEffect(() => {
    if (!getValues('network') && networks[0]) setValue('network', networks[0]);
  }, [networks, getValues, setValue]);

  const submit = form.submit(async (body) => {
    // The confirmation states the fee of exactly this amount: asked for now (the button spins) unless already at hand.
    let answer;
    try {
      answer = await fetchQuote(body.currency, body.amount, 'crypto');
    } catch (e) {
      // A read is quiet: its refusal is said here.
      return showToast(e instanceof Error ? e.message : t('app.error.generic'));
    }
    // An amount outside the limits shown is refused at the field, before anything is asked.
    const outside = limitRefusal(body.amount, body.currency, answer.rules.find((r) => r.currency === body.currency));
    if (outside) return form.refuse('amount', outside);
    const q = answer.quote;
    const yes = await confirmDialog({
      content: (
        <div>
          <div>{t('wallet.withdraw.confirm', { amount: amountMoney(body.amount, body.currency), card: `${body.network} ${body.address}` })}</div>
          {q && isQuoteOf(q.amount, body.amount, body.currency) && <div className="wallet-muted">{t('wallet.withdraw.feeAndTotal', { fee: formatAmount(q.fee, body.currency), total: formatAmount(q.total, body.currency) })}</div>}
        </div>
      ),
      confirmText: t('wallet.action.confirm'),
      cancelText: t('wallet.action.cancel'),
    });
    if (!yes) return;
    await answered(create.mutateAsync(body));
    showToast(t('wallet.withdraw.submitted'));
    navigate(paths.wallet.withdrawals, { replace: true });
  });

  return (
    <>
      <FieldList layout="vertical" className="wallet-form">
        <FieldItem label={t('wallet.field.network')}>
          <Controller
            control={form.control}
            name="network"
            render={({ field }) => <ChoiceChips label={t('wallet.field.network')} columns={2} options={networks.map((n) => ({ label: n, value: n }))} value={field.value || undefined} onChange={field.onChange} />}
          />
        </FieldItem>
        <TextField control={form.control} name="address" label={t('wallet.field.address')} placeholder={t('wallet.placeholder.address')} autoComplete="off" />
        <CurrencyField control={form.control} name="currency" label={t('wallet.field.currency')} currencies={currencies} />
        <AmountField control={form.control} name="amount" label={t('wallet.field.amount')} />
        <SecurityFields control={form.control} googleBound={googleBound} />
      </FieldList>
      {(fee || feeing) && (
        <section className="wallet-section" aria-label={t('wallet.withdraw.fee')}>
          <FeeQuote currency={currency} fee={fee} pending={feeing} testId="crypto-fee" />
        </section>
      )}
      <div className="wallet-form-actions">
        <Button block color="primary" size="large" loading={form.busy} onClick={() => void submit()}>
          {t('wallet.action.withdraw')}
        </Button>
      </div>
    </>
  );
}
