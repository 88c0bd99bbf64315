import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../members/members.table.js';

export interface CaptchaChallengesTable {
  id: string;
  /** Where the gap is: the piece must be dragged to `x`. */
  x: number;
  y: number;
  ip: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface CaptchaTokensTable {
  token_hash: Buffer;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  account: string;
  ip: string;
  created_at: Timestamp;
  /** Set while the guess this row holds a place for is being checked; past it, the row counts as a failure. */
  pending_until: Timestamp | null;
  /** A member's sign-in only: the identifier as typed (trimmed, lower case), whatever account it names. */
  typed: string | null;
}

/** Operator settings of the account area (captcha mode …). */
export interface AccountSettingsTable {
  key: string;
  value: string;
  updated_by: string | null;
  updated_at: Timestamp;
}

/** One row: who changed the captcha card (its mode and bypass, saved together) last, and when (the version the card names). */
export interface CaptchaSettingsTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  updated_by: ColumnType<string, string | undefined, string>;
  updated_at: ColumnType<Date, never, Date | string>;
}
