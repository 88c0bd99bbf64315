import { describe, expect, it } from 'vitest';
import { LANGUAGE_TAGS, type Language } from '@shop/contract/common';
import { amountExample, readAmount, writeAmount } from '@/lib/amount-input';

const languages = Object.keys(LANGUAGE_TAGS) as Language[];
/** The decimal mark of a language as Intl writes it. */
const decimalOf = (lang: Language) => new Intl.NumberFormat(LANGUAGE_TAGS[lang]).formatToParts(1.5).find((p) => p.type === 'decimal')!.value;

describe('amounts as members type them', () => {
  it('takes the comma as the decimal mark in exactly the languages Intl writes one in', () => {
    expect(languages.filter((lang) => decimalOf(lang) === ',')).toEqual(['hu', 'id']);
  });

  it.each(languages)('reads %s in its own format, and refuses what it could read two ways', (lang) => {
    if (decimalOf(lang) === ',') {
      expect(readAmount('10,50', lang)).toBe('10.50');
      expect(readAmount('1.000,50', lang)).toBe('1000.50');
      expect(readAmount('1 000,5', lang)).toBe('1000.5');
      expect(readAmount('1\u00a0000\u00a0000', lang)).toBe('1000000');
      expect(readAmount('1.050', lang)).toBe('1050');
      expect(readAmount('1,050', lang)).toBeUndefined();
      expect(readAmount('10.50', lang)).toBeUndefined();
      expect(readAmount('1,000.50', lang)).toBeUndefined();
    } else {
      expect(readAmount('1,000.50', lang)).toBe('1000.50');
      expect(readAmount('10.5', lang)).toBe('10.5');
      expect(readAmount('1 000.50', lang)).toBe('1000.50');
      expect(readAmount('1,050', lang)).toBe('1050');
      expect(readAmount('10,50', lang)).toBeUndefined();
      expect(readAmount('1.000,50', lang)).toBeUndefined();
    }
    // What the app writes in a field (the example, "All"), it reads back.
    expect(readAmount(amountExample(lang), lang)).toBe('10000.50');
    expect(readAmount(writeAmount('1234567.89', lang), lang)).toBe('1234567.89');
    expect(readAmount(writeAmount('49.00', lang), lang)).toBe('49.00');
  });

  it('refuses what is not an amount of at most two decimals', () => {
    for (const typed of ['', ' ', 'abc', '-5', '+5', '1e3', '12.345', '1.2.3', '1,00,000', '1,0000', '10.', '.5', '1,000 000.00']) expect(readAmount(typed, 'en-us'), typed).toBeUndefined();
    expect(readAmount(' 007.5 ', 'en-us')).toBe('7.5');
  });
});
