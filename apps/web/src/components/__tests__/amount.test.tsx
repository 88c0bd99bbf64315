import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { Amount, formatAmount } from '../amount';

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('amounts on order and wallet pages', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en-us');
  });

  it("reads as money in the member's language: grouping and the currency's own decimals", async () => {
    await i18n.changeLanguage('en-us');
    expect(formatAmount(136699, 'USD')).toBe('$1,366.99');
    expect(formatAmount(1009524, 'THB')).toBe('฿10,095.24');
    expect(formatAmount(136699, 'JPY')).toBe('¥136,699');
    expect(formatAmount(-2500, 'USD')).toBe('-$25.00');
    await i18n.changeLanguage('hu');
    expect(nbsp(formatAmount(13669900, 'HUF'))).toBe('136 699,00 Ft');
  });

  it('shows the same text as a component', async () => {
    await i18n.changeLanguage('en-us');
    render(<Amount value={136699} currency="USD" />);
    expect(screen.getByText('$1,366.99')).toBeTruthy();
  });
});
