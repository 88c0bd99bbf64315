import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { ok, prepareApp, renderRouter, startFakeApi } from '@/test/helpers';
import RecordsPage from '../pages/records-page';

const day = (date: string, pairs: number, l: number, r: number) => ({
  date,
  left_before: 0,
  right_before: 0,
  left_added: l,
  right_added: r,
  pairs,
  consumed: pairs * 100,
  gross: pairs * 1000,
  paid: pairs * 1000,
  flushed: 0,
  left_carry: l - pairs * 100,
  right_carry: r - pairs * 100,
  currency: 'USD',
});
const api = await startFakeApi({
  '/attractive/duipeng/list': () =>
    ok({
      // The last day's bonus of 10.00 all went to repay a debt from a reversed commission: none of it reached the rewards.
      list: [day('2026-11-25', 1, 300, 100), day('2026-11-24', 3, 500, 400), { ...day('2026-11-23', 1, 100, 100), paid: 0, netted: 1000 }],
      total: 3,
      page: 1,
      limit: 20,
      has_more: false,
      sum_paid: 4000,
      currency: 'USD',
    }),
  '/attractive/user/pvChangeSet': () =>
    ok({ list: [], total: 0, page: 1, limit: 20, has_more: false, rules: { pair_unit: 100, rate_bp: 1000, pv_value: 100, daily_cap: 30000, currency: 'USD', time_zone: 'Asia/Kuala_Lumpur', placement_deadline_days: 7, commission_rates_bp: [500, 200] } }),
});

beforeAll(() => prepareApp());
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  useSession.getState().signIn('member-token', null);
});
afterEach(() => cleanup());

describe('the pair-bonus records', () => {
  it('say "1 pair" for a day of one pair and "3 pairs" for a day of three', async () => {
    renderRouter([{ path: paths.team.records, element: <RecordsPage /> }], paths.team.records);
    expect(await screen.findByText('1 pair from L 300 / R 100 PV')).toBeTruthy();
    expect(screen.getByText('3 pairs from L 500 / R 400 PV')).toBeTruthy();
  });

  it('tell what of a day\'s bonus went to repay an earlier reversal, on that day only', async () => {
    renderRouter([{ path: paths.team.records, element: <RecordsPage /> }], paths.team.records);
    const line = await screen.findByText(/went to repay an earlier reversal/);
    expect(line.textContent).toMatch(/^\$?\s?10\.00 went to repay an earlier reversal$/);
    expect(line.closest('[data-day]')?.getAttribute('data-day')).toBe('2026-11-23');
    expect(document.querySelectorAll('[data-day]')).toHaveLength(3);
    expect(screen.getAllByText(/went to repay/)).toHaveLength(1);
  });
});
