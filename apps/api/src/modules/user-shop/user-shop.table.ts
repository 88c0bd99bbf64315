import type { ColumnType, Generated, Selectable } from 'kysely';
import type { ShopStockCause } from '@shop/contract';
import type { Timestamp } from '../members/members.table.js';

// Tables of member shops (money itself moves in the payments area and the ledger).

type Json<T> = ColumnType<T, string, string>;
type Texts = Record<string, string>;
type Big = ColumnType<number, number | bigint | string, number | bigint | string>;

export interface ShopSettingsTable {
  id: Generated<number>;
  fee_bp: Generated<number>;
  audit_hours: Generated<number>;
  payment_minutes: Generated<number>;
  /** The band an owner's price of an SKU stays in, around the platform's price (basis points below and above). */
  price_below_bp: Generated<number>;
  price_above_bp: Generated<number>;
  updated_by: Generated<string>;
  updated_at: Timestamp;
}

export type ShopStatus = 'open' | 'paused' | 'closed';
export interface MemberShopsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  logo: Generated<string>;
  intro: Generated<string>;
  contact_mobile: Generated<string>;
  address: Generated<string>;
  region: Generated<string>;
  status: Generated<ShopStatus>;
  status_reason: Generated<string>;
  /** When the shop took its present state. */
  status_changed_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ShopStockTable {
  shop_id: number;
  sku_id: number;
  goods_id: number;
  stock: Generated<number>;
  updated_at: Timestamp;
}

/** The contract's list, which the console words (a cause added there needs its text in every language). */
export type StockCause = ShopStockCause;
export interface ShopStockAdjustmentsTable {
  id: Generated<number>;
  shop_id: number;
  sku_id: number;
  delta: number;
  stock_after: number;
  cause: StockCause;
  reference: Generated<string>;
  reason: Generated<string>;
  actor: string;
  created_at: Timestamp;
}

/** A shop's own price of an SKU (inside the operators' band around the platform's price). */
export interface ShopSkuPricesTable {
  shop_id: number;
  sku_id: number;
  price_minor: Big;
  updated_at: Timestamp;
}

export interface ShopGoodsTable {
  id: Generated<number>;
  shop_id: number;
  goods_id: number;
  on_sale: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ShopCartLinesTable {
  id: Generated<number>;
  user_id: number;
  shop_id: number;
  goods_id: number;
  sku_id: number;
  quantity: number;
  selected: Generated<boolean>;
  created_at: Timestamp;
}

export type ShopOrderStatus = 'awaiting_payment' | 'awaiting_audit' | 'approved' | 'shipped' | 'ready_for_pickup' | 'completed' | 'rejected' | 'closed';
export interface ShopOrderAddress {
  name: string;
  mobile: string;
  text: string;
  country_code: string;
}
export interface ShopOrdersTable {
  id: Generated<number>;
  order_no: string;
  shop_id: number;
  owner_id: number;
  buyer_id: number;
  status: ShopOrderStatus;
  delivery: 'ship' | 'pickup';
  address: Json<ShopOrderAddress | null> | null;
  currency: string;
  goods_minor: Big;
  total_minor: Big;
  pv: Generated<number>;
  remarks: Generated<string>;
  reject_reason: Generated<string>;
  carrier: Generated<string>;
  tracking_number: Generated<string>;
  expires_at: Timestamp;
  paid_at: Timestamp | null;
  audit_due_at: Timestamp | null;
  decided_at: Timestamp | null;
  shipped_at: Timestamp | null;
  completed_at: Timestamp | null;
  refunded_at: Timestamp | null;
  settles_at: Timestamp | null;
  settled_at: Timestamp | null;
  /** The platform's fee in force when it was paid (basis points): its settlement takes this one. */
  fee_bp: number | null;
  earnings_minor: Big | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ShopOrderLinesTable {
  id: Generated<number>;
  order_id: number;
  goods_id: number;
  sku_id: number;
  name: Json<Texts>;
  spec_text: Generated<string>;
  image: Generated<string>;
  price_minor: Big;
  quantity: number;
  pv: Generated<number>;
}

export interface ShopOrderEventsTable {
  id: Generated<number>;
  order_id: number;
  kind: string;
  from_status: string | null;
  to_status: string | null;
  reason: Generated<string>;
  actor: string;
  created_at: Timestamp;
}

export interface ShopSalesTable {
  id: Generated<number>;
  sale_no: string;
  shop_id: number;
  buyer_id: number | null;
  buyer_name: Generated<string>;
  currency: string;
  goods_minor: Big;
  paid_minor: Big;
  pv: Generated<number>;
  note: Generated<string>;
  created_at: Timestamp;
}

export interface ShopSaleLinesTable {
  id: Generated<number>;
  sale_id: number;
  goods_id: number;
  sku_id: number;
  name: Json<Texts>;
  spec_text: Generated<string>;
  image: Generated<string>;
  price_minor: Big;
  quantity: number;
  pv: Generated<number>;
}

export interface ShopRestocksTable {
  order_id: number;
  shop_id: number;
  units: number;
  created_at: Timestamp;
}

export type MemberShopRow = Selectable<MemberShopsTable>;
export type ShopOrderRow = Selectable<ShopOrdersTable>;
