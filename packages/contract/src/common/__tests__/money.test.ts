import { describe, expect, it } from 'vitest';
import { allocateMinor, convertMinorFloor, convertMinorFloorAcross, displayMinor, estimateDecimals, floorAmount, fromBasisPoints, fromMinorUnits, toBasisPoints, toMinorUnits } from '../money.js';

describe('money', () => {
  it('floors amounts to 2 decimals without floating-point surprises', () => {
    expect(floorAmount(0.29)).toBe('0.29'); // 0.29 * 100 is 28.999… in floating point
    expect(floorAmount(1.005)).toBe('1.00');
    expect(floorAmount(12.999)).toBe('12.99');
    expect(floorAmount(7)).toBe('7.00');
    expect(floorAmount('1,234.567')).toBe('1234.56');
    // A comma that does not group whole thousands (a decimal comma) is refused, never read as 100 times more.
    expect(() => floorAmount('1,5')).toThrow(RangeError);
    expect(floorAmount(1e-7)).toBe('0.00');
    expect(floorAmount(-2.349)).toBe('-2.34');
    expect(floorAmount(-0.001)).toBe('0.00');
    expect(() => floorAmount('abc')).toThrow(RangeError);
  });

  it('converts between decimal amounts and integer minor units per currency', () => {
    expect(toMinorUnits('12.34', 'USD')).toBe(1234);
    expect(toMinorUnits('1,234.5', 'MYR')).toBe(123450);
    expect(() => toMinorUnits('1,50', 'USD')).toThrow(RangeError);
    expect(() => toMinorUnits('12,3456.00', 'USD')).toThrow(RangeError);
    expect(() => toBasisPoints('2,5')).toThrow(RangeError);
    expect(toMinorUnits('0.1', 'USD') + toMinorUnits('0.2', 'USD')).toBe(30);
    expect(toMinorUnits('500', 'JPY')).toBe(500);
    expect(toMinorUnits('1.000', 'KWD')).toBe(1000);
    expect(() => toMinorUnits('1.234', 'USD')).toThrow(RangeError);
    expect(() => toMinorUnits('5.5', 'JPY')).toThrow(RangeError);
    expect(() => toMinorUnits('1e3', 'USD')).toThrow(RangeError);
    expect(fromMinorUnits(1234, 'USD')).toBe('12.34');
    expect(fromMinorUnits(5, 'USD')).toBe('0.05');
    expect(fromMinorUnits(-5, 'USD')).toBe('-0.05');
    expect(fromMinorUnits(500, 'JPY')).toBe('500');
    expect(fromMinorUnits(1234, 'KWD')).toBe('1.234');
    expect(displayMinor(1239, 'KWD')).toBe('1.23');
    // Shown in the currency's own decimals: yen and points have none ("1200 JPY" in a message, not "1200.00").
    expect(displayMinor(1200, 'JPY')).toBe('1200');
    expect(displayMinor(-1200, 'XXX')).toBe('-1200');
    expect(displayMinor(1205, 'USD')).toBe('12.05');
    expect(() => fromMinorUnits(1.5, 'USD')).toThrow(RangeError);
  });

  it('reads and writes percentages as basis points, exactly', () => {
    expect(toBasisPoints('2.5')).toBe(250);
    expect(toBasisPoints('0.29')).toBe(29); // 0.29 * 100 is 28.999… in floating point
    expect(toBasisPoints('100')).toBe(10000);
    expect(() => toBasisPoints('1.234')).toThrow(RangeError);
    expect(fromBasisPoints(250)).toBe('2.50');
    expect(fromBasisPoints(5)).toBe('0.05');
  });

  it('splits an amount without losing a minor unit', () => {
    expect(allocateMinor(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateMinor(1000, [70, 30])).toEqual([700, 300]);
    expect(allocateMinor(7, [1, 2]).reduce((a, b) => a + b, 0)).toBe(7);
    expect(() => allocateMinor(1, [0])).toThrow(RangeError);
  });

  it('splits by the largest remainder: the leftover units go to the parts that lost the most to rounding, a tie to the earlier part', () => {
    // An order of 63.87 paid over lines of 36.99 and 37.98 (3151.33… and 3235.66…).
    expect(allocateMinor(6387, [3699, 3798])).toEqual([3151, 3236]);
    // 1 over 1:2 is 0.33… and 0.66…: the larger remainder takes it, not the first part.
    expect(allocateMinor(1, [1, 2])).toEqual([0, 1]);
    expect(allocateMinor(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(allocateMinor(5, [1, 1, 2])).toEqual([1, 1, 3]);
  });

  it('never gives a unit to a part of weight 0', () => {
    expect(allocateMinor(1, [0, 1])).toEqual([0, 1]);
    expect(allocateMinor(7, [0, 1, 0, 1, 0])).toEqual([0, 4, 0, 3, 0]);
    expect(allocateMinor(10, [0, 3, 0, 3, 0, 3])).toEqual([0, 4, 0, 3, 0, 3]);
    expect(allocateMinor(0, [5, 0, 5])).toEqual([0, 0, 0]);
  });

  it('is exact for totals and weights whose products pass the safe integers', () => {
    // total·weight is past 2^53 here: exactly, the first part has the largest remainder (86210533 of 131029979); in floating point the second seemed to.
    const total = 9_007_199_254_136_135;
    const parts = allocateMinor(total, [46_725_921, 84_303_873, 185]);
    expect(parts).toEqual([3_212_010_594_766_439, 5_795_175_942_189_439, 12_717_180_257]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
    expect(() => allocateMinor(Number.MAX_SAFE_INTEGER + 2, [1, 1])).toThrow(RangeError);
    expect(() => allocateMinor(10, [1, -1, 2])).toThrow(RangeError);
    expect(() => allocateMinor(10, [1.5, 1])).toThrow(RangeError);
  });

  it('converts at an exact rate into the other currency’s minor units, never rounding up', () => {
    expect(convertMinorFloor(1999, 'USD', '4.46500000', 'MYR')).toBe(8925); // 89.25535 → 89.25
    expect(convertMinorFloor(1999, 'USD', '151.20', 'JPY')).toBe(3022); // 3022.488 → 3022
    expect(convertMinorFloor(499, 'JPY', '0.0066', 'USD')).toBe(329); // 3.2934 USD → 3.29
    expect(convertMinorFloor(100, 'USD', '1', 'USD')).toBe(100);
    expect(() => convertMinorFloor(100, 'USD', '1e3', 'JPY')).toThrow(RangeError);
    expect(() => convertMinorFloor(1.5, 'USD', '1', 'USD')).toThrow(RangeError);
  });

  it('converts between two currencies through their rates against one base, exactly, floored once', () => {
    // 100.00 MYR at 4.15925 MYR and 332.368 HUF per USD: 7991.05 Ft (not 100 × 332.368 as if ringgit were dollars).
    expect(convertMinorFloorAcross(10000, 'MYR', '4.15925', '332.368', 'HUF')).toBe(799105);
    // A cross rate of 1/3 written as a decimal (0.333333) would floor 3.00 to 0.99; kept as a fraction it is 1.00.
    expect(convertMinorFloorAcross(300, 'USD', '3', '1', 'EUR')).toBe(100);
    expect(convertMinorFloorAcross(1999, 'USD', '1', '4.46500000', 'MYR')).toBe(convertMinorFloor(1999, 'USD', '4.46500000', 'MYR'));
    expect(() => convertMinorFloorAcross(100, 'USD', '0', '1', 'EUR')).toThrow(RangeError);
  });

  it('shows estimates in forint, rupiah and riel in whole units, other currencies with their shown decimals', () => {
    expect(['HUF', 'IDR', 'KHR', 'huf'].map(estimateDecimals)).toEqual([0, 0, 0, 0]);
    expect(['USD', 'MYR', 'JPY'].map(estimateDecimals)).toEqual([2, 2, 0]);
  });
});
