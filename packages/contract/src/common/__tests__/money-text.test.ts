import { describe, expect, it } from 'vitest';
import { LANGUAGE_TAGS } from '../languages.js';
import { formatMoneyIn, SHOP_CURRENCIES } from '../money-text.js';

const spaced = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
/** An amount as a server text in `tag` writes it, no-break spaces as plain ones. */
const write = (minor: number, currency: string, tag: string) => spaced(formatMoneyIn(minor, currency, tag));

describe('money in texts: a sign names one currency', () => {
  it('writes yuan and yen apart in Japanese and Hungarian', () => {
    expect(write(0, 'CNY', 'ja-JP')).toBe('元 0.00');
    expect(write(3800, 'JPY', 'ja-JP')).toBe('￥3,800');
    expect(write(0, 'CNY', 'hu-HU')).toBe('0,00 CNY');
    expect(write(3800, 'JPY', 'hu-HU')).toBe('3800 ¥');
  });

  it('keeps "$" for US dollars in English and names the other dollars', () => {
    expect(write(4900, 'USD', 'en-US')).toBe('$49.00');
    expect(write(4900, 'HKD', 'en-US')).toBe('HK$49.00');
    expect(write(4900, 'TWD', 'en-US')).toBe('NT$49.00');
    expect(write(4900, 'SGD', 'en-US')).toBe('SGD 49.00');
    // In Taiwan "$" is the Taiwan dollar's own sign: it keeps it, the US dollar is "US$".
    expect(write(4900, 'TWD', 'zh-TW')).toBe('$49.00');
    expect(write(4900, 'USD', 'zh-TW')).toBe('US$49.00');
    // In Chinese "¥" is the yuan's own sign; the yen is "JP¥".
    expect(write(4900, 'CNY', 'zh-CN')).toBe('¥49.00');
    expect(write(4900, 'JPY', 'zh-CN')).toBe('JP¥4,900');
  });

  it('leaves signs no other currency shares as they were', () => {
    expect(write(4900, 'USD', 'km-KH')).toBe('49.00$');
    expect(write(4900, 'THB', 'th-TH')).toBe('฿49.00');
    expect(write(4900, 'MYR', 'ms-MY')).toBe('RM 49.00');
    expect(write(490000, 'HUF', 'hu-HU')).toBe('4900,00 Ft');
    expect(write(4900, 'KHR', 'km-KH')).toBe('49.00៛');
    expect(write(4900, 'IDR', 'id-ID')).toBe('Rp 49,00');
  });

  it('gives every shop currency a sign of its own in each language', () => {
    for (const tag of Object.values(LANGUAGE_TAGS)) {
      const signs = SHOP_CURRENCIES.map((currency) => write(123456, currency, tag).replace(/[\d.,\s-]/g, ''));
      expect([tag, new Set(signs).size]).toEqual([tag, SHOP_CURRENCIES.length]);
    }
  });

  it('names another currency by a sign no shop currency has', () => {
    expect(write(123456, 'GBP', 'en-US')).toBe('£1,234.56');
    expect(write(123456, 'AUD', 'en-US')).toBe('A$1,234.56');
    expect(write(123456, 'USDT', 'en-US')).toBe('USDT 1,234.56');
  });
});
