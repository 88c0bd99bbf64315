import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { SHOP_ORDER_REASON_CODES, type ShopOrder } from '@shop/contract/user-shop';
import { i18n } from '@/lib/i18n';
import { prepareApp } from '@/test/helpers';
import { ShopOrderCard } from '../components/shop-order-card';

// Found in use: an order refused because an operator closed the shop read "Reason: shop_closed"
// on the buyer's and the owner's cards. Every reason the platform gives reads as words, in each language.

const order = (reject_reason: string): ShopOrder => ({
  id: 7,
  order_no: 'M261130000000007',
  shop: { id: 5, name: 'Corner Shop', logo: '' },
  buyer_name: 'T**',
  status: 'rejected',
  delivery: 'pickup',
  lines: [{ sku_id: 9, goods_id: 3, name: 'Teapot', spec_text: '', image: '', price: 1500, num: 1, pv: 0, total: 1500 }],
  goods_total: 1500,
  total: 1500,
  currency: 'USD',
  pv: 0,
  remarks: '',
  reject_reason,
  carrier: '',
  tracking_number: '',
  refunded: true,
  created_at: '2026-11-30T09:00:00.000Z',
  paid_at: '2026-11-30T09:01:00.000Z',
  audit_due_at: null,
  expires_at: null,
  has_after_sale: false,
  after_sale: null,
  actions: { pay: false, audit: false, ship: false, ready_for_pickup: false, complete: false, after_sale: false },
});

beforeAll(() => prepareApp());
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en-us');
});

const reasonText = (reason: string, who: 'owner' | 'buyer') => {
  const { container, unmount } = render(<ShopOrderCard order={order(reason)} who={who} />);
  const text = container.textContent ?? '';
  unmount();
  return text;
};

describe('a refused or refunded shop order’s reason', () => {
  it('reads as words for the buyer and the owner, never as the code', async () => {
    expect(reasonText('shop_closed', 'buyer')).toContain('The shop was closed');
    expect(reasonText('operator_refund', 'buyer')).toContain('Refunded by the platform');
    expect(reasonText('fulfilment_overdue', 'owner')).toContain('Not shipped or picked up in time');
    for (const lang of ['en-us', 'zh-cn', 'zh-tw', 'jp', 'th', 'km', 'may', 'id', 'hu']) {
      await i18n.changeLanguage(lang);
      for (const code of SHOP_ORDER_REASON_CODES) for (const who of ['owner', 'buyer'] as const) {
        const text = reasonText(code, who);
        expect(text, `${lang} ${code}`).not.toContain(code);
        expect(text, `${lang} ${code}`).not.toContain('userShop.reason');
      }
    }
    // An owner's own words stay as they were written.
    expect(reasonText('Sold out at the market', 'buyer')).toContain('Sold out at the market');
  });
});
