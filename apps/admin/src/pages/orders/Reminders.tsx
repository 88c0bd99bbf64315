import type { EndpointData } from '@shop/contract/common';
import { Button, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { ModalDrawer } from '../../components/ModalDrawer';
import { QueryTable } from '../../components/QueryTable';
import { formatCellDate } from '../../lib/format';
import { remindersRoute } from '../../lib/routes-settings';
import { OrderDetail } from './Orders';

type Row = EndpointData<typeof remindersRoute>['list'][number];

/** Paid orders whose members asked for them to be shipped (remindSend), newest reminder first, a page at a time; a row opens its order to ship it. */
export default function Reminders() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const query = useEndpointQuery(remindersRoute, undefined);
  // The reminders are few (paid orders waiting to ship): found and sorted here, a page at a time.
  const shown = {
    ...query,
    data: query.data && { list: query.data.list.filter((r) => !search || r.order_no.includes(search) || String(r.user_id) === search) },
  } as typeof query;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary">{t('console.settings.charity.remindersHint')}</Typography.Paragraph>
      <QueryTable<Row>
        query={shown}
        rowKey={(r) => `${r.order_id}-${r.reminded_at}`}
        locale={{ emptyText: t('console.settings.charity.noReminders') }}
        toolbar={<Input.Search allowClear placeholder={t('console.orders.search')} style={{ width: 320, maxWidth: '100%' }} onSearch={(v) => setSearch(v.trim())} data-testid="reminder-search" />}
        columns={[
          { title: t('console.orders.orderNo'), dataIndex: 'order_no', sorter: (a, b) => a.order_no.localeCompare(b.order_no) },
          { title: t('console.common.member'), dataIndex: 'user_id', render: (v: number) => `#${v}`, sorter: (a, b) => a.user_id - b.user_id },
          { title: t('console.settings.charity.remindedAt'), dataIndex: 'reminded_at', render: (v: string) => formatCellDate(v), sorter: (a, b) => a.reminded_at.localeCompare(b.reminded_at), defaultSortOrder: 'descend' },
          { title: t('console.orders.paidAt'), dataIndex: 'paid_at', render: (v: string | null) => formatCellDate(v), sorter: (a, b) => (a.paid_at ?? '').localeCompare(b.paid_at ?? '') },
          { title: t('console.common.actions'), key: 'a', render: (_, r) => <Button size="small" onClick={() => setOpen(r.order_id)} data-testid={`reminder-${r.order_id}`}>{t('console.common.details')}</Button> },
        ]}
      />
      <ModalDrawer open={open !== null} size={880} title={t('console.common.details')} onClose={() => setOpen(null)} destroyOnHidden>
        {open !== null && <OrderDetail id={open} onPackage={() => undefined} />}
      </ModalDrawer>
    </Space>
  );
}
