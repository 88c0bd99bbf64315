import type { Generated } from 'kysely';
import type { Timestamp } from '../members/members.table.js';

export interface VerificationCodesTable {
  id: Generated<number>;
  /** What the code proves: register, forget, bind, pay_password, cancel … */
  purpose: string;
  /** A lower-cased e-mail, or `+<country code><number>`. */
  destination: string;
  channel: 'email' | 'sms';
  /**
   * What the request named, under which its limits count: the e-mail, phone or `account:<name>` a
   * caller without a session typed, or `member:<id>` for a signed-in member's own request.
   */
  requested_as: string;
  code_hash: Buffer;
  salt: Buffer;
  attempts: Generated<number>;
  ip: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
}

/** Messages the development providers keep instead of sending them. */
export interface OutboxMessagesTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: Generated<string>;
  body: string;
  created_at: Timestamp;
}
