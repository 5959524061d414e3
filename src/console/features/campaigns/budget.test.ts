import { describe, expect, it } from 'vitest';
import { budgetOf, cents, formatMoney } from './budget';

describe('budget at a glance', () => {
  it('reads decimal strings as whole cents, without float rounding', () => {
    expect(cents('1234.5')).toBe(123450);
    expect(cents('0.29')).toBe(29);
    expect(cents('12')).toBe(1200);
    expect(cents('1.234')).toBeNull();
    expect(cents('1e3')).toBeNull();
    expect(cents(null)).toBeNull();
  });

  it('marks a campaign that has spent 90% of its allocation or more', () => {
    expect(budgetOf('899.99', '1000.00')).toMatchObject({ percent: 89, nearlySpent: false, overspent: false });
    expect(budgetOf('900.00', '1000.00')).toMatchObject({ percent: 90, nearlySpent: true, overspent: false });
    expect(budgetOf('1000.01', '1000.00')).toMatchObject({ percent: 100, nearlySpent: true, overspent: true });
    // 0.1 + 0.2 style sums would miss this edge in floats; cents do not.
    expect(budgetOf('0.27', '0.30')).toMatchObject({ percent: 90, nearlySpent: true });
  });

  it('treats spending without an allocation as over it', () => {
    expect(budgetOf('5.00', null)).toMatchObject({ percent: null, nearlySpent: true, overspent: true });
    expect(budgetOf('0.00', null)).toMatchObject({ percent: null, nearlySpent: false, overspent: false });
  });

  it('shows amounts with two decimals and thousands separators', () => {
    expect(formatMoney('1234567.5')).toBe('1,234,567.50');
    expect(formatMoney('0')).toBe('0.00');
  });
});
