import { Alert, Button, Card, Form, Input, InputNumber, Select, Space } from 'antd';
import { FramedTable } from '../../components/QueryTable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { currencyExponent, type EndpointData } from '@shop/contract/common';
import { actorText } from '../../lib/actors';
import { FieldItem } from '../../lib/form';
import { amountText, parseAmount, parsePercent, percentOf } from '../../lib/money';
import { call } from '../../lib/request';
import { deleteShippingFeeRoute, saveInternationalFreightRoute, saveOperatingFeeRoute, saveShippingFeeRoute, type settingsRoute } from '../../lib/routes-settings';
import type { PendingChange } from '../../components/ReasonedChange';

type Snapshot = EndpointData<typeof settingsRoute>;
interface Props {
  s: Snapshot;
  ask: (c: PendingChange) => void;
  money: (minor: number, currency: string) => string;
  /** The countries the shop ships to (code and name in the operator's language): freight is only kept for them. */
  countries: ReadonlyArray<{ code: string; name: string }>;
  /** Reads the settings again (a save refused as made from a copy changed since): the form reopens its row as it is now. */
  reload?: () => Promise<Snapshot | undefined>;
}

const code3 = (v: string) => v.toUpperCase().replace(/[^A-Z]/g, '').slice(0, 3);
/** An amount typed in major units ("12.50") as minor units of the currency, or undefined when it is not one. */
const minorOf = (amount: string | null, currency: string): number | undefined => (/^[A-Z]{3}$/.test(currency) ? parseAmount(amount, currency) : undefined);

/**
 * Why a typed amount of `currency` is refused, or null when it is empty or fine: said at once, never
 * clamped (a clamped -5 was saved as free shipping) nor silently refused (5.555 only greyed out Save).
 */
export function amountProblem(text: string | null, currency: string, t: TFunction): string | null {
  const typed = text?.trim() ?? '';
  if (!typed) return null;
  if (!/^-?\d*\.?\d*$/.test(typed) || !/\d/.test(typed)) return t('console.settings.page.amountInvalid');
  if (typed.startsWith('-')) return t('console.settings.page.amountNegative');
  const digits = currencyExponent(/^[A-Z]{3}$/.test(currency) ? currency : 'USD');
  if ((typed.split('.')[1] ?? '').length > digits) return t('console.settings.page.amountDecimals', { currency: currency || '—', digits });
  return null;
}

/**
 * The version of the row a form is about in the copy the page shows (none: no such row, so a new one). A
 * form keeps the version of the row it was opened on, so a save from it is refused when someone changed
 * the row since (a later read of the table never makes an open form's values current).
 */
const versionIn = <R extends { updated_at: string | null }>(rows: readonly R[], match: (r: R) => boolean): string | undefined => rows.find(match)?.updated_at ?? undefined;
type Band = Snapshot['international_freight'][number];
const sameShip = (key: { country_code: string; currency: string }) => (r: { country_code: string; currency: string }) => r.country_code === key.country_code && r.currency === key.currency;
const sameBand = (key: Pick<Band, 'country_code' | 'method' | 'currency' | 'weight_from_g'>) => (r: Pick<Band, 'country_code' | 'method' | 'currency' | 'weight_from_g'>) => r.country_code === key.country_code && r.method === key.method && r.currency === key.currency && r.weight_from_g === key.weight_from_g;

/** For each country with a freight row, the currencies of goods on sale that have none there (orders in them ship free). */
export function freightGaps(rows: Snapshot['shipping_fees'], saleCurrencies: readonly string[]): Array<{ country: string; currencies: string[] }> {
  const countries = [...new Set(rows.map((r) => r.country_code))];
  return countries
    .map((country) => ({ country, currencies: saleCurrencies.filter((c) => !rows.some((r) => r.country_code === country && r.currency === c)) }))
    .filter((g) => g.currencies.length > 0);
}

/** The freight of regular orders, the operating fee per destination and the international freight table; a row is edited by filling the form above it. */
export function FreightAndFees({ s, ask, money, countries, reload }: Props) {
  const { t } = useTranslation();
  type Ship = { country_code: string; currency: string; fee: string | null; free_over: string | null; base?: string };
  type Fee = { country_code: string; percent: string | null; base?: string };
  type BandForm = { country_code: string; method: 'standard' | 'express'; weight_from_g: number; weight_to_g: number; currency: string; fee: string | null; base?: string };
  const [ship, setShipForm] = useState<Ship>({ country_code: '', currency: '', fee: null, free_over: null });
  const [fee, setFeeForm] = useState<Fee>({ country_code: '', percent: null });
  const [band, setBandForm] = useState<BandForm>({ country_code: '', method: 'standard', weight_from_g: 0, weight_to_g: 500, currency: 'USD', fee: null });
  // A form's row is named by its key fields: naming another row takes that row's version as the page shows it.
  const setShip = (next: Ship) => setShipForm(sameShip(next)(ship) ? next : { ...next, base: versionIn(s.shipping_fees, sameShip(next)) });
  const setFee = (next: Fee) => setFeeForm(next.country_code === fee.country_code ? next : { ...next, base: versionIn(s.operating_fees, (r) => r.country_code === next.country_code) });
  const setBand = (next: BandForm) => setBandForm(sameBand(next)(band) ? next : { ...next, base: versionIn(s.international_freight, sameBand(next)) });
  const shipOf = (r: Snapshot['shipping_fees'][number]): Ship => ({ country_code: r.country_code, currency: r.currency, fee: amountText(r.fee, r.currency), free_over: r.free_over === null ? null : amountText(r.free_over, r.currency), base: r.updated_at ?? undefined });
  const bandOf = (r: Band): BandForm => ({ ...r, method: r.method as 'standard' | 'express', fee: amountText(r.fee, r.currency), base: r.updated_at ?? undefined });
  /** Refresh after a refusal as stale: the settings read again, the form shows its row as it is now (or as new, when it was removed). */
  const reopen = (apply: (fresh: Snapshot) => void) => (reload ? () => void reload().then((fresh) => fresh && apply(fresh)) : undefined);
  const reopenShip = (key: Ship) =>
    reopen((fresh) => {
      const row = fresh.shipping_fees.find(sameShip(key));
      setShipForm(row ? shipOf(row) : { country_code: key.country_code, currency: key.currency, fee: null, free_over: null });
    });
  const reopenFee = (code: string) =>
    reopen((fresh) => {
      const row = fresh.operating_fees.find((r) => r.country_code === code);
      setFeeForm(row ? { country_code: code, percent: percentOf(row.rate_bp), base: row.updated_at ?? undefined } : { country_code: code, percent: null });
    });
  const reopenBand = (key: BandForm) =>
    reopen((fresh) => {
      const row = fresh.international_freight.find(sameBand(key));
      setBandForm(row ? bandOf(row) : { ...key, fee: null, base: undefined });
    });
  const shipFee = minorOf(ship.fee, ship.currency);
  const shipFree = ship.free_over === null || ship.free_over === '' ? null : minorOf(ship.free_over, ship.currency);
  const feeProblem = amountProblem(ship.fee, ship.currency, t);
  const freeProblem = amountProblem(ship.free_over, ship.currency, t);
  const names = new Map(countries.map((c) => [c.code, c.name]));
  const countryLabel = (code: string) => (names.has(code) ? `${names.get(code)} (${code})` : code);
  const gaps = freightGaps(s.shipping_fees, s.sale_currencies);
  const rateBp = parsePercent(fee.percent);
  const bandFee = minorOf(band.fee, band.currency);
  /** A country the shop ships to, chosen from its list (a typed code could name a country no one ships to). */
  const countryPick = (value: string, onChange: (code: string) => void, testId: string) => (
    <Select
      showSearch
      optionFilterProp="label"
      placeholder={t('console.settings.page.countryPick')}
      value={value || undefined}
      onChange={onChange}
      options={countries.map((c) => ({ value: c.code, label: countryLabel(c.code) }))}
      style={{ width: 220, maxWidth: '100%' }}
      data-testid={testId}
    />
  );
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card title={t('console.settings.page.shippingFees')} size="small">
        <Alert type="info" showIcon title={t('console.settings.page.freightRule')} style={{ marginBottom: 12 }} data-testid="freight-rule" />
        {gaps.length > 0 && (
          <Alert
            type="warning"
            showIcon
            title={t('console.settings.page.freightGapsTitle')}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {gaps.map((g) => (
                  <li key={g.country}>{t('console.settings.page.freightGap', { country: countryLabel(g.country), currencies: g.currencies.join(', ') })}</li>
                ))}
              </ul>
            }
            style={{ marginBottom: 12 }}
            data-testid="freight-gaps"
          />
        )}
        <Form layout="inline" component="div" style={{ marginBottom: 12, rowGap: 8 }}>
          <Form.Item>
            {countryPick(ship.country_code, (code) => setShip({ ...ship, country_code: code }), 'freight-country')}
          </Form.Item>
          <Form.Item>
            <Input aria-label={t('console.settings.page.currency')} placeholder={t('console.settings.page.currency')} value={ship.currency} onChange={(e) => setShip({ ...ship, currency: code3(e.target.value) })} style={{ width: 110, maxWidth: '100%' }} data-testid="freight-currency" />
          </Form.Item>
          {/* No min: a negative amount is refused with a word, not clamped to 0 (free shipping). */}
          <FieldItem error={feeProblem}>
            <InputNumber<string> stringMode aria-label={t('console.settings.page.fee')} placeholder={t('console.settings.page.fee')} value={ship.fee} onChange={(v) => setShip({ ...ship, fee: v })} data-testid="freight-fee" />
          </FieldItem>
          <FieldItem error={freeProblem}>
            <InputNumber<string> stringMode aria-label={t('console.settings.page.freeOver')} placeholder={t('console.settings.page.freeOver')} value={ship.free_over} onChange={(v) => setShip({ ...ship, free_over: v })} style={{ width: 200, maxWidth: '100%' }} data-testid="freight-free-over" />
          </FieldItem>
          <Form.Item>
            <Button
              type="primary"
              disabled={!names.has(ship.country_code) || feeProblem !== null || freeProblem !== null || shipFee === undefined || shipFree === undefined}
              onClick={() =>
                ask({
                  title: t('console.settings.page.shippingFees'),
                  saved: t('console.settings.page.freightSaved'),
                  send: (reason, key) => call(saveShippingFeeRoute, { country_code: ship.country_code, currency: ship.currency, fee: shipFee!, free_over: shipFree ?? null, base_updated_at: ship.base, reason }, { idempotencyKey: key }),
                  reload: reopenShip(ship),
                })
              }
              data-testid="freight-save"
            >
              {t('console.settings.page.save')}
            </Button>
          </Form.Item>
        </Form>
        <FramedTable
          size="small"
          rowKey={(r) => `${r.country_code}-${r.currency}`}
          pagination={false}
          dataSource={s.shipping_fees}
          columns={[
            { title: t('console.settings.page.country'), dataIndex: 'country_code', render: (code: string) => countryLabel(code) },
            { title: t('console.settings.page.currency'), dataIndex: 'currency' },
            { title: t('console.settings.page.fee'), key: 'fee', render: (_, r) => money(r.fee, r.currency) },
            { title: t('console.settings.page.freeOver'), key: 'free', render: (_, r) => (r.free_over === null ? t('console.settings.page.none') : money(r.free_over, r.currency)) },
            { title: t('console.common.reviewedBy'), dataIndex: 'updated_by', render: (by: string) => actorText(t, by) },
            {
              title: t('console.common.actions'),
              key: 'a',
              render: (_, r) => (
                <Space>
                  <Button size="small" onClick={() => setShipForm(shipOf(r))}>
                    {t('console.settings.page.edit')}
                  </Button>
                  <Button
                    size="small"
                    danger
                    onClick={() =>
                      ask({
                        title: t('console.settings.page.deleteFreight', { country: countryLabel(r.country_code), currency: r.currency }),
                        saved: t('console.settings.page.freightDeleted'),
                        send: (reason, key) => call(deleteShippingFeeRoute, { country_code: r.country_code, currency: r.currency, base_updated_at: r.updated_at ?? undefined, reason }, { idempotencyKey: key }),
                        reload: reopen(() => undefined),
                      })
                    }
                    data-testid={`freight-delete-${r.country_code}-${r.currency}`}
                  >
                    {t('console.settings.page.delete')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Card title={t('console.settings.page.operatingFees')} size="small">
        <Space wrap style={{ marginBottom: 12 }}>
          {countryPick(fee.country_code, (code) => setFee({ ...fee, country_code: code }), 'fee-country')}
          <InputNumber<string> stringMode placeholder={t('console.settings.page.rate')} min="0" max="100" step="0.01" value={fee.percent} onChange={(v) => setFee({ ...fee, percent: v })} />
          <Button
            type="primary"
            disabled={!names.has(fee.country_code) || rateBp === undefined}
            data-testid="fee-save"
            onClick={() =>
              ask({
                title: t('console.settings.page.operatingFees'),
                send: (reason, key) => call(saveOperatingFeeRoute, { country_code: fee.country_code, rate_bp: rateBp!, base_updated_at: fee.base, reason }, { idempotencyKey: key }),
                reload: reopenFee(fee.country_code),
              })
            }
          >
            {t('console.settings.page.save')}
          </Button>
        </Space>
        <FramedTable
          size="small"
          rowKey="country_code"
          pagination={false}
          dataSource={s.operating_fees}
          columns={[
            { title: t('console.settings.page.country'), dataIndex: 'country_code', render: (code: string) => countryLabel(code) },
            { title: t('console.settings.page.rate'), dataIndex: 'rate_bp', render: (bp: number) => percentOf(bp) },
            { title: t('console.common.reviewedBy'), dataIndex: 'updated_by', render: (by: string) => actorText(t, by) },
            {
              title: t('console.common.actions'),
              key: 'a',
              render: (_, r) => (
                <Button size="small" onClick={() => setFeeForm({ country_code: r.country_code, percent: percentOf(r.rate_bp), base: r.updated_at ?? undefined })}>
                  {t('console.settings.page.edit')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <Card title={t('console.settings.page.internationalFreight')} size="small">
        <Space wrap style={{ marginBottom: 12 }}>
          {countryPick(band.country_code, (code) => setBand({ ...band, country_code: code }), 'band-country')}
          <Select value={band.method} onChange={(method) => setBand({ ...band, method })} options={(['standard', 'express'] as const).map((m) => ({ value: m, label: t(`console.settings.page.methods.${m}`) }))} style={{ width: 140, maxWidth: '100%' }} />
          <InputNumber placeholder={t('console.settings.page.weightFrom')} min={0} value={band.weight_from_g} onChange={(v) => setBand({ ...band, weight_from_g: v ?? 0 })} />
          <InputNumber placeholder={t('console.settings.page.weightTo')} min={1} value={band.weight_to_g} onChange={(v) => setBand({ ...band, weight_to_g: v ?? 1 })} />
          <Input placeholder={t('console.settings.page.currency')} value={band.currency} onChange={(e) => setBand({ ...band, currency: code3(e.target.value) })} style={{ width: 110, maxWidth: '100%' }} />
          <InputNumber<string> stringMode placeholder={t('console.settings.page.fee')} min="0" value={band.fee} onChange={(v) => setBand({ ...band, fee: v })} />
          <Button
            type="primary"
            disabled={!names.has(band.country_code) || bandFee === undefined}
            data-testid="band-save"
            onClick={() =>
              ask({
                title: t('console.settings.page.internationalFreight'),
                send: (reason, key) =>
                  call(
                    saveInternationalFreightRoute,
                    { country_code: band.country_code, method: band.method, weight_from_g: band.weight_from_g, weight_to_g: band.weight_to_g, currency: band.currency, fee: bandFee!, base_updated_at: band.base, reason },
                    { idempotencyKey: key },
                  ),
                reload: reopenBand(band),
              })
            }
          >
            {t('console.settings.page.save')}
          </Button>
        </Space>
        <FramedTable
          size="small"
          rowKey={(r) => `${r.country_code}-${r.method}-${r.weight_from_g}`}
          pagination={false}
          dataSource={s.international_freight}
          columns={[
            { title: t('console.settings.page.country'), dataIndex: 'country_code', render: (code: string) => countryLabel(code) },
            { title: t('console.settings.page.method'), dataIndex: 'method', render: (m: string) => t(`console.settings.page.methods.${m}`) },
            { title: t('console.settings.page.weightFrom'), dataIndex: 'weight_from_g' },
            { title: t('console.settings.page.weightTo'), dataIndex: 'weight_to_g' },
            { title: t('console.settings.page.fee'), key: 'fee', render: (_, r) => money(r.fee, r.currency) },
            {
              title: t('console.common.actions'),
              key: 'a',
              render: (_, r) => (
                <Button size="small" onClick={() => setBandForm(bandOf(r))}>
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
