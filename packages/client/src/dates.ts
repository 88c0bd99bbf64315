import { DATE_PATTERNS } from './date-patterns';
import { fillDatePattern } from './date-patterns-derive';

const dateData = new Map<string, boolean>();
/** Whether this browser writes dates in `tag`'s own words. */
const hasDateData = (tag: string): boolean => {
  let has = dateData.get(tag);
  if (has === undefined) dateData.set(tag, (has = Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0));
  return has;
};

/**
 * `date` as `tag` writes it (medium date, and short time unless `dateOnly`) where this browser has
 * no date data of the language (Chromium has none for Khmer, and wrote its dates in English), else
 * undefined: `Intl` writes it.
 */
function dateWithoutIntl(tag: string, date: Date, dateOnly: boolean): string | undefined {
  const pattern = DATE_PATTERNS[tag];
  return pattern && !hasDateData(tag) ? fillDatePattern(pattern, date, dateOnly) : undefined;
}

// Intl's date formats, kept per language: making one costs about as much as a hundred uses.
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * `date` as `tag` writes it, in this device's time zone: a medium date, and a short time unless
 * `dateOnly` ("Nov 28, 2026, 2:09 PM", "28 វិច្ឆិកា 2026, 2:09 PM"). The member app and the console
 * both write their dates here.
 */
export function writeDate(tag: string, date: Date, dateOnly: boolean): string {
  const written = dateWithoutIntl(tag, date, dateOnly);
  if (written !== undefined) return written;
  const key = `${tag}|${dateOnly}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(tag, dateOnly ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' })));
  return format.format(date);
}

/**
 * A date as given: a bare calendar day ("1990-01-01": a birthday, a rate's date) is that day at this
 * device's midnight, the same day in every time zone (not the UTC midnight `new Date` reads it as);
 * anything else is the moment `new Date` reads.
 */
export function readDate(value: string | number | Date): Date {
  if (value instanceof Date) return value;
  const day = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
}

/** Whether `date` (a rate's calendar day, or a moment) falls on today in this device's time zone. */
export function isToday(date: string | number | Date, now = new Date()): boolean {
  const day = readDate(date);
  return day.getFullYear() === now.getFullYear() && day.getMonth() === now.getMonth() && day.getDate() === now.getDate();
}
