import type { AFTER_SALE_WAITING_TAB } from '@shop/contract/after-sales';
import { Image, Space, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NO_WRAP, numberColumn, statusColumn, twoFacts } from '../../components/QueueColumns';
import { ReviewQueue } from '../../components/ReviewQueue';
import { StatusTag } from '../../components/StatusTag';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { formatDate, formatMoney, formatRegion } from '../../lib/format';
import { useCan } from '../../lib/operator';
import { caseActions, type Row } from './case-actions';
import { caseEventLine } from './case-event-line';
import { afterSaleDetailRoute, afterSalesRoute } from '../../lib/routes-after-sales';

// First the cases waiting for what the operator's role may do (the dashboard's figure), then each state.
const WAITING: typeof AFTER_SALE_WAITING_TAB = 'waiting';
const STATUSES = [WAITING, 'under_review', 'awaiting_return', 'return_shipped', 'received', 'refunding', 'replacement_shipped', 'refunded', 'completed', 'rejected', 'receipt_refused', 'withdrawn', 'closed'] as const;

/** The columns' widths (px): a 16-character number whole, a state or kind on two lines at most; with the actions (120) 740, what a 1024 px window leaves. */
const WIDTHS = { caseNo: 160, status: 120, kind: 90, amount: 100, orderNo: 150 } as const;

/** A case's history and what its order may still refund, read when its drawer opens. */
function CaseHistory({ id }: { id: number }) {
  const { t } = useTranslation();
  const detail = useEndpointQuery(afterSaleDetailRoute, { id });
  const d = detail.data;
  if (!d) return null;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('console.afterSales.orderRefundable', { amount: formatMoney(d.order_refundable, d.currency) })}</Typography.Text>
      {d.return_address ? (
        <Typography.Text>{t('console.afterSales.returnAddress', { address: `${d.return_address.name}, ${d.return_address.address}` })}</Typography.Text>
      ) : (
        <Typography.Text type="warning">{t('console.afterSales.noReturnAddress', { country: formatRegion(d.return_country) })}</Typography.Text>
      )}
      <Timeline items={d.events.map((e) => ({ content: caseEventLine(t, e) }))} />
    </Space>
  );
}

/**
 * After-sales cases (of regular orders and of member-shop orders, marked with the shop): approve (a
 * return with its refund, capped), reject, receive, refuse receipt, refund, ship the replacement,
 * close; each operator sees the decisions their role allows. The queue opens on the cases waiting for
 * the operator's role (finance, who only refund: the returns received), as the dashboard counts them.
 */
export default function AfterSales() {
  const { t } = useTranslation();
  const can = useCan();
  const actions = caseActions(t, can);
  return (
    <ReviewQueue<Row>
      name="after-sales"
      subject={t('console.audit.targets.after_sale')}
      statuses={STATUSES}
      defaultStatus={WAITING}
      title={(r) => r.case_no}
      list={afterSalesRoute}
      searchPlaceholder={t('console.afterSales.search')}
      filter={{
        param: 'source',
        label: t('console.afterSales.sourceFilter'),
        placeholder: t('console.afterSales.sourceAll'),
        options: [
          { value: 'order', label: t('console.afterSales.sourceOrder') },
          { value: 'shop_order', label: t('console.afterSales.sourceShopOrder') },
        ],
      }}
      // Every column has its width, so the queue is as wide as they are: it fits the 740 px a 1024 px window
      // leaves the table (the member under the order, the date under the case); a narrower window scrolls
      // sideways in the table's frame.
      columns={[
        numberColumn<Row>(t, { title: t('console.afterSales.caseNo'), number: (r) => r.case_no, width: WIDTHS.caseNo }),
        // The state, kind and amount beside the case number: with the actions pinned right they show at 1024 px.
        statusColumn<Row>(t, {
          width: WIDTHS.status,
          render: (r) => (
            <Space size={4} wrap>
              <StatusTag status={r.status} />
              {r.refund_problem && <Tag color={r.refund_problem.kind === 'failed' ? 'red' : 'orange'}>{t(`console.afterSales.refundProblemTag.${r.refund_problem.kind}`)}</Tag>}
            </Space>
          ),
        }),
        { title: t('console.afterSales.kind'), dataIndex: 'kind', width: WIDTHS.kind, render: (k: string) => t(`console.afterSales.kinds.${k}`) },
        { title: t('console.common.amount'), key: 'amount', align: 'right', width: WIDTHS.amount, render: (_, r) => (r.kind === 'return' ? formatMoney(r.refund ?? r.refundable, r.currency) : '—') },
        {
          title: twoFacts(t('console.afterSales.orderNo'), t('console.common.member')),
          key: 'order_no',
          width: WIDTHS.orderNo,
          render: (_, r) => (
            <>
              <Space size={4} wrap>
                <span style={NO_WRAP}>{r.order_no}</span>
                {r.shop && (
                  <Tag color="purple" data-shop-order={r.shop_order_id}>
                    {t('console.afterSales.shopOrder', { shop: r.shop.name })}
                  </Tag>
                )}
              </Space>
              <div data-member={r.member_id}>
                <Typography.Text type="secondary">{`${r.member} (#${r.member_id})`}</Typography.Text>
              </div>
            </>
          ),
        },
      ]}
      describe={(r) => [
        { label: t('console.afterSales.caseNo'), value: r.case_no },
        { label: t('console.afterSales.orderNo'), value: r.order_no },
        ...(r.shop ? [{ label: t('console.afterSales.shopOrder', { shop: r.shop.name }), value: t('console.afterSales.memberShop') }] : []),
        { label: t('console.common.member'), value: `${r.member} (#${r.member_id})` },
        { label: t('console.afterSales.kind'), value: t(`console.afterSales.kinds.${r.kind}`) },
        { label: t('console.common.status'), value: <StatusTag status={r.status} /> },
        { label: t('console.common.reason'), value: `${r.reason}${r.description ? ` — ${r.description}` : ''}` },
        { label: t('console.afterSales.lines'), value: r.lines.map((l) => `${l.name} (${l.spec_text}) × ${l.qty}${l.exchange_spec_text ? ` → ${l.exchange_spec_text}` : ''}`).join('; ') },
        ...(r.kind === 'return'
          ? [
              { label: t('console.afterSales.refundable'), value: <strong>{formatMoney(r.refundable, r.currency)}</strong> },
              ...(r.refund !== null ? [{ label: t('console.afterSales.refundAmount'), value: formatMoney(r.refund, r.currency) }] : []),
              // The reason the member was given for a refund lower than the case may refund.
              ...(r.refund_reason ? [{ label: t('console.afterSales.refundReason'), value: r.refund_reason }] : []),
              ...(r.refunded !== null ? [{ label: t('console.afterSales.refunded'), value: `${formatMoney(r.refunded, r.currency)} · ${formatDate(r.refunded_at)}` }] : []),
              // Refund asks the gateway again; Payments refunds the payment another way or closes its flag.
              ...(r.refund_problem
                ? [{ label: t(`console.afterSales.refundProblemTag.${r.refund_problem.kind}`), value: <Typography.Text type="danger">{t(`console.afterSales.refundProblem.${r.refund_problem.kind}`, { reason: r.refund_problem.reason || '—' })}</Typography.Text> }]
                : []),
            ]
          : []),
        ...(r.return_shipment ? [{ label: t('console.afterSales.returnShipment'), value: `${r.return_shipment.carrier} ${r.return_shipment.tracking_number}` }] : []),
        ...(r.replacement_shipment ? [{ label: t('console.afterSales.replacementShipment'), value: `${r.replacement_shipment.carrier} ${r.replacement_shipment.tracking_number}` }] : []),
        ...(r.reject_reason ? [{ label: t('console.afterSales.rejectReason'), value: r.reject_reason }] : []),
      ]}
      evidence={(r) => (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {r.images.length > 0 && (
            <Image.PreviewGroup>
              <Space wrap>
                {r.images.map((src) => (
                  <Image key={src} src={src} width={96} height={96} style={{ objectFit: 'cover' }} />
                ))}
              </Space>
            </Image.PreviewGroup>
          )}
          {r.video && <video src={r.video} controls style={{ maxWidth: '100%' }} />}
          <CaseHistory id={r.id} />
        </Space>
      )}
      actions={actions}
    />
  );
}
