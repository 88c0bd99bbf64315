import { z } from 'zod';
import { isIsoDate } from './validators.js';

/** A calendar month `YYYY-MM`, its month 01 to 12. */
export const isMonth = (v: string): boolean => /^\d{4}-(0[1-9]|1[0-2])$/.test(v);
/** A calendar day `YYYY-MM-DD` that exists (no 2026-02-30, no month 13). */
export const isCalendarDay = (v: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(v) && isIsoDate(v);

/** A month on the wire (`2026-11`); `2026-13` or `2026-00` is refused like any bad input (422). */
export const monthParam = z.string().trim().refine(isMonth, { error: 'validation.invalid' });
/** A day on the wire (`2026-11-30`), a real calendar date; anything else is refused (422). */
export const dayParam = z.string().trim().refine(isCalendarDay, { error: 'validation.invalid' });
