import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Timestamp } from '../members/members.table.js';

// Tables of the payments area (money itself moves in the ledger).

type Json<T> = ColumnType<T, string, string>;

export const PAYMENT_STATUSES = ['created', 'pending', 'succeeded', 'failed', 'canceled', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type PayableType = 'order' | 'charity' | 'recharge' | 'shop_order';
export type FlagKind = 'amount_mismatch' | 'currency_mismatch' | 'merchant_mismatch' | 'paid_after_expiry' | 'paid_after_cancel' | 'payable_not_payable' | 'refund_failed' | 'refund_overdue' | 'provider_ref_mismatch';

export interface PayMethodsTable {
  id: Generated<number>;
  code: string;
  gateway: string | null;
  method: string;
  currency: string;
  country_code: Generated<string>;
  fee_bp: Generated<number>;
  fee_fixed_minor: Generated<number>;
  points_per_unit: number | null;
  enabled: Generated<boolean>;
  sort: Generated<number>;
  updated_by: Generated<string>;
  updated_at: Timestamp;
}

export interface PaymentsTable {
  id: Generated<number>;
  reference: string;
  user_id: number;
  payable_type: PayableType;
  payable_id: number;
  /** The number the member knows the payable by (null only if its payable was gone when the column came). */
  payable_no: string | null;
  method_code: string;
  gateway: string | null;
  method: string;
  currency: string;
  payable_minor: number;
  fee_minor: Generated<number>;
  ledger_minor: Generated<number>;
  ledger_asset: string | null;
  ledger_units: Generated<number>;
  ledger_currency: string | null;
  gateway_minor: Generated<number>;
  hold_id: number | null;
  status: PaymentStatus;
  provider_ref: string | null;
  redirect_url: string | null;
  client_secret: string | null;
  sdk_params: Json<Record<string, string> | null> | null;
  failure_reason: string | null;
  entry_id: number | null;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
  last_inquired_at: Timestamp | null;
}

export interface PaymentEventsTable {
  id: Generated<number>;
  payment_id: number;
  kind: string;
  source: string;
  from_status: string | null;
  to_status: string | null;
  provider_event_id: string | null;
  detail: Json<unknown>;
  actor_kind: string;
  actor_id: string | null;
  created_at: Timestamp;
}

export interface PaymentFlagsTable {
  id: Generated<number>;
  payment_id: number;
  kind: FlagKind;
  refund_needed: Generated<boolean>;
  detail: Json<unknown>;
  created_at: Timestamp;
  resolved_at: Timestamp | null;
  resolved_by: string | null;
  /** An operator's decision on it (the reconciliation job leaves it empty when it refunds). */
  resolution: FlagResolution | null;
  resolution_reason: string | null;
}
export type FlagResolution = 'refunded' | 'accepted' | 'dismissed';

export type RefundStatus = 'pending' | 'succeeded' | 'failed';
export interface PaymentRefundsTable {
  id: Generated<number>;
  reference: string;
  payment_id: number;
  cause: string;
  via: 'gateway' | 'ledger';
  amount_minor: number;
  currency: string;
  status: RefundStatus;
  provider_ref: string | null;
  reason: Generated<string>;
  entry_id: number | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
  /** The provider's reason when it refused the refund for good. */
  failure_reason: string | null;
  /** Passing faults met asking the gateway, when to ask again, and the last one's text. */
  attempts: Generated<number>;
  next_attempt_at: Timestamp | null;
  last_error: string | null;
}

export interface PayablePayChoicesTable {
  payable_type: PayableType;
  payable_id: number;
  user_id: number;
  method_code: string;
  currency: string;
  fee_minor: number;
  chosen_at: Timestamp;
}

export interface PaymentNoticeReadsTable {
  user_id: number;
  method_code: string;
  currency: string;
  read_at: Timestamp;
  reads: Generated<number>;
}

export type PaymentRow = Selectable<PaymentsTable>;
export type PayMethodRow = Selectable<PayMethodsTable>;
export type RefundRow = Selectable<PaymentRefundsTable>;
export type FlagRow = Selectable<PaymentFlagsTable>;
