// The fee and limits of a way money leaves a wallet (a bank or stablecoin withdrawal, a transfer):
// the one rule a fee is computed by, and the combinations an operator may not set, checked alike by
// the API and by the console's form (docs/decisions/2026-11-30-wallet-limits-refused-combinations.md).

/** The fee of `amount` (minor units): `fee_bp` basis points of it rounded half-up once, plus `fee_fixed`. The member pays it on top of the amount. */
export function walletFeeOf(amount: number, fee: { fee_bp: number; fee_fixed: number }): number {
  return Number((BigInt(amount) * BigInt(fee.fee_bp) + 5000n) / 10000n) + Number(fee.fee_fixed);
}

/** The values of a fee and limits as the operators' body carries them (minor units of one currency). */
export interface WalletLimitValues {
  fee_bp: number;
  fee_fixed: number;
  min: number;
  max: number;
  daily_amount: number;
}

/** A refused combination: the field it shows under, which rule, and the amounts (minor units) its message names. */
export type WalletLimitProblem =
  | { field: 'max'; rule: 'maxBelowMin'; amounts: { min: number; max: number } }
  | { field: 'fee_fixed'; rule: 'feeNotBelowMax'; amounts: { fee: number; max: number } }
  | { field: 'daily_amount'; rule: 'dailyAmountBelowMax'; amounts: { daily: number; max: number } };

/**
 * What makes a fee and limits unusable or absurd, every problem at once: a maximum below the
 * minimum; a fee on the largest request as large as that request or more (every request would cost
 * at least as much as it moves); a daily amount below the largest request (that request could never
 * be made, and below the minimum none at all). The ranges of single values (no negative amount, a
 * fee rate below 50 %, a daily count from 1) are the body schema's.
 */
export function walletLimitProblems(l: WalletLimitValues): WalletLimitProblem[] {
  const problems: WalletLimitProblem[] = [];
  if (l.max < l.min) problems.push({ field: 'max', rule: 'maxBelowMin', amounts: { min: l.min, max: l.max } });
  const fee = walletFeeOf(l.max, l);
  if (fee >= l.max) problems.push({ field: 'fee_fixed', rule: 'feeNotBelowMax', amounts: { fee, max: l.max } });
  if (l.daily_amount < l.max) problems.push({ field: 'daily_amount', rule: 'dailyAmountBelowMax', amounts: { daily: l.daily_amount, max: l.max } });
  return problems;
}
