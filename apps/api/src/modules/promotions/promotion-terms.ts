import { ValidationError } from '../../lib/errors.js';

// What coupons and group buys share: when one runs, and how a change of one is told in the audit log.

/** Where a coupon or a group buy stands at `now`. */
export const stateAt = (starts: Date | string, ends: Date | string, now = Date.now()): 'scheduled' | 'running' | 'ended' =>
  new Date(starts).getTime() > now ? 'scheduled' : new Date(ends).getTime() < now ? 'ended' : 'running';

/** The fields whose value differs, as `name: old → new` parts of an audit entry. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string {
  return Object.keys(before)
    .filter((k) => after[k] !== undefined && String(before[k]) !== String(after[k]))
    .map((k) => `${k}: ${String(before[k])} → ${String(after[k])}`)
    .join(', ');
}

/** A refused field of an operator's change. */
export const invalid = (field: string) => new ValidationError([{ field, key: 'validation.invalid', params: { field } }]);
