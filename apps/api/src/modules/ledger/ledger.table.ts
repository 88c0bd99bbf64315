import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Timestamp } from '../members/members.table.js';

/** What a ledger account holds. */
export type Asset = 'cash' | 'points' | 'shopping_points' | 'gift_card' | 'rewards';
export const ASSETS: readonly Asset[] = ['cash', 'points', 'shopping_points', 'gift_card', 'rewards'];

/** A `date` column: read as the day's text (`2026-11-20`). */
export type DateColumn = ColumnType<string, string, string>;

export interface CurrenciesTable {
  /** ISO 4217 code. */
  code: string;
  /** Digits after the decimal point of one major unit (JPY 0, USD 2). */
  minor_units: number;
  name: string;
}

export interface LedgerAccountsTable {
  id: Generated<number>;
  owner_kind: 'member' | 'system';
  member_id: number | null;
  /** For system accounts: `holds`, `fx_liquidity`, `gateway_clearing:stripe` … */
  system_code: string | null;
  asset: Asset;
  currency: string;
  allow_negative: Generated<boolean>;
  /** Sum of the account's postings in minor units, kept in the same transaction as they are written. */
  balance: Generated<number>;
  version: Generated<number>;
  created_at: Timestamp;
}

export interface JournalEntriesTable {
  id: Generated<number>;
  kind: string;
  reference_type: string;
  reference_id: string;
  /** The key of the request (or job, or provider event) that caused the entry; unique. */
  idempotency_key: string;
  actor_kind: 'member' | 'operator' | 'system' | 'job' | 'provider';
  actor_id: string;
  request_id: string | null;
  reverses_entry_id: number | null;
  /** Conversions only: units of the target currency per unit of the source, exact decimal text. */
  rate: string | null;
  rate_source: string | null;
  rate_date: DateColumn | null;
  memo: string | null;
  created_at: Timestamp;
}

export interface PostingsTable {
  id: Generated<number>;
  entry_id: number;
  account_id: number;
  /** Signed minor units: positive adds to the account's balance, negative takes from it. */
  amount: number;
  currency: string;
}

export type HoldStatus = 'pending' | 'posted' | 'released';

export interface HoldsTable {
  id: Generated<number>;
  account_id: number;
  amount: number;
  currency: string;
  status: Generated<HoldStatus>;
  reference_type: string;
  reference_id: string;
  reserve_entry_id: number;
  resolve_entry_id: number | null;
  created_at: Timestamp;
  resolved_at: Timestamp | null;
}

export interface ExchangeRatesTable {
  id: Generated<number>;
  base: string;
  quote: string;
  /** Exact decimal text: units of `quote` per unit of `base`. */
  rate: string;
  source: 'ecb' | 'operator';
  rate_date: DateColumn;
  set_by: string | null;
  created_at: Timestamp;
}

export type LedgerAccountRow = Selectable<LedgerAccountsTable>;
export type JournalEntryRow = Selectable<JournalEntriesTable>;
export type HoldRow = Selectable<HoldsTable>;
