import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ResponseCode } from '@shop/contract/common';
import { formatAmount } from '@/components/amount';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { clearToasts, memberFixture, ok, prepareApp, renderRoutes, startFakeApi, toastText, untilGone } from '@/test/helpers';
import TransferInfoPage from '../pages/transfer-info-page';
import TransferListPage from '../pages/transfer-list-page';
import WithdrawInfoPage from '../pages/withdraw-info-page';
import WithdrawListPage from '../pages/withdraw-list-page';

// The withdrawal and transfer record pages, opened from their lists: states with their times.

const withdrawal = {
  id: 7, withdraw_no: 'W2611230007', method: 'bank', status: 'paid', currency: 'USD', amount: 2_000, fee: 120, bank_name: 'Maybank', account_masked: '**** 5678', network: null, address: null,
  reason: null, payout_reference: 'MBB-778899', created_at: '2026-11-23T08:00:00.000Z', approved_at: '2026-11-23T09:30:00.000Z', paid_at: '2026-11-23T11:15:00.000Z', rejected_at: null, cancelled_at: null,
};
const pending = { ...withdrawal, id: 8, withdraw_no: 'W2611230008', status: 'pending', payout_reference: null, approved_at: null, paid_at: null };
const rejected = { ...withdrawal, id: 9, withdraw_no: 'W2611230009', status: 'rejected', payout_reference: null, approved_at: null, paid_at: null, rejected_at: '2026-11-23T10:00:00.000Z', reason: 'Name does not match the bank' };
const transfer = { id: 31, transfer_no: 'T2611230031', direction: 'in', counterparty: 'm***1', currency: 'USD', amount: 1_250, fee: 0, remark: 'Dinner', created_at: '2026-11-23T12:00:00.000Z' };
// 10 is pending when the page opens but an operator approves it before the member's cancel arrives.
const decidedMeanwhile = { ...pending, id: 10, withdraw_no: 'W2611230010' };
// 11 was approved, then its payout bounced and the shop rejected it before marking it paid.
const bounced = { ...withdrawal, id: 11, withdraw_no: 'W2611230011', status: 'rejected', payout_reference: null, paid_at: null, rejected_at: '2026-11-23T12:00:00.000Z', reason: 'The bank returned the payout' };
const initial: Record<number, unknown> = { 7: withdrawal, 8: pending, 9: rejected, 10: decidedMeanwhile, 11: bounced };
let byId: Record<number, unknown> = { ...initial };

const api = await startFakeApi({
  '/user/withdraw/list': () => ok({ list: [withdrawal, pending], total: 2, page: 1, limit: 20, has_more: false }),
  '/user/withdraw/info': (req) => {
    const found = byId[Number(new URL(req.url, 'http://x').searchParams.get('id'))];
    return found ? ok(found) : { json: { code: ResponseCode.withdrawalNotFound, msg: 'Withdrawal not found', data: null } };
  },
  '/user/withdraw/cancel': (req) => {
    const { id } = JSON.parse(req.body) as { id: number };
    if (id === 10) {
      byId[10] = { ...decidedMeanwhile, status: 'approved', approved_at: '2026-11-23T09:00:00.000Z' };
      return { json: { code: ResponseCode.withdrawalNotPending, msg: 'This withdrawal has already been decided and can no longer be cancelled', data: null } };
    }
    byId[id] = { ...pending, status: 'cancelled', cancelled_at: '2026-11-23T09:05:00.000Z' };
    return ok(byId[id]);
  },
  '/user/transfer/list': () => ok({ list: [transfer], total: 1, page: 1, limit: 20, has_more: false }),
  '/user/transfer/info': () => ok({ transfer, receiver: null }),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  useSession.getState().signIn('member-token', memberFixture());
  api.requests.length = 0;
  byId = { ...initial };
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});

const renderAt = (path: string) =>
  renderRoutes(
    {
      [paths.wallet.withdrawals]: <WithdrawListPage />,
      [paths.wallet.withdrawInfo]: <WithdrawInfoPage />,
      [paths.wallet.transfers]: <TransferListPage />,
      [paths.wallet.transferInfo]: <TransferInfoPage />,
    },
    path,
  );

const steps = () => within(screen.getByRole('list', { name: 'Progress' })).getAllByRole('listitem').map((li) => [li.querySelector('.wallet-step-label')?.textContent, li.querySelector('time')?.getAttribute('datetime') ?? null]);

describe('pages/my/withdrawInfo', () => {
  it('opens from the records list and shows where the money went, the fee, what left the balance and each state with its time', async () => {
    const router = renderAt(paths.wallet.withdrawals);
    fireEvent.click(await screen.findByText('No. W2611230007'));
    expect(router.state.location.pathname + router.state.location.search).toBe(`${paths.wallet.withdrawInfo}?id=7`);
    expect(await screen.findByText('MBB-778899')).toBeTruthy();
    expect(screen.getByText('Withdrawal details')).toBeTruthy();
    expect(screen.getByText('Maybank **** 5678')).toBeTruthy();
    // What left the balance: the amount and the fee.
    expect(screen.getByText(formatAmount(2_120, 'USD'))).toBeTruthy();
    expect(steps()).toEqual([
      ['Submitted', '2026-11-23T08:00:00.000Z'],
      ['Approved', '2026-11-23T09:30:00.000Z'],
      ['Paid out', '2026-11-23T11:15:00.000Z'],
    ]);
  });

  it('a withdrawal under review says what it waits for', async () => {
    renderAt(`${paths.wallet.withdrawInfo}?id=8`);
    expect(await screen.findByText('Under review')).toBeTruthy();
    expect(steps()).toEqual([
      ['Submitted', '2026-11-23T08:00:00.000Z'],
      ['Awaiting review', null],
      ['Awaiting payout', null],
    ]);
  });

  it('a rejected one shows the reason and ends at the rejection', async () => {
    renderAt(`${paths.wallet.withdrawInfo}?id=9`);
    expect(await screen.findByText('Reason: Name does not match the bank')).toBeTruthy();
    expect(steps()).toEqual([
      ['Submitted', '2026-11-23T08:00:00.000Z'],
      ['Rejected', '2026-11-23T10:00:00.000Z'],
    ]);
    // The amount held came back: the page says so, not that it leaves the balance.
    expect(screen.getByText('Returned to your balance')).toBeTruthy();
    expect(screen.queryByText('Leaves your balance')).toBeNull();
  });

  it('one rejected after its approval (the payout bounced) shows both decisions with their times', async () => {
    renderAt(`${paths.wallet.withdrawInfo}?id=11`);
    expect(await screen.findByText('Reason: The bank returned the payout')).toBeTruthy();
    expect(steps()).toEqual([
      ['Submitted', '2026-11-23T08:00:00.000Z'],
      ['Approved', '2026-11-23T09:30:00.000Z'],
      ['Rejected', '2026-11-23T12:00:00.000Z'],
    ]);
    expect(screen.queryByRole('button', { name: 'Cancel withdrawal' })).toBeNull();
  });

  it('another member’s or an unknown withdrawal shows the server’s refusal; no id says the record is missing', async () => {
    renderAt(`${paths.wallet.withdrawInfo}?id=99`);
    expect((await screen.findByRole('alert')).textContent).toContain('Withdrawal not found');
    cleanup();
    renderAt(paths.wallet.withdrawInfo);
    expect((await screen.findByRole('alert')).textContent).toContain('This record was not found');
    expect(api.requests.filter((r) => r.url.startsWith('/user/withdraw/info'))).toHaveLength(1);
  });
});

describe('cancelling a withdrawal from pages/my/withdrawInfo', () => {
  const cancels = () => api.requests.filter((r) => r.url.startsWith('/user/withdraw/cancel'));
  // The page's own button, not the one of the confirmation (which may still be fading out).
  const cancelButton = () => screen.queryAllByRole('button', { name: 'Cancel withdrawal' }).find((b) => !b.closest('.adm-dialog')) ?? null;

  it('while under review: asks first, then cancels once, says the amount and fee are back and shows the record cancelled', async () => {
    renderAt(`${paths.wallet.withdrawInfo}?id=8`);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel withdrawal' }));
    expect(await screen.findByText(`Cancel this withdrawal? ${formatAmount(2_120, 'USD')} goes back to your balance.`)).toBeTruthy();
    // As a member would: answered once the question has come up (antd-mobile's spring, stopped as it starts, may never end in jsdom).
    await act(async () => void (await new Promise((r) => setTimeout(r, 400))));
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    await untilGone(() => screen.queryByText(/goes back to your balance/));
    expect(cancels()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel withdrawal' }));
    const dialog = (await screen.findByText(/goes back to your balance/)).closest('.adm-dialog') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel withdrawal' }));
    expect(await toastText()).toBe(`Withdrawal cancelled; ${formatAmount(2_120, 'USD')} is back in your balance`);
    expect(await screen.findByText('Cancelled', { selector: '.wallet-status' })).toBeTruthy();
    await waitFor(() => expect(cancelButton()).toBeNull());
    expect(steps()).toEqual([
      ['Submitted', '2026-11-23T08:00:00.000Z'],
      ['Cancelled', '2026-11-23T09:05:00.000Z'],
    ]);
    expect(cancels().map((r) => JSON.parse(r.body))).toEqual([{ id: 8 }]);
    expect(cancels()[0]!.headers['idempotency-key']).toBeTruthy();
  });

  it('decided meanwhile: shows the refusal and the record as it now stands, without the button', async () => {
    renderAt(`${paths.wallet.withdrawInfo}?id=10`);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel withdrawal' }));
    const dialog = (await screen.findByText(/goes back to your balance/)).closest('.adm-dialog') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel withdrawal' }));
    expect(await toastText()).toBe('This withdrawal has already been decided and can no longer be cancelled');
    expect(await screen.findByText('Approved', { selector: '.wallet-status' })).toBeTruthy();
    expect(cancelButton()).toBeNull();
  });

  it('a decided withdrawal offers no cancel', async () => {
    renderAt(`${paths.wallet.withdrawInfo}?id=7`);
    expect(await screen.findByText('MBB-778899')).toBeTruthy();
    expect(cancelButton()).toBeNull();
  });
});

describe('pages/my/transferInfo', () => {
  it('opens from the records list: the sender masked, the amount received, the remark and when it arrived', async () => {
    const router = renderAt(paths.wallet.transfers);
    fireEvent.click(await screen.findByText('No. T2611230031'));
    expect(router.state.location.search).toBe('?id=31');
    expect(await screen.findByText('m***1')).toBeTruthy();
    expect(screen.getByText('Transfer details')).toBeTruthy();
    expect(screen.getByText('Dinner')).toBeTruthy();
    expect(screen.getByText(formatAmount(1_250, 'USD'))).toBeTruthy();
    expect(steps()).toEqual([['Received', '2026-11-23T12:00:00.000Z']]);
  });
});
