import type { Generated } from 'kysely';
import type { Timestamp } from '../members/members.table.js';

/**
 * Where a refund went, part by part, as a message stores it (`refund_to`): the destination as the
 * payments area names it (`wallet`, `card`, `method` …), the method it went back by and its amount in
 * minor units of the message's `currency`. Written in the reader's words when read.
 */
export interface RefundedPart {
  to: string;
  pay_way: string;
  amount: number;
}

/** A message's parameters: texts and numbers, and where a refund went (`refund_to`). */
export type MessageParams = Record<string, string | number | RefundedPart[]>;

/** A message to a member: what it tells of (`kind`, `params`), the page concerned, once per event. */
export interface MemberMessagesTable {
  id: Generated<number>;
  member_id: number;
  kind: string;
  params: Generated<MessageParams>;
  link: Generated<string>;
  event_key: string | null;
  created_at: Timestamp;
  read_at: Timestamp | null;
}

/** An operator's message to all members or a segment, in several languages (language → title and text). */
export interface MessageBroadcastsTable {
  id: Generated<number>;
  texts: Record<string, { title: string; text: string }>;
  link: Generated<string>;
  /** Members of these countries only (none: every country). */
  countries: Generated<string[]>;
  /** Members who last read their messages in these languages only (none: every language). */
  langs: Generated<string[]>;
  /** Members of these star ranks only, 0 for none yet (none listed: every rank). */
  stars: Generated<number[]>;
  recipients: Generated<number>;
  created_by: string;
  created_at: Timestamp;
}

/** The language a member last read their messages in (what a broadcast's language segment selects). */
export interface MemberLanguagesTable {
  member_id: number;
  lang: string;
  seen_at: Timestamp;
}

/** The support settings (one row). */
export interface SupportSettingsTable {
  id: number;
  /** Messages older than this many days are removed. */
  message_retention_days: Generated<number>;
  /** The most feedback a member may send in 24 hours. */
  feedback_daily_limit: Generated<number>;
  /** Members chat with support here (`builtin`) or on an outside service (`external`, at `external_chat_url`). */
  chat_mode: Generated<'builtin' | 'external'>;
  /** The outside chat's address; `{member_id}` in it is the member's id (else it is added as `customer_id`). */
  external_chat_url: Generated<string>;
  /** Who changed them last; `updated_at` is the version the console's card names when it saves. */
  updated_by: Generated<string>;
  updated_at: Timestamp;
}
