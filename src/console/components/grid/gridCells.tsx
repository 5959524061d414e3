// How a report grid's values show (SPEC.md section 9: report tables show YYYY-MM-DD HH:MM:SS):
// each column by its declared format, so every grid shows a time, a flag or an amount the same way.
import { Intent, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { reportTableTime } from '../../../contract/dates';
import { formatMoney } from '../../../contract/money';
import { formatCount } from '../../format/formatCount';
import type { ColumnFormat, GridColumn } from '../../../contract/grids';

/** A value as the grid call answers it (contract/grids.ts: text, ISO time, decimal string, count, flag, or null). */
export type GridValue = string | number | boolean | null;
/** A row of any grid: its columns by key, and its own `id`. */
export type GridRecord = { id: string } & Record<string, GridValue>;

/** A page's rows, read by index: an array, or 'all' rows parsed as they are drawn (backends/rowsByLine.ts). */
export interface GridRowList {
  readonly length: number;
  at(index: number): GridRecord | undefined;
}

/** One page of a grid as the screen reads it: its rows, the count of all, and the neighbouring pages' cursors. */
export interface GridRows {
  rows: GridRowList;
  count: number;
  next?: string;
  previous?: string;
  /** No row in the dates asked: the day of the newest row the other filters select (the server's `latest`). */
  latest?: string;
}

const NUMERIC: ReadonlySet<ColumnFormat> = new Set(['money', 'percent', 'count']);

/** Numbers line up on the right. */
export const isNumeric = (column: GridColumn): boolean => NUMERIC.has(column.format);

/** A row's value as text: what the cell shows and what a copy takes. Nothing for no value. */
export function cellText(column: GridColumn, row: GridRecord | undefined): string {
  const value = row?.[column.key];
  if (value === null || value === undefined || value === '') return '';
  switch (column.format) {
    case 'time':
      return reportTableTime(String(value));
    case 'flag':
      return value === true ? 'Yes' : 'No';
    case 'count':
      return typeof value === 'number' ? formatCount(value) : String(value);
    case 'money':
      // With its row's currency ('GHS 1,250.50', 'UGX 19,800'): rows of several currencies sit in one grid.
      return typeof value === 'string' ? formatMoney(value, column.currency ? String(row?.[column.currency] ?? '') : null) : String(value);
    default:
      return String(value);
  }
}

/** A row's value as the cell shows it: a blacklisted row is marked so it stands out. */
export function cellContent(column: GridColumn, row: GridRecord | undefined): ReactNode {
  if (column.format === 'flag' && column.key === 'blacklisted' && row?.[column.key] === true) {
    return (
      <Tag intent={Intent.DANGER} minimal>
        Blacklisted
      </Tag>
    );
  }
  return cellText(column, row);
}
