import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { Timestamp } from '../members/members.table.js';

export type Side = 'L' | 'R';
/** A calendar day in the shop's time zone, `YYYY-MM-DD` (read back as text). */
type Day = ColumnType<string, string, string>;

/** The plan's numbers, an operator setting (one row). */
export interface ReferralSettingsTable {
  id: Generated<boolean>;
  /** Days an invitee may wait unplaced before the job places them. */
  placement_deadline_days: Generated<number>;
  pair_unit_pv: Generated<number>;
  pair_rate_bp: Generated<number>;
  /** Money per PV, minor units of `bonus_currency`. */
  pv_value_minor: Generated<number>;
  bonus_currency: Generated<string>;
  /** The daily cap of a member without a star. */
  default_daily_cap_minor: Generated<number>;
  time_zone: Generated<string>;
  commission_levels: Generated<number>;
  level1_rate_bp: Generated<number>;
  level2_rate_bp: Generated<number>;
  level3_rate_bp: Generated<number>;
  /** A star once reached is kept. */
  keep_star: Generated<boolean>;
  /** The shop's own invitation code (capitals): who registers with it has no sponsor. Never a member's code. */
  house_code: string;
  updated_at: Timestamp;
  updated_by: Generated<string>;
}

export interface StarLevelsTable {
  star: number;
  personal_pv: number;
  direct_members: number;
  weak_leg_pv: number;
  directs_at_star: number;
  directs_at_star_count: number;
  daily_cap_minor: number;
}

export interface PlacementsTable {
  member_id: number;
  parent_id: number | null;
  side: Side | null;
  depth: number;
  placed_at: Timestamp;
  placed_by: string;
  how: 'root' | 'member' | 'job' | 'operator';
}

export interface PlacementPathsTable {
  ancestor_id: number;
  descendant_id: number;
  depth: number;
  /** The ancestor's leg the descendant lies in. */
  side: Side;
}

export interface ReferralStatsTable {
  member_id: number;
  personal_pv: Generated<number>;
  left_pv: Generated<number>;
  right_pv: Generated<number>;
  star: Generated<number>;
  star_at: Date | null;
  /** The highest star the member has seen the popup of. */
  star_seen: Generated<number>;
}

export interface StarHistoryTable {
  member_id: number;
  star: number;
  reached_at: Timestamp;
}

/** A PV entry or a commission names the order it was earned on: a regular order or a member-shop order (exactly one). */
export interface PvEntriesTable {
  id: Generated<number>;
  order_id: number | null;
  shop_order_id: number | null;
  member_id: number;
  pv: number;
  day: Day;
  in_legs: boolean;
  created_at: Timestamp;
}

/** Which member's leg a PV entry entered when it was counted (the member's PV records list these). */
export interface PvEntryLegsTable {
  member_id: number;
  entry_id: number;
  side: Side;
}

export interface LegPvDaysTable {
  member_id: number;
  day: Day;
  left_pv: Generated<number>;
  right_pv: Generated<number>;
}

/** A day whose PV is closed: its pair run has begun, and later settlements take the next day. */
export interface PvDayClosingsTable {
  day: Day;
  closed_at: Generated<Timestamp>;
}

export interface PairRunsTable {
  day: Day;
  members: Generated<number>;
  pairs: Generated<number>;
  /** The day's pair bonus after the caps (the results' `paid_minor`), including what went to pay off debts. */
  paid_minor: Generated<number>;
  /** What of `paid_minor` paid off members' debts instead of reaching their rewards. */
  debt_netted_minor: Generated<number>;
  flushed_minor: Generated<number>;
  currency: string;
  ran_at: Timestamp;
  ran_by: string;
}

export interface PairResultsTable {
  member_id: number;
  day: Day;
  left_before: number;
  right_before: number;
  left_added: number;
  right_added: number;
  pairs: number;
  consumed: number;
  gross_minor: number;
  /** The bonus after the cap: what reached the member's rewards plus `debt_netted_minor`. */
  paid_minor: number;
  /** What of `paid_minor` paid off the member's debt from a reversal (netted before paying). */
  debt_netted_minor: Generated<number>;
  flushed_minor: number;
  left_carry: number;
  right_carry: number;
  cap_minor: number;
  star: number;
  currency: string;
  entry_id: number | null;
}

export type CommissionStatus = 'pending' | 'settled' | 'void' | 'reversed';
export interface CommissionsTable {
  id: Generated<number>;
  order_id: Generated<number | null>;
  shop_order_id: Generated<number | null>;
  buyer_id: number;
  beneficiary_id: number;
  level: number;
  base_minor: number;
  rate_bp: number;
  amount_minor: number;
  currency: string;
  status: Generated<CommissionStatus>;
  /** What reached the member's rewards at settlement (the amount less a debt netted from it). */
  posted_minor: Generated<number>;
  debt_netted_minor: Generated<number>;
  reversed_minor: Generated<number>;
  /** What a reversal could not take back (recorded as the member's debt). */
  debt_minor: Generated<number>;
  entry_id: number | null;
  reversal_entry_id: number | null;
  reason: Generated<string>;
  created_at: Timestamp;
  settled_at: Date | null;
  ended_at: Date | null;
}

export interface CommissionDebtsTable {
  member_id: number;
  currency: string;
  amount_minor: number;
}

export type ApplicationKind = 'dealer' | 'service_centre' | 'shop_owner';
export interface RoleApplicationsTable {
  id: Generated<number>;
  member_id: number;
  kind: ApplicationKind;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  fields: JSONColumnType<Record<string, string>>;
  reason: Generated<string>;
  decided_by: string | null;
  decided_at: Date | null;
  created_at: Timestamp;
}
