import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from '../csv.js';

describe('csvCell', () => {
  it('keeps plain numbers, negative ones included, as numbers a spreadsheet can add up', () => {
    for (const amount of ['-60.00', '-5', '60.00', '0', '-0.5']) expect(csvCell(amount)).toBe(amount);
    expect(csvCell(-60)).toBe('-60');
    expect(csvLine(['refund', '-60.00', 'USD'])).toBe('refund,-60.00,USD\r\n');
  });

  it('still keeps anything a spreadsheet would run as a formula as text', () => {
    for (const formula of ['-1+2', '-A1', '=1', '+60', '@SUM(A1)', '\t1', '-', '-1.', '-.5', '-1e3', '--1'])
      expect(csvCell(formula)).toBe(`'${formula}`);
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });
});
