import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import { ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import CaseInfoPage from '../pages/case-info-page';

// A case sent again after a rejection says, in the member's language, which case it follows, by the
// number the member knows it by; the history carries no note of the operators'.

const event = (kind: string, to: string, by: string, at: string, fields: { reason?: string; follows_case_no?: string | null } = {}) => ({ kind, from: null, to, reason: '', follows_case_no: null, by, at, ...fields });
const theCase = {
  id: 32,
  case_no: 'AS26112400000032',
  order_id: 7,
  shop_order_id: null,
  shop: null,
  order_no: '2611230000000007',
  kind: 'exchange',
  status: 'received',
  reason_id: 'wrong_size',
  reason: 'ไซซ์หรือสีไม่ถูกต้อง',
  description: '',
  currency: 'THB',
  refundable: 0,
  refund: null,
  refunded: null,
  refunded_at: null,
  refund_delayed: false,
  refund_reason: '',
  lines: [{ order_line_id: 1, name: 'Teapot', spec_text: 'Blue', image: '', price: 1200, qty: 1, exchange_sku_id: 3, exchange_spec_text: 'Green' }],
  images: [],
  video: null,
  reject_reason: '',
  ship_back_by: null,
  return_shipment: null,
  replacement_shipment: null,
  follows_case_id: 31,
  created_at: '2026-11-24T09:00:00.000Z',
  updated_at: '2026-11-24T09:30:00.000Z',
  actions: { can_cancel: false, can_ship_back: false, can_confirm_receipt: false, can_resubmit: false },
  events: [
    event('submitted', 'under_review', 'member', '2026-11-24T09:00:00.000Z', { follows_case_no: 'AS26112400000031' }),
    event('approved', 'awaiting_return', 'operator', '2026-11-24T09:30:00.000Z'),
    event('received', 'received', 'operator', '2026-11-25T09:30:00.000Z'),
  ],
  return_address: null,
};
const api = await startFakeApi({ '/attractive/AfterSales/info': () => ok(theCase) });

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  useSession.getState().signIn('member-token', null);
});
afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en-us'));
});

describe('saleInfo: the history', () => {
  it('in Thai, a case sent again follows case N in Thai words, with no operator’s note', async () => {
    await act(() => i18n.changeLanguage('th'));
    renderRoutes({ [paths.order.afterSaleDetails]: <CaseInfoPage /> }, `${paths.order.afterSaleDetails}?id=32`);
    const history = (await screen.findByText(i18n.t('afterSales.app.history'))).closest('section')!;
    expect(history.textContent).toContain('ยื่นใหม่ต่อจากรายการ AS26112400000031');
    expect(history.textContent).toContain(i18n.t('afterSales.event.submitted'));
    expect(history.textContent).not.toMatch(/follows|resellable/);
    expect(api.violations).toEqual([]);
  });
});
