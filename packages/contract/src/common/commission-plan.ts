// The ceiling on what a referral plan's commission levels pay together, checked alike by the plan's
// body schema, the API (when a change is asked and again when it is approved) and the console's form
// (docs/decisions/2026-11-30-commission-ceiling-and-banned-applicants.md).

/** The most the paid commission levels together may pay: 30 % (3,000 basis points) of an order's commission base. */
export const COMMISSION_TOTAL_MAX_BP = 3000;

/** The commission fields of a plan. */
export interface CommissionRates {
  commission_levels: number;
  level1_rate_bp: number;
  level2_rate_bp: number;
  level3_rate_bp: number;
}

/** What the levels a plan pays add up to, in basis points: only levels 1 to `commission_levels` are paid. */
export function commissionTotalBp(plan: CommissionRates): number {
  return [plan.level1_rate_bp, plan.level2_rate_bp, plan.level3_rate_bp].slice(0, Math.max(0, plan.commission_levels)).reduce((sum, rate) => sum + rate, 0);
}

/** A plan paying more than the ceiling: the field it shows under (the last level paid) and the totals its message names, in percent. */
export interface CommissionTotalProblem {
  field: 'level1_rate_bp' | 'level2_rate_bp' | 'level3_rate_bp';
  total_percent: number;
  max_percent: number;
}

/** The plan's refusal for paying more than `COMMISSION_TOTAL_MAX_BP` in total, or undefined when it keeps under it. */
export function commissionTotalProblem(plan: CommissionRates): CommissionTotalProblem | undefined {
  const total = commissionTotalBp(plan);
  if (total <= COMMISSION_TOTAL_MAX_BP) return undefined;
  const last = Math.min(3, Math.max(1, plan.commission_levels)) as 1 | 2 | 3;
  return { field: `level${last}_rate_bp`, total_percent: total / 100, max_percent: COMMISSION_TOTAL_MAX_BP / 100 };
}
