import { z } from 'zod';

/**
 * A whole number from `min` to `max`, sent as a JSON number or as decimal digits (a query string's
 * "12", a form's "3"). Anything else is refused as not valid: JavaScript's own conversion read
 * "0x2" as 2, "1e1" as 10, `true` as 1, `[5]` as 5 and "" as 0. Over the range is refused for the
 * field's own limit, or with `tooBig` (an amount of money, whose limit is said as money, not as minor units).
 */
export function wholeNumber(min: number, max: number, message?: string, tooBig?: string) {
  return z
    .union([z.number(), z.string().trim().regex(/^[-+]?\d{1,20}$/)])
    .pipe(z.coerce.number<string | number>().min(min).max(max, tooBig).int(message))
    .meta({ minimum: min, maximum: max });
}
