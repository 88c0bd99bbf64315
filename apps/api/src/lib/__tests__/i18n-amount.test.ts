import { describe, expect, it } from 'vitest';
import { Amount } from '../i18n.js';

describe('an amount in a server message', () => {
  it('is written in the reader’s language with the currency’s shown decimals', () => {
    expect(new Amount(123456, 'USD').in('en-us')).toBe('1,234.56');
    expect(new Amount(123456, 'HUF').in('hu')).toBe('1234,56');
    // Yen has no minor unit: a coupon's minimum of ¥1,200 reads "1,200", never "1,200.00".
    expect(new Amount(1200, 'JPY').in('en-us')).toBe('1,200');
    expect(new Amount(1200, 'JPY').in('jp')).toBe('1,200');
    // Dinars keep three decimals in the ledger and show two, floored.
    expect(new Amount(1239, 'KWD').in('en-us')).toBe('1.23');
  });
});
