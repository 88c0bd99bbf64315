import { DATE_PATTERNS } from './date-patterns';
import { fillDatePattern } from './date-patterns-derive';

// Intl's date formats, kept per language: making one costs about as much as a hundred uses.
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * `date` as `tag` writes it, in this device's time zone: a medium date, and a short time unless
 * `dateOnly` ("Nov 28, 2026, 2:09 PM", "28 វិច្ឆិកា 2026, 2:09 PM"). The member app and the console
 * both write their dates here. A language of the shop's own table (`DATE_PATTERNS`, read off Intl's
 * output) is written by it: the first Intl date format a page makes loads the browser's date data,
 * about 100 ms of a phone's main thread in one piece, and Chromium has none for Khmer (it wrote
 * English). Intl writes the others (Thai, whose Buddhist years stay with it).
 */
export function writeDate(tag: string, date: Date, dateOnly: boolean): string {
  const pattern = DATE_PATTERNS[tag];
  if (pattern) return fillDatePattern(pattern, date, dateOnly);
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
