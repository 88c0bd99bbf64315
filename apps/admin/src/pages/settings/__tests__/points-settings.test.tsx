import type { EndpointData } from '@shop/contract/common';
import type { adminSettings } from '@shop/contract/admin';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PendingChange } from '../../../components/ReasonedChange';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { PointsSettings } from '../Settings';

// Points settings were only reachable from the command line: the settings page shows them, says
// what each means in the operator's language and changes them with a reason like the others.

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

type Snapshot = EndpointData<typeof adminSettings>;
const s = {
  points: { points_per_unit: 100, shopping_points_per_unit: 200, points_max_share_bp: 5000, earn_rate_bp: 150, updated_by: 'owner', updated_at: '2026-11-20T10:00:00.000Z' },
} as Snapshot;
const input = (testId: string) => within(screen.getByTestId(testId).closest('.ant-input-number')!.parentElement!).getByRole('spinbutton');

describe('points settings on the settings page', () => {
  it('shows the four values (shares as percentages) and what a point is worth: points per US dollar, the same in every currency', async () => {
    await changeLanguage('en-us');
    render(<PointsSettings s={s} ask={() => undefined} />);
    const card = screen.getByTestId('points-settings');
    expect((input('points-per-unit') as HTMLInputElement).value).toBe('100');
    expect((input('shopping-points-per-unit') as HTMLInputElement).value).toBe('200');
    expect(Number((input('points-max-share') as HTMLInputElement).value)).toBe(50);
    expect(Number((input('points-earn-rate') as HTMLInputElement).value)).toBe(1.5);
    expect(card.textContent).toContain('Points worth US$1');
    expect(card.textContent).toContain('100 points pay US$1 (100 makes a point worth one US cent)');
    expect(card.textContent).toContain('A point is worth the same in every currency');
    expect(card.textContent).toContain('Largest share points may pay (%)');
    expect(card.textContent).toContain('Points earned on completed orders (%)');
    // A raise is value given: said before it is asked.
    expect(screen.getByTestId('points-four-eyes').textContent).toContain("wait for a second operator's approval");
    await changeLanguage('zh-cn');
    expect(screen.getByTestId('points-settings').textContent).toContain('价值 1 美元的积分数');
    await changeLanguage('en-us');
  });

  it('shows a change that makes points worth more while it waits for a second operator, field by field', async () => {
    await changeLanguage('en-us');
    const pending = { id: 7, kind: 'points.settings', currency: 'XXX', requested_by: 'alice#3', changes: [{ field: 'earn_rate_bp', star: null, from: 150, to: 300 }] };
    render(<PointsSettings s={{ ...s, points: { ...s.points, pending } } as Snapshot} ask={() => undefined} />);
    const waiting = screen.getByTestId('points-waiting');
    expect(waiting.textContent).toContain("Request #7 from alice#3 waits for a second operator's approval");
    expect(waiting.textContent).toContain('Points earned on completed orders (%): 1.5 % → 3 %');
  });

  it('asks for the reason of a change and says the points settings were saved; a share with three decimals is refused under its field', async () => {
    await changeLanguage('en-us');
    const asked: PendingChange[] = [];
    render(<PointsSettings s={s} ask={(c) => asked.push(c)} />);
    fireEvent.change(input('points-max-share'), { target: { value: '12.345' } });
    fireEvent.click(screen.getByTestId('save-points'));
    await waitFor(() => expect(screen.getAllByText('Enter a percentage from 0 to 100 with at most two decimals').length).toBeGreaterThan(0));
    expect(asked).toHaveLength(0);
    fireEvent.change(input('points-max-share'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('save-points'));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect([asked[0]!.title, asked[0]!.saved]).toEqual(['Points at checkout', 'Points settings saved']);
  });
});
