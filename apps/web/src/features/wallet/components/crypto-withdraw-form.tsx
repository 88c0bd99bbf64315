import { useEffect, useMemo } from 'react';
import { Button, Dialog, Selector } from 'antd-mobile';
import { useNavigate } from '@/lib/router';
import { isAmount } from '@shop/contract/common';
import { createCryptoWithdrawalBody } from '@shop/contract/wallet';
import { paths } from '@/config/paths';
import { formatAmount } from '@/components/amount';
import { TextField } from '@/components/form-field';
import { showToast } from '@/lib/toast';
import { useCreateCryptoWithdrawal, useWithdrawalQuote } from '../api/withdraw';
import { useDebounced } from '../use-debounced';
import { CurrencyField } from './currency-field';
import { SecurityFields, withStepUp } from './security-fields';
import { useActionKey } from '../use-action-key';
import { useTranslation } from '@/lib/i18n';
import { FieldItem, FieldList } from '@/components/field-list';
import { Controller, useContractForm, type FieldLabels } from '@/lib/form';

const LABELS = [
  ['network', 'wallet.field.network'],
  ['address', 'wallet.field.address'],
  ['currency', 'wallet.field.currency'],
  ['amount', 'wallet.field.amount'],
  ['pay_password', 'wallet.field.payPassword'],
  ['google_code', 'account.field.googleCode'],
] as const satisfies FieldLabels<Record<string, unknown>>;

/** A withdrawal to a stablecoin address on one of the networks the shop pays out on, with its fee. */
export function CryptoWithdrawForm({ networks, currencies, googleBound }: { networks: readonly string[]; currencies: readonly string[]; googleBound: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const schema = useMemo(() => withStepUp(createCryptoWithdrawalBody, googleBound), [googleBound]);
  const form = useContractForm(schema, { defaultValues: { network: networks[0] ?? '', address: '', amount: '', currency: currencies[0] ?? 'USD', pay_password: '' }, labels: LABELS });
  const currency = form.watch('currency') ?? '';
  const typed = useDebounced(form.watch('amount') ?? '');
  const quote = useWithdrawalQuote(currency, isAmount(typed.trim()) ? typed.trim() : undefined, 'crypto');
  const { key, answered } = useActionKey();
  const create = useCreateCryptoWithdrawal(key);
  const { setValue, getValues } = form;
  useEffect(() => {
    if (!getValues('network') && networks[0]) setValue('network', networks[0]);
  }, [networks, getValues, setValue]);

  const submit = form.submit(async (body) => {
    const q = quote.data?.quote;
    const yes = await Dialog.confirm({
      content: (
        <div>
          <div>{t('wallet.withdraw.confirm', { amount: `${body.amount} ${body.currency}`, card: `${body.network} ${body.address}` })}</div>
          {q && <div className="wallet-muted">{t('wallet.withdraw.feeAndTotal', { fee: formatAmount(q.fee, body.currency), total: formatAmount(q.total, body.currency) })}</div>}
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
            render={({ field }) => <Selector columns={2} options={networks.map((n) => ({ label: n, value: n }))} value={field.value ? [field.value] : []} onChange={(v) => v[0] && field.onChange(v[0])} />}
          />
        </FieldItem>
        <TextField control={form.control} name="address" label={t('wallet.field.address')} placeholder={t('wallet.placeholder.address')} autoComplete="off" />
        <CurrencyField control={form.control} name="currency" label={t('wallet.field.currency')} currencies={currencies} />
        <TextField control={form.control} name="amount" label={t('wallet.field.amount')} inputMode="decimal" placeholder={t('wallet.placeholder.amount')} />
        <SecurityFields control={form.control} googleBound={googleBound} />
      </FieldList>
      {quote.data?.quote && (
        <section className="wallet-section" aria-label={t('wallet.withdraw.fee')}>
          <dl className="wallet-quote">
            <dt>{t('wallet.withdraw.fee')}</dt>
            <dd data-testid="crypto-fee">{formatAmount(quote.data.quote.fee, currency)}</dd>
            <dt>{t('wallet.withdraw.total')}</dt>
            <dd>{formatAmount(quote.data.quote.total, currency)}</dd>
          </dl>
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
