import type { adminShopOrderEventSchema } from '@shop/contract/admin';
import { Descriptions, Space, Timeline, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { StatusTag } from '../../components/StatusTag';
import { actorText } from '../../lib/actors';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { formatDate, formatMoney } from '../../lib/format';
import { showPercent } from '../../lib/money';
import { shopOrderDetailRoute } from '../../lib/routes-shops';

/** Who took a step: the operator by name, else the buyer, the owner, a job or the system, in the operator's language. */
const byText = (t: TFunction, e: z.infer<typeof adminShopOrderEventSchema>) =>
  e.operator ?? (e.by === 'buyer' || e.by === 'owner' ? t(`console.shops.orders.by.${e.by}`) : actorText(t, e.by));

/** One line of a shop order's history in the console: when, what (the state it moved to, or its settlement), who, why. */
export const shopOrderEventLine = (t: TFunction, e: z.infer<typeof adminShopOrderEventSchema>) =>
  [formatDate(e.at), e.kind === 'transition' && e.to ? t(`console.status.${e.to}`, { defaultValue: e.to }) : t(`console.shops.orders.event.${e.kind}`, { defaultValue: e.kind }), byText(t, e), e.reason].filter(Boolean).join(' · ');

/**
 * A shop order's money and history, read when its drawer opens: the platform's fee (rate and amount)
 * and the owner's earnings once it settled, or when it settles; its refunds (in full at a rejection,
 * or by after-sales cases); and every step with who took it and why.
 */
export function ShopOrderHistory({ id, currency }: { id: number; currency: string }) {
  const { t } = useTranslation();
  const d = useEndpointQuery(shopOrderDetailRoute, { id }).data;
  if (!d) return null;
  const money = (minor: number) => formatMoney(minor, currency);
  const settles = d.settled_at !== null || d.settles_at !== null;
  const items = [
    ...(settles
      ? [
          { key: 'fee', label: t('console.shops.orders.fee'), children: [d.fee_bp === null ? null : showPercent(d.fee_bp), d.fee === null ? t('console.shops.orders.atSettlement') : money(d.fee)].filter(Boolean).join(' · ') },
          {
            key: 'earnings',
            label: t('console.shops.orders.earnings'),
            children: d.earnings === null ? t('console.shops.orders.settlesOn', { date: formatDate(d.settles_at) }) : `${money(d.earnings)} · ${t('console.shops.orders.settledOn', { date: formatDate(d.settled_at) })}`,
          },
        ]
      : []),
    ...(d.refunded_at || d.refunds.length
      ? [
          {
            key: 'refunds',
            label: t('console.shops.orders.refunds'),
            children: (
              <Space orientation="vertical" size={2}>
                {d.refunded_at && <span>{t('console.shops.orders.refundedInFull', { date: formatDate(d.refunded_at) })}</span>}
                {d.refunds.map((c) => (
                  <Space key={c.id} size={4} wrap data-case={c.id}>
                    {c.case_no}
                    <StatusTag status={c.status} />
                    {c.refunded !== null ? `${money(c.refunded)} · ${formatDate(c.refunded_at)}` : c.refund !== null && money(c.refund)}
                  </Space>
                ))}
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {items.length > 0 && <Descriptions column={1} bordered size="small" items={items} />}
      <Typography.Title level={5}>{t('console.shops.orders.history')}</Typography.Title>
      <Timeline items={d.events.map((e) => ({ content: shopOrderEventLine(t, e) }))} />
    </Space>
  );
}
