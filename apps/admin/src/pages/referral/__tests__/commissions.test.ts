import { describe, expect, it } from 'vitest';
import { earned } from '../Commissions';

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
});
