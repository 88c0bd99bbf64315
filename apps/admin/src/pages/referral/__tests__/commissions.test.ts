import { describe, expect, it } from 'vitest';
import { earned, reversalParts, reversible } from '../Commissions';

// The console's commissions list shows what a commission is worth as it stands: a settled one what was
// earned (less what a refund before settling took back), not what was pending at payment.

describe('a commission’s amount in the console', () => {
  it('settled: what reached the rewards, with what went to pay off a debt; pending or void: what was pending', () => {
    expect(earned({ status: 'settled', amount: 370, posted: 207, netted: 0 })).toBe(207);
    expect(earned({ status: 'settled', amount: 555, posted: 0, netted: 555 })).toBe(555);
    expect(earned({ status: 'reversed', amount: 370, posted: 185, netted: 0 })).toBe(185);
    expect(earned({ status: 'pending', amount: 370, posted: 0, netted: 0 })).toBe(370);
    expect(earned({ status: 'void', amount: 370, posted: 0, netted: 0 })).toBe(370);
  });

  it('reversed: what the reversal took back from the rewards and what it added to the debt, apart; a settled commission that only paid off a debt can be reversed', () => {
    expect(reversalParts({ status: 'reversed', reversed: 50, debt: 150 })).toEqual({ takenBack: 50, toDebt: 150 });
    expect(reversalParts({ status: 'reversed', reversed: 0, debt: 30 })).toEqual({ takenBack: 0, toDebt: 30 });
    expect(reversalParts({ status: 'settled', reversed: 0, debt: 0 })).toBeUndefined();
    expect(reversible({ status: 'settled', posted: 0, netted: 30 })).toBe(true);
    expect(reversible({ status: 'settled', posted: 120, netted: 0 })).toBe(true);
    expect(reversible({ status: 'settled', posted: 0, netted: 0 })).toBe(false);
    expect(reversible({ status: 'reversed', posted: 0, netted: 30 })).toBe(false);
  });
});
