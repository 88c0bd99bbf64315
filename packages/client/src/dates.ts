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
export function dateWithoutIntl(tag: string, date: Date, dateOnly: boolean): string | undefined {
  const pattern = DATE_PATTERNS[tag];
  return pattern && !hasDateData(tag) ? fillDatePattern(pattern, date, dateOnly) : undefined;
}
