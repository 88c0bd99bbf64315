import { Alert, Button, Card, Checkbox, Input, InputNumber, Select, Space, Table } from 'antd';
import type { EndpointData } from '@shop/contract/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/QueryError';
import { useEndpointMutation, useEndpointQuery } from '../../lib/endpoint-query';
import { AfterSaleReasons } from './AfterSaleReasons';
import { afterSaleSettingsRoute, saveAfterSaleAddressRoute, saveAfterSaleCarrierRoute, setAfterSaleSettingsRoute } from '../../lib/routes-after-sales';

type Data = EndpointData<typeof afterSaleSettingsRoute>;
type Settings = Data['settings'];
const FIELDS: Array<keyof Settings> = ['return_days', 'exchange_days', 'max_exchanges', 'ship_back_days', 'auto_complete_days', 'review_edit_days'];
const code2 = (v: string) => v.toUpperCase().replace(/[^A-Z]/g, '').slice(0, 2);

/** After-sales settings: the windows and the exchange cap, the reasons per kind, return addresses and service points per country, carriers. */
export default function AfterSalesSettings() {
  const { t } = useTranslation();
  const query = useEndpointQuery(afterSaleSettingsRoute, undefined);
  const invalidates = [afterSaleSettingsRoute];
  const saveSettings = useEndpointMutation(setAfterSaleSettingsRoute, { invalidates });
  const saveAddress = useEndpointMutation(saveAfterSaleAddressRoute, { invalidates });
  const saveCarrier = useEndpointMutation(saveAfterSaleCarrierRoute, { invalidates });
  const [draft, setDraft] = useState<Partial<Settings>>({});
  const [address, setAddress] = useState({ country_code: '', kind: 'return' as 'return' | 'service', name: '', address: '', phone: '', hours: '' });
  const [carrier, setCarrier] = useState({ code: '', name: '', needs_phone_tail: false });
  const error = saveSettings.error ?? saveAddress.error ?? saveCarrier.error;
  if (query.isError) return <QueryError error={query.error} retry={() => query.refetch()} />;
  const d = query.data;
  if (!d) return null;
  const settings = { ...d.settings, ...draft };
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {error && <Alert type="error" title={error.message} showIcon />}
      <Card title={t('console.afterSales.settings.windows')} size="small">
        <Space wrap>
          {FIELDS.map((f) => (
            <label key={f}>
              {t(`console.afterSales.settings.${f}`)}{' '}
              <InputNumber min={0} max={365} value={settings[f]} onChange={(v) => setDraft({ ...draft, [f]: v ?? 0 })} data-testid={`setting-${f}`} />
            </label>
          ))}
          <Button type="primary" loading={saveSettings.isPending} onClick={() => void saveSettings.mutateAsync(settings).then(() => setDraft({}), () => {})}>
            {t('console.afterSales.settings.save')}
          </Button>
        </Space>
      </Card>
      <AfterSaleReasons reasons={d.reasons} />
      <Card title={t('console.afterSales.settings.addresses')} size="small">
        <Space wrap style={{ marginBottom: 12 }}>
          <Input placeholder={t('console.afterSales.settings.country')} value={address.country_code} onChange={(e) => setAddress({ ...address, country_code: code2(e.target.value) })} style={{ width: 90 }} />
          <Select value={address.kind} onChange={(kind) => setAddress({ ...address, kind })} options={[{ value: 'return', label: t('console.afterSales.settings.returnAddress') }, { value: 'service', label: t('console.afterSales.settings.servicePoint') }]} style={{ width: 160 }} />
          <Input placeholder={t('console.afterSales.settings.name')} value={address.name} onChange={(e) => setAddress({ ...address, name: e.target.value })} />
          <Input placeholder={t('console.afterSales.settings.address')} value={address.address} onChange={(e) => setAddress({ ...address, address: e.target.value })} style={{ width: 260 }} />
          <Input placeholder={t('console.afterSales.settings.phone')} value={address.phone} onChange={(e) => setAddress({ ...address, phone: e.target.value })} style={{ width: 140 }} />
          <Input placeholder={t('console.afterSales.settings.hours')} value={address.hours} onChange={(e) => setAddress({ ...address, hours: e.target.value })} style={{ width: 120 }} />
          <Button type="primary" disabled={address.country_code.length !== 2 || !address.name.trim() || !address.address.trim()} loading={saveAddress.isPending} onClick={() => void saveAddress.mutateAsync({ ...address, enabled: true }).then(() => setAddress({ ...address, name: '', address: '', phone: '', hours: '' }), () => {})}>
            {t('console.afterSales.settings.add')}
          </Button>
        </Space>
        <Table
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
              render: (_, a) => <Checkbox checked={a.enabled} onChange={(e) => void saveAddress.mutateAsync({ id: a.id, country_code: a.country_code, kind: a.kind, name: a.name, address: a.address, phone: a.phone, hours: a.hours, enabled: e.target.checked }).catch(() => {})} />,
            },
          ]}
        />
      </Card>
      <Card title={t('console.afterSales.settings.carriers')} size="small">
        <Space wrap style={{ marginBottom: 12 }}>
          <Input placeholder={t('console.afterSales.settings.code')} value={carrier.code} onChange={(e) => setCarrier({ ...carrier, code: e.target.value.toLowerCase() })} style={{ width: 140 }} />
          <Input placeholder={t('console.afterSales.settings.name')} value={carrier.name} onChange={(e) => setCarrier({ ...carrier, name: e.target.value })} />
          <Checkbox checked={carrier.needs_phone_tail} onChange={(e) => setCarrier({ ...carrier, needs_phone_tail: e.target.checked })}>
            {t('console.afterSales.settings.needsPhoneTail')}
          </Checkbox>
          <Button type="primary" disabled={!carrier.code.trim() || !carrier.name.trim()} loading={saveCarrier.isPending} onClick={() => void saveCarrier.mutateAsync({ ...carrier, enabled: true }).then(() => setCarrier({ code: '', name: '', needs_phone_tail: false }), () => {})}>
            {t('console.afterSales.settings.add')}
          </Button>
        </Space>
        <Table
          size="small"
          rowKey="code"
          pagination={false}
          dataSource={d.carriers}
          columns={[
            { title: t('console.afterSales.settings.code'), dataIndex: 'code' },
            { title: t('console.afterSales.settings.name'), dataIndex: 'name' },
            { title: t('console.afterSales.settings.needsPhoneTail'), key: 'tail', render: (_, c) => (c.needs_phone_tail ? '✓' : '') },
            { title: t('console.afterSales.settings.enabled'), key: 'enabled', render: (_, c) => <Checkbox checked={c.enabled} onChange={(e) => void saveCarrier.mutateAsync({ ...c, enabled: e.target.checked }).catch(() => {})} /> },
          ]}
        />
      </Card>
    </Space>
  );
}
