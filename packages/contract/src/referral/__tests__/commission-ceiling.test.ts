import { describe, expect, it } from 'vitest';
import { COMMISSION_TOTAL_MAX_BP, commissionTotalBp } from '../../common/commission-plan.js';
import { adminPlanBody } from '../referral.schemas.js';

// A plan's paid commission levels may pay at most 30 % of an order's base together: three levels at
// 50 % each paid 147 % of a 97.99 order (each level below its own cap of 50 %).

const plan = {
  placement_deadline_days: 7,
  pair_unit_pv: 100,
  pair_rate_bp: 1000,
  pv_value_minor: 100,
  bonus_currency: 'USD',
  default_daily_cap_minor: 30000,
  time_zone: 'Asia/Kuala_Lumpur',
  commission_levels: 2,
  level1_rate_bp: 500,
  level2_rate_bp: 200,
  level3_rate_bp: 0,
  keep_star: true,
  stars: [],
  base_updated_at: '2026-11-30T08:00:00.000Z',
  reason: 'New season',
};

describe('the plan body', () => {
  it('refuses three levels at 50 % each, under the last level paid, naming the total and the most allowed', () => {
    const parsed = adminPlanBody.safeParse({ ...plan, commission_levels: 3, level1_rate_bp: 5000, level2_rate_bp: 5000, level3_rate_bp: 5000 });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues).toMatchObject([{ code: 'custom', path: ['level3_rate_bp'], message: 'referral.validation.commissionTotal', params: { total: 150, max: 30 } }]);
  });

  it('takes levels adding up to the ceiling exactly, and refuses one basis point more', () => {
    expect(COMMISSION_TOTAL_MAX_BP).toBe(3000);
    expect(adminPlanBody.safeParse({ ...plan, commission_levels: 3, level1_rate_bp: 1500, level2_rate_bp: 1000, level3_rate_bp: 500 }).success).toBe(true);
    const over = adminPlanBody.safeParse({ ...plan, commission_levels: 3, level1_rate_bp: 1500, level2_rate_bp: 1000, level3_rate_bp: 501 });
    expect(over.error?.issues.map((i) => i.path)).toEqual([['level3_rate_bp']]);
  });

  it('counts only the levels paid: a rate kept for a level beyond commission_levels pays nothing', () => {
    expect(adminPlanBody.safeParse({ ...plan, commission_levels: 1, level1_rate_bp: 3000, level2_rate_bp: 5000, level3_rate_bp: 5000 }).success).toBe(true);
    expect(adminPlanBody.safeParse({ ...plan, commission_levels: 0, level1_rate_bp: 5000, level2_rate_bp: 5000, level3_rate_bp: 5000 }).success).toBe(true);
    expect(commissionTotalBp({ commission_levels: 2, level1_rate_bp: 2000, level2_rate_bp: 1500, level3_rate_bp: 5000 })).toBe(3500);
    expect(adminPlanBody.safeParse({ ...plan, commission_levels: 2, level1_rate_bp: 2000, level2_rate_bp: 1500 }).error?.issues.map((i) => i.path)).toEqual([['level2_rate_bp']]);
  });
});
