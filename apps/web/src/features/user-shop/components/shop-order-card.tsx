import type { ReactNode } from 'react';
import { isShopOrderReasonCode, type ShopOrder } from '@shop/contract/user-shop';
import { Amount } from '@/components/amount';
import { formatDate } from '@/lib/format';
import { useTranslation, type TFunction } from '@/lib/i18n';

/** How an order is delivered, in the words of who reads it: the buyer's "to my address" is the owner's "to the buyer". */
export const deliveryText = (t: TFunction, delivery: ShopOrder['delivery'], who: 'owner' | 'buyer') => t(who === 'owner' && delivery === 'ship' ? 'userShop.delivery.shipToBuyer' : `userShop.delivery.${delivery}`);

/**
 * Where an order goes: the recipient, phone and address it ships to, or pickup at the shop. No hooks,
 * so a dialog opened outside the page (the Ship dialog) can show it too.
 */
export function deliveryLines(t: TFunction, delivery: ShopOrder['delivery'], address: { name: string; mobile: string; text: string } | null) {
  if (delivery === 'pickup' || !address) return <div className="shop-address">{t('userShop.delivery.pickup')}</div>;
  return (
    <div className="shop-address" data-ship-to>
      <div className="shop-title">{t('userShop.app.shipTo')}</div>
      <div>
        {t('userShop.app.recipient')}: {address.name}
      </div>
      <div>
        {t('userShop.app.phone')}: {address.mobile}
      </div>
      <div>
        {t('userShop.field.address')}: {address.text}
      </div>
    </div>
  );
}

/** One shop order: its number and state, lines, total and what can be done now (`children`); `onOpen` when tapping it opens its details. */
export function ShopOrderCard({ order, who, children, onOpen }: { order: ShopOrder; who: 'owner' | 'buyer'; children?: ReactNode; onOpen?: () => void }) {
  const { t } = useTranslation();
  return (
    <article className="shop-section" data-shop-order={order.id} onClick={onOpen} role={onOpen ? 'button' : undefined} tabIndex={onOpen ? 0 : undefined} onKeyDown={onOpen ? (e) => e.key === 'Enter' && e.target === e.currentTarget && onOpen() : undefined}>
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
        {formatDate(order.created_at)} · {deliveryText(t, order.delivery, who)} · {t('userShop.app.total')} <Amount value={order.total} currency={order.currency} />
        {order.pv > 0 && ` · PV ${order.pv}`}
      </div>
      {order.reject_reason && (
        <div className="shop-muted">
          {t('userShop.app.rejectReason')}: {isShopOrderReasonCode(order.reject_reason) ? t(`userShop.reason.${order.reject_reason}`) : order.reject_reason}
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
      {/* The buttons act on their own; a tap on them does not also open the order. */}
      {children && (
        <div className="shop-actions" onClick={(e) => e.stopPropagation()}>
          {children}
        </div>
      )}
    </article>
  );
}
