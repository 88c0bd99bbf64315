import { useState } from 'react';
import { Button, Input, TextArea } from 'antd-mobile';
import { currencyExponent, toMinorUnits, type EndpointData } from '@shop/contract/common';
import type { getLoversCentre } from '@shop/contract/orders';
import { formatAmount } from '@/components/amount';
import { readAmount } from '@/lib/amount-input';
import { showToast } from '@/lib/toast';
import { useTranslation } from '@/lib/i18n';

type Cause = EndpointData<typeof getLoversCentre>['causes'][number];

/** The amount (in the cause's currency, as typed) and an optional message of a pledge. */
export function PledgeForm({ cause, busy, onPledge }: { cause: Cause; busy: boolean; onPledge: (amount: number, message: string) => void }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const decimals = currencyExponent(cause.currency);
  const submit = () => {
    // Typed in the member's own number format ("10,50" in Hungarian is ten and a half, not 1050).
    const text = readAmount(amount);
    const pattern = decimals > 0 ? new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`) : /^\d+$/;
    if (!amount.trim()) return showToast(t('app.form.required', { field: t('orders.charity.amount') }));
    if (text === undefined || !pattern.test(text)) return showToast(t('orders.charity.amountInvalid'));
    const minor = toMinorUnits(text, cause.currency);
    if (minor < cause.min_amount) return showToast(t('orders.charity.minAmount', { amount: formatAmount(cause.min_amount, cause.currency) }));
    onPledge(minor, message.trim());
  };
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, marginTop: 8 }}>
      <Input inputMode="decimal" placeholder={t('orders.charity.minAmount', { amount: formatAmount(cause.min_amount, cause.currency) })} aria-label={t('orders.charity.amount')} value={amount} onChange={setAmount} />
      <TextArea placeholder={t('orders.charity.message')} aria-label={t('orders.charity.message')} maxLength={140} rows={2} value={message} onChange={setMessage} />
      <Button color="primary" shape="rounded" loading={busy} onClick={submit}>
        {t('orders.charity.pledge')}
      </Button>
    </div>
  );
}
