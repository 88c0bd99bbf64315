import type { EndpointData } from '@shop/contract/common';
import { Button, Card, Descriptions, Space, Tabs, Typography } from 'antd';
import { FramedTable } from '../../components/QueryTable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DecisionModal, type DecisionField } from '../../components/DecisionModal';
import { QueryError } from '../../components/QueryError';
import { StatusTag } from '../../components/StatusTag';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { formatCellDate, formatDate, formatMoney, formatNumber } from '../../lib/format';
import { call } from '../../lib/request';
import { linesText, ShopOrderState } from './ShopOrderState';
import { StockChanges } from './StockChanges';
import { adjustShopStockRoute, decideShopOrderRoute, setShopStatusRoute, shopDetailRoute, shopOrdersRoute, shopsRoute, shopStockChangesRoute } from '../../lib/routes-shops';

type Detail = EndpointData<typeof shopDetailRoute>;
type Order = Detail['orders'][number];
const schemas = () => import('@shop/contract/admin');

/** A decision this page is asking about: its dialog's title, question, fields, schema and call. */
interface Asking {
  key: string;
  title: string;
  question: string;
  danger?: boolean;
  fields: DecisionField[];
  schema: () => Promise<never>;
  toBody: (values: Record<string, string>) => unknown;
  send: (body: never, idempotencyKey: string) => Promise<unknown>;
}

/**
 * One member shop for operators: its facts, opening, pausing or closing it with a reason (closing
 * refunds its open orders), its stock with adjustments (an addition waits for a second operator),
 * its latest orders (an audit the owner left is decided here, an approved order its owner does not
 * serve refunded) and its sales slips.
 */
export default function ShopDetail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const query = useEndpointQuery(shopDetailRoute, { id });
  const [asking, setAsking] = useState<Asking | null>(null);
  if (query.isError) return <QueryError error={query.error} retry={() => query.refetch()} />;
  const d = query.data;
  if (!d) return null;
  const reason = { name: 'reason', label: t('console.common.reason'), required: true, multiline: true };

  const status = (to: 'open' | 'paused' | 'closed'): Asking => ({
    key: `status-${to}`,
    title: t(`console.shops.to.${to}`),
    question: t(`console.shops.question.${to}`, { name: d.name }),
    danger: to === 'closed',
    fields: [reason],
    schema: () => schemas().then((m) => m.adminShopStatusBody as never),
    toBody: (v) => ({ id: d.id, status: to, reason: v.reason }),
    send: (body, key) => call(setShopStatusRoute, body, { idempotencyKey: key }),
  });
  const adjust = (skuId?: number): Asking => ({
    key: 'stock',
    title: t('console.shops.adjust'),
    question: t('console.shops.adjustQuestion'),
    fields: [
      ...(skuId === undefined ? [{ name: 'sku_id', label: t('console.shops.sku'), required: true }] : []),
      { name: 'delta', label: t('console.shops.delta'), required: true, placeholder: t('console.shops.deltaHint') },
      reason,
    ],
    schema: () => schemas().then((m) => m.adminShopStockBody as never),
    toBody: (v) => ({ shop_id: d.id, sku_id: skuId ?? v.sku_id, delta: v.delta, reason: v.reason }),
    send: (body, key) => call(adjustShopStockRoute, body, { idempotencyKey: key }),
  });
  // Approve or reject an audit the owner left; refund an approved or ready order its owner does not serve.
  const decide = (o: Order, decision: 'approve' | 'reject' | 'refund'): Asking => ({
    key: `order-${decision}`,
    title: t(decision === 'approve' ? 'console.common.approve' : decision === 'reject' ? 'console.common.reject' : 'console.shops.orders.refund'),
    question: `${o.order_no}: ${t(`console.shops.orders.${decision}Question`)}`,
    danger: decision !== 'approve',
    fields: [reason],
    schema: () => schemas().then((m) => m.adminShopAuditBody as never),
    toBody: (v) => ({ id: o.id, decision, reason: v.reason }),
    send: (body, key) => call(decideShopOrderRoute, body, { idempotencyKey: key }),
  });

  const statusButtons = (['open', 'paused', 'closed'] as const)
    .filter((s) => s !== d.status)
    .map((s) => (
      <Button key={s} danger={s === 'closed'} type={s === 'open' ? 'primary' : 'default'} onClick={() => setAsking(status(s))} data-testid={`shop-${s}`}>
        {t(`console.shops.to.${s}`)}
      </Button>
    ));
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            <a onClick={() => navigate('/shops')}>{t('console.shops.nav.list')}</a>/<span>{d.name}</span>
            <StatusTag status={d.status} />
          </Space>
        }
        extra={<Space>{statusButtons}</Space>}
        size="small"
      >
        <Descriptions
          column={2}
          size="small"
          items={[
            { key: 'id', label: t('console.common.id'), children: d.id },
            { key: 'owner', label: t('console.shops.owner'), children: <Space size={4}>{`${d.owner_user_name} (#${d.owner_id})`}<StatusTag status={d.owner_status} /></Space> },
            { key: 'reason', label: t('console.shops.statusReason'), children: d.status_reason || '—' },
            { key: 'created', label: t('console.common.created'), children: formatDate(d.created_at) },
          ]}
        />
      </Card>
      <Tabs
        items={[
          {
            key: 'stock',
            label: t('console.shops.tabs.stock'),
            children: (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Button onClick={() => setAsking(adjust())} data-testid="stock-new">
                  {t('console.shops.adjustOther')}
                </Button>
                <FramedTable
                  size="small"
                  rowKey="sku_id"
                  pagination={false}
                  dataSource={d.stock}
                  locale={{ emptyText: t('console.shops.noStock') }}
                  columns={[
                    { title: t('console.shops.sku'), dataIndex: 'sku_id', width: 100 },
                    { title: t('console.shops.goods'), dataIndex: 'name' },
                    { title: t('console.shops.stock'), dataIndex: 'stock', align: 'right', render: (n: number, s) => <span data-testid={`stock-${s.sku_id}`}>{formatNumber(n)}</span> },
                    {
                      title: t('console.common.actions'),
                      key: 'a',
                      width: 140,
                      render: (_, s) => (
                        <Button size="small" onClick={() => setAsking(adjust(s.sku_id))} data-testid={`adjust-${s.sku_id}`}>
                          {t('console.shops.adjust')}
                        </Button>
                      ),
                    },
                  ]}
                />
                <Typography.Title level={5}>{t('console.shops.adjustments')}</Typography.Title>
                <StockChanges shopId={d.id} />
              </Space>
            ),
          },
          {
            key: 'orders',
            label: t('console.shops.tabs.orders'),
            children: (
              <FramedTable
                size="small"
                rowKey="id"
                pagination={{ pageSize: 10 }}
                dataSource={d.orders}
                columns={[
                  { title: t('console.shops.orders.no'), dataIndex: 'order_no' },
                  { title: t('console.common.member'), dataIndex: 'buyer_name' },
                  { title: t('console.shops.orders.lines'), key: 'lines', render: (_, o) => linesText(o.lines) },
                  { title: t('console.common.amount'), key: 'total', align: 'right', render: (_, o) => formatMoney(o.total, o.currency) },
                  { title: t('console.common.status'), dataIndex: 'status', render: (s: string, o) => <ShopOrderState id={o.id} status={s} refunded={o.refunded} afterSale={o.after_sale} /> },
                  { title: t('console.common.created'), dataIndex: 'created_at', width: 170, render: (v: string) => formatCellDate(v) },
                  {
                    title: t('console.common.actions'),
                    key: 'a',
                    render: (_, o) =>
                      o.status === 'awaiting_audit' ? (
                        <Space>
                          <Button size="small" type="primary" onClick={() => setAsking(decide(o, 'approve'))} data-testid={`approve-${o.id}`}>
                            {t('console.common.approve')}
                          </Button>
                          <Button size="small" danger onClick={() => setAsking(decide(o, 'reject'))} data-testid={`reject-${o.id}`}>
                            {t('console.common.reject')}
                          </Button>
                        </Space>
                      ) : (
                        (o.status === 'approved' || o.status === 'ready_for_pickup') && (
                          <Button size="small" danger onClick={() => setAsking(decide(o, 'refund'))} data-testid={`refund-${o.id}`}>
                            {t('console.shops.orders.refund')}
                          </Button>
                        )
                      ),
                  },
                ]}
              />
            ),
          },
          {
            key: 'slips',
            label: t('console.shops.tabs.slips'),
            children: (
              <FramedTable
                size="small"
                rowKey="id"
                pagination={{ pageSize: 10 }}
                dataSource={d.slips}
                locale={{ emptyText: t('console.shops.noSlips') }}
                columns={[
                  { title: t('console.shops.slips.no'), dataIndex: 'no' },
                  { title: t('console.shops.slips.buyer'), dataIndex: 'buyer_name' },
                  { title: t('console.shops.orders.lines'), key: 'lines', render: (_, s) => linesText(s.lines) },
                  { title: t('console.shops.slips.goodsTotal'), key: 'goods', align: 'right', render: (_, s) => formatMoney(s.goods_total, s.currency) },
                  { title: t('console.shops.slips.paid'), key: 'paid', align: 'right', render: (_, s) => formatMoney(s.paid, s.currency) },
                  { title: t('console.shops.slips.note'), dataIndex: 'note' },
                  { title: t('console.common.created'), dataIndex: 'created_at', width: 170, render: (v: string) => formatCellDate(v) },
                ]}
              />
            ),
          },
        ]}
      />
      {asking && (
        <DecisionModal
          key={asking.key}
          open
          title={asking.title}
          question={asking.question}
          okText={asking.title}
          danger={asking.danger}
          fields={asking.fields}
          schema={asking.schema}
          toBody={asking.toBody}
          send={(_values, key, body) => asking.send(body as never, key)}
          invalidates={[shopDetailRoute, shopsRoute, shopOrdersRoute, shopStockChangesRoute]}
          onClose={() => setAsking(null)}
        />
      )}
    </Space>
  );
}
