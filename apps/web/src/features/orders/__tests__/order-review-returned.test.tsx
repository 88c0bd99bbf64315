import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { paths } from '@/config/paths';
import { useLanguage } from '@/stores/language';
import { useSession } from '@/stores/session';
import { clearToasts, ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import OrderInfoPage from '../pages/order-info-page';

// The review sheet says why a line's review was taken off the goods page (the member returned the
// goods: it cannot be changed any more), and why a line cannot be reviewed (returned, or on its way back).
const actions = { can_cancel: false, can_pay: false, can_confirm: false, can_remind: false, can_track: false, can_after_sale: false, can_review: true };
const orderLine = (id: number, name: string) => ({ id, goods_id: id, sku_id: id + 10, name, spec_text: 'Blue', image: '', price: 1200, num: 1, line_total: 1200, shipped_num: 1 });
const order = {
  id: 8, order_no: '2611230000000008', kind: 'regular', status: 'completed', currency: 'USD', total: 4800, count: 4,
  lines: [orderLine(1, 'Teapot'), orderLine(2, 'Cup'), orderLine(3, 'Saucer'), orderLine(4, 'Tray')],
  created_at: '2026-11-23T10:00:00.000Z', expires_at: null, actions,
};
const reviewLine = (id: number, name: string, review: { content: string; hidden: 'returned' | null } | null, notReviewable: 'returned' | 'returning' | null) => ({
  order_line_id: id, goods_id: id, name, spec_text: 'Blue', image: '', review_id: review ? 50 + id : null, rating: review ? 5 : null, content: review?.content ?? '', images: [],
  created_at: review ? '2026-11-24T10:00:00.000Z' : null, editable_until: null, edited: false, reply: '',
  can_review: !review && !notReviewable, can_edit: false, hidden: review?.hidden ?? null, not_reviewable: notReviewable,
});
const api = await startFakeApi({
  '/shop/order/info': () =>
    ok({
      ...order, subtotal: 4800, coupon_discount: 0, operating_fee_rate: 0, operating_fee: 0, freight: 0, points_used: 0, points_value: 0,
      address: { name: 'Mei', surname: 'Tan', mobile_pre: '60', mobile: '123456789', email: '', country_code: 'MY', province: 'Selangor', city: 'Petaling Jaya', district: '', detail: 'Jalan 14/20, 5', house_number: '', zip_code: '46100' },
      remarks: '', paid_at: null, shipped_at: null, completed_at: '2026-11-24T10:00:00.000Z', settled_at: null, cancelled_at: null, closed_at: null, cancel_reason: '', package_count: 0, last_reminded_at: null, payments: [],
    }),
  '/user/praise/info': () =>
    ok({
      list: [
        // Written, then every unit came back refunded: taken off the goods page.
        reviewLine(1, 'Teapot', { content: 'Lovely teapot', hidden: 'returned' }, null),
        // Every unit in a return still open.
        reviewLine(2, 'Cup', null, 'returning'),
        // Every unit returned before it was reviewed.
        reviewLine(3, 'Saucer', null, 'returned'),
        // Kept: reviewed as ever.
        reviewLine(4, 'Tray', null, null),
      ],
    }),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url }, upload: { default: api.url, cn: api.url } };
  localStorage.clear();
  sessionStorage.clear();
  useLanguage.getState().setLang('en-us');
  useSession.getState().signIn('member-token', null);
});
afterEach(async () => {
  cleanup();
  await clearToasts();
  await act(() => i18n.changeLanguage('en-us'));
});

const openSheet = async (review = 'Review') => {
  renderRoutes({ [paths.order.details]: <OrderInfoPage /> }, `${paths.order.details}?id=8`);
  fireEvent.click(await screen.findByRole('button', { name: review }));
  await waitFor(() => expect(document.querySelector('.order-review-line[data-line="4"]')).toBeTruthy());
};
const line = (id: number) => document.querySelector<HTMLElement>(`.order-review-line[data-line="${id}"]`)!;

describe('the review sheet, goods returned', () => {
  it('says the review was taken off the goods page because the goods came back, and offers no change', async () => {
    await openSheet();
    const teapot = line(1);
    expect(within(teapot).getByText('Lovely teapot')).toBeTruthy();
    expect(within(teapot).getByText('Taken off the goods page: you returned this item')).toBeTruthy();
    expect(within(teapot).queryByRole('button')).toBeNull();
  });

  it('says why a line cannot be reviewed: on its way back, or returned; a line kept is reviewed as ever', async () => {
    await openSheet();
    expect(within(line(2)).getByText('Being returned: it can be reviewed only if you keep it')).toBeTruthy();
    expect(within(line(2)).queryByRole('button', { name: 'Post review' })).toBeNull();
    expect(within(line(3)).getByText('You returned this item: it cannot be reviewed')).toBeTruthy();
    expect(within(line(3)).queryByRole('button', { name: 'Post review' })).toBeNull();
    expect(within(line(4)).getByRole('button', { name: 'Post review' })).toBeTruthy();
    expect(line(4).querySelector('.order-review-note')).toBeNull();
  });

  it('says it in the member’s language', async () => {
    useLanguage.getState().setLang('zh-cn');
    await act(() => i18n.changeLanguage('zh-cn'));
    await openSheet('评价');
    expect(within(line(1)).getByText('已从商品页撤下：您已退回此商品')).toBeTruthy();
    expect(within(line(2)).getByText('退货中：只有保留商品才能评价')).toBeTruthy();
    expect(within(line(3)).getByText('您已退回此商品，无法评价')).toBeTruthy();
  });
});
