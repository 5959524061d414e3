// Budget at a glance (ours): what a campaign has spent against what its version allocates. Money
// arrives as decimal strings ('1234.50'); it is compared in whole cents, so no float rounding
// decides whether a campaign is over its mark.
import { BUDGET_WARNING_PERCENT } from '../../../contract/constants';
import type { Money } from '../../../contract/entities';

/** '1234.5' → 123450; null for anything that is not a plain decimal amount. */
export function cents(amount: Money | null | undefined): number | null {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount?.trim() ?? '');
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match as unknown as [string, string, string, string?];
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign ? -value : value;
}

export interface Budget {
  spentCents: number;
  allocatedCents: number | null;
  /** Whole percent spent of the allocation (may pass 100); null without an allocation. */
  percent: number | null;
  /** Spent BUDGET_WARNING_PERCENT or more of the allocation. */
  nearlySpent: boolean;
  overspent: boolean;
}

export function budgetOf(spent: Money, allocated: Money | null): Budget {
  const spentCents = cents(spent) ?? 0;
  const allocatedCents = cents(allocated);
  if (allocatedCents === null || allocatedCents <= 0) {
    // Nothing allocated: any spending is over it.
    return { spentCents, allocatedCents, percent: null, nearlySpent: spentCents > 0, overspent: spentCents > 0 };
  }
  return {
    spentCents,
    allocatedCents,
    percent: Math.floor((spentCents * 100) / allocatedCents),
    nearlySpent: spentCents * 100 >= allocatedCents * BUDGET_WARNING_PERCENT,
    overspent: spentCents > allocatedCents,
  };
}

const amountFormat = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 123450 → '1,234.50' (cents are exact in a double well past any budget). */
export const formatCents = (value: number): string => amountFormat.format(value / 100);

/** '1234.5' → '1,234.50'; a value that is no amount is shown as it came. */
export const formatMoney = (amount: Money | null | undefined): string => {
  const value = cents(amount);
  return value === null ? (amount ?? '—') : formatCents(value);
};
