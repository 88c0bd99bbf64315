import { useEffect, useMemo, useState } from 'react';
import { formatDate, formatRate } from '@/lib/format';
import { isToday } from '@shop/client/dates';
import { Button, DotLoading, ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { confirmDialog } from '@/components/dialog';
import { ChoiceChips } from '@/components/choice-chips';
import { useNavigate } from '@/lib/router';
import { createRechargeBody } from '@shop/contract/wallet';
import { paths } from '@/config/paths';
import { formatAmount } from '@/components/amount';
import { TextField } from '@/components/form-field';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { showToast } from '@/lib/toast';
import { openTopUpGateway } from '../components/top-up-gateway';
import { payTopUp, useCreateRecharge, useDepositAddress, useExchangeQuote, useFetchExchangeQuote, useRechargeConfig } from '../api/recharge';
import { uploadFile } from '@/lib/upload';
import { ApiError } from '@/lib/request';
import { ResponseCode } from '@shop/contract/common';
import { AmountField, amountReader, typedAmount } from '@/components/amount-field';
import { amountMoney, isQuoteOf, limitRefusal, minorLimitRefusal } from '../components/amount-quote';
import { CurrencyField } from '../components/currency-field';
import { useDebounced } from '../use-debounced';
import { useActionKey } from '../use-action-key';
import '../wallet.css';
import { useTranslation } from '@/lib/i18n';
import { FieldItem, FieldList } from '@/components/field-list';
import { Controller, useContractForm, type FieldLabels } from '@/lib/form';

const LABELS = [
  ['channel', 'wallet.field.channel', 'choose'],
  ['currency', 'wallet.field.currency', 'choose'],
  ['amount', 'wallet.field.amount'],
  ['instalments', 'wallet.field.instalments', 'choose'],
  ['slip', 'wallet.field.slip'],
  ['network', 'wallet.field.network', 'choose'],
  ['tx_hash', 'wallet.field.txHash'],
] as const satisfies FieldLabels<Record<string, unknown>>;

/** The stablecoin network offered first when the shop has addresses on it. */
const PREFERRED_NETWORK = 'TRC20';

/** Refusals of a channel that can no longer take money (no rate, no deposit address, closed): the list is read again without it. */
const CHANNEL_GONE: readonly number[] = [ResponseCode.rateUnavailable, ResponseCode.noCryptoAddress, ResponseCode.channelUnavailable];

/** `pages/my/recharge`: a top-up through a channel in the currency paid in, at today's rate into the wallet currency. */
export default function RechargePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const config = useRechargeConfig();
  const data = config.data;
  const form = useContractForm(createRechargeBody, { defaultValues: { channel: '', currency: '', amount: '' }, labels: LABELS, read: { amount: amountReader } });
  const { setValue, getValues } = form;
  const channel = data?.channels.find((c) => c.code === form.watch('channel'));
  const currency = form.watch('currency') ?? '';
  const walletCurrency = data?.wallet_currency ?? '';
  const amount = typedAmount(form.watch('amount'));
  const settled = useDebounced(amount);
  const quote = useExchangeQuote(currency, walletCurrency, settled);
  // The credit shown is of the amount in the field now, never of one typed before it: while that one is asked for, a loading mark.
  const credit = quote.data && quote.data.from === currency && isQuoteOf(quote.data.amount, amount, currency) ? quote.data.converted : null;
  const crediting = amount !== undefined && credit == null && (settled !== amount || quote.isFetching);
  const fetchQuote = useFetchExchangeQuote();
  // "Today's rate" only for a rate of today on the member's phone; an older one (the feed's last working day, an operator's rate kept) says its day.
  const rateDate = quote.data?.date;
  const rateTitle = rateDate && !isToday(rateDate) ? t('wallet.recharge.rateTitleOn', { date: formatDate(rateDate, { dateOnly: true }) }) : t('wallet.recharge.rateTitle');
  const networks = useMemo(() => data?.crypto_networks ?? [], [data]);
  const network = form.watch('network') ?? '';
  const deposit = useDepositAddress(network, channel?.kind === 'crypto' && Boolean(network));
  const accounts = data?.collection_accounts.filter((a) => a.currency === currency) ?? [];
  const [slipFiles, setSlipFiles] = useState<ImageUploadItem[]>([]);
  const { key, answered } = useActionKey();
  const create = useCreateRecharge(key);
  const channels = useMemo(() => data?.channels ?? [], [data]);
  /** A channel as the member reads it: its name in their language where the packs have one, else the shop's. */
  const channelLabel = (c: { code: string; name: string }) => (i18n.exists(`wallet.recharge.channelName.${c.code}`) ? t(`wallet.recharge.channelName.${c.code}`) : c.name);

  // The first channel to begin with, and again when the one chosen is no longer offered; a channel's first currency when the one chosen is not its.
  useEffect(() => {
    if (channels[0] && !channels.some((c) => c.code === getValues('channel'))) setValue('channel', channels[0].code);
  }, [channels, getValues, setValue]);
  useEffect(() => {
    if (channel && !channel.currencies.includes(getValues('currency') ?? '')) setValue('currency', channel.currencies[0] ?? '');
  }, [channel, getValues, setValue]);
  // A stablecoin deposit is sent on one of the networks the shop has an address on for the member.
  useEffect(() => {
    if (channel?.kind === 'crypto' && !networks.includes(getValues('network') ?? '')) setValue('network', networks.includes(PREFERRED_NETWORK) ? PREFERRED_NETWORK : networks[0]);
  }, [channel, networks, getValues, setValue]);

  const submit = form.submit(async (body) => {
    if (!channel) return;
    if (channel.kind === 'bank_transfer' && !body.slip) return showToast(t('wallet.code.slipRequired'));
    if (channel.kind === 'crypto' && !body.tx_hash) return showToast(t('wallet.code.txHashRequired'));
    // The confirmation states the quote of exactly this amount: asked for now (the button spins) unless already at hand.
    let q;
    try {
      q = await fetchQuote(body.currency, walletCurrency, body.amount);
    } catch (e) {
      // A read is quiet: its refusal is said here.
      return showToast(e instanceof Error ? e.message : t('app.error.generic'));
    }
    // The channel's limits are in the wallet currency, as the server checks them: the amount itself when
    // paid in it, else what today's quote converts it to. Outside them, refused at the field before anything is asked.
    const inWallet = body.currency === walletCurrency ? undefined : q.from === body.currency && q.to === walletCurrency && isQuoteOf(q.amount, body.amount, body.currency) ? q.converted : null;
    const outside =
      inWallet === undefined ? limitRefusal(body.amount, walletCurrency, channel) : inWallet === null ? undefined : minorLimitRefusal(inWallet, walletCurrency, channel);
    if (outside) return form.refuse('amount', outside);
    const yes = await confirmDialog({
      content: (
        <div>
          <div>{t('wallet.recharge.confirm', { amount: amountMoney(body.amount, body.currency), channel: channel.kind === 'crypto' && body.network ? `${channelLabel(channel)} (${body.network})` : channelLabel(channel) })}</div>
          {q.converted != null && q.from === body.currency && isQuoteOf(q.amount, body.amount, body.currency) && <div className="wallet-muted">{t('wallet.recharge.credited', { amount: formatAmount(q.converted, q.to), rate: formatRate(q.rate) })}</div>}
        </div>
      ),
      confirmText: t('wallet.action.confirm'),
      cancelText: t('wallet.action.cancel'),
    });
    if (!yes) return;
    const order = await answered(create.mutateAsync({ ...body, ...(channel.kind === 'ctbc' ? {} : { instalments: undefined }), ...(channel.kind === 'crypto' ? {} : { network: undefined }) })).catch((e: unknown) => {
      // The channel stopped being able to take money since the page read the list: read again, it leaves the page.
      if (e instanceof ApiError && e.code !== undefined && CHANNEL_GONE.includes(e.code)) void config.refetch();
      throw e;
    });
    if (order.status === 'awaiting_payment') {
      // Online and card top-ups go on to the gateway's page, which returns to the top-up's record.
      const started = await payTopUp(order.id, order.instalments);
      const info = `${paths.wallet.rechargeInfo}?id=${order.id}&payment_no=${started.payment_no}`;
      // Inside the native shell the gateway opens outside (and comes back to the record); a refusal leaves its link on the record.
      if (started.redirect_url && (await openTopUpGateway(started.redirect_url, info)) === 'unavailable') return window.location.assign(started.redirect_url);
      return navigate(info, { replace: true });
    }
    showToast(t(`wallet.recharge.created.${order.status}`));
    navigate(paths.wallet.recharges, { replace: true });
  });

  const onUpload = async (file: File): Promise<ImageUploadItem> => {
    const uploaded = await uploadFile(file);
    setValue('slip', uploaded.url);
    return { url: uploaded.url };
  };

  return (
    <div className="page wallet-page">
      <PageHeader title={t('wallet.page.recharge')} right={<button type="button" className="page-header-link" onClick={() => navigate(paths.wallet.recharges)}>{t('wallet.assets.records')}</button>} />
      <ListState loading={config.isPending} error={config.isError} failure={config.error} empty={channels.length === 0} emptyText={t('wallet.recharge.noChannel')} onRetry={() => void config.refetch()}>
        <FieldList layout="vertical" className="wallet-form">
          <FieldItem label={t('wallet.field.channel')}>
            <Controller
              control={form.control}
              name="channel"
              render={({ field }) => <ChoiceChips label={t('wallet.field.channel')} columns={2} options={channels.map((c) => ({ label: channelLabel(c), value: c.code }))} value={field.value || undefined} onChange={field.onChange} />}
            />
          </FieldItem>
          <CurrencyField control={form.control} name="currency" label={t('wallet.field.currency')} currencies={channel?.currencies ?? []} />
          <AmountField
            control={form.control}
            name="amount"
            label={currency ? `${t('wallet.field.amount')} (${currency})` : t('wallet.field.amount')}
            // The example lies within the channel's limits when they are of the currency paid in (the wallet's); else it has that currency's decimals.
            currency={currency || undefined}
            limits={channel && currency === walletCurrency ? channel : undefined}
            // The limits are the channel's, in the wallet currency the server checks them in.
            // Paid in another currency, the limits are of the amount once converted: said so.
            description={channel && walletCurrency ? <span className="wallet-muted">{t(currency && currency !== walletCurrency ? 'wallet.recharge.limitsConverted' : 'wallet.recharge.limits', { min: formatAmount(channel.min, walletCurrency), max: formatAmount(channel.max, walletCurrency) })}</span> : undefined}
          />
          {channel?.kind === 'ctbc' && (data?.instalment_plans.length ?? 0) > 0 && (
            <FieldItem label={t('wallet.field.instalments')}>
              <Controller
                control={form.control}
                name="instalments"
                render={({ field }) => (
                  <ChoiceChips
                    label={t('wallet.field.instalments')}
                    columns={2}
                    options={[{ label: t('wallet.recharge.payInFull'), value: 0 }, ...data!.instalment_plans.map((p) => ({ label: t('wallet.recharge.plan', { months: p.months, fee: (p.fee_bp / 100).toString() }), value: p.months }))]}
                    value={Number(field.value ?? 0)}
                    onChange={(months) => field.onChange(months || undefined)}
                  />
                )}
              />
            </FieldItem>
          )}
          {channel?.kind === 'bank_transfer' && (
            <>
              <FieldItem label={t('wallet.recharge.collectionAccount')}>
                {accounts.length === 0 ? (
                  <span className="wallet-muted">{t('wallet.recharge.noAccount')}</span>
                ) : (
                  accounts.map((a) => (
                    <dl key={a.id} className="wallet-quote" data-collection={a.id}>
                      <dt>{t('wallet.field.bank')}</dt>
                      <dd>{[a.bank_name, a.branch].filter(Boolean).join(' · ')}</dd>
                      <dt>{t('wallet.field.holderName')}</dt>
                      <dd>{a.account_name}</dd>
                      <dt>{t('wallet.field.accountNumber')}</dt>
                      <dd>{a.account_number}</dd>
                    </dl>
                  ))
                )}
              </FieldItem>
              <FieldItem label={t('wallet.field.slip')}>
                <ImageUploader value={slipFiles} onChange={(files) => { setSlipFiles(files); if (files.length === 0) setValue('slip', undefined); }} upload={onUpload} maxCount={1} accept="image/*" />
              </FieldItem>
            </>
          )}
          {channel?.kind === 'crypto' && (
            <>
              {networks.length > 0 && (
                <FieldItem label={t('wallet.field.network')}>
                  <Controller
                    control={form.control}
                    name="network"
                    render={({ field }) => (
                      <ChoiceChips label={t('wallet.field.network')} columns={Math.min(3, networks.length)} options={networks.map((n) => ({ label: n, value: n }))} value={field.value || undefined} onChange={field.onChange} />
                    )}
                  />
                </FieldItem>
              )}
              <FieldItem label={t('wallet.recharge.depositAddress', { network: network || PREFERRED_NETWORK })}>
                <ListState loading={deposit.isPending && Boolean(network)} error={deposit.isError} failure={deposit.error} empty={!network} emptyText={t('wallet.code.noCryptoAddress')} onRetry={() => void deposit.refetch()}>
                  {deposit.data && (
                    <div className="wallet-deposit">
                      <img src={deposit.data.qr_code} alt={t('wallet.recharge.qrCode')} width={160} height={160} />
                      <code className="wallet-address">{deposit.data.address}</code>
                    </div>
                  )}
                </ListState>
              </FieldItem>
              <TextField control={form.control} name="tx_hash" label={t('wallet.field.txHash')} placeholder={t('wallet.placeholder.txHash')} autoComplete="off" />
            </>
          )}
        </FieldList>
        {/* Paid in the wallet's own currency nothing is converted: no quote, no rate to show ("1 USD = 1 USD"). */}
        {quote.data && (
          <section className="wallet-section" aria-label={rateTitle}>
            <dl className="wallet-quote">
              <dt>{rateTitle}</dt>
              {/* The title says the rate's day; the rate itself in figures and currency codes, the same in every language. */}
              <dd>{`1 ${quote.data.from} = ${formatRate(quote.data.rate)} ${quote.data.to}`}</dd>
              {credit != null ? (
                <>
                  <dt>{t('wallet.recharge.creditTitle')}</dt>
                  <dd data-testid="recharge-credit">{formatAmount(credit, quote.data.to)}</dd>
                </>
              ) : (
                crediting && (
                  <>
                    <dt>{t('wallet.recharge.creditTitle')}</dt>
                    <dd data-testid="recharge-credit-pending" aria-busy="true">
                      <DotLoading />
                    </dd>
                  </>
                )
              )}
            </dl>
          </section>
        )}
        <div className="wallet-form-actions">
          <Button block color="primary" size="large" loading={form.busy} onClick={() => void submit()}>
            {t('wallet.action.recharge')}
          </Button>
        </div>
      </ListState>
    </div>
  );
}
