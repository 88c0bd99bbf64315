import { afterEach, describe, expect, it, vi } from 'vitest';
import { displayMinor, LANGUAGE_TAGS, type Language } from '@shop/contract/common';
import { i18n } from '@/lib/i18n';
import { formatDate, formatMoney, formatNumber } from '../format';
import { NUMBER_PATTERNS } from '../number-patterns';
import { currencyDisplayIn, derivePatterns, moneyOptions, PATTERN_CURRENCIES, shownDecimals } from '../number-patterns-derive';
import { DATE_PATTERNS } from '@shop/client/date-patterns';
import { deriveDatePatterns, fillDatePattern } from '@shop/client/date-patterns-derive';

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

describe('a sign names one currency', () => {
  it('in Japanese and Hungarian a yuan balance never reads as yen', () => {
    expect(nbsp(formatMoney(0, 'CNY', 'jp'))).toBe('元 0.00');
    expect(`${nbsp(formatMoney(100, 'CNY', 'jp'))}〜${nbsp(formatMoney(1000000, 'CNY', 'jp'))}`).toBe('元 1.00〜元 10,000.00');
    expect(formatMoney(3800, 'JPY', 'jp')).toBe('￥3,800');
    expect(nbsp(formatMoney(0, 'CNY', 'hu'))).toBe('0,00 CNY');
    expect(nbsp(formatMoney(3800, 'JPY', 'hu'))).toBe('3800 ¥');
  });

  it('in English "$" is the US dollar and the other dollars say which they are', () => {
    expect(formatMoney(4900, 'USD', 'en-us')).toBe('$49.00');
    expect(formatMoney(4900, 'HKD', 'en-us')).toBe('HK$49.00');
    expect(formatMoney(4900, 'TWD', 'en-us')).toBe('NT$49.00');
    expect(nbsp(formatMoney(4900, 'SGD', 'en-us'))).toBe('SGD 49.00');
    expect(formatMoney(4900, 'CNY', 'en-us')).toBe('CN¥49.00');
    expect(formatMoney(4900, 'USD', 'km')).toBe('49.00$');
  });

  it('in every language of the table, each currency has a sign no other has', () => {
    for (const [tag, { money }] of Object.entries(NUMBER_PATTERNS)) {
      const signs = PATTERN_CURRENCIES.map((currency) => nbsp(money[currency]!.join('')).trim());
      expect([tag, new Set(signs).size]).toEqual([tag, PATTERN_CURRENCIES.length]);
    }
  });
});

describe("the app's languages and currencies without Intl", () => {
  const languages = Object.keys(LANGUAGE_TAGS) as Language[];
  // Every length of number from one digit to twelve, with and without decimals, both signs.
  const amounts = [0, 1, 7, 99, 100, 105, 999, 1000, 1234, 9999, 10000, 12345, 99999, 100000, 123456, 999999, 1000000, 1234567, 100000000, 123456789012].flatMap((n) => (n ? [n, -n] : [n]));

  it('keeps the table as Intl writes each language (npx tsx scripts/number-patterns.ts writes it anew)', () => {
    expect(NUMBER_PATTERNS).toEqual(derivePatterns(Object.values(LANGUAGE_TAGS), PATTERN_CURRENCIES));
  });

  it('writes every amount of every currency in every language as Intl does', () => {
    for (const lang of languages) {
      for (const currency of PATTERN_CURRENCIES) {
        const tag = LANGUAGE_TAGS[lang];
        const intl = new Intl.NumberFormat(tag, moneyOptions(currency, shownDecimals(currency), currencyDisplayIn(tag, currency)));
        for (const minor of amounts) expect([lang, currency, minor, formatMoney(minor, currency, lang)]).toEqual([lang, currency, minor, intl.format(displayMinor(minor, currency) as unknown as number)]);
      }
      const plain = new Intl.NumberFormat(LANGUAGE_TAGS[lang]);
      for (const n of amounts) expect([lang, n, formatNumber(n, lang)]).toEqual([lang, n, plain.format(n)]);
    }
  });

  describe('makes no Intl number format for them', () => {
    const original = { NumberFormat: Intl.NumberFormat, DateTimeFormat: Intl.DateTimeFormat };
    let made = 0;
    /** The module as a page first loads it (none of its formats kept yet), with the formats made from now on counted. */
    const counting = async () => {
      vi.resetModules();
      const fresh = await import('../format');
      made = 0;
      // Counts the formats made; each is still Intl's own.
      Intl.NumberFormat = new Proxy(original.NumberFormat, { construct: (target, args: ConstructorParameters<typeof Intl.NumberFormat>) => (made++, new target(...args)) });
      Intl.DateTimeFormat = new Proxy(original.DateTimeFormat, { construct: (target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) => (made++, new target(...args)) });
      return fresh;
    };
    afterEach(() => {
      Object.assign(Intl, original);
    });

    it('for a price or a count', async () => {
      const { formatMoney, formatNumber } = await counting();
      for (const lang of languages) for (const currency of PATTERN_CURRENCIES) formatMoney(123456, currency, lang);
      for (const lang of languages) formatNumber(2983, lang);
      expect(made).toBe(0);
    });

    it('but leaves other currencies, codes Intl does not know and fractions to Intl', async () => {
      const { formatMoney, formatNumber } = await counting();
      expect(formatMoney(123456, 'GBP', 'en-us')).toBe('£1,234.56');
      expect(made).toBe(1);
      expect(nbsp(formatMoney(123456, 'USDT', 'en-us'))).toBe('USDT 1,234.56');
      expect(formatNumber(2.5, 'en-us')).toBe('2.5');
      expect(made).toBeGreaterThan(2);
    });

    it("and one Intl format per language for a list's rates and other currencies; its dates none but Thai's", async () => {
      const { formatDate, formatMoney, formatRate } = await counting();
      const rows = Array.from({ length: 50 }, (_, i) => ({ at: Date.UTC(2026, 10, 1 + (i % 28), 10), rate: 4.4725 + i, price: 1000 + i }));
      const lines = rows.map((r) => [formatDate(r.at, { lang: 'en-us' }), formatDate(r.at, { dateOnly: true, lang: 'en-us' }), formatRate(r.rate, 'en-us'), formatMoney(r.price, 'GBP', 'en-us')]);
      expect(made).toBe(2);
      expect(lines[49]).toEqual([expect.stringMatching(/Nov 2[12], 2026/), expect.stringMatching(/Nov 2[12], 2026/), '53.4725', '£10.49']);
      formatDate(rows[0]!.at, { lang: 'th' });
      expect(made).toBe(3);
    });
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

  it('writes a rate’s calendar day in the reader’s calendar, that same day wherever the phone is', () => {
    expect(formatDate('2026-11-23', { dateOnly: true, lang: 'en-us' })).toBe('Nov 23, 2026');
    // Thai dates count Buddhist years, as the rest of a Thai page does.
    expect(formatDate('2026-11-23', { dateOnly: true, lang: 'th' })).toMatch(/23 .*2569/);
    expect(formatDate('2026-11-01', { dateOnly: true, lang: 'en-us' })).toBe('Nov 1, 2026');
  });
});

describe('plurals', () => {
  it('say "1 comment" and "2 comments"', () => {
    i18n.addResourceBundle('en-us', 'translation', { 'catalogue.comments.titleCount': '{{count}} comments', 'catalogue.comments.titleCount_one': '{{count}} comment' }, true, true);
    expect(i18n.t('catalogue.comments.titleCount', { count: 1, lng: 'en-us' })).toBe('1 comment');
    expect(i18n.t('catalogue.comments.titleCount', { count: 2, lng: 'en-us' })).toBe('2 comments');
  });
});

describe('dates written by the shop’s own table (no Intl date data loaded; none in the browser for Khmer)', () => {
  // Morning and evening, single- and two-digit days, hours and minutes, every month.
  const dates = Array.from({ length: 12 }, (_, month) => [new Date(2026, month, 3, 0, 5), new Date(2026, month, 28, 9, 30), new Date(2026, month, 11, 12, 0), new Date(2026, month, 9, 21, 47)]).flat();

  it('keeps the table as Intl writes each language (npx tsx scripts/date-patterns.ts writes it anew)', () => {
    expect(DATE_PATTERNS).toEqual(deriveDatePatterns(Object.values(LANGUAGE_TAGS)));
    // Khmer is the language Chromium has no date data for; Thai's Buddhist years stay with Intl.
    expect(Object.keys(DATE_PATTERNS)).toContain('km-KH');
    expect(Object.keys(DATE_PATTERNS)).not.toContain('th-TH');
  });

  it('writes every date of the table as Intl does where it has the data', () => {
    for (const [tag, pattern] of Object.entries(DATE_PATTERNS)) {
      const withTime = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' });
      const dateOnly = new Intl.DateTimeFormat(tag, { dateStyle: 'medium' });
      for (const d of dates) {
        expect([tag, fillDatePattern(pattern, d, false)]).toEqual([tag, withTime.format(d)]);
        expect([tag, fillDatePattern(pattern, d, true)]).toEqual([tag, dateOnly.format(d)]);
      }
    }
  });

  it('makes no Intl date format for a language of the table (the first loads the browser’s date data, a long task on a phone); Thai’s dates still come from Intl', async () => {
    const real = Intl.DateTimeFormat;
    const made: string[] = [];
    Intl.DateTimeFormat = new Proxy(real, {
      construct: (target, [locales, options]: ConstructorParameters<typeof Intl.DateTimeFormat>) => {
        made.push(String(locales));
        return new target(locales, options);
      },
    });
    try {
      vi.resetModules();
      const fresh = await import('../format');
      const d = new Date(2026, 10, 28, 14, 9);
      for (const lang of ['en-us', 'zh-cn', 'jp', 'hu', 'km']) fresh.formatDate(d, { lang });
      expect(fresh.formatDate(d, { lang: 'en-us' })).toBe('Nov 28, 2026, 2:09 PM');
      expect(made).toEqual([]);
      expect(fresh.formatDate(d, { lang: 'th', dateOnly: true })).toMatch(/28 .*2569/);
      expect(made).toEqual(['th-TH']);
    } finally {
      Intl.DateTimeFormat = real;
    }
  });

  it('is what formatDate writes in a browser without Khmer dates (Chromium wrote them in English)', async () => {
    const real = Intl.DateTimeFormat;
    // As Chromium: no Khmer among its locales, and Khmer asked for written in English.
    Intl.DateTimeFormat = new Proxy(real, {
      construct: (target, [locales, options]: ConstructorParameters<typeof Intl.DateTimeFormat>) => new target(String(locales).startsWith('km') ? 'en-US' : locales, options),
      get: (target, key) => (key === 'supportedLocalesOf' ? (locales: string[]) => real.supportedLocalesOf(locales).filter((l) => !l.startsWith('km')) : Reflect.get(target, key)),
    });
    try {
      vi.resetModules();
      const fresh = await import('../format');
      const d = new Date(2026, 10, 28, 14, 9);
      expect(fresh.formatDate(d, { lang: 'km' })).toBe(new real('km-KH', { dateStyle: 'medium', timeStyle: 'short' }).format(d));
      expect(fresh.formatDate(d, { lang: 'km' })).toContain('វិច្ឆិកា');
      expect(fresh.formatDate(d, { lang: 'km', dateOnly: true })).toBe(new real('km-KH', { dateStyle: 'medium' }).format(d));
    } finally {
      Intl.DateTimeFormat = real;
    }
  });
});
