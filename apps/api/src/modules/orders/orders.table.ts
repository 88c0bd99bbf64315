import type { Generated } from 'kysely';
import type { ShippingAddressRow } from '../address/address.table.js';
import type { Json, Stamp, Texts } from '../catalogue/catalogue.table.js';

export const ORDER_STATUSES = ['awaiting_payment', 'paid', 'shipped', 'completed', 'cancelled', 'closed', 'refunding', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The shipping address as the order keeps it: the member's address as checkout reads it, without its id. */
export type AddressSnapshot = Omit<ShippingAddressRow, 'id'>;

export interface OrderSettingsTable {
  id: Generated<boolean>;
  expiry_minutes: Generated<number>;
  auto_confirm_days: Generated<number>;
  /** Points (and shopping points) worth one major unit of an order's currency. */
  points_per_unit: Generated<number>;
  shopping_points_per_unit: Generated<number>;
  /** The largest share of the goods after the coupon that points may pay, in basis points. */
  points_max_share_bp: Generated<number>;
  /** Points earned on a completed order as a share of the goods paid in money, in basis points. */
  earn_rate_bp: Generated<number>;
  updated_at: Stamp;
  updated_by: Generated<string>;
  /** Days after completion before an order settles (the after-sales window; after-sales may set a later end). */
  settle_after_days: Generated<number>;
  /** Who changed the points settings last, and when (`updated_*` is the order times'): each is its own card and version. */
  points_updated_at: Stamp;
  points_updated_by: Generated<string>;
}

export interface OperatingFeesTable {
  country_code: string;
  rate_bp: number;
  updated_at: Stamp;
  updated_by: string;
}

export interface ShippingFeesTable {
  country_code: string;
  currency: string;
  fee_minor: number;
  free_over_minor: number | null;
  updated_at: Stamp;
  updated_by: string;
}

export interface OrdersTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  kind: Generated<'regular' | 'group_buy' | 'international'>;
  status: OrderStatus;
  currency: string;
  subtotal_minor: number;
  coupon_discount_minor: Generated<number>;
  operating_fee_rate_bp: Generated<number>;
  operating_fee_minor: Generated<number>;
  freight_minor: Generated<number>;
  points_used: Generated<number>;
  points_value_minor: Generated<number>;
  shopping_points_used: Generated<number>;
  shopping_points_value_minor: Generated<number>;
  /** The ledger holds of the points spent, pending until the order is paid or ends. */
  points_hold_id: number | null;
  shopping_points_hold_id: number | null;
  /** Points the order earns, posted once when it completes (then `points_earned_at` is set). */
  points_earned: Generated<number>;
  points_earned_at: Date | null;
  /** Of those, points it no longer earns: its share of what was refunded before they were credited. */
  points_withheld: Generated<number>;
  total_minor: number;
  country_code: string;
  address: Json<AddressSnapshot>;
  remarks: Generated<string>;
  expires_at: Date | string;
  created_at: Stamp;
  paid_at: Date | null;
  shipped_at: Date | null;
  completed_at: Date | null;
  /** When the settlement job next looks at the completed order (its after-sales window's end). */
  settles_at: Date | null;
  /** When the order was settled: its money final for the shop's purposes. */
  settled_at: Date | null;
  cancelled_at: Date | null;
  closed_at: Date | null;
  cancel_reason: Generated<string>;
  last_reminded_at: Date | null;
  updated_at: Stamp;
  /** International orders: how it ships, its weight, and the rate to the destination's currency when placed. */
  shipping_method: string | null;
  weight_g: number | null;
  local_currency: string | null;
  exchange_rate: string | null;
  rate_source: string | null;
  rate_date: string | null;
  /** An order not in the shop's currency: the rate to the shop's currency its points were valued at, with its source and date. */
  points_rate: string | null;
  points_rate_source: string | null;
  points_rate_date: string | null;
  coupon_id: number | null;
}

export interface OrderLinesTable {
  id: Generated<number>;
  order_id: number;
  goods_id: number;
  sku_id: number;
  name: Json<Texts>;
  spec_text: Json<Texts>;
  image: Generated<string>;
  unit_price_minor: number;
  quantity: number;
  line_total_minor: number;
  shipped_quantity: Generated<number>;
  /** The PV of one unit when the order was placed (the SKU's), kept as it was. */
  pv: Generated<number>;
}

export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  kind: string;
  from_status: string | null;
  to_status: string | null;
  actor_kind: string;
  actor_id: Generated<string>;
  reason: Generated<string>;
  request_id: Generated<string>;
  created_at: Stamp;
}

export interface OrderPackagesTable {
  id: Generated<number>;
  order_id: number;
  carrier: string;
  tracking_number: string;
  tracking_provider: Generated<string>;
  status: Generated<'in_transit' | 'delivered'>;
  shipped_at: Stamp;
  delivered_at: Date | null;
  tracked_at: Date | null;
  created_by: string;
}

export interface PackageLinesTable {
  package_id: number;
  order_line_id: number;
  quantity: number;
}

export interface TrackingEventsTable {
  id: Generated<number>;
  package_id: number;
  happened_at: Date | string;
  place: Generated<string>;
  text: string;
  source: string;
  created_at: Stamp;
}

export interface InternationalFreightTable {
  country_code: string;
  method: 'standard' | 'express';
  weight_from_g: number;
  weight_to_g: number;
  currency: string;
  fee_minor: number;
  updated_by: string;
  updated_at: Stamp;
}

