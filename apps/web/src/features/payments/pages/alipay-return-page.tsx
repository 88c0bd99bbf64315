import { PaymentResultPage } from './pay-finish-page';

/**
 * Where Alipay sends the browser back (`return_url`, with `out_trade_no` and a signature). The
 * return proves nothing: the payment is read from the shop, which asks Alipay while it is open.
 */
export default function AlipayReturnPage() {
  return <PaymentResultPage titleKey="app.page.alipay" />;
}
