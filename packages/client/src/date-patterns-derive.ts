/**
 * How each of the shop's languages writes a date, read from `Intl` (date-patterns.ts holds the result,
 * `scripts/date-patterns.ts` writes it): for a browser without a language's own date data (Chromium
 * has none for Khmer, and wrote its dates in English), the member app and the console write them
 * from this table (`dates.ts`). The script and the member app's format test run `deriveDatePatterns`.
 */

/** A language's medium date (and date with short time): its parts in order, and the words it uses. */
export interface DatePattern {
  /** Literal text, or a field: `{d}` day, `{M}` month word, `{y}` year, `{h}` hour, `{m}` minute, `{a}` AM or PM. */
  date: string;
  dateTime: string;
  /** The month words, January first. */
  months: string[];
  /** The words for before and after noon (a 12-hour clock), or none (a 24-hour clock). */
  dayPeriods?: [string, string];
  /** The day and the hour written with two digits ("05", "09"). */
  dayPadded: boolean;
  hourPadded: boolean;
}

const FIELDS: Record<string, string> = { day: '{d}', month: '{M}', year: '{y}', hour: '{h}', minute: '{m}', dayPeriod: '{a}' };

/**
 * A date's parts as a template: the fields named, the rest as written. V8 writes a plain space where
 * the parts still have a narrow no-break one (before "AM"), so the whole written date has the last word.
 */
function template(format: Intl.DateTimeFormat, at: number): string {
  const written = format.format(at);
  return format
    .formatToParts(at)
    .map((p) => (p.type === 'literal' ? (written.includes(p.value) ? p.value : p.value.replace(/\u202f/g, ' ')).replace(/[{}]/g, '') : FIELDS[p.type] ?? ''))
    .join('');
}

/** `tags`' patterns; a language whose dates are not Gregorian in Latin digits (Thai's Buddhist years), or whose clock names more than two halves of the day, is left to `Intl`. */
export function deriveDatePatterns(tags: string[]): Record<string, DatePattern> {
  const out: Record<string, DatePattern> = {};
  for (const tag of tags) {
    const dateTime = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
    const date = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' });
    const { calendar, numberingSystem, hourCycle } = dateTime.resolvedOptions();
    if (calendar !== 'gregory' || numberingSystem !== 'latn') continue;
    const morning = Date.UTC(2026, 0, 5, 9, 7);
    const parts = dateTime.formatToParts(morning);
    const twelve = hourCycle === 'h11' || hourCycle === 'h12';
    const periodAt = (hour: number) => dateTime.formatToParts(Date.UTC(2026, 0, 5, hour, 7)).find((p) => p.type === 'dayPeriod')?.value ?? '';
    // A clock with more than before and after noon (Chinese's early morning, noon, evening …) is left to Intl.
    if (twelve && Array.from({ length: 24 }, (_, h) => periodAt(h)).some((p, h) => p !== periodAt(h < 12 ? 9 : 21))) continue;
    out[tag] = {
      date: template(date, morning),
      dateTime: template(dateTime, morning),
      months: Array.from({ length: 12 }, (_, i) => date.formatToParts(Date.UTC(2026, i, 5)).find((p) => p.type === 'month')!.value),
      ...(twelve ? { dayPeriods: [periodAt(9), periodAt(21)] as [string, string] } : {}),
      dayPadded: parts.find((p) => p.type === 'day')?.value === '05',
      hourPadded: parts.find((p) => p.type === 'hour')?.value === '09',
    };
  }
  return out;
}

/** `date` written by `pattern`, in the phone's time zone. */
export function fillDatePattern(pattern: DatePattern, date: Date, dateOnly: boolean): string {
  const hours = date.getHours();
  const hour = pattern.dayPeriods ? hours % 12 || 12 : hours;
  const fields: Record<string, string> = {
    d: pattern.dayPadded ? String(date.getDate()).padStart(2, '0') : String(date.getDate()),
    M: pattern.months[date.getMonth()]!,
    y: String(date.getFullYear()),
    h: pattern.hourPadded ? String(hour).padStart(2, '0') : String(hour),
    m: String(date.getMinutes()).padStart(2, '0'),
    a: pattern.dayPeriods?.[hours < 12 ? 0 : 1] ?? '',
  };
  return (dateOnly ? pattern.date : pattern.dateTime).replace(/\{([dMyhma])\}/g, (_, f: string) => fields[f]!);
}
