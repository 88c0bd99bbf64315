import { useMemo, useState } from 'react';
import { Tabs } from 'antd-mobile';
import { Amount } from '@/components/amount';
import { ListState, LoadMore } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { formatDate } from '@/lib/format';
import { Link, useSearchParams } from '@/lib/router';
import { paths } from '@/config/paths';
import { useCases } from '../api/after-sales';
import { idParam } from '../id-param';
import { CaseActions } from '../components/case-actions';
import { refundShown } from '../refund';
import '../after-sales.css';
import { useTranslation } from '@/lib/i18n';

const VIEWS = ['all', 'open', 'done'] as const;

/**
 * `pages/order/salingAfter`: the member's cases, newest first, with their state and what can be done
 * now; those of one order when the address names it (`order_id` or `shop_order_id`: the order page's way here).
 */
export default function CasesPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [view, setView] = useState<(typeof VIEWS)[number]>('all');
  const shopOrderId = idParam(params.get('shop_order_id'));
  const orderId = shopOrderId ? 0 : idParam(params.get('order_id'));
  const of = useMemo(() => (shopOrderId ? { shop_order_id: shopOrderId } : orderId ? { order_id: orderId } : {}), [orderId, shopOrderId]);
  const pages = useCases(view, of);
  const list = pages.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="page after-sales-page as-cases-page">
      <PageHeader title={t('app.page.afterSales')} />
      <Tabs activeKey={view} onChange={(k) => setView(k as (typeof VIEWS)[number])}>
        {VIEWS.map((v) => (
          <Tabs.Tab key={v} title={t(`afterSales.app.view.${v}`)} />
        ))}
      </Tabs>
      {(orderId > 0 || shopOrderId > 0) && (
        <div className="as-of-order">
          <span className="as-muted">{t('afterSales.app.ofOneOrder')}</span>
          <Link to={paths.order.afterSales} replace className="tap-target">
            {t('afterSales.app.allCases')}
          </Link>
        </div>
      )}
      <ListState loading={pages.isPending} error={pages.isError} failure={pages.error} empty={list.length === 0} emptyText={t('afterSales.app.none')} onRetry={() => void pages.refetch()}>
        {list.map((c) => (
          <article key={c.id} className="as-section" data-case={c.id}>
            <div className="as-head">
              <span>
                {t(`afterSales.kind.${c.kind}`)} · {c.case_no}
                {c.shop && ` · ${c.shop.name}`}
              </span>
              <span className="as-status">{t(`afterSales.status.${c.status}`)}</span>
            </div>
            {c.lines.map((l) => (
              <div key={l.order_line_id} className="as-line">
                <div className="as-line-body">
                  {l.name} × {l.qty}
                  <div className="as-muted">{l.spec_text}</div>
                </div>
              </div>
            ))}
            <div className="as-muted">
              {formatDate(c.created_at)}
              {refundShown(c) && (
                <>
                  {' · '}
                  {c.refunded !== null ? t('afterSales.app.refunded') : t('afterSales.app.refundable')} <Amount className="as-refund" value={c.refunded ?? c.refund ?? c.refundable} currency={c.currency} />
                </>
              )}
            </div>
            <CaseActions c={c} />
          </article>
        ))}
        <LoadMore hasMore={Boolean(pages.hasNextPage)} loading={pages.isFetchingNextPage} onLoadMore={() => void pages.fetchNextPage()} />
      </ListState>
    </div>
  );
}
