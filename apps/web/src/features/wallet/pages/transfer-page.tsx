import { useEffect, useMemo } from 'react';
import { Button } from 'antd-mobile';
import { confirmDialog } from '@/components/dialog';
import { useNavigate } from '@/lib/router';
import { createTransferBody } from '@shop/contract/wallet';
import { paths } from '@/config/paths';
import { formatAmount } from '@/components/amount';
import { TextField } from '@/components/form-field';
import { PageHeader } from '@/components/page-header';
import { useContractForm, type FieldLabels } from '@/lib/form';
import { showToast } from '@/lib/toast';
import { useWalletAssets } from '../api/get-assets';
import { useMemberSecurity } from '../api/get-member';
import { useCreateTransfer, useFindReceiver, useTransferReceiver } from '../api/transfer';
import { useFeeQuote, useFetchWithdrawalQuote } from '../api/withdraw';
import { AmountField, amountReader, typedAmount } from '@/components/amount-field';
import { amountMoney, isQuoteOf, limitRefusal } from '../components/amount-quote';
import { CurrencyField } from '../components/currency-field';
import { FeeQuote } from '../components/fee-quote';
import { PayPasswordNotice, RealNameGate, SecurityFields, withStepUp } from '../components/security-fields';
import { useDebounced } from '../use-debounced';
import { useActionKey } from '../use-action-key';
import '../wallet.css';
import { useTranslation } from '@/lib/i18n';
import { FieldList } from '@/components/field-list';

const LABELS = [
  ['account', 'wallet.field.receiver'],
  ['currency', 'wallet.field.currency', 'choose'],
  ['amount', 'wallet.field.amount'],
  ['remark', 'wallet.field.remark'],
  ['pay_password', 'wallet.field.payPassword'],
  ['google_code', 'account.field.googleCode'],
] as const satisfies FieldLabels<Record<string, string>>;

/** `pages/my/transfer`: money to another member, with the fee shown, confirmed by their masked name, the pay password and the authenticator once bound. */
export default function TransferPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { googleBound, hasPayPassword, realNameStatus } = useMemberSecurity();
  const assets = useWalletAssets().data;
  const currencies = useMemo(() => assets?.cash.map((b) => b.currency) ?? [], [assets]);
  const schema = useMemo(() => withStepUp(createTransferBody, googleBound), [googleBound]);
  const form = useContractForm(schema, { defaultValues: { account: '', amount: '', currency: '', remark: '', pay_password: '' }, labels: LABELS, read: { amount: amountReader } });
  const { setValue, getValues } = form;
  const currency = form.watch('currency') || currencies[0] || '';
  const account = form.watch('account') ?? '';
  const receiver = useTransferReceiver(useDebounced(account.trim()));
  const balance = assets?.cash.find((b) => b.currency === currency);
  // The fee shown is of the amount in the field now, never of one typed before it: while that one is asked for, a loading mark.
  const { rule, fee, pending: feeing } = useFeeQuote(currency, typedAmount(form.watch('amount')), 'transfer');
  const fetchQuote = useFetchWithdrawalQuote();
  // A repeated tap after a lost answer sends the same transfer once; a new key once the server answered.
  const { key, answered } = useActionKey();
  const create = useCreateTransfer(key);
  const findReceiver = useFindReceiver();

  const submit = form.submit(async (body) => {
    let found;
    try {
      found = (await findReceiver(body.account)).receiver;
    } catch (e) {
      // A read is quiet: the refusal ("no member with that user name…") is said here.
      return showToast(e instanceof Error ? e.message : t('wallet.code.receiverNotFound'));
    }
    if (!found) return showToast(t('wallet.code.receiverNotFound'));
    // The confirmation states the fee of exactly this amount: asked for now (the button spins) unless already at hand.
    let answer;
    try {
      answer = await fetchQuote(body.currency, body.amount, 'transfer');
    } catch (e) {
      return showToast(e instanceof Error ? e.message : t('app.error.generic'));
    }
    // An amount outside the transfer limits is refused at the field, before anything is asked.
    const outside = limitRefusal(body.amount, body.currency, answer.rules.find((r) => r.currency === body.currency));
    if (outside) return form.refuse('amount', outside);
    const q = answer.quote;
    const yes = await confirmDialog({
      content: (
        <div>
          <div>{t('wallet.transfer.confirm', { amount: amountMoney(body.amount, body.currency), name: found.masked_name })}</div>
          <div className="wallet-muted">{t(`wallet.transfer.matched.${found.matched_by}`, { value: found.matched })}</div>
          {q && isQuoteOf(q.amount, body.amount, body.currency) && <div className="wallet-muted">{t('wallet.withdraw.feeAndTotal', { fee: formatAmount(q.fee, body.currency), total: formatAmount(q.total, body.currency) })}</div>}
        </div>
      ),
      confirmText: t('wallet.action.confirm'),
      cancelText: t('wallet.action.cancel'),
    });
    if (!yes) return;
    const done = await answered(create.mutateAsync(body));
    showToast(t('wallet.transfer.sent', { amount: formatAmount(done.amount, done.currency), name: done.counterparty }));
    navigate(paths.wallet.transfers, { replace: true });
  });

  // The currency defaults to the first one the member keeps.
  useEffect(() => {
    if (!getValues('currency') && currencies[0]) setValue('currency', currencies[0]);
  }, [currencies, getValues, setValue]);

  return (
    <div className="page wallet-page">
      <PageHeader title={t('wallet.page.transfer')} right={<button type="button" className="page-header-link" onClick={() => navigate(paths.wallet.transfers)}>{t('wallet.assets.records')}</button>} />
      <RealNameGate status={realNameStatus}>
        <PayPasswordNotice hasPayPassword={hasPayPassword} />
        <FieldList layout="vertical" className="wallet-form">
          <TextField
            control={form.control}
            name="account"
            label={t('wallet.field.receiver')}
            placeholder={t('wallet.placeholder.receiver')}
            autoComplete="off"
            // Who the typed account is (or that no member has it) shows under the input, which keeps the row's width.
            description={
              receiver.data?.receiver ? (
                <span className="wallet-receiver">
                  <span>{t('wallet.transfer.receiver', { name: receiver.data.receiver.masked_name })}</span>
                  {/* Which of the receiver's identifiers the typed one is (masked): the sender checks it is the member they mean. */}
                  <span className="wallet-muted"> · {t(`wallet.transfer.matched.${receiver.data.receiver.matched_by}`, { value: receiver.data.receiver.matched })}</span>
                </span>
              ) : undefined
            }
            error={receiver.isError ? receiver.error.message : undefined}
          />
          <CurrencyField control={form.control} name="currency" label={t('wallet.field.currency')} currencies={currencies} />
          <AmountField
            control={form.control}
            name="amount"
            label={t('wallet.field.amount')}
            description={balance ? <span className="wallet-muted">{t('wallet.field.availableBalance', { amount: formatAmount(balance.available, balance.currency) })}</span> : undefined}
          />
          <TextField control={form.control} name="remark" label={t('wallet.field.remark')} maxLength={140} placeholder={t('wallet.placeholder.remark')} />
          <SecurityFields control={form.control} googleBound={googleBound} />
        </FieldList>
        {(rule || fee || feeing) && (
          <section className="wallet-section" aria-label={t('wallet.withdraw.fee')}>
            <FeeQuote currency={currency} rule={rule} fee={fee} pending={feeing} testId="transfer-fee" />
          </section>
        )}
        <div className="wallet-form-actions">
          <Button block color="primary" size="large" loading={form.busy} onClick={() => void submit()}>
            {t('wallet.action.transfer')}
          </Button>
        </div>
      </RealNameGate>
    </div>
  );
}
