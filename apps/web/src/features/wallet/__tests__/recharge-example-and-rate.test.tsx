import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import { memberFixture, ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import RechargePage from '../pages/recharge-page';

// The amount field's example is an amount the channel takes: never above its maximum or below its
// minimum, in the currency's decimals and the member's number format. Paid in the wallet's own
// currency nothing is converted, so the page shows no rate ("1 USD = 1 USD").

let channel = { code: 'card', kind: 'online', name: 'Card', currencies: ['USD'], min: 100, max: 1_000_000 };
const api = await startFakeApi({
  '/user/recharge/config': () =>
    ok({ wallet_currency: 'USD', currencies: ['USD'], channels: [channel], collection_accounts: [], instalment_plans: [], crypto_networks: [] }),
  '/attractive/currency/changeRatio': () => ok({ from: 'USD', to: 'USD', rate: '1', source: 'identity', date: '2026-12-02', amount: null, converted: null }),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(async () => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  useSession.getState().signIn('member-token', memberFixture({ has_pay_password: true }));
  await act(() => i18n.changeLanguage('zh-tw'));
});
afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en-us'));
});

async function amountPlaceholder(): Promise<string> {
  renderRoutes({ [paths.wallet.recharge]: <RechargePage /> }, paths.wallet.recharge);
  await screen.findByText(/單筆/);
  await screen.findByText('金額 (USD)');
  return (document.querySelector('input[inputmode="decimal"]') as HTMLInputElement).placeholder;
}

describe('the top-up amount field', () => {
  it('gives an example within the channel’s limits (at most US$10,000.00)', async () => {
    channel = { ...channel, min: 100, max: 1_000_000 };
    const example = await amountPlaceholder();
    expect(example).not.toContain('10,000.50');
    expect(example).toBe('例如 10,000.00');
  });

  it('gives an example no smaller than the channel’s minimum', async () => {
    channel = { ...channel, min: 2_000_000, max: 5_000_000 };
    expect(await amountPlaceholder()).toBe('例如 20,000.00');
  });

  it('keeps the usual example when it lies within the limits, in the member’s format', async () => {
    channel = { ...channel, min: 100, max: 10_000_000 };
    await act(() => i18n.changeLanguage('hu'));
    renderRoutes({ [paths.wallet.recharge]: <RechargePage /> }, paths.wallet.recharge);
    await screen.findByText(/USD/);
    await screen.findByPlaceholderText(/10\s000,50/);
  });

  it('shows no rate when paid in the wallet’s own currency', async () => {
    channel = { ...channel, min: 100, max: 1_000_000 };
    await amountPlaceholder();
    // The quote of USD in USD has arrived by the time the page settles; it is not shown.
    await new Promise((r) => setTimeout(r, 300));
    expect(document.body.textContent).not.toMatch(/1 USD = 1 USD/);
    expect(screen.queryByText(/匯率/)).toBeNull();
  });
});
