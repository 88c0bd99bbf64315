import type { stockChangeMakerSchema } from '@shop/contract/admin';
import { keepPreviousData } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { QueryTable } from '../../components/QueryTable';
import { actorText } from '../../lib/actors';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { formatCellDate, formatNumber } from '../../lib/format';
import { shopStockChangesRoute } from '../../lib/routes-shops';

/** Who made a stock change, in the operator's language: "Owner <name>", a member or an operator by name, else the system (a job, a gateway) as such. */
export const madeByText = (t: TFunction, m: z.infer<typeof stockChangeMakerSchema>) =>
  m.kind === 'owner' ? t('console.shops.ownerNamed', { name: m.name }) : m.kind === 'member' || m.kind === 'operator' ? m.name : actorText(t, m.kind);

/**
 * What a stock change's reference tells an operator, in their language: the number of the order, sales
 * slip or after-sales case behind it, or the approval request that allowed it; nothing for an internal
 * stamp (`operator:…`, whose author "Made by" names already, or demo data's `seed`).
 */
export function stockReferenceText(t: TFunction, reference: string): string | null {
  const at = reference.indexOf(':');
  const kind = reference.slice(0, at);
  const number = reference.slice(at + 1);
  if (at < 0 || !number) return null;
  switch (kind) {
    case 'order':
      return `${t('console.shops.orders.no')} ${number}`;
    case 'slip':
      return `${t('console.shops.slips.no')} ${number}`;
    case 'after-sale':
      return `${t('console.afterSales.caseNo')} ${number}`;
    case 'approval':
      return t('console.shops.approvalRequest', { id: number });
    default:
      return null;
  }
}

/** A shop's stock changes, newest first, a page at a time, each with who made it. */
export function StockChanges({ shopId }: { shopId: number }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const query = useEndpointQuery(shopStockChangesRoute, { shop_id: shopId, ...paging }, { placeholderData: keepPreviousData });
  return (
    <QueryTable
      size="small"
      rowKey="id"
      query={query}
      paging={{ ...paging, onChange: (page, limit) => setPaging({ page, limit }) }}
      columns={[
        { title: t('console.common.created'), dataIndex: 'created_at', width: 180, render: (v: string) => formatCellDate(v) },
        { title: t('console.shops.sku'), dataIndex: 'sku_id', width: 90 },
        { title: t('console.shops.delta'), dataIndex: 'delta', align: 'right', render: (n: number) => (n > 0 ? `+${formatNumber(n)}` : formatNumber(n)) },
        { title: t('console.shops.stockAfter'), dataIndex: 'stock_after', align: 'right' },
        { title: t('console.shops.cause'), dataIndex: 'cause', render: (c: string) => t(`console.shops.causes.${c}`, { defaultValue: c }) },
        { title: t('console.common.reason'), key: 'r', render: (_, a) => [a.reason, stockReferenceText(t, a.reference)].filter(Boolean).join(' · ') || '—' },
        { title: t('console.shops.madeBy'), key: 'made_by', render: (_, a) => madeByText(t, a.made_by) },
      ]}
    />
  );
}
