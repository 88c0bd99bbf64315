import type { ApprovalRequest } from '@shop/contract/admin';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { ApprovalWhat } from '../ApprovalWhat';

// The approver reads what a plan request changes, old → new, in their language: not a summary that
// reads the same as the plan in force.

beforeAll(async () => {
  // antd measures the window; jsdom has no matchMedia.
  window.matchMedia ??= ((q: string) => ({ matches: false, media: q, addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined, onchange: null, dispatchEvent: () => false })) as never;
  await initI18n();
});
afterEach(cleanup);

const planRequest = (changes: ApprovalRequest['changes']) => ({ id: 7, kind: 'referral.plan' as const, currency: 'USD', summary: 'pair 100 PV × 10 %, commissions 5 % / 2 %, 5 star(s)', changes });
const tenfold: NonNullable<ApprovalRequest['changes']> = [
  { field: 'pv_value_minor', star: null, from: 100, to: 1000 },
  { field: 'time_zone', star: null, from: 'Asia/Kuala_Lumpur', to: 'Asia/Tokyo' },
  { field: 'keep_star', star: null, from: true, to: false },
  { field: 'level1_rate_bp', star: null, from: 700, to: 500 },
  { field: 'daily_cap', star: 1, from: 3000, to: 500_000 },
];

describe('what a plan request changes', () => {
  it('lists every field old → new with its label, money in its currency and rates in percent; the list shows the first few, then all on request', async () => {
    await changeLanguage('en-us');
    render(<ApprovalWhat request={planRequest(tenfold)} />);
    const box = screen.getByTestId('approval-changes-7');
    expect(box.textContent).toMatch(/Money per PV \(minor units\): USD\s1\.00 → USD\s10\.00/);
    expect(box.textContent).toContain('Time zone of the day: Asia/Kuala_Lumpur → Asia/Tokyo');
    expect(box.textContent).toContain('Keep a star once reached: Yes → No');
    expect(box.textContent).toContain('Level 1 rate (bp): 7 % → 5 %');
    expect(box.textContent).not.toContain('Star 1');
    fireEvent.click(screen.getByRole('button', { name: 'Show 1 more' }));
    expect(screen.getByTestId('approval-changes-7').textContent).toMatch(/Star 1 · Daily cap \(minor units\): USD\s30\.00 → USD\s5,000\.00/);
    expect(screen.getByTestId('approval-changes-7').textContent).not.toContain('5 star(s)');
  });

  it('shows all of them in the dialog, in the operator’s language, and says so when nothing differs', async () => {
    await changeLanguage('zh-cn');
    render(<ApprovalWhat request={planRequest(tenfold)} whole />);
    expect(screen.getByTestId('approval-changes-7').textContent).toContain('1 星 · ');
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    render(<ApprovalWhat request={planRequest([])} />);
    expect(screen.getByText('与当前方案没有任何不同')).toBeTruthy();
    await changeLanguage('en-us');
  });
});
