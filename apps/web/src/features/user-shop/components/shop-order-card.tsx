import type { ReactNode } from 'react';
import type { ShopOrder } from '@shop/contract/user-shop';
import { Amount } from '@/components/amount';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';

/** One shop order: its number and state, lines, total and what can be done now (`children`). */
export function ShopOrderCard({ order, who, children }: { order: ShopOrder; who: 'owner' | 'buyer'; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <article className="shop-section" data-shop-order={order.id}>
      <div className="shop-head">
        <span>
          {who === 'owner' ? order.buyer_name : order.shop.name} · {order.order_no}
        </span>
        <span className="shop-status">{t(`userShop.status.${order.status}`)}</span>
      </div>
      {order.lines.map((l) => (
        <div key={l.sku_id} className="shop-line">
          {l.image && <img src={l.image} alt="" />}
          <div className="shop-line-body">
            {l.name} × {l.num}
            <div className="shop-muted">{l.spec_text}</div>
          </div>
          <Amount value={l.total} currency={order.currency} />
        </div>
      ))}
      <div className="shop-muted">
        {formatDate(order.created_at)} · {t(`userShop.delivery.${order.delivery}`)} · {t('userShop.app.total')} <Amount value={order.total} currency={order.currency} />
        {order.pv > 0 && ` · PV ${order.pv}`}
      </div>
      {order.reject_reason && (
        <div className="shop-muted">
          {t('userShop.app.rejectReason')}: {order.reject_reason === 'stock_short' || order.reject_reason === 'audit_overdue' ? t(`userShop.reason.${order.reject_reason}`) : order.reject_reason}
          {order.refunded && ` · ${t('userShop.app.refunded')}`}
        </div>
      )}
      {order.tracking_number && (
        <div className="shop-muted">
          {order.carrier} {order.tracking_number}
        </div>
      )}
      {order.after_sale && (
        <div className="shop-muted" data-after-sale={order.after_sale.status}>
          {t('userShop.app.afterSaleState', { state: t(`afterSales.status.${order.after_sale.status}`), open: order.after_sale.open, cases: order.after_sale.cases })}
          {order.after_sale.refunded > 0 && (
            <>
              {' · '}
              {t('userShop.app.refunded')} <Amount value={order.after_sale.refunded} currency={order.currency} />
            </>
          )}
          {who === 'owner' && ` · ${t('userShop.app.afterSalePlatform')}`}
        </div>
      )}
      {children && <div className="shop-actions">{children}</div>}
    </article>
  );
}
