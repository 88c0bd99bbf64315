import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ROLE_PERMISSIONS } from '@shop/contract/admin';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { referralPlan } from '../../test/referral-plan';
import ReferralPlan from '../../pages/referral/Plan';
import { Shell } from '../Shell';
import { renderInConsole, signedInAgainst } from '../../test/console';
import { windowWidth } from '../../test/window-width';

// At 200 % zoom (a 640 px wide window): the menu shrank to 64 px of first letters
// ("Á", "V", "F"), its groups cut, the console's name spilled over the page's heading, and the
// referral plan's star ladder pushed the whole page sideways. Below 992 px the menu is a drawer with
// every entry in full, opened by a labelled button in the header; a wide table scrolls in its own frame.
// jsdom lays nothing out: the window's width is the media query the console asks, and what is checked
// is what the operator is offered (the button, the entries, the heading) and the table's scroll frame.

const at = '2026-11-20T10:00:00.000Z';
const plan = referralPlan({ updatedAt: at });
const answers: Record<string, unknown> = {
  '/admin/api/auth/me': { id: 1, user_name: 'ops', role: 'owner', permissions: [...ROLE_PERMISSIONS.owner], totp_bound: true },
  '/admin/api/referral/plan': plan,
  '/admin/api/referral/house-code': { house_code: 'HOUSE2026' },
};

signedInAgainst(answers);

function showConsole(at: string) {
  renderInConsole(
    <Routes>
      <Route element={<Shell />}>
        <Route index element={<p>The dashboard</p>} />
        <Route path="/referral/plan" element={<ReferralPlan />} />
        <Route path="/support/feedback" element={<p>The feedback queue</p>} />
      </Route>
    </Routes>,
    at,
  );
}

describe('the console in a narrow or zoomed window (640 px)', () => {
  it('opens the menu from a labelled button as a drawer of full entries, the page’s heading left alone', async () => {
    windowWidth(640);
    showConsole('/referral/plan');
    const heading = await screen.findByRole('heading', { level: 4, name: 'Plan settings' });
    // No 64 px strip of first letters beside the page: the menu waits behind its button.
    expect(document.querySelector('.ant-layout-sider')).toBeNull();
    expect(screen.queryByRole('menu')).toBeNull();
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    // The button sits before the heading, in the header, not over it.
    expect(button.closest('header')).toBe(heading.closest('header'));
    expect(button.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await act(async () => void fireEvent.click(button));
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const drawer = await screen.findByRole('dialog');
    expect(drawer.getAttribute('aria-modal')).toBe('true');
    expect(within(drawer).getByText('Shop console')).toBeTruthy();
    // Every entry and group in full, as on a wide screen.
    const menu = within(drawer).getByRole('menu');
    for (const entry of ['Dashboard', 'Real-name', 'Account cancellation', 'Feedback', 'Plan settings', 'Audit log']) expect(within(menu).getByText(entry)).toBeTruthy();
    expect(within(menu).getByText('Review queues')).toBeTruthy();

    // An entry opens its page and puts the menu away.
    await act(async () => void fireEvent.click(within(menu).getByText('Feedback')));
    expect(await screen.findByText('The feedback queue')).toBeTruthy();
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('false'));
    expect(screen.getByRole('heading', { level: 4, name: 'Feedback' })).toBeTruthy();
  });

  it('lets the star ladder of the referral plan scroll in its own frame, not the page', async () => {
    windowWidth(640);
    showConsole('/referral/plan');
    const cell = await screen.findByTestId('plan-star-1-daily_cap', {}, { timeout: 10_000 });
    const table = cell.closest('.ant-table') as HTMLElement;
    expect(table.classList.contains('ant-table-scroll-horizontal')).toBe(true);
    // The page's column may be narrower than what it holds (a flex child otherwise grows to its widest content).
    expect((cell.closest('main') as HTMLElement).style.minWidth).toBe('0px');
    expect((cell.closest('main')!.parentElement as HTMLElement).style.minWidth).toBe('0px');
  });

  it('keeps the menu beside the page on a wide screen, without the button', async () => {
    windowWidth(1280);
    showConsole('/');
    await screen.findByText('The dashboard');
    await screen.findByTestId('operator');
    const sider = document.querySelector('.ant-layout-sider') as HTMLElement;
    expect(sider).not.toBeNull();
    expect(within(sider).getByText('Feedback')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
  });
});
