import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { useLanguage } from '@/stores/language';
import { useSession } from '@/stores/session';
import { memberFixture, ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import PointsPage from '../pages/points-page';
import WalletPage from '../pages/wallet-page';

// Points are counts, written as the member writes numbers, as prices already are: "12,500" in
// English, "12 500" in Hungarian (a no-break space, which the screen's text reads as a space), never a bare "12500".

const line = (id: number, amount: number, balance_after: number) => ({ id, reason: 'order.points', reason_text: 'Earned on an order', amount, currency: 'XXX', balance_after, created_at: '2026-11-23T09:00:00.000Z' });
const api = await startFakeApi({
  '/user/wallet/asset': () =>
    ok({ display_currency: 'USD', cash: [{ currency: 'USD', available: 12_345, frozen: 0 }], points: 12_500, shopping_points: 1_045_000, gift_card: [], rewards: [], total: 12_345, rates: [{ currency: 'USD', rate: '1', source: 'fixed', date: '2026-11-23' }] }),
  '/user/wallet/pointsInfo': () => ok({ points: 12_500, shopping_points: 1_045_000, rules: [] }),
  '/user/wallet/pointsLog': () => ok({ list: [line(1, 10_000, 12_500)], total: 1, page: 1, limit: 10, has_more: false }),
  '/user/info/index': () => ok(memberFixture()),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  useSession.getState().signIn('member-token', memberFixture());
});
afterEach(async () => {
  cleanup();
  useLanguage.getState().setLang('en-us');
  await act(() => i18n.changeLanguage('en-us'));
});

const inLanguage = async (lang: 'en-us' | 'hu') => {
  useLanguage.getState().setLang(lang);
  await act(() => i18n.changeLanguage(lang));
};

describe('points balances', () => {
  it('are grouped as the member’s language groups numbers on the points page and its movements', async () => {
    renderRoutes({ [paths.wallet.points]: <PointsPage /> }, paths.wallet.points);
    expect((await screen.findByTestId('points-balance')).textContent).toBe('12,500');
    expect(await screen.findByText('+10,000')).toBeTruthy();
    expect(screen.getByText(/12,500$/, { selector: 'span' })).toBeTruthy();
  });

  it('in Hungarian on the wallet page', async () => {
    await inLanguage('hu');
    renderRoutes({ [paths.wallet.assets]: <WalletPage /> }, paths.wallet.assets);
    expect(await screen.findByText('12 500')).toBeTruthy();
    expect(screen.getByText('1 045 000')).toBeTruthy();
  });
});
