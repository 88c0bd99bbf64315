/** Star `n` of a referral plan as the API answers it: each star asks ten times its number of PV from the weaker leg. */
export const planStar = (n: number) => ({ star: n, personal_pv: 100 * n, direct_members: 2, weak_leg_pv: 1000 * n, directs_at_star: 0, directs_at_star_count: 0, daily_cap: 50000 });

/** A referral plan as `/admin/api/referral/plan` answers it (minor units and basis points), with `stars` star levels. */
export const referralPlan = ({ stars = 1, updatedAt = '2026-11-20T10:00:00.000Z' }: { stars?: number; updatedAt?: string } = {}) => ({
  placement_deadline_days: 7,
  pair_unit_pv: 100,
  pair_rate_bp: 1000,
  pv_value_minor: 100,
  bonus_currency: 'USD',
  default_daily_cap_minor: 30000,
  time_zone: 'Asia/Shanghai',
  commission_levels: 3,
  level1_rate_bp: 500,
  level2_rate_bp: 250,
  level3_rate_bp: 100,
  keep_star: true,
  stars: Array.from({ length: stars }, (_, i) => planStar(i + 1)),
  updated_at: updatedAt,
  updated_by: 'system',
});
