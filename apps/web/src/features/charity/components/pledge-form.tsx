import { useState } from 'react';
import { Button, TextArea } from 'antd-mobile';
import { currencyExponent, toMinorUnits, type EndpointData } from '@shop/contract/common';
import { CHARITY_PLEDGE_MAX, type getLoversCentre } from '@shop/contract/orders';
import { formatAmount } from '@/components/amount';
import { AmountInput, amountFormatText } from '@/components/amount-field';
import { readAmount } from '@/lib/amount-input';
import { numberMarks } from '@/lib/format';
import { showToast } from '@/lib/toast';
import { i18n, useTranslation } from '@/lib/i18n';

type Cause = EndpointData<typeof getLoversCentre>['causes'][number];

/** The refusal of an amount with more decimals than the cause's currency has, naming that currency's decimals. */
const decimalsText = (currency: string, decimals: number) =>
  decimals === 0 ? i18n.t('wallet.validation.amountWhole', { currency }) : i18n.t('wallet.validation.amountDecimals', { currency, decimals });

/**
 * What is wrong with the amount typed for a pledge, or its minor units. Typed in the member's own
 * number format ("10,50" in Hungarian is ten and a half, not 1050): see
 * docs/decisions/2026-11-29-amounts-as-members-write-them.md.
 */
function readPledge(typed: string, cause: Cause): { minor: number } | { problem: string } {
  const text = typed.trim();
  const decimals = currencyExponent(cause.currency);
  if (/^[-−]/.test(text)) return { problem: i18n.t('orders.charity.amountPositive') };
  const wire = readAmount(text);
  if (wire === undefined) {
    // A number written right but for too many decimals ("25.555") is told the currency's decimals, not the format.
    const [whole = '', fraction, extra] = text.split(numberMarks().decimal);
    const tooPrecise = extra === undefined && fraction !== undefined && /^\d+$/.test(fraction) && fraction.length > decimals && readAmount(whole) !== undefined;
    return { problem: tooPrecise ? decimalsText(cause.currency, decimals) : amountFormatText() };
  }
  if ((wire.split('.')[1]?.length ?? 0) > decimals) return { problem: decimalsText(cause.currency, decimals) };
  const minor = toMinorUnits(wire, cause.currency);
  if (minor <= 0) return { problem: i18n.t('orders.charity.amountPositive') };
  if (minor < cause.min_amount) return { problem: i18n.t('orders.charity.minAmount', { amount: formatAmount(cause.min_amount, cause.currency) }) };
  // The API's limit, said as money in the cause's currency before sending.
  if (minor > CHARITY_PLEDGE_MAX) return { problem: i18n.t('orders.charity.maxAmount', { amount: formatAmount(CHARITY_PLEDGE_MAX, cause.currency) }) };
  return { minor };
}

/** The amount (in the cause's currency, as typed) and an optional message of a pledge. */
export function PledgeForm({ cause, busy, onPledge }: { cause: Cause; busy: boolean; onPledge: (amount: number, message: string) => void }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const submit = () => {
    if (!amount.trim()) return showToast(t('app.form.required', { field: t('orders.charity.amount') }));
    const read = readPledge(amount, cause);
    if ('problem' in read) return showToast(read.problem);
    onPledge(read.minor, message.trim());
  };
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, marginTop: 8 }}>
      <AmountInput currency={cause.currency} aria-label={t('orders.charity.amount')} value={amount} onChange={setAmount} />
      <div className="charity-meta">
        {t('orders.charity.minAmount', { amount: formatAmount(cause.min_amount, cause.currency) })} · {t('orders.charity.maxAmount', { amount: formatAmount(CHARITY_PLEDGE_MAX, cause.currency) })}
      </div>
      <TextArea placeholder={t('orders.charity.message')} aria-label={t('orders.charity.message')} maxLength={140} rows={2} value={message} onChange={setMessage} />
      <Button color="primary" shape="rounded" loading={busy} onClick={submit}>
        {t('orders.charity.pledge')}
      </Button>
    </div>
  );
}
