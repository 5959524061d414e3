// The Stats tab's charts, drawn by the console itself in HTML and CSS (docs/decisions.md 'The Stats
// tab in the console'): a column chart (stacked or side by side) and rows of bars. A chart is a
// picture for the eye, hidden from screen readers; a click on a bar opens its grid (a convenience of
// the mouse: a day's column is a few pixels wide, no tap target nor a link to tab to), while the
// table behind it (ChartTable, a details element) holds every figure and every link for the
// keyboard, touch, screen readers and copying. Bars are sized in per cent of the chart's largest value.
import { HTMLTable } from '@blueprintjs/core';
import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';

/** A series of a chart: its name in the legend and its colour (stats-series-N). */
export interface ChartSeries {
  key: string;
  label: string;
}

export interface ColumnValue {
  series: string;
  value: number;
  /** The grid holding the rows of this bar (or part of a bar). */
  href?: string;
  /** Its value as written ('GHS 1,200.00'). */
  text: string;
}

export interface Column {
  key: string;
  /** The label under the column (shown for a few columns only when there are many). */
  label: string;
  values: ColumnValue[];
  /** The whole column's link (a stacked column). */
  href?: string;
  /** What a pointer's tooltip says. */
  title: string;
}

/** A click on a bar (an element with data-href) opens the grid it names. */
function useBarClick() {
  const navigate = useNavigate();
  return (event: MouseEvent) => {
    const href = (event.target as HTMLElement).closest<HTMLElement>('[data-href]')?.dataset.href;
    if (href) void navigate(href);
  };
}

const percent = (value: number, max: number) => (max > 0 ? `${Math.max(0, Math.min(100, (value / max) * 100)).toFixed(2)}%` : '0%');

/** Colours a chart tells apart (stats.css stats-series-N); a chart with more series groups the rest (the last colour). */
export const SERIES_COLOURS = 8;
/** The colour class of the n-th series. */
export const seriesClass = (index: number) => `stats-series-${Math.min(index, SERIES_COLOURS - 1)}`;

export function Legend({ series }: { series: readonly ChartSeries[] }) {
  return (
    <ul className="stats-legend" aria-hidden="true">
      {series.map((entry, index) => (
        <li key={entry.key}>
          <span className={`stats-swatch ${seriesClass(index)}`} />
          {entry.label}
        </li>
      ))}
    </ul>
  );
}

/** Which column labels show: all of a few, else the first, last and a few between. */
function labelled(index: number, count: number): boolean {
  if (count <= 8) return true;
  const step = Math.ceil(count / 6);
  return index === 0 || index === count - 1 || (index % step === 0 && count - 1 - index >= step);
}

/** Columns over time: `stacked` (a day's events by type) or side by side (a week's due and paid). */
export function ColumnChart({ columns, series, stacked, maxText }: { columns: readonly Column[]; series: readonly ChartSeries[]; stacked: boolean; maxText: string }) {
  const totals = columns.map((column) => column.values.reduce((sum, value) => sum + value.value, 0));
  const max = stacked ? Math.max(0, ...totals) : Math.max(0, ...columns.flatMap((column) => column.values.map((value) => value.value)));
  const order = new Map(series.map((entry, index) => [entry.key, index]));
  const onClick = useBarClick();
  return (
    <div className="stats-columns-frame" aria-hidden="true" onClick={onClick}>
      <span className="stats-axis-max">{maxText}</span>
      <div className={columns.length > 60 ? 'stats-columns stats-columns-dense' : 'stats-columns'}>
        {columns.map((column, index) => (
          <div key={column.key} className="stats-column-slot" title={column.title}>
            <div className="stats-column-area">
            <div className={stacked ? 'stats-column stats-column-stacked' : 'stats-column stats-column-grouped'} style={stacked ? { height: percent(totals[index] ?? 0, max) } : undefined}>
              {column.values.map((value) => {
                const className = `stats-bar ${seriesClass(order.get(value.series) ?? 0)}`;
                const style = stacked ? { flexGrow: value.value } : { height: percent(value.value, max) };
                const href = value.href ?? column.href;
                return <span key={value.series} className={href ? `${className} stats-bar-linked` : className} style={style} data-href={href} title={`${column.title}: ${value.text}`} />;
              })}
            </div>
            </div>
            <span className="stats-column-label">{labelled(index, columns.length) ? column.label : ''}</span>
          </div>
        ))}
      </div>
    </div>
  );
}

export interface BarRow {
  key: string | number;
  label: string;
  value: number;
  /** What the row says beside its bar. */
  text: string;
  href?: string;
  warning?: boolean;
}

/** A bar per row (a campaign), longest `max`; `mark` draws a line at that share of `max` (the 90% budget mark). */
export function BarRows({ rows, max, mark }: { rows: readonly BarRow[]; max: number; mark?: number }) {
  const onClick = useBarClick();
  return (
    <ul className="stats-bar-rows" aria-hidden="true" onClick={onClick}>
      {rows.map((row) => {
        const bar = (
          <>
            <span className="stats-bar-label">{row.label}</span>
            <span className="stats-bar-track">
              <span className={row.warning ? 'stats-bar-fill stats-bar-warning' : 'stats-bar-fill'} style={{ width: percent(row.value, max) }} />
              {mark !== undefined && <span className="stats-bar-mark" style={{ left: percent(mark, max) }} />}
            </span>
            <span className="stats-bar-text">{row.text}</span>
          </>
        );
        return (
          <li key={row.key} className={row.href ? 'stats-bar-row stats-bar-linked' : 'stats-bar-row'} data-href={row.href} title={`${row.label}: ${row.text}`}>
            {bar}
          </li>
        );
      })}
    </ul>
  );
}

/** A chart with its title, a sentence saying what it shows, and the table behind it. */
export function ChartFigure({ id, title, summary, children, table, wide }: { id: string; title: string; summary: ReactNode; children: ReactNode; table?: ReactNode; wide?: boolean }) {
  return (
    <figure className={wide ? 'stats-chart stats-chart-wide' : 'stats-chart'} aria-labelledby={`${id}-title`}>
      <figcaption>
        <h3 id={`${id}-title`} className="bp6-heading stats-chart-title">
          {title}
        </h3>
        <p className="stats-chart-summary">{summary}</p>
      </figcaption>
      {children}
      {table}
    </figure>
  );
}

/** The table behind a chart, opened on request: every figure of the chart, and its links. */
export function ChartTable({ caption, head, children }: { caption: string; head: readonly string[]; children: ReactNode }) {
  return (
    <details className="stats-chart-table">
      <summary>Show the table</summary>
      <div className="stats-table-scroll" role="region" aria-label={caption} tabIndex={0}>
        <HTMLTable compact striped className="console-table">
          <caption className="bp6-text-muted">{caption}</caption>
          <thead>
            <tr>
              {head.map((label, index) => (
                <th key={label} scope="col" className={index > 0 ? 'stats-number' : undefined}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </HTMLTable>
      </div>
    </details>
  );
}

/** A table cell's value, a link when it has one. */
export function Linked({ href, children, label }: { href?: string; children: ReactNode; label?: string }) {
  return href ? (
    <Link to={href} aria-label={label}>
      {children}
    </Link>
  ) : (
    <>{children}</>
  );
}
