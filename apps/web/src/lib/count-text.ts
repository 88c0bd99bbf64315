import { groupThousands } from '@shop/contract/common';
import { NUMBER_PATTERNS } from '@/lib/number-patterns';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * A count as the language of `tag` (BCP 47) writes numbers: "12,896", "12 896", "12.896". The app's
 * table of patterns for whole numbers (a first Intl format is a long task on a phone), Intl otherwise.
 * Shared by `formatNumber` and the texts' `{{count}}`, which cannot import `format.ts` (it imports them).
 */
export function writeCount(value: number, tag: string): string {
  const pattern = NUMBER_PATTERNS[tag];
  if (pattern && Number.isSafeInteger(value)) return value < 0 ? `-${groupThousands(String(-value), pattern)}` : groupThousands(String(value), pattern);
  let format = formats.get(tag);
  if (!format) formats.set(tag, (format = new Intl.NumberFormat(tag)));
  return format.format(value);
}
