import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { prepareApp } from '@/test/helpers';
import { amountReader } from '../amount-field';

// A Hungarian member typed "-50" into the top-up amount and was told only the format ("Az összeget
// így adja meg: 10 000,50 …"), as if the minus were a typing mistake. An amount of 0 or below is
// told as such; what cannot be read keeps the format's message.

beforeAll(async () => {
  await prepareApp();
  await i18n.changeLanguage('hu');
});
afterAll(() => i18n.changeLanguage('en-us'));

describe('an amount field read for the body', () => {
  it('a negative or zero amount: "more than 0", in the member’s language', () => {
    for (const typed of ['-50', '−50', '- 12,50', '0', '0,00']) expect(amountReader(typed), typed).toEqual({ problem: 'wallet.validation.amountPositive' });
    expect(i18n.t('wallet.validation.amountPositive')).toBe('Nullánál nagyobb összeget adjon meg');
  });

  it('an amount it reads: the API’s format; one it cannot: the format expected', () => {
    expect(amountReader('10 000,50')).toEqual({ value: '10000.50' });
    expect(amountReader('-abc')).toMatchObject({ problem: 'wallet.validation.amountFormat' });
  });
});
