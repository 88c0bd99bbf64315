import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A new opaque token: 32 random bytes, base64url. Only its hash is ever stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): Buffer => createHash('sha256').update(token).digest();

/**
 * A readable business number (an order's, a payment's, a case's, a slip's): `prefix`, the date as
 * yyMMdd and 10 random digits, which say nothing about how many others there are. Two of a day
 * drawing the same is unlikely, not impossible: where it matters the insert skips a number taken.
 */
export function businessNumber(prefix: string, now = new Date()): string {
  return `${prefix}${now.toISOString().slice(2, 10).replace(/-/g, '')}${String(randomInt(0, 1e10)).padStart(10, '0')}`;
}
