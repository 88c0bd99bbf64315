import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/format';
import { renderInConsole, signedInAgainst } from '../../../test/console';
import { OrderDetail } from '../Orders';

// An order paid with a coupon showed its line at USD 137.99 and its total at USD 132.99 with nothing
// between them, and its address ended in the country's code ("… 89樓 TW"). The total says how it was
// made, as the member's order page does, and the country is named in the console's language.

const order = {
  id: 9, order_no: 'O-9', status: 'paid', user_id: 3, user_name: 'mei', currency: 'USD',
  subtotal: 13_799, coupon_discount: 500, operating_fee_rate: 250, operating_fee: 0, freight: 0, points_used: 100, points_value: 100, shopping_points_used: 0, shopping_points_value: 0, total: 13_199,
  created_at: '2026-11-20T10:00:00.000Z', paid_at: '2026-11-20T10:05:00.000Z', remarks: '',
  address: { name: '美玲', surname: '陳', mobile_pre: '886', mobile: '912345678', detail: '信義路五段7號 89樓', house_number: '', district: '信義區', city: 'Taipei', province: '', zip_code: '110', country_code: 'TW' },
  lines: [{ id: 11, name: 'Tea set', spec_text: '', num: 1, shipped_num: 0, line_total: 13_799 }],
  packages: [], events: [],
};
const answers: Record<string, unknown> = { '/admin/api/auth/me': { id: 1, user_name: 'ops', role: 'owner', permissions: ['session', 'orders.read'], totp_bound: true } };
signedInAgainst(answers);
beforeEach(() => {
  answers['/admin/api/orders/info'] = order;
});

describe('an order’s total in the console', () => {
  it('says how it was made: the goods, less the coupon and points, and shipping; the address names its country', async () => {
    await changeLanguage('zh-tw');
    renderInConsole(<OrderDetail id={9} onPackage={() => undefined} />);
    const amounts = await screen.findByTestId('order-amounts', {}, { timeout: 10_000 });
    const usd = (minor: number) => formatMoney(minor, 'USD');
    expect(amounts.textContent).toBe(`商品小計 ${usd(13_799)} · 優惠券 −${usd(500)} · 積分抵扣 −${usd(100)} · 運費 ${usd(0)}`);
    expect(screen.getByText(/信義路五段7號 89樓/).textContent).toMatch(/台灣$/);
  });

  it('names a fee with its rate when the order pays one, in English', async () => {
    const withFee = { ...order, coupon_discount: 0, points_used: 0, points_value: 0, operating_fee: 345, freight: 1_200, total: 15_344 };
    answers['/admin/api/orders/info'] = withFee;
    renderInConsole(<OrderDetail id={9} onPackage={() => undefined} />);
    const amounts = await screen.findByTestId('order-amounts', {}, { timeout: 10_000 });
    const usd = (minor: number) => formatMoney(minor, 'USD');
    expect(amounts.textContent).toBe(`Subtotal ${usd(13_799)} · Global operating fee (2.5%) ${usd(345)} · Shipping ${usd(1_200)}`);
  });
});
