// Budget at a glance (ours): what a campaign has spent against what its version allocates, one rule
// for the Campaigns screens' mark and the Stats budgets. Money arrives as decimal strings ('1234.50')
// and is read by the money module, in exact minor units, so no float rounding decides whether a
// campaign is over its mark.
import { BUDGET_WARNING_PERCENT } from './constants';
import { parseAmount, type MoneyAmount } from './money';

export interface Budget {
  /** Minor units (hundredths) spent; an amount that cannot be read counts as nothing spent. */
  spent: bigint;
  /** Minor units allocated; null without an allocation. */
  allocated: bigint | null;
  /** Whole percent spent of the allocation (may pass 100); null without an allocation. */
  percent: number | null;
  /** Spent BUDGET_WARNING_PERCENT or more of the allocation. */
  nearlySpent: boolean;
  overspent: boolean;
}

/** Spent and allocated are one campaign's, so in one currency. */
export function budgetOf(spentAmount: MoneyAmount, allocatedAmount: MoneyAmount | null): Budget {
  const spent = parseAmount(spentAmount) ?? 0n;
  const allocated = parseAmount(allocatedAmount);
  if (allocated === null || allocated <= 0n) {
    // Nothing allocated: any spending is over it.
    return { spent, allocated, percent: null, nearlySpent: spent > 0n, overspent: spent > 0n };
  }
  return {
    spent,
    allocated,
    percent: Number((spent * 100n) / allocated),
    nearlySpent: spent * 100n >= allocated * BigInt(BUDGET_WARNING_PERCENT),
    overspent: spent > allocated,
  };
}
