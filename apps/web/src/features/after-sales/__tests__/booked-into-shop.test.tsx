import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { clearToasts, ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import ApplyPage from '../pages/apply-page';

// An order with nothing left to ask for says why when it knows: goods the member booked into their own
// shop's stock are the shop's now, and the page names that instead of a bare "not available".

interface Line {
  in_cases: number;
  booked: number;
  left: number;
  kinds: Array<'return' | 'exchange' | 'warranty'>;
}
/** The order's one line of 2 units as the server answers it. */
let line: Line;
const api = await startFakeApi({
  '/shop/order/afterSaleApply': () =>
    ok({
      order_id: 7,
      shop_order_id: null,
      order_no: '2612020000000007',
      currency: 'USD',
      kinds: line.kinds,
      deadlines: { return: null, exchange: null },
      lines: [{ order_line_id: 1, goods_id: 1, sku_id: 2, name: 'Kettle', spec_text: 'Steel', image: '', price: 700, bought: 2, ...line, refundable: 0, warranty_until: null }],
      reasons: [{ id: 'changed_mind', kind: 'return', text: 'No longer needed', needs_evidence: false }],
      freight: 0,
      max_images: 9,
      max_video_seconds: 60,
      max_description: 140,
      max_exchanges: 1,
    }),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url }, upload: { default: api.url, cn: api.url } };
  localStorage.clear();
  useSession.getState().signIn('member-token', null);
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});

const BOOKED = "These goods were booked into your shop's stock, so they cannot be returned or exchanged here";
const NOT_AVAILABLE = 'After-sales is not available for this order now';
/** The page's notice once the server has answered. */
async function notice() {
  renderRoutes({ [paths.order.afterSaleApply]: <ApplyPage /> }, `${paths.order.afterSaleApply}?order_id=7`);
  // The page's own notice (the loading state is a status too).
  return waitFor(() => {
    const shown = document.querySelector('.as-section[role="status"]');
    expect(shown).toBeTruthy();
    return shown!.textContent;
  });
}

describe('realSale with nothing to offer', () => {
  it('says the goods were booked into the member’s shop, with no form to fill', async () => {
    line = { in_cases: 0, booked: 2, left: 0, kinds: [] };
    expect(await notice()).toBe(BOOKED);
    expect(screen.queryByText(NOT_AVAILABLE)).toBeNull();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(api.violations).toEqual([]);
  });

  it('names the booking too when the other units are in a case', async () => {
    line = { in_cases: 1, booked: 1, left: 0, kinds: [] };
    expect(await notice()).toBe(BOOKED);
  });

  it('keeps the plain text when nothing was booked, or a unit is still the member’s past every window', async () => {
    line = { in_cases: 0, booked: 0, left: 2, kinds: [] };
    expect(await notice()).toBe(NOT_AVAILABLE);
    cleanup();
    // One unit booked, the other kept but past every window: the booking is not why nothing is offered.
    line = { in_cases: 0, booked: 1, left: 1, kinds: [] };
    expect(await notice()).toBe(NOT_AVAILABLE);
  });
});
