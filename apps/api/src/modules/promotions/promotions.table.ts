import type { Generated } from 'kysely';
import type { Stamp } from '../catalogue/catalogue.table.js';

// Coupons, group buys and goods' own points rules: what orders take and give back at checkout.

/** Goods whose every unit earns a set number of points, instead of the operator's percentage. */
export interface GoodsPointsTable {
  goods_id: number;
  points_per_unit: number;
  updated_by: string;
  updated_at: Stamp;
}

export interface GroupBuyActivitiesTable {
  id: Generated<number>;
  goods_id: number;
  sku_id: number;
  group_size: number;
  fill_hours: number;
  starts_at: Date | string;
  ends_at: Date | string;
  price_minor: number;
  per_order_limit: Generated<number>;
  per_member_limit: Generated<number>;
  quantity: number;
  remaining: number;
  virtual_fill_percent: Generated<number>;
  created_by: string;
  created_at: Stamp;
  /** Moved forward by every change of its terms or dates (not by members taking places): the version a console change names. */
  updated_at: Stamp;
}

export interface GroupBuyGroupsTable {
  id: Generated<number>;
  activity_id: number;
  leader_user_id: number;
  size: number;
  member_count: Generated<number>;
  status: Generated<'open' | 'succeeded' | 'failed'>;
  virtual: Generated<boolean>;
  expires_at: Date | string;
  decided_at: Date | null;
  created_at: Stamp;
}

export interface GroupBuyEntriesTable {
  id: Generated<number>;
  group_id: number;
  activity_id: number;
  order_id: number;
  user_id: number;
  quantity: number;
  status: Generated<'pending' | 'joined' | 'dropped'>;
  /** Why a dropped entry was dropped (set with `dropped`, null before): its order ended, or its group failed. */
  drop_cause: GroupBuyDropCause | null;
  created_at: Stamp;
}

/** `order_ended`: the member's order ended on its own (the member left the group); `group_failed`: the group did not fill and took the order with it. */
export type GroupBuyDropCause = 'order_ended' | 'group_failed';

export interface CouponsTable {
  id: Generated<number>;
  code: string;
  kind: 'amount' | 'percent';
  amount_minor: number | null;
  percent_bp: number | null;
  currency: string;
  min_spend_minor: Generated<number>;
  starts_at: Date | string;
  ends_at: Date | string;
  per_member_limit: Generated<number>;
  total_limit: number | null;
  used: Generated<number>;
  created_by: string;
  created_at: Stamp;
}

export interface CouponMemberUsesTable {
  coupon_id: number;
  user_id: number;
  uses: number;
}
