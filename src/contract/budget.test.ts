import { describe, expect, it } from 'vitest';
import { budgetOf } from './budget';

describe('budget at a glance', () => {
  it('reads decimal strings as exact minor units', () => {
    expect(budgetOf('1234.5', '2000')).toMatchObject({ spent: 123450n, allocated: 200000n, percent: 61 });
    expect(budgetOf('1e3', '1.234')).toMatchObject({ spent: 0n, allocated: null });
  });

  it('marks a campaign that has spent 90% of its allocation or more', () => {
    expect(budgetOf('899.99', '1000.00')).toMatchObject({ percent: 89, nearlySpent: false, overspent: false });
    expect(budgetOf('900.00', '1000.00')).toMatchObject({ percent: 90, nearlySpent: true, overspent: false });
    expect(budgetOf('1000.01', '1000.00')).toMatchObject({ percent: 100, nearlySpent: true, overspent: true });
    // 0.1 + 0.2 style sums would miss this edge in floats; minor units do not.
    expect(budgetOf('0.27', '0.30')).toMatchObject({ percent: 90, nearlySpent: true });
  });

  it('treats spending without an allocation as over it', () => {
    expect(budgetOf('5.00', null)).toMatchObject({ percent: null, nearlySpent: true, overspent: true });
    expect(budgetOf('0.00', null)).toMatchObject({ percent: null, nearlySpent: false, overspent: false });
  });
});
