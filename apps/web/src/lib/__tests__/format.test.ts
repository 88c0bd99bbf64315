import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { formatDate, formatMoney, formatNumber } from '../format';

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('money in the member language', () => {
  it("groups thousands and keeps each currency's own decimals", () => {
    expect(formatMoney(136699, 'USD', 'en-us')).toBe('$1,366.99');
    expect(formatMoney(1009524, 'THB', 'th')).toBe('฿10,095.24');
    expect(formatMoney(1009524, 'THB', 'en-us')).toBe('฿10,095.24');
    // Yen have no minor unit: no decimals.
    expect(formatMoney(136699, 'JPY', 'en-us')).toBe('¥136,699');
    expect(formatMoney(136699, 'CNY', 'zh-cn')).toBe('¥1,366.99');
    // Hungarian groups from five digits on.
    expect(nbsp(formatMoney(13669900, 'HUF', 'hu'))).toBe('136 699,00 Ft');
    expect(nbsp(formatMoney(136699, 'MYR', 'may'))).toBe('RM 1,366.99');
  });

  it('floors, never rounds up, as the shop shows amounts', () => {
    expect(formatMoney(199, 'USD', 'en-us')).toBe('$1.99');
    expect(formatMoney(100, 'USD', 'en-us')).toBe('$1.00');
  });

  it('follows the app language when none is given', async () => {
    await i18n.changeLanguage('zh-tw');
    expect(formatMoney(136699, 'TWD')).toBe('$1,366.99');
    await i18n.changeLanguage('en-us');
  });
});

describe('numbers and dates', () => {
  it('groups digits per language and writes dates in it', () => {
    expect(formatNumber(2983, 'en-us')).toBe('2,983');
    expect(nbsp(formatNumber(29830, 'hu'))).toBe('29 830');
    expect(formatDate('2026-11-23T10:00:00Z', { dateOnly: true, lang: 'en-us' })).toMatch(/Nov 2[23], 2026/);
    expect(formatDate('2026-11-23T10:00:00Z', { dateOnly: true, lang: 'jp' })).toMatch(/2026\/11\/2[23]/);
    expect(formatDate('not a date')).toBe('');
  });
});

describe('plurals', () => {
  it('say "1 comment" and "2 comments"', () => {
    i18n.addResourceBundle('en-us', 'translation', { 'catalogue.comments.titleCount': '{{count}} comments', 'catalogue.comments.titleCount_one': '{{count}} comment' }, true, true);
    expect(i18n.t('catalogue.comments.titleCount', { count: 1, lng: 'en-us' })).toBe('1 comment');
    expect(i18n.t('catalogue.comments.titleCount', { count: 2, lng: 'en-us' })).toBe('2 comments');
  });
});
