import { Button, Card, Checkbox, Form, Input, InputNumber, Select, Space } from 'antd';
import { FramedTable } from '../../components/QueryTable';
import { AFTER_SALE_SETTING_BOUNDS } from '@shop/contract/after-sales';
import type { EndpointData } from '@shop/contract/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/QueryError';
import { SaveRefused } from '../../components/SaveRefused';
import { useEndpointMutation, useEndpointQuery } from '../../lib/endpoint-query';
import { FieldItem, FormField, refusedFieldsOf, useConsoleForm } from '../../lib/form';
import { AfterSaleReasons } from './AfterSaleReasons';
import { afterSaleSettingsRoute, saveAfterSaleAddressRoute, saveAfterSaleCarrierRoute, setAfterSaleSettingsRoute } from '../../lib/routes-after-sales';
import { shippingCountriesRoute } from '../../lib/routes-settings';

type Data = EndpointData<typeof afterSaleSettingsRoute>;
type Settings = Omit<Data['settings'], 'updated_by' | 'updated_at'>;
const FIELDS = Object.keys(AFTER_SALE_SETTING_BOUNDS) as Array<keyof Settings>;
// The forms' copies: a new row, or a row as it was opened (with the version a save names).
const NEW_ADDRESS = { id: undefined as number | undefined, country_code: '', kind: 'return' as 'return' | 'service', name: '', address: '', phone: '', hours: '', enabled: true, updated_at: undefined as string | undefined };
const NEW_CARRIER = { code: '', name: '', needs_phone_tail: false, enabled: true, updated_at: undefined as string | undefined };
type AddressCopy = typeof NEW_ADDRESS;
type CarrierCopy = typeof NEW_CARRIER;
/** What a save of an address sends: a change names the version it was opened at (refused, 4020, when changed since). */
const addressBody = (a: AddressCopy) => ({ id: a.id, base_updated_at: a.id ? a.updated_at : undefined, country_code: a.country_code, kind: a.kind, name: a.name, address: a.address, phone: a.phone, hours: a.hours, enabled: a.enabled });
/** What a save of a carrier sends; `existing`: a change of a listed carrier, naming its version. */
const carrierBody = (c: CarrierCopy, existing: boolean) => ({ code: c.code, name: c.name, needs_phone_tail: c.needs_phone_tail, enabled: c.enabled, base_updated_at: existing ? c.updated_at : undefined });

/**
 * The windows and the exchange cap: each within the contract's bounds, a refused value said under its
 * field as typed (the browser's check or the server's), never corrected by the field. A save names the
 * version it was read at: refused as changed since, Refresh (`reload`) reads the windows again.
 */
function SettingsForm({ settings, reload }: { settings: Data['settings']; reload: () => void }) {
  const { t } = useTranslation();
  const save = useEndpointMutation(setAfterSaleSettingsRoute, { invalidates: [afterSaleSettingsRoute] });
  const { updated_at, updated_by: _by, ...values } = settings;
  const form = useConsoleForm<Settings, Settings & { base_updated_at?: string }>({
    schema: () => import('@shop/contract/after-sales').then((m) => m.afterSaleSettingsBody),
    defaultValues: values,
    toBody: (v) => ({ ...v, base_updated_at: updated_at }),
  });
  // The server's refusals of the days show under them; any other (the save's own error, which forgets a
  // refusal that said only that the session had ended once its operator signs in again) above the button.
  const [refusedOnFields, setRefusedOnFields] = useState(false);
  const submit = form.submit(async (body) => {
    setRefusedOnFields(false);
    try {
      await save.mutateAsync(body);
    } catch (e) {
      const fields = refusedFieldsOf(e).filter((r) => (FIELDS as string[]).includes(r.field));
      for (const r of fields) form.setError(r.field as keyof Settings, { type: 'check', message: r.msg });
      setRefusedOnFields(fields.length > 0);
    }
  });
  return (
    <Card title={t('console.afterSales.settings.windows')} size="small">
      <Form layout="vertical" component="div">
        <Space wrap align="start">
          {FIELDS.map((f) => (
            <FormField key={f} form={form} name={f} label={t(`console.afterSales.settings.${f}`)} message={t('console.settings.page.wholeRange', { min: AFTER_SALE_SETTING_BOUNDS[f][0], max: AFTER_SALE_SETTING_BOUNDS[f][1] })}>
              {/* The range is told, not enforced: the field would quietly change what was typed. */}
              <InputNumber aria-valuemin={AFTER_SALE_SETTING_BOUNDS[f][0]} aria-valuemax={AFTER_SALE_SETTING_BOUNDS[f][1]} data-testid={`setting-${f}`} />
            </FormField>
          ))}
        </Space>
      </Form>
      <SaveRefused error={refusedOnFields ? null : save.error} onReload={reload} reloadTestId="reload-after-sale-settings" style={{ marginBottom: 12 }} />
      <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
        {t('console.afterSales.settings.save')}
      </Button>
    </Card>
  );
}

/** After-sales settings: the windows and the exchange cap, the reasons per kind, return addresses and service points per country, carriers. */
export default function AfterSalesSettings() {
  const { t } = useTranslation();
  const query = useEndpointQuery(afterSaleSettingsRoute, undefined);
  // A return address serves the orders of its country: only the countries the shop ships to are offered.
  const countries = useEndpointQuery(shippingCountriesRoute, undefined);
  const invalidates = [afterSaleSettingsRoute];
  const saveAddress = useEndpointMutation(saveAfterSaleAddressRoute, { invalidates });
  const saveCarrier = useEndpointMutation(saveAfterSaleCarrierRoute, { invalidates });
  // The list's switches save the row as the list shows it; refused apart from the forms.
  const switchAddress = useEndpointMutation(saveAfterSaleAddressRoute, { invalidates });
  const switchCarrier = useEndpointMutation(saveAfterSaleCarrierRoute, { invalidates });
  // The forms keep the copy they were opened from: a read of the list in the background does not replace it.
  const [address, setAddress] = useState<AddressCopy>(NEW_ADDRESS);
  const [carrier, setCarrier] = useState<CarrierCopy>(NEW_CARRIER);
  const [editingCarrier, setEditingCarrier] = useState(false);
  const switched = switchAddress.error ?? switchCarrier.error;
  /** Refresh after a refusal: the address read again and the form refilled from it (emptied when it is gone). */
  const reopenAddress = async (id: number) => {
    saveAddress.reset();
    setAddress((await query.refetch()).data?.addresses.find((a) => a.id === id) ?? NEW_ADDRESS);
  };
  /** The same for the carrier being changed. */
  const reopenCarrier = async (code: string) => {
    saveCarrier.reset();
    const fresh = (await query.refetch()).data?.carriers.find((c) => c.code === code);
    setCarrier(fresh ?? NEW_CARRIER);
    setEditingCarrier(!!fresh);
  };
  if (query.isError) return <QueryError error={query.error} retry={() => query.refetch()} />;
  const d = query.data;
  if (!d) return null;
  // Adding a code the list has would silently rename that carrier: it is changed from its row instead.
  const carrierExists = !editingCarrier && d.carriers.some((c) => c.code === carrier.code.trim());
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {/* A list's switch refused (the row changed since the list was read): Refresh reads the list again. */}
      <SaveRefused error={switched} onReload={() => (switchAddress.reset(), switchCarrier.reset(), void query.refetch())} reloadTestId="reload-after-sale-lists" />
      {/* Keyed by the saved values: once saved, the form shows them. */}
      <SettingsForm key={JSON.stringify(d.settings)} settings={d.settings} reload={() => void query.refetch()} />
      <AfterSaleReasons reasons={d.reasons} reload={async () => (await query.refetch()).data?.reasons} />
      <Card title={t('console.afterSales.settings.addresses')} size="small">
        <SaveRefused error={saveAddress.error} onReload={address.id ? () => void reopenAddress(address.id!) : undefined} reloadTestId="reload-address" style={{ marginBottom: 12 }} />
        <Space wrap style={{ marginBottom: 12 }} data-testid="address-form">
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('console.afterSales.settings.country')}
            aria-label={t('console.afterSales.settings.country')}
            value={address.country_code || undefined}
            onChange={(country_code: string) => setAddress({ ...address, country_code })}
            options={(countries.data?.list ?? []).map((c) => ({ value: c.code, label: `${c.flag} ${c.name} (${c.code})` }))}
            style={{ width: 200, maxWidth: '100%' }}
            data-testid="address-country"
          />
          <Select aria-label={t('console.afterSales.settings.kind')} value={address.kind} onChange={(kind) => setAddress({ ...address, kind })} options={[{ value: 'return', label: t('console.afterSales.settings.returnAddress') }, { value: 'service', label: t('console.afterSales.settings.servicePoint') }]} style={{ width: 160, maxWidth: '100%' }} />
          <Input placeholder={t('console.afterSales.settings.name')} value={address.name} onChange={(e) => setAddress({ ...address, name: e.target.value })} />
          <Input placeholder={t('console.afterSales.settings.address')} value={address.address} onChange={(e) => setAddress({ ...address, address: e.target.value })} style={{ width: 260, maxWidth: '100%' }} />
          <Input placeholder={t('console.afterSales.settings.phone')} value={address.phone} onChange={(e) => setAddress({ ...address, phone: e.target.value })} style={{ width: 140, maxWidth: '100%' }} />
          <Input placeholder={t('console.afterSales.settings.hours')} value={address.hours} onChange={(e) => setAddress({ ...address, hours: e.target.value })} style={{ width: 120, maxWidth: '100%' }} />
          <Button type="primary" disabled={!address.country_code || !address.name.trim() || !address.address.trim()} loading={saveAddress.isPending} onClick={() => void saveAddress.mutateAsync(addressBody(address)).then(() => setAddress({ ...NEW_ADDRESS, country_code: address.country_code, kind: address.kind }), () => {})}>
            {t(address.id ? 'console.afterSales.settings.save' : 'console.afterSales.settings.add')}
          </Button>
          {address.id && <Button onClick={() => (saveAddress.reset(), setAddress(NEW_ADDRESS))}>{t('console.common.cancel')}</Button>}
        </Space>
        <FramedTable
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={d.addresses}
          columns={[
            { title: t('console.afterSales.settings.country'), dataIndex: 'country_code' },
            { title: t('console.afterSales.settings.kind'), dataIndex: 'kind', render: (k: string) => t(k === 'return' ? 'console.afterSales.settings.returnAddress' : 'console.afterSales.settings.servicePoint') },
            { title: t('console.afterSales.settings.name'), dataIndex: 'name' },
            { title: t('console.afterSales.settings.address'), dataIndex: 'address' },
            { title: t('console.afterSales.settings.phone'), dataIndex: 'phone' },
            { title: t('console.afterSales.settings.hours'), dataIndex: 'hours' },
            {
              title: t('console.afterSales.settings.enabled'),
              key: 'enabled',
              render: (_, a) => <Checkbox aria-label={t('console.afterSales.settings.enabledOf', { name: a.name })} checked={a.enabled} onChange={(e) => void switchAddress.mutateAsync(addressBody({ ...a, enabled: e.target.checked })).catch(() => {})} />,
            },
            { title: t('console.common.actions'), key: 'edit', render: (_, a) => <Button size="small" onClick={() => (saveAddress.reset(), setAddress(a))}>{t('console.afterSales.settings.edit')}</Button> },
          ]}
        />
      </Card>
      <Card title={t('console.afterSales.settings.carriers')} size="small">
        <SaveRefused error={saveCarrier.error} onReload={editingCarrier ? () => void reopenCarrier(carrier.code) : undefined} reloadTestId="reload-carrier" style={{ marginBottom: 12 }} />
        <Form layout="inline" component="div" style={{ marginBottom: 12, rowGap: 8 }}>
          <FieldItem error={carrierExists ? t('console.afterSales.settings.carrierExists', { code: carrier.code.trim() }) : undefined}>
            <Input placeholder={t('console.afterSales.settings.code')} aria-label={t('console.afterSales.settings.code')} disabled={editingCarrier} value={carrier.code} onChange={(e) => setCarrier({ ...carrier, code: e.target.value.toLowerCase() })} style={{ width: 140, maxWidth: '100%' }} />
          </FieldItem>
          <Form.Item>
            <Input placeholder={t('console.afterSales.settings.name')} aria-label={t('console.afterSales.settings.name')} value={carrier.name} onChange={(e) => setCarrier({ ...carrier, name: e.target.value })} />
          </Form.Item>
          <Form.Item>
            <Checkbox checked={carrier.needs_phone_tail} onChange={(e) => setCarrier({ ...carrier, needs_phone_tail: e.target.checked })}>
              {t('console.afterSales.settings.needsPhoneTail')}
            </Checkbox>
          </Form.Item>
          <Space>
            <Button
              type="primary"
              disabled={carrierExists || !carrier.code.trim() || !carrier.name.trim()}
              loading={saveCarrier.isPending}
              onClick={() => void saveCarrier.mutateAsync(carrierBody(carrier, editingCarrier)).then(() => (setCarrier(NEW_CARRIER), setEditingCarrier(false)), () => {})}
            >
              {t(editingCarrier ? 'console.afterSales.settings.save' : 'console.afterSales.settings.add')}
            </Button>
            {editingCarrier && <Button onClick={() => (saveCarrier.reset(), setCarrier(NEW_CARRIER), setEditingCarrier(false))}>{t('console.common.cancel')}</Button>}
          </Space>
        </Form>
        <FramedTable
          size="small"
          rowKey="code"
          pagination={false}
          dataSource={d.carriers}
          columns={[
            { title: t('console.afterSales.settings.code'), dataIndex: 'code' },
            { title: t('console.afterSales.settings.name'), dataIndex: 'name' },
            { title: t('console.afterSales.settings.needsPhoneTail'), key: 'tail', render: (_, c) => (c.needs_phone_tail ? '✓' : '') },
            { title: t('console.afterSales.settings.enabled'), key: 'enabled', render: (_, c) => <Checkbox aria-label={t('console.afterSales.settings.enabledOf', { name: c.name })} checked={c.enabled} onChange={(e) => void switchCarrier.mutateAsync(carrierBody({ ...c, enabled: e.target.checked }, true)).catch(() => {})} /> },
            { title: t('console.common.actions'), key: 'edit', render: (_, c) => <Button size="small" onClick={() => (saveCarrier.reset(), setCarrier(c), setEditingCarrier(true))}>{t('console.afterSales.settings.edit')}</Button> },
          ]}
        />
      </Card>
    </Space>
  );
}
