import { useEffect, useMemo } from 'react';
import { Button, Tabs } from 'antd-mobile';
import { confirmDialog } from '@/components/dialog';
import { ChoiceChips } from '@/components/choice-chips';
import { useNavigate, useSearchParams } from '@/lib/router';
import { createWithdrawalBody } from '@shop/contract/wallet';
import { paths } from '@/config/paths';
import { formatAmount } from '@/components/amount';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { showToast } from '@/lib/toast';
import { useWalletAssets } from '../api/get-assets';
import { useMemberSecurity } from '../api/get-member';
import { useCreateWithdrawal, useFeeQuote, useFetchWithdrawalQuote, useWithdrawalChannels } from '../api/withdraw';
import { AmountField, amountReader, typedAmount } from '@/components/amount-field';
import { amountMoney, isQuoteOf, limitRefusal } from '../components/amount-quote';
import { CryptoWithdrawForm } from '../components/crypto-withdraw-form';
import { CurrencyField } from '../components/currency-field';
import { FeeQuote } from '../components/fee-quote';
import { PayPasswordNotice, RealNameGate, SecurityFields, withStepUp } from '../components/security-fields';
import { useActionKey } from '../use-action-key';
import '../wallet.css';
import { useTranslation } from '@/lib/i18n';
import { FieldItem, FieldList } from '@/components/field-list';
import { Controller, useContractForm, type FieldLabels } from '@/lib/form';
import { useDraftLeftOpen, useKeepOpenDraft } from '@/lib/open-drafts';

const LABELS = [
  ['bank_card_id', 'wallet.field.bankCard', 'choose'],
  ['amount', 'wallet.field.amount'],
  ['pay_password', 'wallet.field.payPassword'],
  ['google_code', 'account.field.googleCode'],
] as const satisfies FieldLabels<Record<string, unknown>>;

/** What the bank form keeps across a reload of the page: never the pay password or a code. */
interface BankWithdrawalDraft {
  bank_card_id?: number;
  currency: string;
  amount: string;
}

/** `pages/my/withdraw`: money to one of the member's bank cards, with the fee and limits shown, after an operator's review. */
export default function WithdrawPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { googleBound, hasPayPassword, realNameStatus } = useMemberSecurity();
  const [params, setParams] = useSearchParams();
  const channels = useWithdrawalChannels();
  const crypto = channels.data?.list.find((c) => c.method === 'crypto');
  // A way is offered in the currencies the list names now (none: no bank is switched on, say); with no bank currency the stablecoin form opens.
  const bankCurrencies = useMemo(() => channels.data?.list.find((c) => c.method === 'bank')?.currencies ?? [], [channels.data]);
  const bankOffered = bankCurrencies.length > 0;
  const cryptoOffered = Boolean(crypto && crypto.networks.length > 0 && crypto.currencies.length > 0);
  const method = cryptoOffered && (params.get('method') === 'crypto' || !bankOffered) ? 'crypto' : 'bank';
  const cards = useMemo(() => channels.data?.cards ?? [], [channels.data]);
  const assets = useWalletAssets().data;
  const schema = useMemo(() => withStepUp(createWithdrawalBody, googleBound), [googleBound]);
  // The card, the currency and the amount typed survive a reload of the page (lib/open-drafts.ts); secrets are asked again.
  const leftOpen = useDraftLeftOpen<BankWithdrawalDraft>('withdraw:bank');
  const form = useContractForm(schema, {
    defaultValues: { bank_card_id: leftOpen?.bank_card_id, amount: leftOpen?.amount ?? '', currency: leftOpen?.currency ?? '', pay_password: '' },
    labels: LABELS,
    read: { amount: amountReader },
  });
  const { setValue, getValues } = form;
  const cardId = form.watch('bank_card_id');
  const typed = form.watch('amount') ?? '';
  const card = cards.find((c) => c.id === Number(cardId));
  const walletCurrencies = useMemo(() => assets?.cash.map((b) => b.currency) ?? [], [assets]);
  // A card held in its country's currency that the wallet does not keep is paid in a wallet currency the member picks; the bank converts.
  const converted = Boolean(card && assets && !walletCurrencies.includes(card.currency));
  // It is sent in a wallet currency bank withdrawals are offered in.
  const sendable = useMemo(() => walletCurrencies.filter((c) => bankCurrencies.includes(c)), [walletCurrencies, bankCurrencies]);
  // A card held in a wallet currency bank withdrawals are not offered in takes none now: said before anything is typed.
  const cardNotOffered = Boolean(card && !converted && !bankCurrencies.includes(card.currency));
  const sendIn = form.watch('currency');
  const currency = card && !cardNotOffered ? (converted ? (sendable.includes(sendIn) ? sendIn : '') : card.currency) : '';
  const amount = typedAmount(typed);
  // The fee shown is of the amount in the field now, never of one typed before it: while that one is asked for, a loading mark.
  const { rule, fee, pending: feeing } = useFeeQuote(currency, amount);
  const fetchQuote = useFetchWithdrawalQuote();
  const balance = assets?.cash.find((b) => b.currency === currency);
  const { key, answered } = useActionKey();
  const create = useCreateWithdrawal(key);

  const chosenByMember = Boolean(card && cards[0] && card.id !== cards[0].id);
  useKeepOpenDraft('withdraw:bank', typed || chosenByMember ? ({ bank_card_id: card?.id, currency: sendIn, amount: typed } satisfies BankWithdrawalDraft) : undefined);

  // The first card is chosen to begin with (and when the one chosen before a reload is gone); the currency is the card's.
  useEffect(() => {
    if (cards[0] && !cards.some((c) => c.id === Number(getValues('bank_card_id')))) setValue('bank_card_id', cards[0].id);
  }, [cards, getValues, setValue]);
  useEffect(() => {
    if (!card) return;
    if (!converted) setValue('currency', card.currency);
    else if (!sendable.includes(getValues('currency'))) setValue('currency', sendable[0] ?? '');
  }, [card, converted, sendable, getValues, setValue]);

  const submit = form.submit(async (body) => {
    const chosen = cards.find((c) => c.id === body.bank_card_id);
    // The confirmation states the fee of exactly this amount: asked for now (the button spins) unless already at hand.
    let answer;
    try {
      answer = await fetchQuote(body.currency, body.amount);
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
          <div>{t('wallet.withdraw.confirm', { amount: amountMoney(body.amount, body.currency), card: chosen ? `${chosen.bank_name} ${chosen.account_masked}` : '' })}</div>
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
    <div className="page wallet-page">
      <PageHeader title={t('wallet.page.withdraw')} right={<button type="button" className="page-header-link" onClick={() => navigate(paths.wallet.withdrawals)}>{t('wallet.assets.records')}</button>} />
      <RealNameGate status={realNameStatus}>
        <PayPasswordNotice hasPayPassword={hasPayPassword} />
        {bankOffered && cryptoOffered && (
          <Tabs activeKey={method} onChange={(k) => setParams({ method: k }, { replace: true })}>
            <Tabs.Tab key="bank" title={t('wallet.withdraw.toBank')} />
            <Tabs.Tab key="crypto" title={t('wallet.withdraw.toCrypto')} />
          </Tabs>
        )}
        <ListState loading={channels.isPending} error={channels.isError} failure={channels.error} empty={false} onRetry={() => void channels.refetch()}>
          {method === 'crypto' && crypto ? (
            <CryptoWithdrawForm networks={crypto.networks} currencies={crypto.currencies} googleBound={googleBound} />
          ) : !bankOffered ? (
            <div className="wallet-notice" role="note">
              {t('wallet.withdraw.notOffered')}
            </div>
          ) : cards.length === 0 ? (
            <div className="wallet-notice" role="note">
              {t('wallet.withdraw.noCard')}{' '}
              <button type="button" className="wallet-link" onClick={() => navigate(paths.wallet.bankCardEdit)}>
                {t('wallet.bankCard.add')}
              </button>
            </div>
          ) : (
            <>
              <FieldList layout="vertical" className="wallet-form">
                <FieldItem label={t('wallet.field.bankCard')}>
                  <Controller
                    control={form.control}
                    name="bank_card_id"
                    render={({ field }) => (
                      <ChoiceChips
                        label={t('wallet.field.bankCard')}
                        columns={1}
                        options={cards.map((c) => ({ label: `${c.bank_name} ${c.account_masked}`, description: `${c.holder_name} · ${c.currency}`, value: c.id }))}
                        value={field.value ? Number(field.value) : undefined}
                        onChange={field.onChange}
                      />
                    )}
                  />
                </FieldItem>
                {cardNotOffered && card && (
                  <div className="wallet-notice" role="note">
                    {t('wallet.code.notOffered.bankWithdrawal', { currency: card.currency })}
                  </div>
                )}
                {converted && card && (
                  <>
                    <CurrencyField control={form.control} name="currency" label={t('wallet.withdraw.sendIn')} currencies={sendable} />
                    {currency && (
                      <div className="wallet-muted wallet-form-note" role="note">
                        {t('wallet.withdraw.bankConverts', { sent: currency, card: card.currency })}
                      </div>
                    )}
                  </>
                )}
                {!cardNotOffered && (
                  <>
                    <AmountField
                      control={form.control}
                      name="amount"
                      label={currency ? `${t('wallet.field.amount')} (${currency})` : t('wallet.field.amount')}
                      description={balance ? <span className="wallet-muted">{t('wallet.field.availableBalance', { amount: formatAmount(balance.available, balance.currency) })}</span> : undefined}
                    />
                    <SecurityFields control={form.control} googleBound={googleBound} />
                  </>
                )}
              </FieldList>
              {!cardNotOffered && (
                <>
                  <section className="wallet-section" aria-label={t('wallet.withdraw.fee')}>
                    <FeeQuote currency={currency} rule={rule} fee={fee} pending={feeing} limits testId="withdraw-fee" />
                    <div className="wallet-muted" style={{ marginTop: 6 }}>{t('wallet.withdraw.review')}</div>
                  </section>
                  <div className="wallet-form-actions">
                    <Button block color="primary" size="large" loading={form.busy} onClick={() => void submit()}>
                      {t('wallet.action.withdraw')}
                    </Button>
                  </div>
                </>
              )}
            </>
          )}
        </ListState>
      </RealNameGate>
    </div>
  );
}
