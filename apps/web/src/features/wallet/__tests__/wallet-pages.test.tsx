import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { i18n } from '@/lib/i18n';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { clearToasts, memberFixture, ok, prepareApp, startFakeApi, toastText, fieldRefusal } from '@/test/helpers';
import TransferListPage from '../pages/transfer-list-page';
import TransferPage from '../pages/transfer-page';
import WalletPage from '../pages/wallet-page';
import GiftCardsPage from '../pages/gift-cards-page';
import PointsPage from '../pages/points-page';
import RewardsPage from '../pages/rewards-page';
import RechargeListPage from '../pages/recharge-list-page';
import RechargePage from '../pages/recharge-page';
import BankCardEditPage from '../pages/bank-card-edit-page';
import BankCardsPage from '../pages/bank-cards-page';
import WithdrawListPage from '../pages/withdraw-list-page';
import WithdrawPage from '../pages/withdraw-page';

const assets = {
  display_currency: 'USD',
  cash: [
    { currency: 'USD', available: 12_345, frozen: 2_000 },
    { currency: 'MYR', available: 10_000, frozen: 0 },
  ],
  points: 320,
  shopping_points: 45,
  gift_card: [{ currency: 'USD', available: 5_000, frozen: 0 }],
  rewards: [],
  total: 16_475,
  rates: [
    { currency: 'USD', rate: '1', source: 'fixed', date: '2026-11-23' },
    { currency: 'MYR', rate: '0.2130', source: 'operator', date: '2026-11-23' },
  ],
};

const refused = (msg: string) => ({ json: { code: 4100, msg, data: null } });
let member = memberFixture({ has_pay_password: true, google_bound: true, real_name_status: 'approved' });
const transfer = { id: 31, transfer_no: 'T2611230031', direction: 'out', counterparty: 'L**', currency: 'MYR', amount: 1_250_050, fee: 0, remark: 'rent', created_at: '2026-11-23T10:00:00.000Z' };

const card = { id: 5, country_code: 'MY', bank_id: 11, bank_name: 'Maybank', branch_id: null, branch_name: null, holder_name: 'MIA TAN', account_masked: '****6789', currency: 'MYR', in_use: false, created_at: '2026-11-20T10:00:00.000Z' };
let cards = [card];
const withdrawal = {
  id: 41, withdraw_no: 'W2611230041', method: 'bank', status: 'pending', currency: 'MYR', amount: 10_000, fee: 300, bank_name: 'Maybank', account_masked: '****6789',
  network: null, address: null, reason: null, payout_reference: null, created_at: '2026-11-23T10:00:00.000Z', approved_at: null, paid_at: null, rejected_at: null, cancelled_at: null,
};
const banks = [
  { id: 11, country_code: 'MY', type: 'bank', name: 'Maybank', code: 'MBBEMYKL', has_branches: false, currency: 'MYR' },
  { id: 12, country_code: 'MY', type: 'bank', name: 'CIMB Bank', code: 'CIBBMYKL', has_branches: false, currency: 'MYR' },
];

const rechargeOrder = {
  id: 51, order_no: 'R2611230051', channel: 'usdt_trc20', kind: 'crypto', status: 'under_review', pay_currency: 'USD', pay_amount: 5_000, fee: 0, wallet_currency: 'USD', credit_amount: 5_000,
  rate: '1', rate_source: 'fixed', rate_date: '2026-11-23', instalments: null, slip: null, tx_hash: '0xabcdef0123456789abcdef', network: 'TRC20', reason: null, created_at: '2026-11-23T10:00:00.000Z', paid_at: null, expires_at: null,
};

const line = (id: number, reason_text: string, amount: number, balance_after: number, currency = 'XXX') => ({ id, reason: 'order.points', reason_text, amount, currency, balance_after, created_at: '2026-11-23T09:00:00.000Z' });
const giftCard = (id: number, code: string) => ({ id, code_masked: code, currency: 'USD', value: 2_500, remaining: 2_500, status: 'active', expires_at: '2027-06-30T00:00:00.000Z', received_from: null });
let giftCards = [giftCard(61, 'GC-****-1111'), giftCard(62, 'GC-****-2222')];
const noRewards = 'No rewards yet: rewards from your referrals will appear here.';
let rewardTotals: Array<{ currency: string; balance: number; earned: number }> = [];
const depositAddress = (network: string) => (network === 'ERC20' ? '0x9f8E7d6C5b4A39281706f5e4D3c2B1a098765432' : 'TXYZa1b2c3d4e5f6g7h8i9j0kLmNoPqRsT');

const api = await startFakeApi({
  '/user/wallet/pointsInfo': () => ok({ points: 320, shopping_points: 45, rules: ['Points are earned on paid orders.'] }),
  '/user/wallet/pointsLog': (req) =>
    new URL(req.url, 'http://x').searchParams.get('kind') === 'shopping_points'
      ? ok({ list: [line(3, 'Spent at checkout', -5, 45)], total: 1, page: 1, limit: 10, has_more: false })
      : ok({ list: [line(2, 'Earned on an order', 120, 320), line(1, 'Granted by the shop', 200, 200)], total: 2, page: 1, limit: 10, has_more: false }),
  '/attractive/reward/total': () => ok({ list: rewardTotals, empty_text: noRewards }),
  '/attractive/reward/toBalance': (req) => {
    const body = JSON.parse(req.body) as { currency: string; amount: string };
    const held = rewardTotals.find((r) => r.currency === body.currency)!;
    const amount = Math.round(Number(body.amount.replace(/,/g, '')) * 100);
    if (amount > held.balance) return refused(`This is more than your rewards balance of ${(held.balance / 100).toFixed(2)} ${body.currency}`);
    held.balance -= amount;
    return ok({ currency: body.currency, amount, rewards_balance: held.balance, cash_balance: 12_345 + amount });
  },
  '/attractive/reward/log': () => ok({ list: [], total: 0, page: 1, limit: 10, has_more: false, empty_text: 'No rewards yet: rewards from your referrals will appear here.' }),
  '/user/gift_card/list': (req) => ok({ list: new URL(req.url, 'http://x').searchParams.get('status') === 'active' ? giftCards : [], total: 2, page: 1, limit: 10, has_more: false }),
  '/user/gift_card/give': (req) => {
    const body = JSON.parse(req.body) as { card_ids?: number[]; count?: number };
    const ids = body.card_ids ?? giftCards.slice(0, body.count).map((c) => c.id);
    giftCards = giftCards.filter((c) => !ids.includes(c.id));
    return ok({ given: ids.length, card_ids: ids });
  },
  '/user/gift_card/redeem': (req) => {
    const { id } = JSON.parse(req.body) as { id: number };
    const card = giftCards.find((c) => c.id === id)!;
    giftCards = giftCards.filter((c) => c.id !== id);
    return ok({ card: { ...card, status: 'redeemed', remaining: 0 }, currency: card.currency, amount: card.remaining, cash_balance: 12_345 + card.remaining });
  },
  '/user/recharge/config': () =>
    ok({
      wallet_currency: 'USD',
      currencies: ['USD', 'MYR'],
      channels: [
        { code: 'bank_myr', kind: 'bank_transfer', name: 'Bank transfer', currencies: ['MYR'], min: 1_000, max: 10_000_000 },
        { code: 'usdt_trc20', kind: 'crypto', name: 'USDT', currencies: ['USD'], min: 1_000, max: 10_000_000 },
        { code: 'online_myr', kind: 'online', name: 'Online payment', currencies: ['MYR'], min: 1_000, max: 10_000_000 },
      ],
      collection_accounts: [{ id: 1, currency: 'MYR', bank_name: 'Maybank', account_name: 'Shop Sdn Bhd', account_number: '514012345678', branch: 'Kuala Lumpur' }],
      instalment_plans: [],
      crypto_networks: ['ERC20', 'TRC20'],
    }),
  '/attractive/currency/changeRatio': (req) => {
    const q = new URL(req.url, 'http://x').searchParams;
    const from = q.get('from')!;
    const rate = from === 'MYR' ? '0.2130' : '1';
    const amount = q.get('amount') ? Math.round(Number(q.get('amount')) * 100) : null;
    return ok({ from, to: 'USD', rate, source: 'operator', date: '2026-11-23', amount, converted: amount === null ? null : Math.round(amount * Number(rate)) });
  },
  '/coin/recharge/address': (req) => {
    const network = new URL(req.url, 'http://x').searchParams.get('network')!;
    return ok({ network, address: depositAddress(network), currency: 'USD', qr_code: 'data:image/png;base64,iVBORw0KGgo=' });
  },
  '/user/recharge/create': () => ok(rechargeOrder),
  '/user/recharge/orderList': () => ok({ list: [rechargeOrder], total: 1, page: 1, limit: 10, has_more: false }),
  '/user/wallet/asset': () => ok(assets),
  '/user/info/index': () => ok(member),
  '/user/transfer/info': (req) =>
    new URL(req.url, 'http://x').searchParams.get('account') === 'lee88'
      ? ok({ transfer: null, receiver: { masked_name: 'L**', matched_by: 'mobile', matched: '+60 123***788' } })
      : refused('No member with that user name, mobile or invitation code'),
  '/user/transfer/create': (req) => ((JSON.parse(req.body) as { amount: string }).amount === '99999' ? refused('Insufficient balance') : ok(transfer)),
  '/attractive/currency/withdrawChannel': () => ok({ list: [{ method: 'bank', currencies: ['MYR', 'USD'], networks: [] }, { method: 'crypto', currencies: ['USD'], networks: ['TRC20', 'ERC20'] }], cards }),
  '/attractive/currency/withdrawRatio': (req) =>
    new URL(req.url, 'http://x').searchParams.get('method') === 'transfer'
      ? ok({
          rules: [{ currency: 'MYR', method: 'transfer', fee_bp: 250, fee_fixed: 33, min: 100, max: 2_000_000, daily_count: 20, daily_amount: 4_000_000 }],
          quote: new URL(req.url, 'http://x').searchParams.get('amount') === '100' ? { amount: 10_000, fee: 283, total: 10_283 } : null,
        })
      : ok({
          rules: [{ currency: 'MYR', method: 'bank', fee_bp: 100, fee_fixed: 200, min: 5_000, max: 5_000_000, daily_count: 3, daily_amount: 10_000_000 }],
          quote: ((amount) => (amount === '100' ? { amount: 10_000, fee: 300, total: 10_300 } : amount === '20' ? { amount: 2_000, fee: 100, total: 2_100 } : null))(new URL(req.url, 'http://x').searchParams.get('amount')),
        }),
  '/user/withdraw/create': () => ok(withdrawal),
  '/coin/withdraw/create': () => ok({ ...withdrawal, id: 42, method: 'crypto', currency: 'USD', amount: 2_000, fee: 100, bank_name: null, account_masked: null, network: 'ERC20', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }),
  '/user/withdraw/list': () => ok({ list: [withdrawal, { ...withdrawal, id: 40, withdraw_no: 'W2611220040', status: 'rejected', reason: 'Name does not match', rejected_at: '2026-11-22T12:00:00.000Z' }], total: 2, page: 1, limit: 10, has_more: false }),
  '/user/bank_card/list': () => ok({ list: cards }),
  '/attractive/bankListByType': () => ok({ list: banks }),
  // The shop's country list, named in the member's language (the bank card page names its countries from it).
  '/attractive/countryCode': () =>
    ok([
      ['MY', 'Malaysia', '60'], ['CN', 'China', '86'], ['TW', 'Taiwan', '886'], ['TH', 'Thailand', '66'], ['ID', 'Indonesia', '62'], ['JP', 'Japan', '81'], ['KH', 'Cambodia', '855'],
    ].map(([code, name, pre]) => ({ code, name, pre }))),
  '/user/bank_card/create': (req) => {
    const body = JSON.parse(req.body) as { bank_id: number };
    const added = { ...card, id: 6, bank_id: body.bank_id, bank_name: 'CIMB Bank', account_masked: '****4321' };
    cards = [...cards, added];
    return ok(added);
  },
  '/user/bank_card/info': () => ok(cards[0]),
  '/user/bank_card/update': (req) => ok({ ...card, holder_name: (JSON.parse(req.body) as { holder_name: string }).holder_name }),
  '/user/bank_card/delete': (req) => {
    cards = cards.filter((c) => c.id !== (JSON.parse(req.body) as { id: number }).id);
    return ok({ ok: true });
  },
  '/user/transfer/list': () => ok({ list: [transfer, { ...transfer, id: 32, transfer_no: 'T2611230032', direction: 'in', counterparty: 'S**', amount: 500, remark: '' }], total: 2, page: 1, limit: 10, has_more: false }),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  member = memberFixture({ has_pay_password: true, google_bound: true, real_name_status: 'approved' });
  cards = [card];
  giftCards = [giftCard(61, 'GC-****-1111'), giftCard(62, 'GC-****-2222')];
  rewardTotals = [];
  useSession.getState().signIn('member-token', member);
  api.requests.length = 0;
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});

const type = (name: string, value: string) => fireEvent.change(document.querySelector(`input[name="${name}"]`)!, { target: { value } });
/** Whether Tab stops at the element. */
const tabStop = (el: HTMLElement) => {
  el.focus();
  return document.activeElement === el;
};
const sent = (path: string) => api.requests.filter((r) => r.url.startsWith(path));

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: paths.wallet.assets, element: <WalletPage /> },
      { path: paths.wallet.transfer, element: <TransferPage /> },
      { path: paths.wallet.transfers, element: <TransferListPage /> },
      { path: paths.wallet.withdraw, element: <WithdrawPage /> },
      { path: paths.wallet.withdrawals, element: <WithdrawListPage /> },
      { path: paths.wallet.bankCards, element: <BankCardsPage /> },
      { path: paths.wallet.points, element: <PointsPage /> },
      { path: paths.wallet.rewards, element: <RewardsPage /> },
      { path: paths.my.giftCards, element: <GiftCardsPage /> },
      { path: paths.wallet.recharge, element: <RechargePage /> },
      { path: paths.wallet.recharges, element: <RechargeListPage /> },
      { path: paths.wallet.bankCardEdit, element: <BankCardEditPage /> },
      { path: '*', element: <div>elsewhere</div> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('wallet page', () => {
  it('shows each balance with its frozen part, points, gift cards and the total with the rate used', async () => {
    renderAt(paths.wallet.assets);
    expect(await screen.findByText('$164.75')).toBeTruthy();
    expect(screen.getByText('Total assets (USD)')).toBeTruthy();
    expect(screen.getByText('1 MYR = 0.213 USD (rate of Nov 23, 2026)')).toBeTruthy();
    expect(screen.getByText('$123.45')).toBeTruthy();
    expect(screen.getByText('$20.00')).toBeTruthy();
    expect(screen.getByText(/^RM\s100\.00$/)).toBeTruthy();
    expect(screen.getByText('320')).toBeTruthy();
    expect(screen.getByText('45')).toBeTruthy();
    expect(screen.getByText('$50.00')).toBeTruthy();
    expect(screen.getByText(/held for withdrawals under review/)).toBeTruthy();
  });

  it('leads to the wallet actions', async () => {
    const router = renderAt(paths.wallet.assets);
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    expect(router.state.location.pathname).toBe(paths.wallet.withdraw);
  });

  it('the top-up, withdraw and transfer pages lead to their records by the page header’s link, a 44 px tap target', async () => {
    for (const [page, records] of [[paths.wallet.recharge, paths.wallet.recharges], [paths.wallet.withdraw, paths.wallet.withdrawals], [paths.wallet.transfer, paths.wallet.transfers]] as const) {
      const router = renderAt(page);
      const link = await screen.findByRole('button', { name: 'Records' });
      expect(link.className, page).toBe('page-header-link');
      fireEvent.click(link);
      expect(router.state.location.pathname).toBe(records);
      cleanup();
    }
  });
});

describe('transfer page', () => {
  it('names the first missing field, then refuses an unknown receiver without sending', async () => {
    renderAt(paths.wallet.transfer);
    await screen.findByRole('option', { name: 'MYR' }).catch(() => screen.findByText('MYR'));
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await fieldRefusal()).toBe('Please enter Receiver');
    await clearToasts();
    type('account', 'nobody');
    type('amount', '12.345');
    type('pay_password', '123456');
    type('google_code', '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await fieldRefusal()).toBe('Please enter the amount like 10,000.50, with up to 2 decimals');
    await clearToasts();
    type('amount', '12,500.50');
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await toastText()).toBe('No member with that user name, mobile or invitation code');
    expect(sent('/user/transfer/create')).toHaveLength(0);
  });

  it('after a refusal the corrected transfer is a new request with its own key', async () => {
    const router = renderAt(paths.wallet.transfer);
    await screen.findByText('MYR');
    type('account', 'lee88');
    type('amount', '99,999');
    type('pay_password', '123456');
    type('google_code', '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await toastText()).toBe('Insufficient balance');
    await clearToasts();
    await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());
    type('amount', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.wallet.transfers));
    const [refusedOne, sentOne] = sent('/user/transfer/create');
    expect(JSON.parse(sentOne!.body).amount).toBe('10');
    expect(sentOne!.headers['idempotency-key']).not.toBe(refusedOne!.headers['idempotency-key']);
  });

  it('asks for the authenticator code once one is bound', async () => {
    renderAt(paths.wallet.transfer);
    await screen.findByText('MYR');
    type('account', 'lee88');
    type('amount', '10');
    type('pay_password', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await fieldRefusal()).toBe('Please enter Google code');
  });

  it('shows the receiver, confirms, sends once with an idempotency key and lists the transfer', async () => {
    const router = renderAt(paths.wallet.transfer);
    await screen.findByText('MYR');
    fireEvent.click(screen.getByText('MYR'));
    type('account', 'lee88');
    expect(await screen.findByText('Receiver: L**')).toBeTruthy();
    // Which identifier named the receiver, masked, for the sender to check.
    expect(screen.getByText('· phone +60 123***788')).toBeTruthy();
    type('amount', '12,500.50');
    type('remark', 'rent');
    type('pay_password', '123456');
    type('google_code', '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Send RM 12,500.50 to L**?')).toBeTruthy();
    expect(screen.getAllByText('phone +60 123***788')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.wallet.transfers));
    expect(await toastText()).toBe('RM\u00a012,500.50 sent to L**');
    const [create] = sent('/user/transfer/create');
    // The member's "12,500.50" goes out in the API's format.
    expect(JSON.parse(create!.body)).toEqual({ account: 'lee88', amount: '12500.50', currency: 'MYR', remark: 'rent', pay_password: '123456', google_code: '654321' });
    expect(create!.headers['idempotency-key']).toBeTruthy();
    expect(await screen.findByText('To L**')).toBeTruthy();
    expect(screen.getByText('From S**')).toBeTruthy();
    expect(screen.getByText(/^-RM\s12,500\.50$/)).toBeTruthy();
    expect(screen.getByText(/^RM\s5\.00$/)).toBeTruthy();
    await act(async () => {});
  });
});

describe('transfer fee', () => {
  it('shows the fee and what leaves the balance for the amount typed, and states them before the member confirms', async () => {
    const router = renderAt(paths.wallet.transfer);
    await screen.findByText('MYR');
    fireEvent.click(screen.getByText('MYR'));
    type('account', 'lee88');
    expect(await screen.findByText(/^2\.5% \+ RM\s0\.33$/)).toBeTruthy();
    type('amount', '100');
    await waitFor(() => expect(screen.getByTestId('transfer-fee').textContent).toBe('RM\u00a02.83'));
    expect(screen.getByText(/^RM\s102\.83$/)).toBeTruthy();
    type('pay_password', '123456');
    type('google_code', '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Send RM 100.00 to L**?')).toBeTruthy();
    expect(screen.getByText(/^Fee RM\s2\.83; RM\s102\.83 leaves your balance\.$/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.wallet.transfers));
    expect(sent('/attractive/currency/withdrawRatio').some((r) => new URL(r.url, 'http://x').searchParams.get('method') === 'transfer')).toBe(true);
    expect(sent('/user/transfer/create')).toHaveLength(1);
  });
});

describe('withdraw page', () => {
  it('shows the fee of the amount typed, confirms with it and asks for the withdrawal once', async () => {
    member = memberFixture({ has_pay_password: true, google_bound: false, real_name_status: 'approved' });
    useSession.getState().signIn('member-token', member);
    const router = renderAt(paths.wallet.withdraw);
    expect(await screen.findByText('Maybank ****6789')).toBeTruthy();
    expect(await screen.findByText(/^1% \+ RM\s2\.00$/)).toBeTruthy();
    type('amount', '100');
    await waitFor(() => expect(screen.getByTestId('withdraw-fee').textContent).toBe('RM\u00a03.00'));
    expect(screen.getByText(/^RM\s103\.00$/)).toBeTruthy();
    type('pay_password', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Withdraw RM 100.00 to Maybank ****6789?')).toBeTruthy();
    expect(screen.getByText(/^Fee RM\s3\.00; RM\s103\.00 leaves your balance\.$/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.wallet.withdrawals));
    expect(await toastText()).toBe('Withdrawal submitted for review');
    const [create] = sent('/user/withdraw/create');
    expect(JSON.parse(create!.body)).toEqual({ bank_card_id: 5, amount: '100', currency: 'MYR', pay_password: '123456' });
    expect(create!.headers['idempotency-key']).toBeTruthy();
    expect(await screen.findByText('Under review')).toBeTruthy();
    expect(screen.getByText('Rejected')).toBeTruthy();
    expect(screen.getByText('Reason: Name does not match')).toBeTruthy();
  });

  it('withdraws to a stablecoin address on the network chosen, with its fee', async () => {
    member = memberFixture({ has_pay_password: true, google_bound: false, real_name_status: 'approved' });
    useSession.getState().signIn('member-token', member);
    const router = renderAt(paths.wallet.withdraw);
    fireEvent.click(await screen.findByText('To a stablecoin address'));
    fireEvent.click(await screen.findByText('ERC20'));
    type('address', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    type('amount', '20');
    await waitFor(() => expect(screen.getByTestId('crypto-fee').textContent).toBe('$1.00'));
    type('pay_password', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Fee $1.00; $21.00 leaves your balance.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.wallet.withdrawals));
    const [create] = sent('/coin/withdraw/create');
    expect(JSON.parse(create!.body)).toEqual({ network: 'ERC20', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', amount: '20', currency: 'USD', pay_password: '123456' });
    expect(create!.headers['idempotency-key']).toBeTruthy();
    expect(sent('/user/withdraw/create')).toHaveLength(0);
  });

  it('refuses an address that is not of the chosen network under its field, and sends nothing until it is', async () => {
    member = memberFixture({ has_pay_password: true, google_bound: false, real_name_status: 'approved' });
    useSession.getState().signIn('member-token', member);
    renderAt(paths.wallet.withdraw);
    fireEvent.click(await screen.findByText('To a stablecoin address'));
    fireEvent.click(await screen.findByText('ERC20'));
    const address = () => document.querySelector<HTMLInputElement>('input[name="address"]')!;
    type('amount', '20');
    type('pay_password', '123456');
    const refusedWith = async (typed: string, words: string) => {
      type('address', typed);
      fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
      await waitFor(() => expect(address().getAttribute('aria-invalid')).toBe('true'));
      // The words under the field, which describe it.
      expect(await fieldRefusal()).toBe(words);
      expect(document.getElementById(address().getAttribute('aria-describedby')!)!.textContent).toBe(words);
      expect(document.activeElement).toBe(address());
    };
    // A Tron address on Ethereum, then an Ethereum address with one letter's case changed.
    await refusedWith('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'This is not an Ethereum or BNB Chain address: it is 0x followed by 40 hexadecimal digits');
    await refusedWith('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', 'This address’s upper and lower case letters do not match its checksum: please copy it again from your wallet');
    // On TRC20 an Ethereum address is refused in the words of that network.
    fireEvent.click(screen.getByText('TRC20'));
    await refusedWith('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'This is not a TRC20 (Tron) address: it is 34 letters and digits starting with T');
    expect(sent('/coin/withdraw/create')).toHaveLength(0);
    // The right address of the network clears the mark, and the withdrawal can be confirmed.
    type('address', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(address().getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sent('/coin/withdraw/create')).toHaveLength(1));
    expect(JSON.parse(sent('/coin/withdraw/create')[0]!.body)).toMatchObject({ network: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' });
  });

  it('by keyboard: the bank card and the stablecoin network are named groups of radios Tab reaches', async () => {
    renderAt(paths.wallet.withdraw);
    // Read afresh each time: the page may draw its choices again as its data settles.
    const cardChoice = async () => within(await screen.findByRole('radiogroup', { name: 'Bank card' })).getByRole('radio', { name: /^Maybank \*{4}6789/ });
    expect(within(await cardChoice()).getByText('MIA TAN · MYR')).toBeTruthy();
    expect(tabStop(await cardChoice())).toBe(true);
    fireEvent.click(await cardChoice());
    await waitFor(async () => expect((await cardChoice()).getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(screen.getByText('To a stablecoin address'));
    const network = async (name: string) => within(await screen.findByRole('radiogroup', { name: 'Network' })).getByRole('radio', { name });
    expect(tabStop(await network('ERC20'))).toBe(true);
    fireEvent.click(await network('ERC20'));
    await waitFor(async () => expect((await network('ERC20')).getAttribute('aria-checked')).toBe('true'));
    expect((await network('TRC20')).getAttribute('aria-checked')).toBe('false');
  });

  it('sends a member without a bank card to add one', async () => {
    cards = [];
    const router = renderAt(paths.wallet.withdraw);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a bank card' }));
    expect(router.state.location.pathname).toBe(paths.wallet.bankCardEdit);
  });
});

describe('bank card pages', () => {
  it('by keyboard: the country, the kind and the bank are named groups of radios Tab reaches', async () => {
    renderAt(paths.wallet.bankCardEdit);
    const countries = await screen.findByRole('radiogroup', { name: 'Country' });
    expect((await within(countries).findByRole('radio', { name: 'Malaysia' })).getAttribute('aria-checked')).toBe('true');
    expect(tabStop(within(countries).getByRole('radio', { name: 'Thailand' }))).toBe(true);
    const kinds = screen.getByRole('radiogroup', { name: 'Kind' });
    expect(within(kinds).getByRole('radio', { name: 'Bank' }).getAttribute('aria-checked')).toBe('true');
    expect(tabStop(within(kinds).getByRole('radio', { name: 'E-wallet' }))).toBe(true);
    const cimb = within(await screen.findByRole('radiogroup', { name: 'Bank' })).getByRole('radio', { name: 'CIMB Bank' });
    expect(tabStop(cimb)).toBe(true);
    fireEvent.click(cimb);
    expect(cimb.getAttribute('aria-checked')).toBe('true');
  });

  it('adds a card of a bank of the chosen country, then deletes one after asking', async () => {
    const router = renderAt(paths.wallet.bankCardEdit);
    fireEvent.click(await screen.findByText('CIMB Bank'));
    type('holder_name', 'MIA TAN');
    fireEvent.click(screen.getByRole('button', { name: 'Save bank card' }));
    expect(await fieldRefusal()).toBe('Please enter Account number');
    await clearToasts();
    type('account_number', '1234 5678 4321');
    type('pay_password', '123456');
    type('google_code', '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Save bank card' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.wallet.bankCards));
    const [create] = sent('/user/bank_card/create');
    // A Malaysian bank's card starts in ringgit, its country's currency.
    expect(JSON.parse(create!.body)).toMatchObject({ bank_id: 12, holder_name: 'MIA TAN', account_number: '123456784321', currency: 'MYR', pay_password: '123456', google_code: '654321' });
    expect(sent('/attractive/bankListByType')[0]!.url).toContain('country_code=MY');
    expect(await screen.findByText('****4321')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' })[0]!);
    expect(await screen.findByText('Delete Maybank ****6789?')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
    await waitFor(() => expect(screen.queryByText('****6789')).toBeNull());
    expect(JSON.parse(sent('/user/bank_card/delete')[0]!.body)).toEqual({ id: 5 });
  });
});

describe('recharge page', () => {
  it('shows the collection account and today\'s rate, and asks for the slip of a bank transfer', async () => {
    renderAt(paths.wallet.recharge);
    expect(await screen.findByText('514012345678')).toBeTruthy();
    expect(screen.getByText('Shop Sdn Bhd')).toBeTruthy();
    type('amount', '100');
    await waitFor(() => expect(screen.getByTestId('recharge-credit').textContent).toBe('$21.30'));
    // The rate's day is said once, by its title; paid in ringgit, the limits are of the dollars credited.
    expect(screen.getByText('Rate of Nov 23, 2026')).toBeTruthy();
    expect(screen.getByText('1 MYR = 0.213 USD')).toBeTruthy();
    expect(screen.getByText('From $10.00 to $100,000.00 after conversion')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Top up' }));
    expect(await toastText()).toBe('Please upload the transfer slip');
    expect(sent('/user/recharge/create')).toHaveLength(0);
  });

  it('shows the stablecoin deposit address and sends the transaction hash once, then lists the top-up', async () => {
    const router = renderAt(paths.wallet.recharge);
    fireEvent.click(await screen.findByText('USDT'));
    expect(await screen.findByText('TXYZa1b2c3d4e5f6g7h8i9j0kLmNoPqRsT')).toBeTruthy();
    expect(screen.getByAltText('QR code of the deposit address')).toBeTruthy();
    type('amount', '50');
    type('tx_hash', '0xabcdef0123456789abcdef');
    fireEvent.click(screen.getByRole('button', { name: 'Top up' }));
    expect(await screen.findByText('Top up $50.00 through USDT (TRC20)?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.wallet.recharges));
    expect(await toastText()).toBe('Top-up submitted for review');
    const [create] = sent('/user/recharge/create');
    expect(JSON.parse(create!.body)).toEqual({ channel: 'usdt_trc20', amount: '50', currency: 'USD', network: 'TRC20', tx_hash: '0xabcdef0123456789abcdef' });
    expect(sent('/coin/recharge/address')[0]!.url).toContain('network=TRC20');
    expect(create!.headers['idempotency-key']).toBeTruthy();
    expect(await screen.findByText('Under review')).toBeTruthy();
    // Sent for review, not yet paid into the wallet.
    expect(screen.getByText('Sent $50.00')).toBeTruthy();
    expect(screen.getByText('usdt_trc20 · TRC20')).toBeTruthy();
  });
});

describe('recharge page networks', () => {
  it('lets the member choose the stablecoin network: its own deposit address is shown and the network is sent', async () => {
    const router = renderAt(paths.wallet.recharge);
    fireEvent.click(await screen.findByText('USDT'));
    expect(await screen.findByText('TXYZa1b2c3d4e5f6g7h8i9j0kLmNoPqRsT')).toBeTruthy();
    expect(screen.getByText('Deposit address (TRC20)')).toBeTruthy();
    fireEvent.click(screen.getByText('ERC20'));
    expect(await screen.findByText('0x9f8E7d6C5b4A39281706f5e4D3c2B1a098765432')).toBeTruthy();
    expect(screen.getByText('Deposit address (ERC20)')).toBeTruthy();
    expect(screen.queryByText('TXYZa1b2c3d4e5f6g7h8i9j0kLmNoPqRsT')).toBeNull();
    type('amount', '50');
    type('tx_hash', '0xabcdef0123456789abcdef');
    fireEvent.click(screen.getByRole('button', { name: 'Top up' }));
    expect(await screen.findByText('Top up $50.00 through USDT (ERC20)?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.wallet.recharges));
    const [create] = sent('/user/recharge/create');
    expect(JSON.parse(create!.body)).toEqual({ channel: 'usdt_trc20', amount: '50', currency: 'USD', network: 'ERC20', tx_hash: '0xabcdef0123456789abcdef' });
  });

  it('sends no network with a bank transfer', async () => {
    renderAt(paths.wallet.recharge);
    expect(await screen.findByText('514012345678')).toBeTruthy();
    expect(screen.queryByText('ERC20')).toBeNull();
  });
});

describe('points, rewards and gift cards', () => {
  it('lists points movements with reason and balance after, and shopping points on their tab', async () => {
    renderAt(paths.wallet.points);
    expect(await screen.findByText('Earned on an order')).toBeTruthy();
    expect(screen.getByText('+120')).toBeTruthy();
    expect(screen.getByText('Balance 320')).toBeTruthy();
    expect(screen.getByTestId('points-balance').textContent).toBe('320');
    expect(screen.getByText('Points are earned on paid orders.')).toBeTruthy();
    fireEvent.click(screen.getByText('Shopping points'));
    expect(await screen.findByText('Spent at checkout')).toBeTruthy();
    expect(screen.getByText('-5')).toBeTruthy();
    expect(screen.getByTestId('points-balance').textContent).toBe('45');
  });

  it('says there are no rewards yet in the server\'s words', async () => {
    renderAt(paths.wallet.rewards);
    expect(await screen.findByText('No rewards yet: rewards from your referrals will appear here.')).toBeTruthy();
  });

  it('moves rewards to the cash balance after asking, says what moved and what is left, and refuses more than there is in the server\'s words', async () => {
    rewardTotals = [{ currency: 'USD', balance: 7_450, earned: 10_000 }];
    renderAt(paths.wallet.rewards);
    expect(await screen.findByText('Rewards available: $74.50')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Move to balance' }));
    expect(await fieldRefusal()).toBe('Please enter Amount');
    await clearToasts();
    type('amount', '80');
    fireEvent.click(screen.getByRole('button', { name: 'Move to balance' }));
    expect(await screen.findByText('Move $80.00 of rewards to your USD balance?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await toastText()).toBe('This is more than your rewards balance of 74.50 USD');
    await clearToasts();
    await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());
    type('amount', '25.50');
    fireEvent.click(screen.getByRole('button', { name: 'Move to balance' }));
    expect(await screen.findByText('Move $25.50 of rewards to your USD balance?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await toastText()).toBe('$25.50 moved to your balance; rewards left $49.00');
    expect(await screen.findByText('Rewards available: $49.00')).toBeTruthy();
    const moves = sent('/attractive/reward/toBalance');
    expect(moves.map((m) => JSON.parse(m.body))).toEqual([{ currency: 'USD', amount: '80' }, { currency: 'USD', amount: '25.50' }]);
    // The refusal was an answer: the corrected move is another request, with a key of its own.
    expect(moves[1]!.headers['idempotency-key']).toBeTruthy();
    expect(moves[1]!.headers['idempotency-key']).not.toBe(moves[0]!.headers['idempotency-key']);
    // "All" fills in the whole balance.
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect((document.querySelector('input[name="amount"]') as HTMLInputElement).value).toBe('49.00');
  });

  it('offers no move when there are no rewards', async () => {
    renderAt(paths.wallet.rewards);
    expect(await screen.findByText(noRewards)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Move to balance' })).toBeNull();
  });

  it('adds a gift card\'s remaining value to the balance after asking; the card leaves the usable list', async () => {
    renderAt(paths.my.giftCards);
    expect(await screen.findByText('GC-****-1111')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add GC-****-1111 to balance' }));
    expect(await screen.findByText('Add the remaining $25.00 of GC-****-1111 to your balance? The card will be used up.')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Add to balance' }).at(-1)!);
    expect(await toastText()).toBe('$25.00 added to your balance');
    await waitFor(() => expect(screen.queryByText('GC-****-1111')).toBeNull());
    const [redeem] = sent('/user/gift_card/redeem');
    expect(JSON.parse(redeem!.body)).toEqual({ id: 61 });
    expect(redeem!.headers['idempotency-key']).toBeTruthy();
    expect(screen.getByText('GC-****-2222')).toBeTruthy();
  });

  it('gives a number of cards of one value: an empty count is refused with the spec\'s words, then the count is sent', async () => {
    member = memberFixture({ has_pay_password: true, google_bound: false, real_name_status: 'approved' });
    useSession.getState().signIn('member-token', member);
    renderAt(paths.my.giftCards);
    expect(await screen.findByText('GC-****-2222')).toBeTruthy();
    fireEvent.click(screen.getByText('Give a number of cards'));
    expect(await screen.findByText('$25.00 (2 usable)')).toBeTruthy();
    type('account', 'lee88');
    type('pay_password', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Give gift cards' }));
    expect(await fieldRefusal()).toBe('Gift card count required');
    expect(sent('/user/gift_card/give')).toHaveLength(0);
    await clearToasts();
    type('count', '2');
    fireEvent.click(screen.getByRole('button', { name: 'Give gift cards' }));
    expect(await screen.findByText('Give 2 gift card(s) of $25.00 to lee88?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await toastText()).toBe('2 gift card(s) given');
    const [give] = sent('/user/gift_card/give');
    expect(JSON.parse(give!.body)).toEqual({ account: 'lee88', count: 2, value: 2_500, currency: 'USD', pay_password: '123456' });
    await waitFor(() => expect(screen.queryByText('GC-****-2222')).toBeNull());
  });

  it('by keyboard: how to give and the value given are named groups of radios Tab reaches', async () => {
    renderAt(paths.my.giftCards);
    const modes = await screen.findByRole('radiogroup', { name: 'Give gift cards' });
    expect(within(modes).getByRole('radio', { name: 'Choose cards' }).getAttribute('aria-checked')).toBe('true');
    const byCount = within(modes).getByRole('radio', { name: 'Give a number of cards' });
    expect(tabStop(byCount)).toBe(true);
    fireEvent.click(byCount);
    expect(byCount.getAttribute('aria-checked')).toBe('true');
    const value = within(await screen.findByRole('radiogroup', { name: 'Cards of' })).getByRole('radio', { name: '$25.00 (2 usable)' });
    expect(value.getAttribute('aria-checked')).toBe('true');
    expect(tabStop(value)).toBe(true);
  });

  it('gives the chosen gift cards to another member after asking', async () => {
    member = memberFixture({ has_pay_password: true, google_bound: false, real_name_status: 'approved' });
    useSession.getState().signIn('member-token', member);
    renderAt(paths.my.giftCards);
    expect(await screen.findByText('GC-****-2222')).toBeTruthy();
    type('account', 'lee88');
    type('pay_password', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Give gift cards' }));
    expect(await toastText()).toBe('Gift card count required');
    await clearToasts();
    fireEvent.click(screen.getByText('GC-****-2222'));
    expect(await screen.findByText('Give the 1 chosen card(s)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Give gift cards' }));
    expect(await screen.findByText('Give 1 gift card(s) to lee88?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByText('GC-****-2222')).toBeNull());
    expect(await toastText()).toBe('1 gift card(s) given');
    const [give] = sent('/user/gift_card/give');
    expect(JSON.parse(give!.body)).toEqual({ account: 'lee88', card_ids: [62], pay_password: '123456' });
    expect(give!.headers['idempotency-key']).toBeTruthy();
  });
});

describe('editing a bank card', () => {
  it('fills the form with the card, asks for the account number again and saves it under its id', async () => {
    member = memberFixture({ has_pay_password: true, google_bound: false, real_name_status: 'approved' });
    useSession.getState().signIn('member-token', member);
    const router = renderAt(paths.wallet.bankCards);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Edit' }))[0]!);
    await waitFor(() => expect((document.querySelector('input[name="holder_name"]') as HTMLInputElement | null)?.value).toBe('MIA TAN'));
    expect(router.state.location.search).toBe('?id=5');
    type('pay_password', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Save bank card' }));
    expect(await fieldRefusal()).toBe('Please enter Account number');
    type('account_number', '9876543210');
    fireEvent.click(screen.getByRole('button', { name: 'Save bank card' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.wallet.bankCards));
    const [update] = sent('/user/bank_card/update');
    expect(JSON.parse(update!.body)).toEqual({ id: 5, bank_id: 11, holder_name: 'MIA TAN', account_number: '9876543210', currency: 'MYR', pay_password: '123456' });
  });
});

describe('a confirmation states the quote of the amount confirmed', () => {
  it('never shows the credit of an amount typed before, on the page or in the top-up dialog', async () => {
    renderAt(paths.wallet.recharge);
    fireEvent.click(await screen.findByText('Online payment'));
    type('amount', '20');
    await waitFor(() => expect(screen.getByTestId('recharge-credit').textContent).toBe('$4.26'));
    // 750 typed and Top up tapped at once, before the look-up as one types has asked for 750.
    type('amount', '750');
    expect(screen.queryByTestId('recharge-credit')).toBeNull();
    expect(screen.getByTestId('recharge-credit-pending')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Top up' }));
    expect(await screen.findByText('$159.75 will be credited (rate 0.213).')).toBeTruthy();
    expect(screen.getByText('Top up RM 750.00 through Online payment?')).toBeTruthy();
    expect(screen.queryByText(/\$4\.26/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(sent('/user/recharge/create')).toHaveLength(0);
  });

  it('never shows the fee of an amount typed before, on the page or in the withdrawal dialog', async () => {
    member = memberFixture({ has_pay_password: true, google_bound: false, real_name_status: 'approved' });
    useSession.getState().signIn('member-token', member);
    renderAt(paths.wallet.withdraw);
    expect(await screen.findByText(/^1% \+ RM\s2\.00$/)).toBeTruthy();
    type('pay_password', '123456');
    type('amount', '20');
    await waitFor(() => expect(screen.getByTestId('withdraw-fee').textContent).toBe('RM\u00a01.00'));
    type('amount', '100');
    expect(screen.queryByTestId('withdraw-fee')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText(/^Fee RM\s3\.00; RM\s103\.00 leaves your balance\.$/)).toBeTruthy();
    expect(screen.queryByText(/^Fee RM\s1\.00/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(sent('/user/withdraw/create')).toHaveLength(0);
  });
});

describe('amounts in the member\'s own number format', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en-us');
  });

  it('reads "10,50" in Hungarian as ten and a half and sends "10.50"; "1,050" is refused with the format expected', async () => {
    await i18n.changeLanguage('hu');
    renderAt(paths.wallet.recharge);
    fireEvent.click(await screen.findByText('USDT'));
    const amount = document.querySelector<HTMLInputElement>('input[name="amount"]')!;
    expect(amount.placeholder).toBe('pl. 10\u00a0000,50');
    type('tx_hash', '0xabcdef0123456789abcdef');
    type('amount', '1,050');
    fireEvent.click(screen.getByRole('button', { name: i18n.t('wallet.action.recharge') }));
    expect(await fieldRefusal()).toBe('Az összeget így adja meg: 10\u00a0000,50 (legfeljebb 2 tizedesjegy)');
    expect(document.querySelector('.adm-dialog')).toBeNull();
    await clearToasts();
    type('amount', '10,50');
    fireEvent.click(screen.getByRole('button', { name: i18n.t('wallet.action.recharge') }));
    expect(await screen.findByText(i18n.t('wallet.recharge.confirm', { amount: '10,50 $', channel: 'USDT (TRC20)' }))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: i18n.t('wallet.action.confirm') }));
    await waitFor(() => expect(sent('/user/recharge/create')).toHaveLength(1));
    expect(JSON.parse(sent('/user/recharge/create')[0]!.body).amount).toBe('10.50');
  });

  it('reads "1.000,50" in Indonesian as a thousand and a half and sends "1000.50"', async () => {
    await i18n.changeLanguage('id');
    renderAt(paths.wallet.transfer);
    await screen.findByText('MYR');
    type('account', 'lee88');
    type('amount', '1.000,50');
    type('pay_password', '123456');
    type('google_code', '654321');
    fireEvent.click(screen.getByRole('button', { name: i18n.t('wallet.action.transfer') }));
    expect(await screen.findByText(i18n.t('wallet.transfer.confirm', { amount: '$1.000,50', name: 'L**' }))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: i18n.t('wallet.action.confirm') }));
    await waitFor(() => expect(sent('/user/transfer/create')).toHaveLength(1));
    expect(JSON.parse(sent('/user/transfer/create')[0]!.body).amount).toBe('1000.50');
  });
});
