import { Button, Card, Input, InputNumber, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromMinorUnits, type EndpointData } from '@shop/contract/common';
import { parseAmount, parsePercent, percentOf } from '../../lib/money';
import { call } from '../../lib/request';
import { saveInternationalFreightRoute, saveOperatingFeeRoute, saveShippingFeeRoute, type settingsRoute } from '../../lib/routes-settings';
import type { PendingChange } from '../../components/ReasonedChange';

type Snapshot = EndpointData<typeof settingsRoute>;
interface Props {
  s: Snapshot;
  ask: (c: PendingChange) => void;
  money: (minor: number, currency: string) => string;
}

const code2 = (v: string) => v.toUpperCase().replace(/[^A-Z]/g, '').slice(0, 2);
const code3 = (v: string) => v.toUpperCase().replace(/[^A-Z]/g, '').slice(0, 3);
/** An amount typed in major units ("12.50") as minor units of the currency, or undefined when it is not one. */
const minorOf = (amount: string | null, currency: string): number | undefined => (/^[A-Z]{3}$/.test(currency) ? parseAmount(amount, currency) : undefined);

/** The freight of regular orders, the operating fee per destination and the international freight table; a row is edited by filling the form above it. */
export function FreightAndFees({ s, ask, money }: Props) {
  const { t } = useTranslation();
  const [ship, setShip] = useState({ country_code: '', currency: '', fee: null as string | null, free_over: null as string | null });
  const [fee, setFee] = useState({ country_code: '', percent: null as string | null });
  const [band, setBand] = useState({ country_code: '', method: 'standard' as 'standard' | 'express', weight_from_g: 0, weight_to_g: 500, currency: 'USD', fee: null as string | null });
  const shipFee = minorOf(ship.fee, ship.currency);
  const shipFree = ship.free_over === null || ship.free_over === '' ? null : minorOf(ship.free_over, ship.currency);
  const rateBp = parsePercent(fee.percent);
  const bandFee = minorOf(band.fee, band.currency);
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card title={t('console.settings.page.shippingFees')} size="small">
        <Space wrap style={{ marginBottom: 12 }}>
          <Input placeholder={t('console.settings.page.country')} value={ship.country_code} onChange={(e) => setShip({ ...ship, country_code: code2(e.target.value) })} style={{ width: 110 }} />
          <Input placeholder={t('console.settings.page.currency')} value={ship.currency} onChange={(e) => setShip({ ...ship, currency: code3(e.target.value) })} style={{ width: 110 }} />
          <InputNumber<string> stringMode placeholder={t('console.settings.page.fee')} min="0" value={ship.fee} onChange={(v) => setShip({ ...ship, fee: v })} />
          <InputNumber<string> stringMode placeholder={t('console.settings.page.freeOver')} min="0" value={ship.free_over} onChange={(v) => setShip({ ...ship, free_over: v })} />
          <Button
            type="primary"
            disabled={ship.country_code.length !== 2 || shipFee === undefined || shipFree === undefined}
            onClick={() =>
              ask({
                title: t('console.settings.page.shippingFees'),
                send: (reason, key) => call(saveShippingFeeRoute, { country_code: ship.country_code, currency: ship.currency, fee: shipFee!, free_over: shipFree ?? null, reason }, { idempotencyKey: key }),
              })
            }
          >
            {t('console.settings.page.save')}
          </Button>
        </Space>
        <Table
          size="small"
          rowKey={(r) => `${r.country_code}-${r.currency}`}
          pagination={false}
          dataSource={s.shipping_fees}
          columns={[
            { title: t('console.settings.page.country'), dataIndex: 'country_code' },
            { title: t('console.settings.page.fee'), key: 'fee', render: (_, r) => money(r.fee, r.currency) },
            { title: t('console.settings.page.freeOver'), key: 'free', render: (_, r) => (r.free_over === null ? t('console.settings.page.none') : money(r.free_over, r.currency)) },
            { title: t('console.common.reviewedBy'), dataIndex: 'updated_by' },
            {
              title: t('console.common.actions'),
              key: 'a',
              render: (_, r) => (
                <Button size="small" onClick={() => setShip({ country_code: r.country_code, currency: r.currency, fee: fromMinorUnits(r.fee, r.currency), free_over: r.free_over === null ? null : fromMinorUnits(r.free_over, r.currency) })}>
                  {t('console.settings.page.edit')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <Card title={t('console.settings.page.operatingFees')} size="small">
        <Space wrap style={{ marginBottom: 12 }}>
          <Input placeholder={t('console.settings.page.country')} value={fee.country_code} onChange={(e) => setFee({ ...fee, country_code: code2(e.target.value) })} style={{ width: 110 }} />
          <InputNumber<string> stringMode placeholder={t('console.settings.page.rate')} min="0" max="100" step="0.01" value={fee.percent} onChange={(v) => setFee({ ...fee, percent: v })} />
          <Button
            type="primary"
            disabled={fee.country_code.length !== 2 || rateBp === undefined}
            onClick={() =>
              ask({ title: t('console.settings.page.operatingFees'), send: (reason, key) => call(saveOperatingFeeRoute, { country_code: fee.country_code, rate_bp: rateBp!, reason }, { idempotencyKey: key }) })
            }
          >
            {t('console.settings.page.save')}
          </Button>
        </Space>
        <Table
          size="small"
          rowKey="country_code"
          pagination={false}
          dataSource={s.operating_fees}
          columns={[
            { title: t('console.settings.page.country'), dataIndex: 'country_code' },
            { title: t('console.settings.page.rate'), dataIndex: 'rate_bp', render: (bp: number) => percentOf(bp) },
            { title: t('console.common.reviewedBy'), dataIndex: 'updated_by' },
            { title: t('console.common.actions'), key: 'a', render: (_, r) => <Button size="small" onClick={() => setFee({ country_code: r.country_code, percent: percentOf(r.rate_bp) })}>{t('console.settings.page.edit')}</Button> },
          ]}
        />
      </Card>
      <Card title={t('console.settings.page.internationalFreight')} size="small">
        <Space wrap style={{ marginBottom: 12 }}>
          <Input placeholder={t('console.settings.page.country')} value={band.country_code} onChange={(e) => setBand({ ...band, country_code: code2(e.target.value) })} style={{ width: 110 }} />
          <Select value={band.method} onChange={(method) => setBand({ ...band, method })} options={(['standard', 'express'] as const).map((m) => ({ value: m, label: t(`console.settings.page.methods.${m}`) }))} style={{ width: 140 }} />
          <InputNumber placeholder={t('console.settings.page.weightFrom')} min={0} value={band.weight_from_g} onChange={(v) => setBand({ ...band, weight_from_g: v ?? 0 })} />
          <InputNumber placeholder={t('console.settings.page.weightTo')} min={1} value={band.weight_to_g} onChange={(v) => setBand({ ...band, weight_to_g: v ?? 1 })} />
          <Input placeholder={t('console.settings.page.currency')} value={band.currency} onChange={(e) => setBand({ ...band, currency: code3(e.target.value) })} style={{ width: 110 }} />
          <InputNumber<string> stringMode placeholder={t('console.settings.page.fee')} min="0" value={band.fee} onChange={(v) => setBand({ ...band, fee: v })} />
          <Button
            type="primary"
            disabled={band.country_code.length !== 2 || bandFee === undefined}
            onClick={() =>
              ask({
                title: t('console.settings.page.internationalFreight'),
                send: (reason, key) =>
                  call(saveInternationalFreightRoute, { country_code: band.country_code, method: band.method, weight_from_g: band.weight_from_g, weight_to_g: band.weight_to_g, currency: band.currency, fee: bandFee!, reason }, { idempotencyKey: key }),
              })
            }
          >
            {t('console.settings.page.save')}
          </Button>
        </Space>
        <Table
          size="small"
          rowKey={(r) => `${r.country_code}-${r.method}-${r.weight_from_g}`}
          pagination={false}
          dataSource={s.international_freight}
          columns={[
            { title: t('console.settings.page.country'), dataIndex: 'country_code' },
            { title: t('console.settings.page.method'), dataIndex: 'method', render: (m: string) => t(`console.settings.page.methods.${m}`) },
            { title: t('console.settings.page.weightFrom'), dataIndex: 'weight_from_g' },
            { title: t('console.settings.page.weightTo'), dataIndex: 'weight_to_g' },
            { title: t('console.settings.page.fee'), key: 'fee', render: (_, r) => money(r.fee, r.currency) },
            {
              title: t('console.common.actions'),
              key: 'a',
              render: (_, r) => (
                <Button size="small" onClick={() => setBand({ ...r, method: r.method as 'standard' | 'express', fee: fromMinorUnits(r.fee, r.currency) })}>
                  {t('console.settings.page.edit')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
