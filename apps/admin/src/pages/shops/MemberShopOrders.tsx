import { Card, Empty } from 'antd';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { QueryTable } from '../../components/QueryTable';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { formatCellDate, formatMoney } from '../../lib/format';
import { shopOrdersRoute } from '../../lib/routes-shops';
import { linesText, ShopOrderState } from './ShopOrderState';

/** What a member bought from members' shops, newest first, a page at a time (their platform orders are the card above). */
export function MemberShopOrders({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const query = useEndpointQuery(shopOrdersRoute, { status: 'all', buyer_id: memberId, ...paging }, { placeholderData: keepPreviousData });
  return (
    <Card size="small" title={t('console.shops.memberOrders')}>
      <QueryTable
        query={query}
        size="small"
        rowKey="id"
        paging={{ ...paging, onChange: (page, limit) => setPaging({ page, limit }) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('console.common.empty')} /> }}
        data-testid="member-shop-orders"
        columns={[
          { title: t('console.shops.orders.no'), dataIndex: 'order_no' },
          { title: t('console.shops.shop'), key: 'shop', render: (_, o) => <a onClick={() => navigate(`/shops/${o.shop.id}`)}>{o.shop.name} (#{o.shop.id})</a> },
          { title: t('console.shops.orders.lines'), key: 'lines', render: (_, o) => linesText(o.lines) },
          { title: t('console.common.amount'), key: 'total', align: 'right', render: (_, o) => formatMoney(o.total, o.currency) },
          { title: t('console.common.status'), dataIndex: 'status', render: (s: string, o) => <ShopOrderState id={o.id} status={s} refunded={o.refunded} afterSale={o.after_sale} /> },
          { title: t('console.orders.orderedAt'), dataIndex: 'created_at', render: (v: string) => formatCellDate(v) },
        ]}
      />
    </Card>
  );
}
