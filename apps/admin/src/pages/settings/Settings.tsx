import type { EndpointBody, EndpointData } from '@shop/contract/common';
import type { adminSavePointsSettings } from '@shop/contract/admin';
import { Alert, Button, Card, Form, InputNumber, Select, Skeleton, Space, Switch, Tabs, Typography } from 'antd';
import { FramedTable } from '../../components/QueryTable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actorText } from '../../lib/actors';
import { changeText } from '../../lib/approvals';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { QueryError } from '../../components/QueryError';
import { FormField, useConsoleForm, type BodySchema } from '../../lib/form';
import { call } from '../../lib/request';
import { formatDate, formatMoney } from '../../lib/format';
import { languageTextsRoute, savePointsSettingsRoute, setCaptchaRoute, setCurrencyRoute, setOrderTimesRoute, settingsRoute, shippingCountriesRoute } from '../../lib/routes-settings';
import { parsePercent, percentOf } from '../../lib/money';
import { Countries } from './Countries';
import { FreightAndFees } from './FreightAndFees';
import { LanguageTexts } from './LanguageTexts';
import { ReasonedChange, type PendingChange } from '../../components/ReasonedChange';

type Snapshot = EndpointData<typeof settingsRoute>;

/** Who changed a setting last, and when. */
export function Changed({ by, at }: { by: string | null; at: string | null }) {
  const { t } = useTranslation();
  return by ? <Typography.Text type="secondary">{t('console.settings.page.updatedBy', { who: actorText(t, by), when: formatDate(at) })}</Typography.Text> : null;
}

/** The values a settings form checks with its call's body (the reason is asked for when it is saved). */
const withoutReason = (name: 'captchaSettingsBody' | 'orderTimesBody') => import('@shop/contract/admin').then((m) => (name === 'captchaSettingsBody' ? m.captchaSettingsBody.omit({ reason: true }) : m.orderTimesBody.omit({ reason: true })) as unknown as BodySchema<never>);

type PointsValues = { points_per_unit: number; shopping_points_per_unit: number; max_share: string; earn_rate: string };
/** The points settings' body without its reason (asked for when it is saved). */
const pointsSchema = () => import('@shop/contract/admin').then((m) => m.pointsSettingsChangeBody.omit({ reason: true }) as unknown as BodySchema<never>);

/** A number field's range, told to assistive technology; never enforced by the field, which would quietly change what was typed (the schema refuses it under the field). */
const range = (min: number, max: number) => ({ 'aria-valuemin': min, 'aria-valuemax': max });

/**
 * What points are worth, the share they may pay and what completed orders earn, with what each means:
 * the rule is the orders area's (a point has one value, set in US dollars, in every currency). A save
 * names the version it was read at; refused as changed since, `reload` reads the settings again.
 */
export function PointsSettings({ s, ask, reload }: { s: Snapshot; ask: (c: PendingChange) => void; reload?: () => void }) {
  const { t } = useTranslation();
  const p = s.points;
  const form = useConsoleForm<PointsValues, Omit<EndpointBody<typeof adminSavePointsSettings>, 'reason'>>({
    schema: pointsSchema,
    defaultValues: { points_per_unit: p.points_per_unit, shopping_points_per_unit: p.shopping_points_per_unit, max_share: percentOf(p.points_max_share_bp), earn_rate: percentOf(p.earn_rate_bp) },
    // Shares are typed as percentages; one with more than two decimals is not a number, so the schema refuses it under its field.
    toBody: (v) => ({
      base_updated_at: p.updated_at ?? undefined,
      points_per_unit: v.points_per_unit,
      shopping_points_per_unit: v.shopping_points_per_unit,
      points_max_share_bp: parsePercent(String(v.max_share ?? '')) ?? Number.NaN,
      earn_rate_bp: parsePercent(String(v.earn_rate ?? '')) ?? Number.NaN,
    }),
    fieldOf: { points_max_share_bp: 'max_share', earn_rate_bp: 'earn_rate' },
  });
  const percent = t('console.settings.page.percentInvalid');
  const perUnit = t('console.settings.page.wholeRange', { min: 1, max: 1_000_000 });
  return (
    <Card title={t('console.settings.page.points')} size="small" extra={<Changed by={p.updated_by} at={p.updated_at} />} data-testid="points-settings">
      {p.pending && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="points-waiting"
          title={t('console.settings.page.pointsWaiting', { id: p.pending.id, by: actorText(t, p.pending.requested_by) })}
          description={(p.pending.changes ?? []).map((c) => (
            <div key={c.field}>{changeText(t, p.pending!)(c)}</div>
          ))}
        />
      )}
      <Form layout="vertical" component="div">
        <FormField form={form} name="points_per_unit" label={t('console.settings.page.pointsPerUnit')} extra={t('console.settings.page.pointsPerUnitHint', { n: form.watch('points_per_unit') ?? p.points_per_unit })} message={perUnit}>
          <InputNumber {...range(1, 1_000_000)} data-testid="points-per-unit" />
        </FormField>
        <FormField form={form} name="shopping_points_per_unit" label={t('console.settings.page.shoppingPointsPerUnit')} extra={t('console.settings.page.shoppingPointsPerUnitHint')} message={perUnit}>
          <InputNumber {...range(1, 1_000_000)} data-testid="shopping-points-per-unit" />
        </FormField>
        <FormField form={form} name="max_share" label={t('console.settings.page.pointsMaxShare')} extra={t('console.settings.page.pointsMaxShareHint')} message={percent}>
          <InputNumber<string> stringMode data-testid="points-max-share" />
        </FormField>
        <FormField form={form} name="earn_rate" label={t('console.settings.page.earnRate')} extra={t('console.settings.page.earnRateHint')} message={percent}>
          <InputNumber<string> stringMode data-testid="points-earn-rate" />
        </FormField>
        <Typography.Paragraph type="secondary" data-testid="points-four-eyes">
          {t('console.settings.page.pointsFourEyes')}
        </Typography.Paragraph>
        <Button
          type="primary"
          onClick={() =>
            void form.submit((body) =>
              ask({ title: t('console.settings.page.points'), saved: t('console.settings.page.pointsSaved'), send: (reason, key) => call(savePointsSettingsRoute, { ...body, reason }, { idempotencyKey: key }), reload }),
            )()
          }
          data-testid="save-points"
        >
          {t('console.settings.page.save')}
        </Button>
      </Form>
    </Card>
  );
}

function General({ s, ask, reload }: { s: Snapshot; ask: (c: PendingChange) => void; reload: () => void }) {
  const { t } = useTranslation();
  type Captcha = { mode: Snapshot['captcha_mode']; bypass: boolean };
  const captcha = useConsoleForm<Captcha, Captcha & { base_updated_at?: string }>({
    schema: () => withoutReason('captchaSettingsBody'),
    defaultValues: { mode: s.captcha_mode, bypass: s.captcha_bypass },
    // The card's version as the page read it: saved from a copy changed since, the server refuses it rather than undo that change.
    toBody: (v) => ({ ...v, base_updated_at: s.captcha_updated_at ?? undefined }),
  });
  type Times = { expiry_minutes: number; auto_confirm_days: number; settle_after_days: number };
  const times = useConsoleForm<Times, Times & { base_updated_at?: string }>({
    schema: () => withoutReason('orderTimesBody'),
    defaultValues: { expiry_minutes: s.orders.expiry_minutes, auto_confirm_days: s.orders.auto_confirm_days, settle_after_days: s.orders.settle_after_days },
    // The version the page read: saved from a copy changed since, the server refuses it rather than undo that change.
    toBody: (v) => ({ ...v, base_updated_at: s.orders.updated_at ?? undefined }),
  });
  const whole = (min: number, max: number) => t('console.settings.page.wholeRange', { min, max });
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 720 }}>
      <Card title={t('console.settings.page.captchaMode')} size="small" extra={<Changed by={s.captcha_updated_by} at={s.captcha_updated_at} />} data-testid="captcha-settings">
        <Form layout="vertical" component="div">
          <FormField form={captcha} name="mode" label={t('console.settings.page.captchaMode')}>
            <Select options={(['off', 'auto', 'always'] as const).map((m) => ({ value: m, label: t(`console.settings.page.captchaModes.${m}`) }))} style={{ width: 320, maxWidth: '100%' }} data-testid="captcha-mode" />
          </FormField>
          <FormField form={captcha} name="bypass" label={t('console.settings.page.captchaBypass')} valuePropName="checked">
            <Switch />
          </FormField>
          <Button
            type="primary"
            onClick={() => void captcha.submit((body) => ask({ title: t('console.settings.page.captchaMode'), send: (reason, key) => call(setCaptchaRoute, { ...body, reason }, { idempotencyKey: key }), reload }))()}
            data-testid="save-captcha"
          >
            {t('console.settings.page.save')}
          </Button>
        </Form>
      </Card>
      <Card title={t('console.settings.page.tabs.general')} size="small" extra={<Changed by={s.orders.updated_by} at={s.orders.updated_at} />}>
        <Form layout="vertical" component="div">
          <FormField form={times} name="expiry_minutes" label={t('console.settings.page.expiryMinutes')} message={whole(1, 10080)}>
            <InputNumber {...range(1, 10080)} data-testid="expiry-minutes" />
          </FormField>
          <FormField form={times} name="auto_confirm_days" label={t('console.settings.page.autoConfirmDays')} message={whole(1, 90)}>
            <InputNumber {...range(1, 90)} />
          </FormField>
          <FormField form={times} name="settle_after_days" label={t('console.settings.page.settleAfterDays')} extra={t('console.settings.page.settleAfterDaysHint')} message={whole(0, 365)}>
            <InputNumber {...range(0, 365)} data-testid="settle-after-days" />
          </FormField>
          <Button
            type="primary"
            onClick={() => void times.submit((body) => ask({ title: t('console.settings.page.tabs.general'), send: (reason, key) => call(setOrderTimesRoute, { ...body, reason }, { idempotencyKey: key }), reload }))()}
            data-testid="save-orders"
          >
            {t('console.settings.page.save')}
          </Button>
        </Form>
      </Card>
      <PointsSettings key={JSON.stringify(s.points)} s={s} ask={ask} reload={reload} />
    </Space>
  );
}

function Currencies({ s, ask }: { s: Snapshot; ask: (c: PendingChange) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState<string>('');
  const toggle = (currency: string, enabled: boolean) =>
    ask({ title: `${currency} · ${t('console.settings.page.currencyEnabled')}`, send: (reason, key) => call(setCurrencyRoute, { currency, enabled, reason }, { idempotencyKey: key }) });
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 720 }}>
      <FramedTable
        size="middle"
        rowKey="currency"
        pagination={false}
        dataSource={s.currencies}
        columns={[
          { title: t('console.settings.page.currency'), dataIndex: 'currency', render: (c: string, r) => (r.is_settlement ? `${c} · ${t('console.settings.page.settlement')}` : c) },
          { title: t('console.settings.page.currencyEnabled'), key: 'enabled', render: (_, r) => <Switch checked={r.enabled} disabled={r.is_settlement} onChange={(on) => toggle(r.currency, on)} data-testid={`currency-${r.currency}`} /> },
        ]}
      />
      <Space>
        <Select
          showSearch
          value={code || undefined}
          placeholder={t('console.settings.page.addCurrency')}
          style={{ width: 240, maxWidth: '100%' }}
          onSearch={(v) => setCode(v.toUpperCase().slice(0, 3))}
          onChange={(v: string) => setCode(v)}
          options={code.length === 3 ? [{ value: code, label: code }] : []}
        />
        <Button disabled={!/^[A-Z]{3}$/.test(code)} onClick={() => toggle(code, true)}>
          {t('console.settings.page.add')}
        </Button>
      </Space>
    </Space>
  );
}

/** Captcha, order times, freight and fees, countries, currencies and language texts; every change asks for a reason. */
export default function Settings() {
  const { t } = useTranslation();
  const q = useEndpointQuery(settingsRoute, undefined);
  // The freight form offers only these: freight is looked up by the address's country, and addresses are only in them.
  const shipping = useEndpointQuery(shippingCountriesRoute, undefined);
  const [pending, setPending] = useState<PendingChange | null>(null);
  if (q.isError) return <QueryError error={q.error} retry={q.refetch} />;
  if (!q.data) return <Skeleton active />;
  const s = q.data;
  return (
    <>
      <Tabs
        items={[
          // Keyed by the snapshot so a saved change shows in the forms.
          { key: 'general', label: t('console.settings.page.tabs.general'), children: <General key={JSON.stringify([s.captcha_mode, s.captcha_bypass, s.captcha_updated_at, s.orders])} s={s} ask={setPending} reload={() => void q.refetch()} /> },
          {
            key: 'freight',
            label: t('console.settings.page.tabs.freight'),
            children: <FreightAndFees s={s} ask={setPending} money={formatMoney} countries={shipping.data?.list ?? []} reload={async () => (await q.refetch()).data} />,
          },
          { key: 'countries', label: t('console.settings.page.tabs.countries'), children: <Countries ask={setPending} /> },
          { key: 'currencies', label: t('console.settings.page.tabs.currencies'), children: <Currencies s={s} ask={setPending} /> },
          { key: 'languages', label: t('console.settings.page.tabs.languages'), children: <LanguageTexts ask={setPending} /> },
        ]}
      />
      <ReasonedChange change={pending} onClose={() => setPending(null)} invalidates={[settingsRoute, shippingCountriesRoute, languageTextsRoute]} />
    </>
  );
}
