import { Alert, Button, Card, Descriptions, Form, InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/QueryError';
import { ReasonedChange, type PendingChange } from '../../components/ReasonedChange';
import { actorText } from '../../lib/actors';
import { changeText } from '../../lib/approvals';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { FieldItem } from '../../lib/form';
import { formatDate } from '../../lib/format';
import { parsePercent, percentOf, showPercent } from '../../lib/money';
import { call } from '../../lib/request';
import { setShopSettingsRoute, shopSettingsRoute } from '../../lib/routes-shops';

type Draft = { fee: string | null; below: string | null; above: string | null; audit_hours: number | null; payment_minutes: number | null };

/**
 * The member shops' settings: the platform's fee on owners' earnings, the hours an owner has to audit,
 * the minutes a buyer has to pay, and the band an owner may price in. A change of the fee or the band
 * is a request a second operator approves: the one waiting shows above the form.
 */
export default function ShopSettings() {
  const { t } = useTranslation();
  const query = useEndpointQuery(shopSettingsRoute, undefined);
  const [draft, setDraft] = useState<Partial<Draft>>({});
  const [change, setChange] = useState<PendingChange | null>(null);
  if (query.isError) return <QueryError error={query.error} retry={() => query.refetch()} />;
  const s = query.data;
  if (!s) return null;
  const v: Draft = { fee: percentOf(s.fee_bp), below: percentOf(s.price_below_bp), above: percentOf(s.price_above_bp), audit_hours: s.audit_hours, payment_minutes: s.payment_minutes, ...draft };
  const body = { fee_bp: parsePercent(v.fee), price_below_bp: parsePercent(v.below), price_above_bp: parsePercent(v.above), audit_hours: v.audit_hours ?? undefined, payment_minutes: v.payment_minutes ?? undefined };
  const complete = Object.values(body).every((x) => x !== undefined) && body.price_below_bp! <= 9000;
  const percent = (name: 'fee' | 'below' | 'above', max: string) => (
    <InputNumber<string> stringMode min="0" max={max} step="0.5" suffix="%" value={v[name]} onChange={(x) => setDraft({ ...draft, [name]: x })} style={{ width: 160, maxWidth: '100%' }} data-testid={`shop-setting-${name}`} />
  );
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 760 }}>
      {s.pending && (
        <Alert
          type="info"
          showIcon
          data-testid="shop-settings-waiting"
          title={t('console.shops.settings.waiting', { id: s.pending.id, by: actorText(t, s.pending.requested_by) })}
          description={(s.pending.changes ?? []).map((c) => (
            <div key={c.field}>{changeText(t, s.pending!)(c)}</div>
          ))}
        />
      )}
      <Card title={t('console.shops.settings.title')} size="small">
        <Form layout="vertical" component="div">
          <FieldItem label={t('console.shops.settings.fee')} extra={t('console.shops.settings.feeHint')}>
            {percent('fee', '100')}
          </FieldItem>
          <Space size="large" wrap>
            <FieldItem label={t('console.shops.settings.auditHours')}>
              <InputNumber min={1} max={720} value={v.audit_hours} onChange={(x) => setDraft({ ...draft, audit_hours: x })} data-testid="shop-setting-audit_hours" />
            </FieldItem>
            <FieldItem label={t('console.shops.settings.paymentMinutes')}>
              <InputNumber min={5} max={1440} value={v.payment_minutes} onChange={(x) => setDraft({ ...draft, payment_minutes: x })} data-testid="shop-setting-payment_minutes" />
            </FieldItem>
          </Space>
          <Typography.Title level={5}>{t('console.shops.settings.band')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('console.shops.settings.bandHint')}</Typography.Paragraph>
          <Space size="large" wrap>
            <FieldItem label={t('console.shops.settings.below')}>{percent('below', '90')}</FieldItem>
            <FieldItem label={t('console.shops.settings.above')}>{percent('above', '100')}</FieldItem>
          </Space>
        </Form>
        <Typography.Paragraph type="secondary">{t('console.shops.settings.approvalHint')}</Typography.Paragraph>
        {!complete && <Alert type="warning" showIcon title={t('console.shops.settings.incomplete')} style={{ marginBottom: 12 }} />}
        <Button
          type="primary"
          disabled={!complete}
          onClick={() =>
            setChange({
              title: t('console.shops.settings.title'),
              // The version the form read: saved from a copy changed since (an approved fee, another's hours), the server refuses it whole.
              send: (reason, key) => call(setShopSettingsRoute, { ...(body as { [K in keyof typeof body]: number }), base_updated_at: s.updated_at, reason }, { idempotencyKey: key }).then((r) => (setDraft({}), r)),
              // Refresh: the settings as they are now, without what was typed on the old copy.
              reload: () => (setDraft({}), void query.refetch()),
            })
          }
          data-testid="shop-settings-save"
        >
          {t('console.shops.settings.save')}
        </Button>
      </Card>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'fee', label: t('console.shops.settings.fee'), children: showPercent(s.fee_bp) },
          { key: 'band', label: t('console.shops.settings.band'), children: `−${showPercent(s.price_below_bp)} … +${showPercent(s.price_above_bp)}` },
          { key: 'by', label: t('console.common.reviewedBy'), children: `${actorText(t, s.updated_by)} · ${formatDate(s.updated_at)}` },
        ]}
      />
      <ReasonedChange change={change} onClose={() => setChange(null)} invalidates={[shopSettingsRoute]} />
    </Space>
  );
}
