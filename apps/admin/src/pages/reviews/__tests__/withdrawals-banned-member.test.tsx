import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInConsole, signedInAgainst } from '../../../test/console';
import Withdrawals from '../Withdrawals';

// The withdrawal queue said nothing of a member's ban and offered Approve (which went through). The
// member is tagged Banned (or Closed) in the list and the drawer, Approve is disabled with the reason
// said (the button is described by it), Reject stays; marking an approved one paid names the ban.

const at = '2026-11-20T10:00:00.000Z';
const withdrawal = (id: number, userName: string, memberStatus: 'active' | 'banned' | 'closed', status: 'pending' | 'approved' = 'pending') => ({
  id, withdraw_no: `W26112000000000${id}`, method: 'bank', status, currency: 'USD', amount: 5000, fee: 100, bank_name: 'Maybank', account_masked: '…1234', network: null, address: null, reason: null, payout_reference: null,
  created_at: at, approved_at: status === 'approved' ? at : null, paid_at: null, rejected_at: null, cancelled_at: null, user_id: id + 100, user_name: userName, member_status: memberStatus, holder_name: 'Holder', account_number: '1234', card_currency: 'USD',
  reviewed_by: status === 'approved' ? 'fin2#2' : null, approvers: status === 'approved' ? ['fin2#2'] : [], approvals_needed: 1, rejected_by: null, paid_by: null,
});
const answers: Record<string, unknown> = {
  '/admin/api/auth/me': { id: 1, user_name: 'fin1', role: 'finance', permissions: ['session', 'withdrawals.review'], totp_bound: true },
  '/admin/api/wallet/withdrawals': { list: [withdrawal(71, 'banned_bob', 'banned'), withdrawal(72, 'good_gina', 'active'), withdrawal(73, 'closed_carl', 'closed'), withdrawal(74, 'banned_bea', 'banned', 'approved')], total: 4, page: 1, limit: 20, has_more: false },
};
signedInAgainst(answers);

const show = () =>
  renderInConsole(
    <Withdrawals />,
    '/reviews/withdrawals',
  );
const rowOf = (withdrawNo: string) => screen.getByText(withdrawNo).closest('tr')!;
const drawer = () => screen.getByRole('dialog');
const closeDrawer = () => fireEvent.click(document.querySelector('.ant-drawer-close')!);
const approveButton = () => screen.getByTestId('action-approve') as HTMLButtonElement;
/** The text a screen reader says with the button: what its `aria-describedby` names. */
const descriptionOf = (button: HTMLElement) => (button.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean).map((id) => document.getElementById(id)?.textContent ?? '').join(' ');

describe('a banned member’s withdrawal in the queue', () => {
  it('is tagged in the list and the drawer; Approve is disabled with the reason said, Reject stays; an active member’s is offered as before', async () => {
    show();
    await screen.findByText('W2611200000000071', {}, { timeout: 10_000 });
    expect(within(rowOf('W2611200000000071')).getByText('Banned')).toBeTruthy();
    expect(within(rowOf('W2611200000000073')).getByText('Closed')).toBeTruthy();
    expect(within(rowOf('W2611200000000072')).queryByText('Banned')).toBeNull();
    expect(within(rowOf('W2611200000000072')).queryByText('Active')).toBeNull();

    fireEvent.click(screen.getByTestId('open-71'));
    await waitFor(() => expect(approveButton().disabled).toBe(true));
    expect(within(drawer()).getByText('banned_bob (#171)')).toBeTruthy();
    expect(within(drawer()).getAllByText('Banned').length).toBeGreaterThan(0);
    expect(descriptionOf(approveButton())).toBe('The member is banned: lift the ban to approve, or reject (the held money goes back)');
    expect(screen.getByTestId('blocked-approve').getAttribute('title')).toBe('The member is banned: lift the ban to approve, or reject (the held money goes back)');
    expect((screen.getByTestId('action-reject') as HTMLButtonElement).disabled).toBe(false);
    closeDrawer();

    fireEvent.click(screen.getByTestId('open-73'));
    await waitFor(() => expect(descriptionOf(approveButton())).toBe("The member's account is closed: the withdrawal can only be rejected"));
    expect(approveButton().disabled).toBe(true);
    closeDrawer();

    fireEvent.click(screen.getByTestId('open-72'));
    await waitFor(() => expect(approveButton().disabled).toBe(false));
    expect(approveButton().getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByTestId('blocked-approve')).toBeNull();
  });

  it('an approved one can still be marked paid: the question names the ban', async () => {
    show();
    fireEvent.click(await screen.findByTestId('open-74', {}, { timeout: 10_000 }));
    const markPaid = await screen.findByTestId('action-paid');
    expect((markPaid as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(markPaid);
    expect(
      await screen.findByText('banned_bea is banned. Mark this withdrawal paid with this reference? If the payout was not sent, reject it instead: the held money goes back', {}, { timeout: 10_000 }),
    ).toBeTruthy();
  });
});
