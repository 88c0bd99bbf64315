import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../i18n';
import { amountText, parseAmount, parsePercent, percentOf } from '../money';

// An operator types amounts the way the console's language writes them; a comma or a dot that is not
// that language's decimal mark only groups whole thousands, and anything else is refused, never read as
// a hundred times the amount.
describe('amounts an operator types', () => {
  beforeAll(initI18n);
  afterAll(() => changeLanguage('en-us'));

  it('in Hungarian, a comma is the decimal mark and fields are filled the same way', async () => {
    await changeLanguage('hu');
    expect(parseAmount('1,50', 'USD')).toBe(150);
    expect(parseAmount('-12,50', 'USD')).toBe(-1250);
    expect(parseAmount('1 234,50', 'USD')).toBe(123450);
    expect(parseAmount('1.234,50', 'USD')).toBe(123450);
    expect(parseAmount('1.50', 'USD')).toBeUndefined();
    expect(parseAmount('1,234.50', 'USD')).toBeUndefined();
    expect(parseAmount('1,505', 'USD')).toBeUndefined();
    expect(amountText(17099, 'USD')).toBe('170,99');
    expect(parseAmount(amountText(17099, 'USD'), 'USD')).toBe(17099);
    expect(parsePercent('2,5')).toBe(250);
    expect(percentOf(250)).toBe('2,50');
    expect(parsePercent(percentOf(1234))).toBe(1234);
  });

  it('in Indonesian too; a dot groups thousands', async () => {
    await changeLanguage('id');
    expect(parseAmount('10.000,50', 'IDR')).toBe(1000050);
    expect(parseAmount('10.50', 'IDR')).toBeUndefined();
  });

  it('in English, a dot is the decimal mark and "1,50" is refused, not read as 150.00', async () => {
    await changeLanguage('en-us');
    expect(parseAmount('1,50', 'USD')).toBeUndefined();
    expect(parsePercent('2,5')).toBeUndefined();
    expect(parseAmount('1,234.50', 'USD')).toBe(123450);
    expect(parseAmount('-12.50', 'USD')).toBe(-1250);
    expect(parseAmount('1.239', 'KWD')).toBe(1239);
    expect(parseAmount('1.239', 'USD')).toBeUndefined();
    expect(amountText(17099, 'USD')).toBe('170.99');
  });
});
