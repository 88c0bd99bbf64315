import type { ADMIN_GOODS_SORTS, adminGoodsSummarySchema } from '@shop/contract/catalogue';
import { Button, Image, Input, Segmented, Space, Tag, TreeSelect, Typography, App as AntApp, type TableColumnsType } from 'antd';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useEndpointMutation, useEndpointQuery } from '../../lib/endpoint-query';
import { actionsColumn, fittedWidth, MoreActions, QueryTable } from '../../components/QueryTable';
import { formatDateParts, formatMoney, formatNumber } from '../../lib/format';
import { exportGoodsRoute, goodsListRoute, goodsStatusRoute } from '../../lib/routes-catalogue';
import { categoryTree, useCategories } from './Categories';

type Row = z.infer<typeof adminGoodsSummarySchema>;
type Sort = (typeof ADMIN_GOODS_SORTS)[number];

// Which server order a column's sorter stands for, each way.
const SORTS: Record<string, { ascend: Sort; descend: Sort }> = {
  price: { ascend: 'price_asc', descend: 'price_desc' },
  stock: { ascend: 'stock_asc', descend: 'stock_asc' },
  sales: { ascend: 'sales_desc', descend: 'sales_desc' },
  updated_at: { ascend: 'updated_desc', descend: 'updated_desc' },
};

/** On or off sale, with a confirmation, from the row's "more" menu. */
function SaleMenu({ row }: { row: Row }) {
  const { t } = useTranslation();
  const { message, modal } = AntApp.useApp();
  const on = row.status === 'on_sale';
  const change = useEndpointMutation(goodsStatusRoute, {
    invalidates: [goodsListRoute],
    onSuccess: () => void message.success(t('console.catalogue.goods.statusChanged')),
    onError: (e) => void message.error(e.message),
  });
  const label = on ? t('console.catalogue.goods.takeOff') : t('console.catalogue.goods.putOn');
  const confirm = () =>
    void modal.confirm({
      title: label,
      content: on ? t('console.catalogue.goods.takeOffQuestion') : t('console.catalogue.goods.putOnQuestion'),
      okText: t('console.common.confirm'),
      cancelText: t('console.common.cancel'),
      okButtonProps: { danger: on },
      onOk: () => change.mutateAsync({ ids: [row.id], status: on ? 'off_sale' : 'on_sale' }),
    });
  return <MoreActions testId={`more-${row.id}`} items={[{ key: 'sale', label, danger: on, testId: `sale-${row.id}`, onClick: confirm }]} />;
}

/** Goods on and off sale: search by name or number, filter by category and state, sort, page; edit or put on/off sale. */
export default function Goods() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const categories = useCategories();
  const [draft, setDraft] = useState('');
  const [filters, setFilters] = useState<{ q?: string; category_id?: number; status?: 'on_sale' | 'off_sale'; sort: Sort }>({ sort: 'updated_desc' });
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const query = useEndpointQuery(goodsListRoute, { ...filters, ...paging }, { placeholderData: keepPreviousData });
  const filter = (f: Partial<typeof filters>) => {
    setFilters((x) => ({ ...x, ...f }));
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const sortedBy = (key: string): 'ascend' | 'descend' | null => {
    const s = SORTS[key];
    if (!s) return null;
    if (filters.sort === s.ascend && s.ascend !== s.descend) return 'ascend';
    return filters.sort === s.descend ? 'descend' : null;
  };
  // Each column has its width, together the room a 1024 px window leaves (740 px): the category
  // under the name, the SKUs under the stock, the time under the day, the actions an edit button and a "more" menu.
  const columns: TableColumnsType<Row> = [
    { title: t('console.common.id'), dataIndex: 'id', width: 56 },
    {
      title: t('console.catalogue.goods.name'),
      dataIndex: 'name',
      width: 164,
      render: (name: string, r) => (
        <Space size={8} align="start">
          {r.cover ? <Image src={r.cover} width={32} height={32} style={{ objectFit: 'cover' }} preview={false} alt="" /> : null}
          <div>
            <a onClick={() => navigate(`/catalogue/goods/${r.id}`)}>{name}</a>
            {r.category_name && (
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {r.category_name}
              </Typography.Text>
            )}
          </div>
        </Space>
      ),
    },
    { title: t('console.catalogue.goods.price'), key: 'price', align: 'right', width: 100, sorter: true, sortOrder: sortedBy('price'), sortDirections: ['ascend', 'descend'], render: (_, r) => <span data-testid={`price-${r.id}`}>{formatMoney(r.price, r.currency)}</span> },
    {
      title: t('console.catalogue.goods.stock'),
      key: 'stock',
      dataIndex: 'stock',
      align: 'right',
      width: 72,
      sorter: true,
      sortOrder: sortedBy('stock'),
      sortDirections: ['ascend'],
      render: (n: number, r) => (
        <>
          {formatNumber(n)}
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {formatNumber(r.sku_count)} {t('console.catalogue.goods.skus')}
          </Typography.Text>
        </>
      ),
    },
    { title: t('console.catalogue.goods.sales'), key: 'sales', dataIndex: 'sales', align: 'right', width: 64, sorter: true, sortOrder: sortedBy('sales'), sortDirections: ['descend'], render: (n: number) => formatNumber(n) },
    { title: t('console.common.status'), dataIndex: 'status', width: 84, render: (s: Row['status']) => <Tag color={s === 'on_sale' ? 'green' : 'default'}>{t(`console.catalogue.goods.status.${s}`)}</Tag> },
    {
      title: t('console.catalogue.goods.updated'),
      key: 'updated_at',
      dataIndex: 'updated_at',
      width: 100,
      sorter: true,
      sortOrder: sortedBy('updated_at'),
      sortDirections: ['descend'],
      render: (v: string) => {
        const { day, time } = formatDateParts(v);
        return (
          <>
            <span style={{ whiteSpace: 'nowrap' }}>{day}</span> <span style={{ whiteSpace: 'nowrap' }}>{time}</span>
          </>
        );
      },
    },
    actionsColumn(t, {
      key: 'actions',
      width: 92,
      render: (_, r) => (
        <Space size={4}>
          <Button size="small" onClick={() => navigate(`/catalogue/goods/${r.id}`)} data-testid={`edit-${r.id}`}>
            {t('console.catalogue.goods.edit')}
          </Button>
          <SaleMenu row={r} />
        </Space>
      ),
    }),
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input.Search
            placeholder={t('console.catalogue.goods.search')}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onSearch={(v) => filter({ q: v.trim() || undefined })}
            allowClear
            style={{ width: 260, maxWidth: '100%' }}
            data-testid="goods-search"
          />
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            placeholder={t('console.catalogue.goods.allCategories')}
            treeData={categoryTree(categories.data?.list ?? [], i18n.language)}
            value={filters.category_id}
            onChange={(v: number | undefined) => filter({ category_id: v ?? undefined })}
            style={{ width: 220, maxWidth: '100%' }}
          />
          <Segmented
            aria-label={t('console.common.status')}
            value={filters.status ?? 'all'}
            options={[
              { value: 'all', label: t('console.common.all') },
              { value: 'on_sale', label: t('console.catalogue.goods.status.on_sale') },
              { value: 'off_sale', label: t('console.catalogue.goods.status.off_sale') },
            ]}
            onChange={(v) => filter({ status: v === 'all' ? undefined : (v as 'on_sale' | 'off_sale') })}
          />
        </Space>
        <Button type="primary" onClick={() => navigate('/catalogue/goods/new')} data-testid="new-goods">
          {t('console.catalogue.goods.new')}
        </Button>
      </Space>
      <QueryTable<Row>
        query={query}
        columns={columns}
        // The columns' own widths: the table fits a 1024 px window; a value wider than its column (an
        // amount kept whole) widens the table, which then scrolls sideways in its frame, the actions pinned.
        scroll={{ x: fittedWidth(columns) }}
        tableLayout="auto"
        exportCsv={{ list: exportGoodsRoute, query: filters }}
        paging={{ ...paging, onChange: (page, limit) => setPaging({ page, limit }) }}
        onChange={(_p, _f, sorter, extra) => {
          if (extra.action !== 'sort') return;
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const key = s?.columnKey !== undefined ? String(s.columnKey) : undefined;
          filter({ sort: key && s?.order && SORTS[key] ? SORTS[key][s.order] : 'updated_desc' });
        }}
      />
    </Space>
  );
}
