// One way to write a moment on the wire: ISO 8601 in UTC, whatever the database driver gave.

/** `d` as an ISO 8601 string; `null` for a moment that has not happened (or is unknown). */
export function iso(d: Date | string): string;
export function iso(d: Date | string | null | undefined): string | null;
export function iso(d: Date | string | null | undefined): string | null {
  return d === null || d === undefined ? null : (d instanceof Date ? d : new Date(d)).toISOString();
}

/** Whether a deadline (if any) has passed. */
export const isPast = (at: Date | string | null | undefined, now = Date.now()): boolean => !!at && new Date(at).getTime() <= now;

/** A `date` column as `YYYY-MM-DD`, the day it holds in every time zone (the driver gives a local-midnight Date). */
export function dateOnly(v: string | Date | null): string | null {
  if (v === null || typeof v === 'string') return v;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())}`;
}
