import type { adminShopSchema } from '@shop/contract/admin';
import { Input, Segmented, Space, Tag, type TableColumnsType } from 'antd';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { QueryTable } from '../../components/QueryTable';
import { StatusTag } from '../../components/StatusTag';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { formatCellDate } from '../../lib/format';
import { shopsRoute } from '../../lib/routes-shops';

type Row = z.infer<typeof adminShopSchema>;
const STATES = ['all', 'open', 'paused', 'closed'] as const;

/** Member shops, newest first: by state, by shop or owner name; a shop opens its detail. */
export default function Shops() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [status, setStatus] = useState<(typeof STATES)[number]>('all');
  const [search, setSearch] = useState('');
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const query = useEndpointQuery(shopsRoute, { ...(status === 'all' ? {} : { status }), ...(search ? { q: search } : {}), ...paging }, { placeholderData: keepPreviousData });
  const columns: TableColumnsType<Row> = [
    { title: t('console.common.id'), dataIndex: 'id', width: 80 },
    {
      title: t('console.shops.name'),
      dataIndex: 'name',
      render: (name: string, r) => (
        <a onClick={() => navigate(`/shops/${r.id}`)} data-testid={`shop-${r.id}`}>
          {name}
        </a>
      ),
    },
    {
      title: t('console.shops.owner'),
      key: 'owner',
      render: (_, r) => (
        <Space size={4}>
          {`${r.owner_user_name} (#${r.owner_id})`}
          {r.owner_status !== 'active' && <StatusTag status={r.owner_status} />}
        </Space>
      ),
    },
    { title: t('console.common.status'), dataIndex: 'status', render: (s: string, r) => (r.status_reason ? <Space size={4}><StatusTag status={s} /><Tag>{r.status_reason}</Tag></Space> : <StatusTag status={s} />) },
    { title: t('console.common.created'), dataIndex: 'created_at', width: 180, render: (v: string) => formatCellDate(v) },
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Segmented
        aria-label={t('console.common.status')}
        value={status}
        options={STATES.map((s) => ({ value: s, label: t(`console.status.${s}`) }))}
        onChange={(v) => {
          setStatus(v as (typeof STATES)[number]);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      />
      <QueryTable<Row>
        rowKey="id"
        query={query}
        columns={columns}
        paging={{ ...paging, onChange: (page, limit) => setPaging({ page, limit }) }}
        toolbar={
          <Input.Search
            allowClear
            enterButton={t('console.common.search')}
            placeholder={t('console.shops.search')}
            style={{ width: 360, maxWidth: '100%' }}
            onSearch={(v) => {
              setSearch(v.trim());
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            data-testid="shops-search"
          />
        }
        onRow={(r) => ({ onDoubleClick: () => navigate(`/shops/${r.id}`) })}
      />
    </Space>
  );
}
