import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../members/members.table.js';

export type AfterSaleKind = 'return' | 'exchange' | 'warranty';
export type AfterSaleStatus =
  | 'under_review' | 'rejected' | 'awaiting_return' | 'return_shipped' | 'received' | 'receipt_refused'
  | 'refunding' | 'refunded' | 'replacement_shipped' | 'completed' | 'withdrawn' | 'closed';

/** The operators' settings of after-sales (one row). */
export interface AfterSaleSettingsTable {
  id: Generated<boolean>;
  /** Days after the order is received within which a return or an exchange may be asked for. */
  return_days: Generated<number>;
  exchange_days: Generated<number>;
  /** Exchanges per unit bought. */
  max_exchanges: Generated<number>;
  /** Days the member has to send the goods back once a case is approved. */
  ship_back_days: Generated<number>;
  /** Days after a replacement is delivered before the case completes by itself. */
  auto_complete_days: Generated<number>;
  /** Days after a review is written within which it may be changed (once). */
  review_edit_days: Generated<number>;
  updated_at: Timestamp;
  updated_by: Generated<string>;
}

export interface AfterSaleReasonsTable {
  kind: AfterSaleKind;
  code: string;
  /** The operator's names per language; a language without one reads the shipped text of the code. */
  names: Generated<Record<string, string>>;
  needs_evidence: Generated<boolean>;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  /** When the row last changed: the version its console form names when saving it. */
  updated_at: Timestamp;
}

export interface AfterSaleCarriersTable {
  code: string;
  name: string;
  needs_phone_tail: Generated<boolean>;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  /** When the row last changed: the version its console form names when saving it. */
  updated_at: Timestamp;
}

export interface AfterSaleAddressesTable {
  id: Generated<number>;
  country_code: string;
  kind: 'return' | 'service';
  name: string;
  address: string;
  phone: Generated<string>;
  hours: Generated<string>;
  enabled: Generated<boolean>;
  sort: Generated<number>;
  /** When the row last changed (or was turned off by another return address): the version its console form names when saving it. */
  updated_at: Timestamp;
}

/** A shop order's id (bigint: read as a string, written as a number). */
type BigId = ColumnType<number | string, number, number>;

/** A member's case on units of one order: a regular order or a member-shop order, exactly one. */
export interface AfterSalesTable {
  id: Generated<number>;
  case_no: string;
  order_id: number | null;
  shop_order_id: BigId | null;
  user_id: number;
  kind: AfterSaleKind;
  status: AfterSaleStatus;
  reason_code: string;
  description: Generated<string>;
  currency: string;
  /** The lines' share of what was paid (returns), fixed when the case is opened. */
  refundable_minor: Generated<number>;
  /** The freight `refundable_minor` includes: all of it on the return that takes back the whole order, else 0 (worked out again as cases end and refund). */
  freight_minor: Generated<number>;
  /** The refund an operator approved (at most `refundable_minor`), and what was refunded. */
  refund_minor: number | null;
  /** Why `refund_minor` is less than the case may refund, written for the member ('' when it is not less). */
  refund_reason: Generated<string>;
  /** A refund lowered on approval: what would have gone back to the member, as the console showed it (the card's surcharge included), and that surcharge; null when not lowered (or approved before they were kept). */
  refund_reduced_from_minor: number | null;
  refund_reduced_fee_minor: number | null;
  refunded_minor: number | null;
  /** The card surcharge that came back with the case's refund (the one taking back the whole order): shown with `refunded_minor` as what went back. */
  refunded_fee_minor: Generated<number>;
  refunded_at: Date | null;
  follows_case_id: number | null;
  reject_reason: Generated<string>;
  ship_back_by: Date | null;
  return_carrier_code: string | null;
  return_carrier: string | null;
  return_tracking: string | null;
  return_phone_tail: string | null;
  return_shipped_at: Date | null;
  return_signed_at: Date | null;
  received_at: Date | null;
  resellable: boolean | null;
  replacement_carrier: string | null;
  replacement_tracking: string | null;
  replacement_shipped_at: Date | null;
  replacement_signed_at: Date | null;
  completed_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Units of a line of the case's order: `order_line_id` on a regular order, `shop_order_line_id` on a shop order. */
export interface AfterSaleLinesTable {
  case_id: number;
  order_line_id: number | null;
  shop_order_line_id: BigId | null;
  qty: number;
  exchange_sku_id: number | null;
}

export interface AfterSaleEvidenceTable {
  case_id: number;
  upload_id: number;
  kind: 'image' | 'video';
  url: string;
  sort: Generated<number>;
}

/** Every move of a case (and every step that moves nothing), with who, when and why. */
export interface AfterSaleEventsTable {
  id: Generated<number>;
  case_id: number;
  kind: string;
  from_status: string | null;
  to_status: string | null;
  actor_kind: string;
  actor_id: Generated<string>;
  reason: Generated<string>;
  request_id: Generated<string>;
  created_at: Timestamp;
}
