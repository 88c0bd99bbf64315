import type { payMethodSettingSchema } from '@shop/contract/admin';
import { walletLimitProblems, type AnyEndpoint, type WalletLimitProblem } from '@shop/contract/common';
import { Button, Input, Space, Tabs, Tag, Typography } from 'antd';
import { keepPreviousData } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { actorText } from '../../lib/actors';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { useCan } from '../../lib/operator';
import { DecisionModal, type DecisionField } from '../../components/DecisionModal';
import type { BodySchema } from '../../lib/form';
import { QueryTable } from '../../components/QueryTable';
import { paymentMethodText } from '../../components/PaymentParts';
import { call } from '../../lib/request';
import { formatCellDate, formatDate, formatNumber, formatRate } from '../../lib/format';
import {
  addBankRoute, addCollectionAccountRoute, addCryptoAddressesRoute, approvalsRoute, banksRoute, collectionAccountsRoute, cryptoPoolRoute, payMethodsRoute, ratesRoute, rechargeChannelsRoute, setRateRoute, setPayMethodRoute,
  setRechargeChannelRoute, setWalletLimitRoute, walletLimitsRoute,
} from '../../lib/routes-money';
import { parseAmount, showAmount, showPercent } from '../../lib/money';

type PayMethod = z.infer<typeof payMethodSettingSchema>;
/** A settings form: its fields, the contract's body schema, the body made of the values, and the call that sends it with the dialog's key and the reason. */
type Form = {
  title: string;
  fields: DecisionField[];
  schema: () => Promise<BodySchema>;
  toBody: (v: Record<string, string>) => unknown;
  fieldOf?: Record<string, string>;
  send: (body: any, key: string) => Promise<unknown>;
  invalidates: AnyEndpoint[];
  /** Refused as saved from a copy changed since: Refresh reads the table again and reopens the form on it. */
  reload?: () => void;
  /** What the page says when the call answered a request waiting for a second operator. */
  waitingText?: (id: number) => string;
};
const admin = () => import('@shop/contract/admin');
const wallet = () => import('@shop/contract/wallet');

const upper = (v: string | undefined) => (v ?? '').trim().toUpperCase();
const int = (v: string | undefined) => (v !== undefined && /^\d+$/.test(v.trim()) ? Number(v.trim()) : -1);
const list = (v: string | undefined) => upper(v).split(/[\s,]+/).filter(Boolean);
/** The limits form's body: amounts typed in the currency's units (USD's until a currency is typed), -1 for what is not a number. */
const limitBody = (v: Record<string, string>) => {
  const c = upper(v.currency);
  const m = (x: string | undefined) => parseAmount(x, /^[A-Z]{3}$/.test(c) ? c : 'USD') ?? -1;
  return { currency: c, kind: v.kind, fee_bp: int(v.fee_bp), fee_fixed: m(v.fee_fixed), min: m(v.min), max: m(v.max), daily_count: int(v.daily_count), daily_amount: m(v.daily_amount), reason: v.reason };
};
/** The version of the limits of this currency and way in the table the form was opened over (none: a new row). */
const limitVersion = (rows: ReadonlyArray<{ currency: string; kind: string; updated_at: string }> | undefined, currency: string, kind: string | undefined) =>
  rows?.find((l) => l.currency === currency && l.kind === kind)?.updated_at;
/** What the limits form says under a field for each refused combination. */
const LIMIT_REFUSALS: Record<WalletLimitProblem['rule'], string> = {
  maxBelowMin: 'console.money.settings.limitRefused.maxBelowMin',
  feeNotBelowMax: 'console.money.settings.limitRefused.feeNotBelowMax',
  dailyAmountBelowMax: 'console.money.settings.limitRefused.dailyAmountBelowMax',
};
const onOff = (on: boolean, t: (k: string) => string) => <Tag color={on ? 'green' : 'default'}>{on ? t('console.money.settings.on') : t('console.money.settings.off')}</Tag>;

/** A tab: its table, and the button that opens its form when the operator may change it. */
function Section({ action, onAction, children }: { action?: string; onAction?: () => void; children: ReactNode }) {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {action && onAction && (
        <Button type="primary" onClick={onAction}>
          {action}
        </Button>
      )}
      {children}
    </Space>
  );
}

/** The money settings: exchange rates (feed and override), payment methods with fees, withdrawal fees and limits, top-up channels, collection accounts, banks, the stablecoin address pool. */
export default function MoneySettings() {
  const { t } = useTranslation();
  const can = useCan();
  const write = can('settings.write');
  const [form, setForm] = useState<Form | null>(null);
  const [country, setCountry] = useState<string>();
  const [pool, setPool] = useState({ page: 1, limit: 20 });
  const rates = useEndpointQuery(ratesRoute, undefined);
  const methods = useEndpointQuery(payMethodsRoute, undefined);
  const limits = useEndpointQuery(walletLimitsRoute, undefined);
  const channels = useEndpointQuery(rechargeChannelsRoute, undefined);
  const accounts = useEndpointQuery(collectionAccountsRoute, undefined);
  const banks = useEndpointQuery(banksRoute, { country_code: country });
  const addresses = useEndpointQuery(cryptoPoolRoute, pool, { placeholderData: keepPreviousData });
  const reason: DecisionField = { name: 'reason', label: t('console.common.reason'), required: true, multiline: true };
  const req = (name: string, label: string, placeholder?: string): DecisionField => ({ name, label, required: true, requiredMessage: t('console.auth.required'), placeholder });
  const receivingSent = (id: number) => t('console.money.settings.receivingSent', { id });

  // The limits form refuses what the API refuses (the contract's one rule), under the same fields, before anything is sent.
  const limitRefusal =
    (field: WalletLimitProblem['field']) =>
    (v: Record<string, string>): string | undefined => {
      const body = limitBody(v);
      // A value that is not an amount (or a currency) yet is the schema's to refuse, under its own field.
      if (!/^[A-Z]{3}$/.test(body.currency) || [body.fee_bp, body.fee_fixed, body.min, body.max, body.daily_amount].some((n) => n < 0)) return undefined;
      const problem = walletLimitProblems(body).find((p) => p.field === field);
      if (!problem) return undefined;
      const shown = Object.fromEntries(Object.entries(problem.amounts).map(([k, n]) => [k, showAmount(n, body.currency)]));
      return t(LIMIT_REFUSALS[problem.rule], shown);
    };

  const editMethod = (m: PayMethod) =>
    setForm({
      title: `${m.code} · ${m.currency} · ${m.country_code}`,
      fields: [
        req('fee_bp', t('console.money.settings.feeBp'), String(m.fee_bp)),
        req('fee_fixed', t('console.money.settings.feeFixed'), showAmount(m.fee_fixed_minor, m.currency)),
        { ...req('enabled', t('console.money.settings.enabled')), options: [{ value: 'on', label: t('console.money.settings.on') }, { value: 'off', label: t('console.money.settings.off') }] },
        req('sort', t('console.money.settings.sort'), String(m.sort)),
        reason,
      ],
      schema: () => admin().then((c) => c.payMethodBody),
      fieldOf: { fee_fixed_minor: 'fee_fixed' },
      // The version of the row the form was opened on: changed since, the save is refused rather than undo that change.
      toBody: (v) => ({ id: m.id, fee_bp: int(v.fee_bp), fee_fixed_minor: parseAmount(v.fee_fixed, m.currency) ?? -1, enabled: v.enabled === 'on', sort: int(v.sort), base_updated_at: m.updated_at, reason: v.reason ?? '' }),
      send: (body, key) => call(setPayMethodRoute, body, { idempotencyKey: key }),
      invalidates: [payMethodsRoute],
      reload: () =>
        void methods.refetch().then((r) => {
          const now = r.data?.list.find((x) => x.id === m.id);
          if (now) editMethod(now);
        }),
    });

  /** The limits form over the table as read now: a save names that table's version of the row it sets (none for a new one). */
  const setLimits = () => {
    const opened = limits.data?.list;
    setForm({
      title: t('console.money.settings.setLimits'),
      fields: [
        req('currency', t('console.common.currency'), 'USD'),
        { ...req('kind', t('console.money.settings.kind')), options: (['withdraw_bank', 'withdraw_crypto', 'transfer'] as const).map((k) => ({ value: k, label: t(`console.money.settings.kinds.${k}`) })) },
        req('fee_bp', t('console.money.settings.feeBp'), '100'),
        { ...req('fee_fixed', t('console.money.settings.feeFixed'), '1.00'), refuse: limitRefusal('fee_fixed') },
        req('min', t('console.money.settings.min'), '10.00'),
        { ...req('max', t('console.money.settings.max'), '5000.00'), refuse: limitRefusal('max') },
        req('daily_count', t('console.money.settings.dailyCount'), '3'),
        { ...req('daily_amount', t('console.money.settings.dailyAmount'), '10000.00'), refuse: limitRefusal('daily_amount') },
        reason,
      ],
      schema: () => wallet().then((c) => c.walletLimitBody),
      toBody: (v) => ({ ...limitBody(v), base_updated_at: limitVersion(opened, upper(v.currency), v.kind) }),
      send: (body, key) => call(setWalletLimitRoute, body, { idempotencyKey: key }),
      invalidates: [walletLimitsRoute],
      reload: () => void limits.refetch().then(() => setLimits()),
    });
  };

  /** The channel form over the table as read now: a save names that table's version of the channel it sets (none for a new code). */
  const setChannel = () => {
    const opened = channels.data?.list;
    setForm({
      title: t('console.money.settings.setChannel'),
      fields: [
        req('code', t('console.money.settings.code'), 'bank_my'),
        { ...req('kind', t('console.money.settings.kind')), options: (['online', 'bank_transfer', 'ctbc', 'crypto'] as const).map((k) => ({ value: k, label: k })) },
        req('name', t('console.money.settings.name')),
        req('currencies', t('console.money.settings.currencies'), 'USD, MYR'),
        req('min', t('console.money.settings.minMinor'), '1000'),
        req('max', t('console.money.settings.maxMinor'), '1000000'),
        { ...req('enabled', t('console.money.settings.enabled')), options: [{ value: 'on', label: t('console.money.settings.on') }, { value: 'off', label: t('console.money.settings.off') }] },
        reason,
      ],
      schema: () => wallet().then((c) => c.rechargeChannelBody),
      toBody: (v) => {
        const code = (v.code ?? '').trim();
        return { code, base_updated_at: opened?.find((c) => c.code === code)?.updated_at, kind: v.kind, name: v.name ?? '', currencies: list(v.currencies), min: int(v.min), max: int(v.max), enabled: v.enabled === 'on', reason: v.reason };
      },
      send: (body, key) => call(setRechargeChannelRoute, body, { idempotencyKey: key }),
      invalidates: [rechargeChannelsRoute],
      reload: () => void channels.refetch().then(() => setChannel()),
    });
  };

  const tabs = [
    {
      key: 'rates',
      label: t('console.money.settings.rates'),
      children: (
        <Section
          action={can('rates.set') ? t('console.money.settings.setRate') : undefined}
          onAction={() =>
            setForm({
              title: t('console.money.settings.setRate'),
              fields: [req('base', t('console.money.settings.base'), 'USD'), req('quote', t('console.money.settings.quote'), 'MYR'), req('rate', t('console.money.settings.rate'), '4.4750'), reason],
              schema: () => admin().then((c) => c.setRateBody),
              toBody: (v) => ({ base: upper(v.base), quote: upper(v.quote), rate: (v.rate ?? '').trim(), reason: v.reason }),
              send: (body, key) => call(setRateRoute, body, { idempotencyKey: key }),
              invalidates: [ratesRoute],
            })
          }
        >
          <Typography.Text type="secondary">{t('console.money.settings.ratesHint', { date: rates.data ? formatDate(rates.data.date, true) : '' })}</Typography.Text>
          <QueryTable
            size="small"
            rowKey={(r) => `${r.base}/${r.quote}`}
            query={rates}
            columns={[
              { title: t('console.money.settings.pair'), key: 'p', render: (_, r) => `${r.base} → ${r.quote}` },
              { title: t('console.money.settings.feed'), key: 'e', render: (_, r) => (r.ecb ? `${formatRate(r.ecb.rate)} (${formatCellDate(r.ecb.date, true)})` : '—') },
              { title: t('console.money.settings.override'), key: 'o', render: (_, r) => (r.operator ? `${formatRate(r.operator.rate)} (${formatCellDate(r.operator.date, true)})` : '—') },
              { title: t('console.money.settings.effective'), dataIndex: 'effective', render: (s: string) => <Tag color={s === 'operator' ? 'blue' : 'default'}>{s === 'operator' ? t('console.money.settings.override') : t('console.money.settings.feed')}</Tag> },
            ]}
          />
        </Section>
      ),
    },
    {
      key: 'methods',
      label: t('console.money.settings.payMethods'),
      children: (
        <QueryTable<PayMethod>
          size="small"
          query={methods}
          columns={[
            { title: t('console.money.settings.code'), dataIndex: 'code' },
            { title: t('console.money.settings.gateway'), key: 'g', render: (_, m) => paymentMethodText(t, { gateway: m.gateway, pay_way: m.code }) },
            { title: t('console.common.currency'), dataIndex: 'currency' },
            { title: t('console.money.settings.country'), dataIndex: 'country_code', render: (c: string) => c || t('console.common.all') },
            { title: t('console.money.settings.fee'), key: 'f', align: 'right', render: (_, m) => `${showPercent(m.fee_bp)} + ${showAmount(m.fee_fixed_minor, m.currency)}` },
            { title: t('console.money.settings.enabled'), dataIndex: 'enabled', render: (on: boolean) => onOff(on, t) },
            { title: t('console.money.settings.sort'), dataIndex: 'sort' },
            { title: t('console.money.adjust.updatedBy'), dataIndex: 'updated_by', render: (by: string) => actorText(t, by) },
            ...(write ? [{ title: t('console.common.actions'), key: 'a', render: (_: unknown, m: PayMethod) => <Button size="small" onClick={() => editMethod(m)}>{t('console.money.settings.edit')}</Button> }] : []),
          ]}
        />
      ),
    },
    {
      key: 'limits',
      label: t('console.money.settings.limits'),
      children: (
        <Section
          action={write ? t('console.money.settings.setLimits') : undefined}
          onAction={setLimits}
        >
          <QueryTable
            size="small"
            rowKey={(l) => `${l.currency}-${l.kind}`}
            query={limits}
            columns={[
              { title: t('console.common.currency'), dataIndex: 'currency' },
              { title: t('console.money.settings.kind'), dataIndex: 'kind', render: (k: string) => t(`console.money.settings.kinds.${k}`) },
              { title: t('console.money.settings.fee'), key: 'f', align: 'right', render: (_, l) => `${showPercent(l.fee_bp)} + ${showAmount(l.fee_fixed, l.currency)}` },
              { title: t('console.money.settings.min'), key: 'mi', align: 'right', render: (_, l) => showAmount(l.min_minor, l.currency) },
              { title: t('console.money.settings.max'), key: 'ma', align: 'right', render: (_, l) => showAmount(l.max_minor, l.currency) },
              { title: t('console.money.settings.dailyCount'), dataIndex: 'daily_count', align: 'right' },
              { title: t('console.money.settings.dailyAmount'), key: 'da', align: 'right', render: (_, l) => showAmount(l.daily_amount, l.currency) },
              { title: t('console.money.adjust.updatedBy'), dataIndex: 'updated_by', render: (by: string) => actorText(t, by) },
            ]}
          />
        </Section>
      ),
    },
    {
      key: 'channels',
      label: t('console.money.settings.channels'),
      children: (
        <Section
          action={write ? t('console.money.settings.setChannel') : undefined}
          onAction={setChannel}
        >
          <QueryTable
            size="small"
            rowKey="code"
            query={channels}
            columns={[
              { title: t('console.money.settings.code'), dataIndex: 'code' },
              { title: t('console.money.settings.kind'), dataIndex: 'kind' },
              { title: t('console.money.settings.name'), dataIndex: 'name' },
              { title: t('console.money.settings.currencies'), dataIndex: 'currencies', render: (c: string[]) => c.join(', ') },
              { title: t('console.money.settings.minMinor'), dataIndex: 'min_minor', align: 'right', render: (n: number) => formatNumber(n) },
              { title: t('console.money.settings.maxMinor'), dataIndex: 'max_minor', align: 'right', render: (n: number) => formatNumber(n) },
              { title: t('console.money.settings.enabled'), dataIndex: 'enabled', render: (on: boolean) => onOff(on, t) },
            ]}
          />
        </Section>
      ),
    },
    {
      key: 'accounts',
      label: t('console.money.settings.accounts'),
      children: (
        <Section
          action={write ? t('console.money.settings.addAccount') : undefined}
          onAction={() =>
            setForm({
              title: t('console.money.settings.addAccount'),
              fields: [req('currency', t('console.common.currency'), 'MYR'), req('bank_name', t('console.money.settings.bankName')), req('account_name', t('console.money.settings.accountName')), req('account_number', t('console.money.settings.accountNumber')), { name: 'branch', label: t('console.money.settings.branch') }, reason],
              schema: () => wallet().then((c) => c.collectionAccountBody),
              toBody: (v) => ({ currency: upper(v.currency), bank_name: v.bank_name ?? '', account_name: v.account_name ?? '', account_number: v.account_number ?? '', branch: v.branch ?? '', enabled: true, reason: v.reason }),
              send: (body, key) => call(addCollectionAccountRoute, body, { idempotencyKey: key }),
              // Where members send money: a second operator approves it before it is listed here or shown to members.
              waitingText: receivingSent,
              invalidates: [collectionAccountsRoute, approvalsRoute],
            })
          }
        >
          <QueryTable
            size="small"
            query={accounts}
            columns={[
              { title: t('console.common.currency'), dataIndex: 'currency' },
              { title: t('console.money.settings.bankName'), dataIndex: 'bank_name' },
              { title: t('console.money.settings.accountName'), dataIndex: 'account_name' },
              { title: t('console.money.settings.accountNumber'), dataIndex: 'account_number', render: (n: string) => <Typography.Text copyable>{n}</Typography.Text> },
              { title: t('console.money.settings.branch'), dataIndex: 'branch', render: (b: string) => b || '—' },
              { title: t('console.money.settings.enabled'), dataIndex: 'enabled', render: (on: boolean) => onOff(on, t) },
              { title: t('console.money.gift.createdBy'), dataIndex: 'created_by' },
            ]}
          />
        </Section>
      ),
    },
    {
      key: 'banks',
      label: t('console.money.settings.banks'),
      children: (
        <Section
          action={write ? t('console.money.settings.addBank') : undefined}
          onAction={() =>
            setForm({
              title: t('console.money.settings.addBank'),
              fields: [
                req('country_code', t('console.money.settings.country'), 'MY'),
                { ...req('type', t('console.money.settings.type')), options: [{ value: 'bank', label: t('console.money.settings.bank') }, { value: 'ewallet', label: t('console.money.settings.ewallet') }] },
                req('name', t('console.money.settings.name')),
                req('code', t('console.money.settings.code'), 'MBBEMYKL'),
                { name: 'parent_id', label: t('console.money.settings.parent') },
                reason,
              ],
              schema: () => wallet().then((c) => c.bankBody),
              toBody: (v) => ({ country_code: upper(v.country_code), type: v.type, name: v.name ?? '', code: (v.code ?? '').trim(), ...(v.parent_id?.trim() ? { parent_id: int(v.parent_id) } : {}), reason: v.reason }),
              send: (body, key) => call(addBankRoute, body, { idempotencyKey: key }),
              invalidates: [banksRoute],
            })
          }
        >
          <Input.Search allowClear placeholder={t('console.money.settings.country')} maxLength={2} style={{ maxWidth: 200 }} onSearch={(v) => setCountry(upper(v) || undefined)} data-testid="bank-country" />
          <QueryTable
            size="small"
            query={banks}
            columns={[
              { title: t('console.common.id'), dataIndex: 'id', width: 70 },
              { title: t('console.money.settings.country'), dataIndex: 'country_code' },
              { title: t('console.money.settings.type'), dataIndex: 'type', render: (k: string) => (k === 'ewallet' ? t('console.money.settings.ewallet') : t('console.money.settings.bank')) },
              { title: t('console.money.settings.name'), dataIndex: 'name' },
              { title: t('console.money.settings.code'), dataIndex: 'code' },
              { title: t('console.money.settings.parent'), dataIndex: 'parent_id', render: (p: number | null) => p ?? '—' },
              { title: t('console.money.settings.enabled'), dataIndex: 'enabled', render: (on: boolean) => onOff(on, t) },
            ]}
          />
        </Section>
      ),
    },
    {
      key: 'pool',
      label: t('console.money.settings.pool'),
      children: (
        <Section
          action={write ? t('console.money.settings.addAddresses') : undefined}
          onAction={() =>
            setForm({
              title: t('console.money.settings.addAddresses'),
              fields: [req('network', t('console.money.settings.network'), 'TRC20'), { ...req('addresses', t('console.money.settings.addresses')), multiline: true, placeholder: t('console.money.settings.addressesHint') }, reason],
              schema: () => wallet().then((c) => c.cryptoAddressesBody),
              toBody: (v) => ({ network: upper(v.network), addresses: (v.addresses ?? '').split(/[\s,]+/).filter(Boolean), reason: v.reason }),
              send: (body, key) => call(addCryptoAddressesRoute, body, { idempotencyKey: key }),
              waitingText: receivingSent,
              invalidates: [cryptoPoolRoute, approvalsRoute],
            })
          }
        >
          <Space wrap>
            {(addresses.data?.networks ?? []).map((n) => (
              <Tag key={n.network} color={n.free > 0 ? 'blue' : 'red'}>
                {t('console.money.settings.free', { network: n.network, free: formatNumber(n.free), total: formatNumber(n.total) })}
              </Tag>
            ))}
          </Space>
          <QueryTable
            size="small"
            query={addresses}
            paging={{ ...pool, onChange: (page, limit) => setPool({ page, limit }) }}
            columns={[
              { title: t('console.money.settings.network'), dataIndex: 'network' },
              { title: t('console.money.settings.address'), dataIndex: 'address', render: (a: string) => <Typography.Text copyable style={{ fontFamily: 'monospace' }}>{a}</Typography.Text> },
              { title: t('console.money.settings.assignedTo'), key: 'u', render: (_, a) => (a.user_id ? `${a.user_name ?? ''} (#${a.user_id}) ${formatCellDate(a.assigned_at)}` : <Tag color="green">{t('console.money.settings.unassigned')}</Tag>) },
              { title: t('console.money.gift.createdBy'), dataIndex: 'added_by' },
              { title: t('console.common.created'), dataIndex: 'created_at', render: (v: string) => formatCellDate(v) },
            ]}
          />
        </Section>
      ),
    },
  ];

  return (
    <div data-testid="money-settings">
      <Tabs items={tabs} />
      <DecisionModal
        open={form !== null}
        title={form?.title ?? ''}
        question={t('console.money.settings.question')}
        okText={t('console.common.submit')}
        fields={form?.fields ?? []}
        schema={form?.schema}
        toBody={form?.toBody}
        fieldOf={form?.fieldOf}
        send={(_v, key, body) => form!.send(body, key)}
        invalidates={form?.invalidates ?? []}
        onStale={form?.reload}
        waitingText={form?.waitingText}
        onClose={() => setForm(null)}
      />
    </div>
  );
}
