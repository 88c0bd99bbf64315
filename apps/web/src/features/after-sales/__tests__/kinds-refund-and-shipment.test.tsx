import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { clearToasts, ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import ApplyPage from '../pages/apply-page';
import CaseInfoPage from '../pages/case-info-page';

// The kinds on the apply page share the row among those offered (two kinds: two columns, not a third
// of the row each, where Hungarian broke "Visszaküldés" mid-word); a refund approved lower than asked
// says so on the case with both amounts and the shop's reason; a shipment back on its way can be corrected.

let kinds: string[] = ['return', 'exchange'];
let status = 'awaiting_return';
let refundReason = '';
let reducedFrom: { amount: number; surcharge: number } | null = null;
let refunded: number | null = null;
const theCase = () => ({
  id: 41,
  case_no: 'AS26113000000041',
  order_id: 7,
  shop_order_id: null,
  shop: null,
  order_no: '2611300000000007',
  kind: 'return',
  status,
  reason_id: 'changed_mind',
  reason: 'No longer needed',
  description: '',
  currency: 'USD',
  refundable: 3333,
  refund: refundReason ? 1000 : 3333,
  refunded,
  refunded_at: refunded === null ? null : '2026-12-02T10:00:00.000Z',
  refund_delayed: false,
  refund_reason: refundReason,
  refund_reduced_from: reducedFrom,
  lines: [{ order_line_id: 1, name: 'Kettle', spec_text: 'Steel', image: '', price: 3333, qty: 1, exchange_sku_id: null, exchange_spec_text: null }],
  images: [],
  video: null,
  reject_reason: '',
  ship_back_by: '2026-12-07T10:00:00.000Z',
  return_shipment: status === 'return_shipped' ? { carrier_code: 'poslaju', carrier: 'Pos Laju', tracking_number: 'RT1234S', shipped_at: '2026-12-01T10:00:00.000Z', status: 'in_transit' } : null,
  replacement_shipment: null,
  follows_case_id: null,
  created_at: '2026-11-30T09:00:00.000Z',
  updated_at: '2026-11-30T09:30:00.000Z',
  actions: { can_cancel: true, can_ship_back: status === 'awaiting_return', can_confirm_receipt: false, can_resubmit: false },
  events: [{ kind: 'submitted', from: null, to: 'under_review', reason: '', follows_case_no: null, by: 'member', at: '2026-11-30T09:00:00.000Z' }],
  return_address: null,
});
const api = await startFakeApi({
  '/shop/order/afterSaleApply': () =>
    ok({
      order_id: 7,
      shop_order_id: null,
      order_no: '2611300000000007',
      currency: 'USD',
      kinds,
      deadlines: { return: '2026-12-07T10:00:00.000Z', exchange: '2026-12-15T10:00:00.000Z' },
      lines: [{ order_line_id: 1, goods_id: 1, sku_id: 2, name: 'Kettle', spec_text: 'Steel', image: '', price: 3333, bought: 1, in_cases: 0, booked: 0, left: 1, kinds, refundable: 3333, warranty_until: kinds.includes('warranty') ? '2027-11-30T10:00:00.000Z' : null }],
      reasons: [{ id: 'changed_mind', kind: 'return', text: 'No longer needed', needs_evidence: false }],
      freight: 0,
      max_images: 9,
      max_video_seconds: 60,
      max_description: 140,
      max_exchanges: 1,
    }),
  '/attractive/AfterSales/info': () => ok(theCase()),
  '/attractive/AfterSales/logistics': () => ok({ list: [{ code: 'poslaju', name: 'Pos Laju', needs_phone_tail: false }, { code: 'jt', name: 'J&T Express', needs_phone_tail: false }] }),
  '/attractive/AfterSales/expressTrack': () => ok({ carrier: 'Pos Laju', tracking_number: 'RT1234S', status: 'in_transit', events: [] }),
  '/attractive/AfterSales/expressSave': () => ok({ case_id: 41, status: 'return_shipped' }),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url }, upload: { default: api.url, cn: api.url } };
  localStorage.clear();
  kinds = ['return', 'exchange'];
  status = 'awaiting_return';
  refundReason = '';
  reducedFrom = null;
  refunded = null;
  useSession.getState().signIn('member-token', null);
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});

const renderAt = (path: string) => renderRoutes({ [paths.order.afterSaleApply]: <ApplyPage />, [paths.order.afterSaleDetails]: <CaseInfoPage /> }, path);
/** The columns the kinds' row is split into (antd-mobile's grid takes them as `--columns`). */
const kindColumns = () => (screen.getByRole('radiogroup', { name: 'What do you need?' }).querySelector('.adm-grid') as HTMLElement).style.getPropertyValue('--columns');

describe('realSale: the kinds offered', () => {
  it('two kinds share the row in two columns, three in three', async () => {
    renderAt(`${paths.order.afterSaleApply}?order_id=7`);
    expect(await screen.findByText('Kettle')).toBeTruthy();
    expect(kindColumns()).toBe('2');
    cleanup();
    kinds = ['return', 'exchange', 'warranty'];
    renderAt(`${paths.order.afterSaleApply}?order_id=7`);
    expect(await screen.findByText('Kettle')).toBeTruthy();
    expect(kindColumns()).toBe('3');
  });

  it('a kind’s label wraps only between words: its chips never break a word anywhere, and hyphenate by the page’s language', async () => {
    renderAt(`${paths.order.afterSaleApply}?order_id=7`);
    expect(await screen.findByText('Kettle')).toBeTruthy();
    // The page's style sheet (jsdom applies none): the rule of the chips inside the kinds' box.
    expect(screen.getByRole('radiogroup', { name: 'What do you need?' }).closest('.as-kinds')).toBeTruthy();
    const css = fs.readFileSync(path.resolve(import.meta.dirname, '../after-sales.css'), 'utf8');
    const rule = /\.as-kinds \.adm-selector-item \{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toContain('overflow-wrap: normal');
    expect(rule).toContain('hyphens: auto');
    expect(rule).not.toMatch(/anywhere|break-word|break-all/);
  });
});

describe('saleInfo', () => {
  it('a refund approved lower than asked says so before the goods are sent: both amounts and the shop’s reason', async () => {
    refundReason = 'The original box was not included';
    renderAt(`${paths.order.afterSaleDetails}?id=41`);
    expect(await screen.findByText('Refund reduced from $33.33 to $10.00: The original box was not included')).toBeTruthy();
    expect(api.violations).toEqual([]);
    cleanup();
    // The whole refund says nothing of the kind.
    refundReason = '';
    renderAt(`${paths.order.afterSaleDetails}?id=41`);
    expect(await screen.findByText('No longer needed', { exact: false })).toBeTruthy();
    expect(screen.queryByText(/Refund reduced/)).toBeNull();
  });

  it('the figure a refund was lowered from is the one the approval kept (the console’s and the message’s), its card surcharge named, before and after the refund', async () => {
    refundReason = 'Box damaged';
    reducedFrom = { amount: 3456, surcharge: 123 };
    renderAt(`${paths.order.afterSaleDetails}?id=41`);
    const said = 'Refund reduced from $34.56 (including the payment method surcharge of $1.23) to $10.00: Box damaged';
    expect(await screen.findByText(said)).toBeTruthy();
    cleanup();
    // Refunded: the case's refundable is the goods' value alone by then; the page still says the kept figure.
    status = 'refunded';
    refunded = 1000;
    renderAt(`${paths.order.afterSaleDetails}?id=41`);
    expect(await screen.findByText(said)).toBeTruthy();
    expect(api.violations).toEqual([]);
  });

  it('a shipment back on its way can be corrected: the form opens with what was sent, and sends the new number', async () => {
    status = 'return_shipped';
    renderAt(`${paths.order.afterSaleDetails}?id=41`);
    fireEvent.click(await screen.findByRole('button', { name: 'Correct the tracking number' }));
    const number = screen.getByPlaceholderText('Tracking number') as HTMLInputElement;
    expect(number.value).toBe('RT1234S');
    expect((await within(screen.getByRole('radiogroup', { name: 'Send the goods back' })).findByRole('radio', { name: 'Pos Laju' })).getAttribute('aria-checked')).toBe('true');
    fireEvent.change(number, { target: { value: 'RT12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requests.some((r) => r.url.startsWith('/attractive/AfterSales/expressSave'))).toBe(true));
    const saved = api.requests.filter((r) => r.url.startsWith('/attractive/AfterSales/expressSave')).at(-1)!;
    expect(JSON.parse(saved.body)).toEqual({ case_id: 41, carrier_code: 'poslaju', tracking_number: 'RT12345' });
    expect(api.violations).toEqual([]);
  });
});
