import type { OrderSummary } from '@shop/contract/orders';
import { formatAmount } from '@/components/amount';
import { useTranslation } from '@/lib/i18n';

type Returned = Pick<OrderSummary, 'status' | 'currency' | 'returned'>;

/**
 * The order's state as the member reads it: an order whose goods all came back refunded says so,
 * though its own state stays what it was (a completed order settles and earns by it).
 */
export const orderStateKey = (o: Pick<Returned, 'status' | 'returned'>): string => (o.returned?.all ? 'orders.returned.all' : `orders.status.${o.status}`);

/** What came back of an order through after-sales: the refund of a whole return, or that some came back and its refund. */
export function OrderReturnedNote({ order }: { order: Returned }) {
  const { t } = useTranslation();
  const r = order.returned;
  if (!r) return null;
  return <div className="order-muted order-returned">{t(r.all ? 'orders.returned.refunded' : 'orders.returned.partly', { amount: formatAmount(r.refunded, order.currency) })}</div>;
}
