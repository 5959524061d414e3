import { describe, expect, it } from 'vitest';
import {
  addMoney, amountText, compareMoney, formatMoney, moneyWithCurrency, normalizeAmount, parseAmount, requireAmount, sumByCurrency,
} from './money';

describe('parseAmount', () => {
  it('reads the wire decimal string as hundredths', () => {
    expect(parseAmount('1234.5')).toBe(123450n);
    expect(parseAmount('1234.50')).toBe(123450n);
    expect(parseAmount('-3.00')).toBe(-300n);
    expect(parseAmount('12')).toBe(1200n);
    expect(parseAmount('0.29')).toBe(29n);
    expect(parseAmount(' 7.05 ')).toBe(705n);
    expect(parseAmount('999999999999.99')).toBe(99999999999999n);
  });

  it('refuses exponents, grouping, floats, more than two decimals and what is no amount', () => {
    for (const bad of ['1e3', '1,234', '1,234.50', '1.234', '.5', '5.', '+5', '--5', '', ' ', 'GHS 5', 'NaN', 'Infinity', '0x10']) {
      expect(parseAmount(bad), bad).toBeNull();
    }
    expect(parseAmount(12.5)).toBeNull();
    expect(parseAmount(null)).toBeNull();
    expect(parseAmount(undefined)).toBeNull();
    expect(() => requireAmount('1e3')).toThrow(/not a money amount/);
  });
});

describe('amountText', () => {
  it("writes the wire's string with two decimals", () => {
    expect(amountText(123450n)).toBe('1234.50');
    expect(amountText(-300n)).toBe('-3.00');
    expect(amountText(-5n)).toBe('-0.05');
    expect(amountText(0n)).toBe('0.00');
    expect(normalizeAmount('1234.5')).toBe('1234.50');
    expect(normalizeAmount('1e3')).toBeNull();
  });
});

describe('adding money', () => {
  it('is exact: 0.10 + 0.20 is 0.30', () => {
    expect(addMoney({ amount: '0.10', currency: 'GHS' }, { amount: '0.20', currency: 'GHS' })).toEqual({ amount: '0.30', currency: 'GHS' });
    expect(0.1 + 0.2).not.toBe(0.3); // what a float would have said
  });

  it('never adds or compares two currencies', () => {
    expect(() => addMoney({ amount: '1.00', currency: 'GHS' }, { amount: '1.00', currency: 'KES' })).toThrow(/cannot add KES to GHS|cannot add GHS to KES/);
    expect(() => compareMoney({ amount: '1.00', currency: 'GHS' }, { amount: '1.00', currency: 'KES' })).toThrow(/cannot compare/);
    expect(compareMoney({ amount: '2.5', currency: 'GHS' }, { amount: '2.50', currency: 'GHS' })).toBe(0);
    expect(compareMoney({ amount: '2.49', currency: 'GHS' }, { amount: '2.50', currency: 'GHS' })).toBe(-1);
  });

  it('sums one total per currency, by currency code', () => {
    const totals = sumByCurrency([
      { amount: '1.00', currency: 'KES' },
      { amount: '0.10', currency: 'GHS' },
      { amount: '2.50', currency: 'KES' },
      { amount: '0.20', currency: 'GHS' },
      { amount: '-0.05', currency: 'GHS' },
    ]);
    expect(totals).toEqual([
      { amount: '0.25', currency: 'GHS' },
      { amount: '3.50', currency: 'KES' },
    ]);
    expect(sumByCurrency([])).toEqual([]);
    expect(() => sumByCurrency([{ amount: '1.5e2', currency: 'GHS' }])).toThrow(/not a money amount/);
  });

  it('sums large totals exactly: 100,000 payments of 9,999,999.99', () => {
    const payments = Array.from({ length: 100_000 }, () => ({ amount: '9999999.99', currency: 'GHS' }));
    const [total] = sumByCurrency(payments);
    expect(total).toEqual({ amount: '999999999000.00', currency: 'GHS' });
    // Past what a double holds to the cent: 100,000 × 99,999,999,999.99
    const huge = sumByCurrency(Array.from({ length: 100_000 }, () => ({ amount: '99999999999.99', currency: 'NGN' })));
    expect(huge).toEqual([{ amount: '9999999999999000.00', currency: 'NGN' }]);
    expect(formatMoney(huge[0]?.amount, 'NGN')).toBe('NGN 9,999,999,999,999,000.00');
  });
});

describe('formatMoney', () => {
  it('shows the amount with its currency code', () => {
    expect(formatMoney('1234.5', 'GHS')).toBe('GHS 1,234.50');
    expect(formatMoney('0', 'KES')).toBe('KES 0.00');
    expect(formatMoney(123450n, 'GHS')).toBe('GHS 1,234.50');
    expect(formatMoney('-3.00', 'GHS')).toBe('-GHS 3.00');
  });

  it("keeps a currency's own lack of decimals but never hides hundredths", () => {
    expect(formatMoney('1500.00', 'UGX')).toBe('UGX 1,500');
    expect(formatMoney('1500.50', 'UGX')).toBe('UGX 1,500.50');
  });

  it('shows an unknown or missing currency as the amount alone', () => {
    expect(formatMoney('1234567.5')).toBe('1,234,567.50');
    expect(formatMoney('1234.5', null)).toBe('1,234.50');
    expect(formatMoney('1234.5', 'XXX')).toBe('1,234.50');
    expect(formatMoney('1234.5', 'ZZZ')).toBe('1,234.50');
    expect(formatMoney('1234.5', 'cedi')).toBe('1,234.50');
  });

  it('shows what is no amount as it came, and nothing as a dash', () => {
    expect(formatMoney('1e3', 'GHS')).toBe('1e3');
    expect(formatMoney(null)).toBe('—');
    expect(formatMoney(undefined, 'GHS')).toBe('—');
  });
});

describe('moneyWithCurrency', () => {
  it('takes an amount and an ISO 4217 code', () => {
    expect(moneyWithCurrency.safeParse({ amount: '12.50', currency: 'GHS' }).success).toBe(true);
    expect(moneyWithCurrency.safeParse({ amount: '12.50', currency: 'ghs' }).success).toBe(false);
    expect(moneyWithCurrency.safeParse({ amount: '12.50' }).success).toBe(false);
  });
});
