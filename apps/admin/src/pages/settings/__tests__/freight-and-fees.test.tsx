import type { EndpointData } from '@shop/contract/common';
import type { adminSettings } from '@shop/contract/admin';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PendingChange } from '../../../components/ReasonedChange';
import { formatMoney } from '../../../lib/format';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { FreightAndFees } from '../FreightAndFees';

// The freight form as an operator meets it: the per-country-and-currency rule said, the currencies
// that ship free shown, bad amounts refused with a word, countries only from the shipping list, rows deletable.

beforeAll(async () => {
  await initI18n();
  await changeLanguage('en-us');
});
afterEach(cleanup);

type Snapshot = EndpointData<typeof adminSettings>;
const stamp = { updated_by: 'owner', updated_at: '2026-11-20T10:00:00.000Z' };
const snapshot = (over: Partial<Snapshot> = {}): Snapshot => ({
  captcha_mode: 'auto',
  captcha_bypass: false,
  captcha_updated_by: 'owner',
  captcha_updated_at: stamp.updated_at,
  orders: { expiry_minutes: 30, auto_confirm_days: 7, settle_after_days: 7, ...stamp },
  shipping_fees: [
    { country_code: 'US', currency: 'USD', fee: 500, free_over: 3000, ...stamp },
    { country_code: 'MY', currency: 'MYR', fee: 800, free_over: null, ...stamp },
    { country_code: 'MY', currency: 'USD', fee: 300, free_over: null, ...stamp },
  ],
  sale_currencies: ['MYR', 'USD'],
  points: { points_per_unit: 100, shopping_points_per_unit: 100, points_max_share_bp: 10000, earn_rate_bp: 100, ...stamp, pending: null },
  operating_fees: [],
  international_freight: [],
  currencies: [],
  ...over,
});
const countries = [
  { code: 'MY', name: 'Malaysia' },
  { code: 'US', name: 'United States' },
];
/** The page with the changes it asks for kept, as the settings page would open its reason dialog for each. */
function page(s = snapshot()) {
  const asked: PendingChange[] = [];
  render(<FreightAndFees s={s} ask={(c) => asked.push(c)} money={formatMoney} countries={countries} />);
  return asked;
}
const type = (testId: string, value: string) => fireEvent.change(within(screen.getByTestId(testId)).queryByRole('spinbutton') ?? screen.getByTestId(testId), { target: { value } });
const save = () => screen.getByTestId('freight-save').closest('button')!;

describe('freight of regular orders in the console', () => {
  it('says freight is per country and currency, and lists for each country the currencies on sale that have no row (they ship free)', () => {
    page();
    expect(screen.getByTestId('freight-rule').textContent).toMatch(/per destination country AND currency.*no row for its country ships free/);
    const gaps = screen.getByTestId('freight-gaps');
    expect(gaps.textContent).toContain('United States (US): no freight in MYR; orders in these currencies ship there free');
    expect(gaps.textContent).not.toContain('Malaysia');
    cleanup();
    page(snapshot({ sale_currencies: ['USD'] }));
    expect(screen.queryByTestId('freight-gaps')).toBeNull();
  });

  it('refuses a negative or over-precise fee with a message instead of clamping it, and saves only a shipping country', () => {
    const asked = page();
    // A row's Edit fills the form with its shipping country.
    fireEvent.click(within(screen.getByTestId('freight-delete-US-USD').closest('td')!).getByRole('button', { name: 'Edit' }));
    expect(save().disabled).toBe(false);
    type('freight-fee', '-5');
    expect(screen.getByText('An amount cannot be negative: enter 0 or more (0 is free shipping)')).toBeTruthy();
    expect(save().disabled).toBe(true);
    type('freight-fee', '5.555');
    expect(screen.getByText('USD amounts take at most 2 decimal places')).toBeTruthy();
    expect(save().disabled).toBe(true);
    type('freight-fee', '5.50');
    expect(save().disabled).toBe(false);
    expect(screen.getByTestId('freight-fee').closest('.ant-form-item-has-error')).toBeNull();
    fireEvent.click(save());
    expect(asked.map((c) => [c.title, c.saved])).toEqual([['Freight of regular orders', 'Freight saved']]);
  });

  it('keeps a row whose country is not shipped to from being saved again, and offers no free-text country', () => {
    page(snapshot({ shipping_fees: [{ country_code: 'ZZ', currency: 'USD', fee: 0, free_over: null, ...stamp }] }));
    fireEvent.click(within(screen.getByTestId('freight-delete-ZZ-USD').closest('td')!).getByRole('button', { name: 'Edit' }));
    expect(save().disabled).toBe(true);
    expect(screen.getByTestId('freight-country').closest('.ant-select')).toBeTruthy();
  });

  it('the operating fee and international freight take a country from the shipping list too, shown by name; a row of another country cannot be saved again', () => {
    const asked = page(
      snapshot({
        operating_fees: [
          { country_code: 'MY', rate_bp: 250, ...stamp },
          { country_code: 'ZZ', rate_bp: 100, ...stamp },
        ],
        international_freight: [{ country_code: 'US', method: 'standard', weight_from_g: 0, weight_to_g: 500, currency: 'USD', fee: 1200, ...stamp }],
      }),
    );
    for (const id of ['fee-country', 'band-country']) expect(screen.getByTestId(id).closest('.ant-select')).toBeTruthy();
    const feeCard = screen.getByText('Operating fee per destination').closest('.ant-card') as HTMLElement;
    const feeRow = (code: string) => within(feeCard).getAllByRole('row').find((r) => r.textContent?.includes(`(${code})`) || r.textContent?.startsWith(code))!;
    expect(feeRow('MY').textContent).toContain('Malaysia (MY)');
    expect(screen.getAllByRole('row').some((r) => r.textContent?.includes('United States (US)') && r.textContent.includes('500'))).toBe(true);
    const feeSave = () => screen.getByTestId('fee-save').closest('button')!;
    expect(feeSave().disabled).toBe(true);
    fireEvent.click(within(feeRow('ZZ')).getByRole('button', { name: 'Edit' }));
    expect(feeSave().disabled).toBe(true);
    fireEvent.click(within(feeRow('MY')).getByRole('button', { name: 'Edit' }));
    expect(feeSave().disabled).toBe(false);
    fireEvent.click(feeSave());
    expect(asked.map((c) => c.title)).toEqual(['Operating fee per destination']);
  });

  it('deletes a row after asking, naming the country and currency, and says the freight was deleted', () => {
    const asked = page();
    fireEvent.click(screen.getByTestId('freight-delete-MY-MYR'));
    expect(asked).toHaveLength(1);
    expect(asked[0]!.title).toBe('Delete the freight of Malaysia (MY) in MYR? Orders there in MYR will then ship free.');
    expect(asked[0]!.saved).toBe('Freight deleted');
  });
});
