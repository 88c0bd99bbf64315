import type { PaymentInfo } from '@shop/contract/payments';
import { paths } from '@/config/paths';

/** The query string that names a payment (and its payable) to the next pay page. */
export const paymentQuery = (p: Pick<PaymentInfo, 'payment_no' | 'order_id' | 'order_type'>): string => `payment_no=${p.payment_no}&order_id=${p.order_id}&order_type=${p.order_type}`;

/** Each gateway's own page; a gateway without one is taken on its page through `payNormal`. */
const GATEWAY_PAGES: Record<string, string> = {
  stripe: paths.pay.stripe,
  airwallex: paths.pay.airwallex,
  '2c2p': paths.pay.pay2c2p,
  wechat: paths.goods.chinaWalletPay,
  alipay: paths.goods.chinaWalletPay,
};

/** Where the app goes with a payment the server answered: its result once ended, else its gateway's page. */
export function pageAfter(p: PaymentInfo): string {
  const q = paymentQuery(p);
  if (p.state !== 'in_progress' || !p.gateway) return `${paths.goods.paid}?${q}`;
  const page = GATEWAY_PAGES[p.gateway] ?? (p.redirect_url ? paths.pay.payment : paths.goods.paid);
  return `${page}?${q}`;
}
