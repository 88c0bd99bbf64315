import type { adminShopOrderSchema } from '@shop/contract/admin';
import { isShopOrderReasonCode, SHOP_FULFIL_DAYS } from '@shop/contract/user-shop';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { QUEUE_WIDTHS, Stacked, statusColumn, twoFacts, When } from '../../components/QueueColumns';
import { ReviewQueue, type QueueAction } from '../../components/ReviewQueue';
import { StatusTag } from '../../components/StatusTag';
import { formatMoney } from '../../lib/format';
import { call } from '../../lib/request';
import { decideShopOrderRoute, shopOrdersRoute } from '../../lib/routes-shops';
import { ShopOrderHistory } from './ShopOrderHistory';
import { ShopOrderState } from './ShopOrderState';

type Row = z.infer<typeof adminShopOrderSchema>;

/** The oversight's views: the audits waiting, the orders their owner cannot act on (banned, no longer an owner, shop closed), then by state. */
const STATUSES = ['awaiting_audit', 'owner_away', 'approved', 'shipped', 'ready_for_pickup', 'completed', 'rejected', 'closed', 'all'] as const;
const schemas = () => import('@shop/contract/admin');

/**
 * Shop orders across shops: an operator decides an audit the owner left (approve takes the shop's stock,
 * reject refunds in full) or refunds an approved or ready order its owner does not serve, with a reason;
 * the drawer shows an order's history, fee, earnings and refunds.
 */
export default function ShopOrders() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Approve and reject decide an audit the owner left; refund gives back an approved or ready order its owner does not serve.
  const decision = (d: 'approve' | 'reject' | 'refund'): QueueAction<Row> => ({
    key: d,
    label: t(d === 'approve' ? 'console.common.approve' : d === 'reject' ? 'console.common.reject' : 'console.shops.orders.refund'),
    primary: d === 'approve',
    danger: d !== 'approve',
    when: (r) => (d === 'refund' ? r.status === 'approved' || r.status === 'ready_for_pickup' : r.status === 'awaiting_audit'),
    question: d === 'refund' ? `${t('console.shops.orders.refundQuestion')} ${t('console.shops.orders.fulfilHint', { days: SHOP_FULFIL_DAYS })}` : t(`console.shops.orders.${d}Question`),
    fields: [{ name: 'reason', label: t('console.common.reason'), required: true, multiline: true }],
    schema: () => schemas().then((m) => m.adminShopAuditBody),
    toBody: (r, v) => ({ id: r.id, decision: d, reason: v.reason }),
    send: (_r, _v, key, body) => call(decideShopOrderRoute, body, { idempotencyKey: key }),
  });
  return (
    <ReviewQueue<Row>
      name="shop-orders"
      subject={t('console.audit.targets.shop_order')}
      statuses={STATUSES}
      defaultStatus="awaiting_audit"
      list={shopOrdersRoute}
      exportable={false}
      searchPlaceholder={t('console.shops.orders.search')}
      // The number over the buyer, the state over the audit's deadline, the amount, the shop over its
      // owner: with the actions 720 px of the 740 a 1024 px window leaves the table.
      columns={[
        {
          title: twoFacts(t('console.shops.orders.no'), t('console.common.member')),
          dataIndex: 'order_no',
          width: QUEUE_WIDTHS.number,
          render: (no: string, r) => <Stacked whole first={no} second={r.buyer_name} />,
        },
        statusColumn<Row>(t, {
          title: twoFacts(t('console.common.status'), t('console.shops.orders.auditDue')),
          render: (r) => <Stacked first={<ShopOrderState id={r.id} status={r.status} afterSale={r.after_sale} />} second={r.audit_due_at ? <When at={r.audit_due_at} /> : undefined} />,
        }),
        { title: t('console.common.amount'), key: 'total', align: 'right', width: QUEUE_WIDTHS.amount, render: (_, r) => formatMoney(r.total, r.currency) },
        {
          title: twoFacts(t('console.shops.shop'), t('console.shops.owner')),
          key: 'shop',
          width: 150,
          render: (_, r) => (
            <Stacked
              first={
                <a onClick={() => navigate(`/shops/${r.shop.id}`)}>
                  {r.shop.name} (#{r.shop.id})
                </a>
              }
              second={
                <Space size={4} wrap>
                  {r.owner_user_name}
                  {r.owner_away && <Tag color="red">{t('console.status.owner_away')}</Tag>}
                </Space>
              }
            />
          ),
        },
      ]}
      describe={(r) => [
        { label: t('console.shops.orders.no'), value: r.order_no },
        { label: t('console.shops.shop'), value: `${r.shop.name} (#${r.shop.id})` },
        { label: t('console.shops.owner'), value: <Space size={4}>{`${r.owner_user_name} (#${r.owner_id})`}<StatusTag status={r.owner_status} /></Space> },
        { label: t('console.common.member'), value: r.buyer_name },
        { label: t('console.common.status'), value: <StatusTag status={r.status} /> },
        { label: t('console.shops.orders.lines'), value: r.lines.map((l) => `${l.name}${l.spec_text ? ` (${l.spec_text})` : ''} × ${l.num} · ${formatMoney(l.total, r.currency)}`).join('; ') },
        { label: t('console.common.amount'), value: <strong>{formatMoney(r.total, r.currency)}</strong> },
        { label: t('console.shops.orders.delivery'), value: t(`console.shops.delivery.${r.delivery}`) },
        ...(r.remarks ? [{ label: t('console.shops.orders.remarks'), value: r.remarks }] : []),
        ...(r.reject_reason ? [{ label: t('console.shops.orders.rejectReason'), value: isShopOrderReasonCode(r.reject_reason) ? t(`console.shops.orders.reasons.${r.reject_reason}`) : r.reject_reason }] : []),
        ...(r.carrier ? [{ label: t('console.shops.orders.shipment'), value: `${r.carrier} ${r.tracking_number}` }] : []),
      ]}
      evidence={(r) => <ShopOrderHistory id={r.id} currency={r.currency} />}
      actions={[decision('approve'), decision('reject'), decision('refund')]}
    />
  );
}
