import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ResponseCode } from '@shop/contract/common';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { clearToasts, memberFixture, ok, prepareApp, renderRoutes, startFakeApi, toastText } from '@/test/helpers';
import RechargePage from '../pages/recharge-page';

// The top-up page offers the channels the server says can take money now. One that stops being
// able to (the last deposit address given out, a rate withdrawn) while the page is open is refused
// at create with its reason; the page then reads the channels again, the refused one is gone and
// the first one still offered is chosen, so the member can go on.

const online = { code: 'online', kind: 'online', name: 'Card', currencies: ['USD'], min: 100, max: 10_000_000 };
const usdt = { code: 'usdt', kind: 'crypto', name: 'USDT', currencies: ['USD'], min: 1000, max: 10_000_000 };
let stablecoinUsable = true;
const api = await startFakeApi({
  '/user/recharge/config': () =>
    ok({ wallet_currency: 'USD', currencies: ['USD'], channels: stablecoinUsable ? [online, usdt] : [online], collection_accounts: [], instalment_plans: [], crypto_networks: stablecoinUsable ? ['TRC20'] : [] }),
  '/attractive/currency/changeRatio': () => ok({ from: 'USD', to: 'USD', rate: '1', source: 'identity', date: '2026-12-01', amount: 5_000, converted: 5_000 }),
  '/coin/recharge/address': () => ok({ network: 'TRC20', address: 'TXYZ1234567890abcdefghijklmnopqrs', currency: 'USD', qr_code: 'data:image/png;base64,iVBORw0KGgo=' }),
  '/user/recharge/create': () => {
    // Meanwhile the pool ran out: no address can be given, so the channel cannot take money any more.
    stablecoinUsable = false;
    return { json: { code: ResponseCode.noCryptoAddress, msg: 'No deposit address is available for this network right now; please try again later', data: null } };
  },
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  useSession.getState().signIn('member-token', memberFixture({ has_pay_password: true }));
  stablecoinUsable = true;
  api.requests.length = 0;
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});

const channelChoices = () => within(screen.getByRole('radiogroup', { name: 'Channel' })).getAllByRole('radio');
const chosen = (name: string) => screen.getByRole('radio', { name }).getAttribute('aria-checked');

describe('top-up page: only channels that can take money', () => {
  it('a channel refused at create as unusable leaves the page, and the first channel still offered is chosen', async () => {
    renderRoutes({ [paths.wallet.recharge]: <RechargePage /> }, paths.wallet.recharge);
    await screen.findByRole('radio', { name: 'USDT (stablecoin)' });
    expect(channelChoices().map((c) => c.textContent)).toEqual(['Online payment (card, e-wallet)', 'USDT (stablecoin)']);
    fireEvent.click(screen.getByRole('radio', { name: 'USDT (stablecoin)' }));
    fireEvent.change(document.querySelector('input[name="amount"]')!, { target: { value: '50' } });
    fireEvent.change(await waitFor(() => document.querySelector('input[name="tx_hash"]')!), { target: { value: `0x${'ab'.repeat(32)}` } });
    fireEvent.click(screen.getByRole('button', { name: 'Top up' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));

    expect(await toastText(2_000)).toBe('No deposit address is available for this network right now; please try again later');
    // Read again: the stablecoin is no longer offered, and the card channel is chosen in its place.
    await waitFor(() => expect(screen.queryByRole('radio', { name: 'USDT (stablecoin)' })).toBeNull());
    expect(channelChoices().map((c) => c.textContent)).toEqual(['Online payment (card, e-wallet)']);
    await waitFor(() => expect(chosen('Online payment (card, e-wallet)')).toBe('true'));
    expect(within(screen.getByRole('radiogroup', { name: 'Currency' })).getByRole('radio', { name: 'USD' }).getAttribute('aria-checked')).toBe('true');
    expect(document.querySelector('input[name="tx_hash"]')).toBeNull();
    expect(api.requests.filter((r) => r.url.startsWith('/user/recharge/config'))).toHaveLength(2);
  });
});
