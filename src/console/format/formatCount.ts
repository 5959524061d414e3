/**
 * A count as the console writes it, digits grouped by commas ('1,234,567'), as `toLocaleString('en')`
 * writes it: a browser's first `toLocaleString` loads its number formats, 25 to 33 ms of this
 * machine's CPU (four times that on a tablet) spent on the first list screen for its row count.
 * Anything but a whole number is left to the browser.
 */
export function formatCount(value: number): string {
  return Number.isSafeInteger(value) ? String(value).replace(/\B(?=(\d{3})+$)/g, ',') : value.toLocaleString('en');
}

/** A number of things as the console says it: '1 payment', '1,234 payments'. */
export const formatCounted = (count: number, one: string, many: string): string => `${formatCount(count)} ${count === 1 ? one : many}`;

/** A number of rows as the console says it: '1 row', '1,234 rows'. */
export const formatRows = (count: number): string => formatCounted(count, 'row', 'rows');
