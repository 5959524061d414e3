import { describe, expect, it } from 'vitest';
import { formatCount, formatRows } from './formatCount';

describe('formatCount', () => {
  it('groups digits as toLocaleString("en") does', () => {
    for (const value of [0, 7, 42, 999, 1_000, 1_234, 99_999, 100_000, 1_234_567, 10_000_000, -1, -1_234, -987_654_321, Number.MAX_SAFE_INTEGER]) {
      expect(formatCount(value)).toBe(value.toLocaleString('en'));
    }
  });

  it('leaves fractions to the browser', () => {
    expect(formatCount(1234.5)).toBe('1,234.5');
  });

  it('says a number of rows', () => {
    expect(formatRows(0)).toBe('0 rows');
    expect(formatRows(1)).toBe('1 row');
    expect(formatRows(99_743)).toBe('99,743 rows');
  });
});
