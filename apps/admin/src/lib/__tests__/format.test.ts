import { afterEach, describe, expect, it, vi } from 'vitest';

// Chromium has no date data for Khmer and wrote an operator's dates in English: the console writes
// them from the shared table instead, exactly as Intl writes them where it has the data.
describe('console dates in a browser without the language’s date data', () => {
  const real = Intl.DateTimeFormat;
  afterEach(() => {
    Intl.DateTimeFormat = real;
  });

  it('are written in Khmer, as Intl writes them with the data', async () => {
    // As Chromium: no Khmer among its locales, and Khmer asked for written in English.
    Intl.DateTimeFormat = new Proxy(real, {
      construct: (target, [locales, options]: ConstructorParameters<typeof Intl.DateTimeFormat>) => new target(String(locales).startsWith('km') ? 'en-US' : locales, options),
      get: (target, key) => (key === 'supportedLocalesOf' ? (locales: string[]) => real.supportedLocalesOf(locales).filter((l) => !l.startsWith('km')) : Reflect.get(target, key)),
    });
    vi.resetModules();
    const { i18n } = await import('../i18n');
    const { formatDate } = await import('../format');
    await i18n.init({ lng: 'km', resources: {} });
    const at = new Date(2026, 10, 28, 21, 5);
    expect(formatDate(at)).toBe(new real('km-KH', { dateStyle: 'medium', timeStyle: 'short' }).format(at));
    expect(formatDate(at)).toContain('វិច្ឆិកា');
    expect(formatDate(at, true)).toBe(new real('km-KH', { dateStyle: 'medium' }).format(at));
  });
});

describe('a calendar day', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('is the same day for an operator west of UTC (a birthday is not a moment)', async () => {
    process.env.TZ = 'America/Los_Angeles';
    vi.resetModules();
    const { i18n } = await import('../i18n');
    const { formatDate } = await import('../format');
    await i18n.init({ lng: 'en-us', resources: {} });
    expect(formatDate('1990-01-01', true)).toBe('Jan 1, 1990');
    // A moment stays a moment: UTC midnight is the evening before in Los Angeles.
    expect(formatDate('1990-01-01T00:00:00.000Z', true)).toBe('Dec 31, 1989');
  });
});

describe('console money', () => {
  it('is exact, in the currency’s own decimals: an operator reads every fils of a dinar amount', async () => {
    vi.resetModules();
    const { i18n } = await import('../i18n');
    const { formatMoney } = await import('../format');
    await i18n.init({ lng: 'en-us', resources: {} });
    expect(formatMoney(1239, 'KWD')).toBe('KWD\u00a01.239');
    expect(formatMoney(1200, 'JPY')).toBe('JPY\u00a01,200');
    expect(formatMoney(123456, 'USD')).toBe('USD\u00a01,234.56');
  });
});

// Testers in Traditional Chinese saw a table's date broken mid-word ("2026年12月2日 下" / "午6:23") at
// 1280 px. A table's date is a numeric date and a 24-hour time in every language, never an afternoon in words.
describe('a date in a table', () => {
  const real = Intl.DateTimeFormat;
  afterEach(() => {
    Intl.DateTimeFormat = real;
  });

  it('is compact in each of the console’s languages', async () => {
    vi.resetModules();
    const { i18n } = await import('../i18n');
    const { formatCellDate, formatDateParts } = await import('../format');
    const at = new Date(2026, 11, 2, 18, 23);
    const written: Record<string, string> = {};
    for (const lng of ['en-us', 'zh-cn', 'zh-tw', 'jp', 'th', 'km', 'may', 'id', 'hu']) {
      await i18n.init({ lng, resources: {} });
      written[lng] = formatCellDate(at).replace(/\s/g, ' ');
      expect(formatDateParts(at).time.replace(/\s/g, ' ')).toMatch(/^18[:.]23$/);
    }
    expect(written).toMatchObject({ 'zh-tw': '2026/12/02 18:23', jp: '2026/12/02 18:23', 'zh-cn': '2026/12/02 18:23', may: '02/12/2026, 18:23', hu: '2026. 12. 02. 18:23' });
    for (const text of Object.values(written)) expect(text).not.toMatch(/[年月日午]|AM|PM/);
    expect(formatCellDate('2026-12-02').replace(/\s/g, ' ')).toBe('2026. 12. 02.');
  });

  it('is in the ISO order where the browser has no date data of the language (Chromium and Khmer)', async () => {
    Intl.DateTimeFormat = new Proxy(real, {
      construct: (target, [locales, options]: ConstructorParameters<typeof Intl.DateTimeFormat>) => new target(String(locales).startsWith('km') ? 'en-US' : locales, options),
      get: (target, key) => (key === 'supportedLocalesOf' ? (locales: string[]) => real.supportedLocalesOf(locales).filter((l) => !l.startsWith('km')) : Reflect.get(target, key)),
    });
    vi.resetModules();
    const { i18n } = await import('../i18n');
    const { formatCellDate } = await import('../format');
    await i18n.init({ lng: 'km', resources: {} });
    expect(formatCellDate(new Date(2026, 11, 2, 18, 23))).toBe('2026-12-02 18:23');
  });
});
