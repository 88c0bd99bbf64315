import type { ApprovalChange } from '@shop/contract';
import { ValidationError } from '../../lib/errors.js';

// What coupons and group buys share: when one runs, and how a change of one is told in the audit log.

/** Where a coupon or a group buy stands at `now`. */
export const stateAt = (starts: Date | string, ends: Date | string, now = Date.now()): 'scheduled' | 'running' | 'ended' =>
  new Date(starts).getTime() > now ? 'scheduled' : new Date(ends).getTime() < now ? 'ended' : 'running';

/** The fields of `before` whose value `after` changes, old → new (a field `after` leaves out stays as it is). */
export function fieldChanges(before: Record<string, ApprovalChange['from']>, after: Record<string, unknown>): ApprovalChange[] {
  return Object.keys(before)
    .filter((k) => after[k] !== undefined && String(before[k]) !== String(after[k]))
    .map((k) => ({ field: k, star: null, from: before[k]!, to: after[k] as ApprovalChange['to'] }));
}

/** Changes as `name: old → new`, in a request's English summary. */
export const changeWords = (changes: ApprovalChange[]): string => changes.map((c) => `${c.field}: ${String(c.from)} → ${String(c.to)}`).join(', ');

/** A refused field of an operator's change. */
export const invalid = (field: string) => new ValidationError([{ field, key: 'validation.invalid', params: { field } }]);

/** An end not after its start (a coupon's, a group buy's): refused on the end field, in the reader's words. */
export const endNotAfterStart = () => new ValidationError([{ field: 'ends_at', key: 'admin.validation.endAfterStart', params: { field: 'ends_at' } }]);
