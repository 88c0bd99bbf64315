import type { PaymentInfo } from '@shop/contract/payments';
import { paths } from '@/config/paths';

/**
 * Where the app goes with a payment the server answered: its result once ended, the gateway's
 * page while one is to be visited, Stripe's Payment Element when the answer is a client secret.
 */
export function pageAfter(p: PaymentInfo): string {
  const q = `payment_no=${p.payment_no}&order_id=${p.order_id}&order_type=${p.order_type}`;
  if (p.state !== 'in_progress') return `${paths.goods.paid}?${q}`;
  if (p.redirect_url) return `${paths.pay.payment}?${q}`;
  if (p.client_secret && p.gateway === 'stripe') return `${paths.pay.stripe}?${q}`;
  return `${paths.goods.paid}?${q}`;
}
