// Money (issue 32; DESIGN.md: never floating point, always with its currency, nothing sums two
// currencies). On the wire an amount is a decimal string ('1234.50') and a currency an ISO 4217
// code ('GHS'). Every money column is NUMERIC(14,2), so an amount here has exactly two decimals
// whatever its currency: internally it is a whole number of hundredths in a bigint, which adds
// exactly however many amounts are summed. The console and the server both read money through
// this module; none of them parses an amount with parseFloat or Number.
import { z } from 'zod';

/** Decimals of every stored amount (the columns are NUMERIC(14,2)), whatever the currency's own. */
export const MONEY_DECIMALS = 2;
const SCALE = 10n ** BigInt(MONEY_DECIMALS);

/** An amount as the wire carries it: a decimal string ('12.50'), never a float. */
export const money = z.string().describe('A decimal string with two decimals, e.g. "12.50"');
export type MoneyAmount = z.infer<typeof money>;

/** An ISO 4217 currency code: three capital letters ('GHS'). */
export const currencyCode = z
  .string()
  .regex(/^[A-Z]{3}$/)
  .describe('An ISO 4217 currency code, e.g. "GHS"');
export type CurrencyCode = z.infer<typeof currencyCode>;

/** ISO 4217's code for 'no currency': what a row whose currency could not be found carries. */
export const NO_CURRENCY = 'XXX';

/** An amount with its currency, as the wire carries it: { amount: '12.50', currency: 'GHS' }. */
export const moneyWithCurrency = z
  .object({ amount: money, currency: currencyCode })
  .describe('An amount (decimal string) and its ISO 4217 currency');
export type Money = z.infer<typeof moneyWithCurrency>;

// A sign, whole units, and at most two decimals: no exponent, no grouping, no '+', no '.5'.
const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * A wire amount as minor units (hundredths): '1234.5' → 123450n, '-3.00' → -300n. Null for
 * anything else: '1e3', '1,234', '1.234', '', a number (a float has already lost exactness).
 */
export function parseAmount(amount: unknown): bigint | null {
  if (typeof amount !== 'string') return null;
  const match = DECIMAL.exec(amount.trim());
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const minor = BigInt(whole) * SCALE + BigInt(fraction.padEnd(MONEY_DECIMALS, '0'));
  return sign ? -minor : minor;
}

/** Like parseAmount, for amounts that must be well formed (a column's value): throws on anything else. */
export function requireAmount(amount: unknown): bigint {
  const minor = parseAmount(amount);
  if (minor === null) throw new RangeError(`not a money amount: ${JSON.stringify(amount)}`);
  return minor;
}

/** Minor units as the wire's decimal string: 123450n → '1234.50', -5n → '-0.05'. */
export function amountText(minor: bigint): MoneyAmount {
  const negative = minor < 0n;
  const magnitude = negative ? -minor : minor;
  const fraction = String(magnitude % SCALE).padStart(MONEY_DECIMALS, '0');
  return `${negative ? '-' : ''}${magnitude / SCALE}.${fraction}`;
}

/** A well-formed amount written the wire's one way: '1234.5' → '1234.50'; null if it is none. */
export function normalizeAmount(amount: unknown): MoneyAmount | null {
  const minor = parseAmount(amount);
  return minor === null ? null : amountText(minor);
}

/** The sum of two amounts of one currency; two currencies are never added, so that throws. */
export function addMoney(a: Money, b: Money): Money {
  if (a.currency !== b.currency) throw new RangeError(`cannot add ${a.currency} to ${b.currency}`);
  return { amount: amountText(requireAmount(a.amount) + requireAmount(b.amount)), currency: a.currency };
}

/** Compares two amounts of one currency (-1, 0, 1); two currencies are not comparable, so that throws. */
export function compareMoney(a: Money, b: Money): -1 | 0 | 1 {
  if (a.currency !== b.currency) throw new RangeError(`cannot compare ${a.currency} with ${b.currency}`);
  const difference = requireAmount(a.amount) - requireAmount(b.amount);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

/**
 * One total per currency, never across: [{amount: '1.00', currency: 'GHS'}, {amount: '2.50',
 * currency: 'KES'}, {amount: '0.50', currency: 'GHS'}] → GHS 1.50 and KES 2.50, by currency code.
 */
export function sumByCurrency(items: Iterable<Money>): Money[] {
  const totals = new Map<string, bigint>();
  for (const item of items) totals.set(item.currency, (totals.get(item.currency) ?? 0n) + requireAmount(item.amount));
  return [...totals.keys()].sort().map((currency) => ({ amount: amountText(totals.get(currency) ?? 0n), currency }));
}

const plainAmount = new Intl.NumberFormat('en', { minimumFractionDigits: MONEY_DECIMALS, maximumFractionDigits: MONEY_DECIMALS });
const currencyFormats = new Map<string, Intl.NumberFormat | null>();
const knownCurrencies: ReadonlySet<string> | null =
  typeof Intl.supportedValuesOf === 'function' ? new Set(Intl.supportedValuesOf('currency')) : null;

/** Intl's format for a currency it knows ('GHS 1,234.50'), or null for an unknown or missing one. */
function currencyFormat(currency: string | null | undefined): Intl.NumberFormat | null {
  if (!currency || currency === NO_CURRENCY || !/^[A-Z]{3}$/.test(currency)) return null;
  let format = currencyFormats.get(currency);
  if (format === undefined) {
    format = null;
    if (!knownCurrencies || knownCurrencies.has(currency)) {
      // A currency without decimals (UGX) drops '.00', but never hides the hundredths an amount has.
      const own = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().minimumFractionDigits ?? MONEY_DECIMALS;
      format = new Intl.NumberFormat('en', {
        style: 'currency', currency, currencyDisplay: 'code',
        minimumFractionDigits: MONEY_DECIMALS, maximumFractionDigits: MONEY_DECIMALS,
        trailingZeroDisplay: own === 0 ? 'stripIfInteger' : 'auto',
      });
    }
    currencyFormats.set(currency, format);
  }
  return format;
}

/**
 * The decimals a provider can pay in a currency (ISO 4217's minor unit, from Intl's data), at most
 * the stored two: 0 for XOF, XAF and UGX, 2 for GHS; an unknown code is taken as two.
 */
export function currencyMinorDigits(currency: string): number {
  if (!/^[A-Z]{3}$/.test(currency) || currency === NO_CURRENCY || (knownCurrencies && !knownCurrencies.has(currency))) return MONEY_DECIMALS;
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? MONEY_DECIMALS;
  return Math.min(digits, MONEY_DECIMALS);
}

/**
 * An amount for people: '1234.5' with 'GHS' → 'GHS 1,234.50'; with an unknown or missing
 * currency the amount alone ('1,234.50'); a value that is no amount is shown as it came ('—' for none).
 */
export function formatMoney(amount: MoneyAmount | bigint | null | undefined, currency?: string | null): string {
  const minor = typeof amount === 'bigint' ? amount : parseAmount(amount);
  if (minor === null) return amount === null || amount === undefined || amount === '' ? '—' : String(amount);
  // Intl formats a decimal string exactly (no trip through a double), however large the total.
  const exact = amountText(minor) as `${number}`;
  const format = currencyFormat(currency);
  // A narrow no-break space sits between code and amount in some engines: one plain space reads the same everywhere.
  return format ? format.format(exact).replace(/[\u00a0\u202f]/g, ' ') : plainAmount.format(exact);
}
