import { currencyExponent, fromMinorUnits, fullName, LANGUAGE_TAGS, normalizeLanguage } from '@shop/contract/common';
import { readDate, writeDate } from '@shop/client/dates';
import { i18n } from './i18n';

const tag = (): string => LANGUAGE_TAGS[normalizeLanguage(i18n.language) ?? 'en-us'];

/** An amount in minor units with its currency, as the console's language writes money: exact, in the currency's own decimals (an operator reads 1.239 dinars, not 1.23). */
export function formatMoney(minor: number, currency: string): string {
  const decimals = currencyExponent(currency);
  const amount = fromMinorUnits(minor, currency);
  try {
    return new Intl.NumberFormat(tag(), { style: 'currency', currency, currencyDisplay: 'code', minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(amount as unknown as number);
  } catch {
    return `${currency} ${new Intl.NumberFormat(tag(), { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(amount as unknown as number)}`;
  }
}

/**
 * A person's name (given, family) as the member app shows it: in their own culture's order (`fullName`),
 * a Latin one by `country` (an address's) when given, else in the order the console's language writes it.
 */
export const formatPersonName = (given: string | null | undefined, family: string | null | undefined, country?: string | null): string =>
  fullName(given, family, normalizeLanguage(i18n.language) ?? 'en-us', country);

/** The console language's decimal mark: a comma in Hungarian and Indonesian, else a dot. */
export const decimalMark = (): string => new Intl.NumberFormat(tag()).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';

/** A country's name in the console's language (its code when the browser does not know it). */
export function formatRegion(code: string): string {
  try {
    return new Intl.DisplayNames([tag()], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * An exchange rate the shop keeps as text ("19382.54", "4.4750"), in the console language's digits and
 * marks (19.382,54 in Indonesian), every digit kept: an operator checks it against the bank's.
 */
export function formatRate(rate: string): string {
  if (!/^\d+(\.\d+)?$/.test(rate)) return rate;
  const decimals = rate.split('.')[1]?.length ?? 0;
  return new Intl.NumberFormat(tag(), { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(rate as unknown as number);
}

/** A count with the language's grouping. */
export const formatNumber = (n: number): string => new Intl.NumberFormat(tag()).format(n);

/**
 * A moment in the operator's time zone, in the console's language. A bare calendar day
 * ("1990-01-01": a birthday, a rate's date) is that day in every time zone, not the UTC midnight it
 * would parse as.
 */
export function formatDate(value: string | Date | null | undefined, dateOnly = false): string {
  if (!value) return '—';
  const d = readDate(value);
  if (Number.isNaN(d.getTime())) return '—';
  return writeDate(tag(), d, dateOnly);
}

// The compact forms, kept per language: making one costs about as much as a hundred uses.
const compactForms = new Map<string, Intl.DateTimeFormat | null>();
function compactForm(dateOnly: boolean): Intl.DateTimeFormat | null {
  const key = `${tag()}|${dateOnly}`;
  let form = compactForms.get(key);
  if (form === undefined) {
    // A browser without the language's date data (Chromium and Khmer) would write it in English's month-first order: the ISO order instead.
    form = Intl.DateTimeFormat.supportedLocalesOf([tag()]).length === 0 ? null : new Intl.DateTimeFormat(tag(), { year: 'numeric', month: '2-digit', day: '2-digit', ...(dateOnly ? {} : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const }) });
    compactForms.set(key, form);
  }
  return form;
}

/**
 * A moment as a table's cell shows it, in the console's language: a numeric date and a 24-hour time
 * ("2026/12/02 18:23" in Chinese and Japanese, "02/12/2026, 18:23" in Malay), the same few characters in
 * every language, never "2026年12月2日 下午6:23" broken over lines in a narrow column (`keepWhole` keeps a
 * `…_at` column on one line). A bare calendar day has no time.
 */
export function formatCellDate(value: string | Date | null | undefined, dateOnly = false): string {
  if (!value) return '—';
  const d = readDate(value);
  if (Number.isNaN(d.getTime())) return '—';
  const day = dateOnly || (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value));
  const form = compactForm(day);
  if (form) return form.format(d);
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
  return day ? date : `${date} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/**
 * A moment as its day and its time of day (compact, as `formatCellDate`), each meant to stay whole: a narrow column shows them on one
 * line or two, never a day split over lines. A bare calendar day has no time ('').
 */
export function formatDateParts(value: string | Date | null | undefined): { day: string; time: string } {
  const day = formatCellDate(value, true);
  if (day === '—' || (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))) return { day, time: '' };
  return { day, time: new Intl.DateTimeFormat(tag(), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(readDate(value!)) };
}
