// One way to write a moment on the wire: ISO 8601 in UTC, whatever the database driver gave.

/** `d` as an ISO 8601 string; `null` for a moment that has not happened (or is unknown). */
export function iso(d: Date | string): string;
export function iso(d: Date | string | null | undefined): string | null;
export function iso(d: Date | string | null | undefined): string | null {
  return d === null || d === undefined ? null : (d instanceof Date ? d : new Date(d)).toISOString();
}
