// The one report grid (SPEC.md section 2, 'Admin grid screens'), driven by a contract declaration:
// its columns (label, format, width, whether they sort), paged by the server 20, 50, 100 or all
// rows at a time, sorted from the column headers, columns resizable (widths kept on the device).
//
// Blueprint's Table2 draws only the cells in view, however many rows a page holds ('all' may be up
// to GRID_ALL_ROWS_MAX). Its traps are handled here, once:
// - cells are drawn from the `rows` closure: `cellRendererDependencies` names the rows (and the
//   widths), or a new page would keep showing the old cells;
// - it measures its container: the grid fills a box of fixed height (grid.css), never a box that
//   grows with its content, or nothing is virtualised;
// - no frozen columns (their quadrant lags behind the body on scroll);
// - `columnWidths` must hold one width per column, always (the declaration's, or the user's own);
// - the column names are buttons: Table2 lets no pointer event through a column's name, and draws
//   the headers twice (grid.css gives the button its clicks back and hides the copy underneath);
// - cells are drawn in batches after a scroll (BATCH_ON_UPDATE), not all at once (NONE): measured in
//   headless Chromium on a 2-core machine, 19,221 rows, 400 px a frame: drawing every cell in view
//   on each scroll took 130 ms and more a frame; batches keep frames at 17 ms (p95 33 ms) and fill
//   the cells a scroll uncovers within half a second;
// - its cells state their box-sizing (grid.css): inherited, it halved the frame rate.
import '@blueprintjs/table/lib/css/table.css';
import './grid.css';
import { Button, HotkeysContext, type HotkeysContextInstance } from '@blueprintjs/core';
import { ChevronDown, ChevronLeft, ChevronRight, ChevronUp, Error as ErrorIcon } from '@blueprintjs/icons';
import { Cell, Column, RegionCardinality, RenderMode, Table2, TableLoadingOption } from '@blueprintjs/table';
import { useEffect, useRef } from 'react';
import { addDays, daysIn, toRequestDate } from '../../../contract/dates';
import type { GridColumn, GridDeclaration } from '../../../contract/grids';
import type { GridQueryState } from '../../address/useGridQuery';
import { NotLoadedOffline, type NotLoaded } from '../NotLoadedOffline';
import { cellContent, cellText, isNumeric, type GridRecord, type GridRows } from './gridCells';
import { useColumnWidths } from './columnWidths';
import { PageSizeSelect } from '../PageSizeSelect';
import { formatRows } from '../../format/formatCount';
import { TOUCH, useMediaQuery } from '../../device/preferences';
import { EmptyState } from '../EmptyState';

export interface ReportGridProps {
  grid: GridDeclaration;
  /** The page on screen: the one asked for, or the one before it while the next comes. */
  answer: GridRows | undefined;
  /** The page asked for is on its way: the cells show as loading. */
  loading: boolean;
  /** Why the page could not be read, when there is nothing to show instead. */
  error?: string;
  /** Offline, the page asked for was never loaded (useShownAnswer). */
  notLoaded?: NotLoaded;
  /** A grid whose dates the user sets also changes them (an empty period's offer of the latest). */
  query: Pick<GridQueryState, 'state' | 'setPage' | 'setPageSize' | 'sortBy'> & Partial<Pick<GridQueryState, 'change'>>;
  /** A first column of buttons, one a row, that open the row's own popup (`label` names the column and each button). */
  openRow?: { label: string; open: (row: GridRecord) => void };
  /** The pager's name: 'Pages', unless another grid's pager is on the page too (a popup over a grid screen). */
  pagerLabel?: string;
}

/** The width of the first column's buttons (openRow). */
const OPEN_COLUMN_WIDTH = 88;

const ROW_HEIGHT = 28;
/** On a touch screen a row is a 44 px target (WCAG 2.5.5), as every tappable element (console.css). */
const TOUCH_ROW_HEIGHT = 44;

/** Cells a user selects (and copies with Ctrl+C): cells and rows, never a whole column from a header click. */
const SELECTION = [RegionCardinality.CELLS, RegionCardinality.FULL_ROWS];

/**
 * Table2 binds its own keys (Ctrl+C copies the selected cells) and, outside a hotkeys provider, warns
 * on every mount that they will not be listed in the provider's help dialog. The console has no such
 * dialog; a provider would bring one (and its code) for nothing. This context says there is one.
 */
const TABLE_KEYS: HotkeysContextInstance = [{ hasProvider: true, hotkeys: [], isDialogOpen: false }, () => undefined];

/** 'ascending', 'descending' or undefined: how `order` sorts by `field`. */
const direction = (order: string, field: string) => (order === field ? 'ascending' : order === `-${field}` ? 'descending' : undefined);

/**
 * An empty period offers the latest one that has rows: as long as the one shown, ending on the day
 * of the newest row the other filters select (issue 53: a demo's runs are weeks old).
 */
function latestPeriodOffer(latest: string, query: Pick<GridQueryState, 'state' | 'change'>) {
  const period = { start: addDays(latest, 1 - daysIn(query.state)), end: latest };
  return {
    description: `The latest is from ${toRequestDate(latest)}.`,
    action: (
      <Button intent="primary" onClick={() => query.change(period)}>
        Show {toRequestDate(period.start)} to {toRequestDate(period.end)}
      </Button>
    ),
  };
}

export function ReportGrid({ grid, answer, loading, error, notLoaded, query, openRow, pagerLabel = 'Pages' }: ReportGridProps) {
  const { page, size, order } = query.state;
  const { widths, setWidth } = useColumnWidths(grid);
  const rows = answer?.rows;
  const rowHeight = useMediaQuery(TOUCH) ? TOUCH_ROW_HEIGHT : ROW_HEIGHT;

  // A new page (or filter) is a new table: mounted, Table2 draws every cell in view at once and
  // starts at the first row; updated, it would redraw them in batches, leaving the last page's
  // cells on screen for a moment under the new pager.
  // Table2 takes its row height as it mounts: a screen that turns touch is a new table too.
  const tableKey = `${rowHeight}:${rows ? `${rows.length}:${rows.at(0)?.id}:${rows.at(-1)?.id}` : 'none'}`;

  const count = answer?.count ?? 0;
  const pages = size === 0 ? 1 : Math.max(1, Math.ceil(count / size));
  // The cursors belong to the page on screen: while another page comes, none is sent.
  const cursors = loading ? undefined : answer;

  const sortHeader = (column: GridColumn) => {
    if (column.sortable === false) return undefined;
    const sorted = direction(order, column.key);
    return () => (
      <button
        type="button"
        className="report-grid-sort"
        aria-label={sorted ? `${column.label}, sorted ${sorted}` : column.label}
        title={`Sort by ${column.label}`}
        onClick={() => query.sortBy(column.key)}
      >
        <span className="report-grid-sort-label">{column.label}</span>
        {sorted === 'ascending' ? <ChevronUp size={12} /> : sorted === 'descending' ? <ChevronDown size={12} /> : null}
      </button>
    );
  };

  const renderCell = (column: GridColumn) => (rowIndex: number) => {
    const row = rows?.at(rowIndex);
    const text = cellText(column, row);
    return (
      <Cell className={isNumeric(column) ? 'report-grid-number' : undefined} tooltip={text.length > 20 ? text : undefined}>
        {cellContent(column, row)}
      </Cell>
    );
  };

  // The open buttons come first, a column of their own that is neither sorted, copied nor resized.
  const first = openRow ? 1 : 0;
  const renderOpen = (rowIndex: number) => {
    const row = rows?.at(rowIndex);
    const named = grid.columns[0] && row ? cellText(grid.columns[0], row) : '';
    return (
      <Cell className="report-grid-open">
        {row && openRow && (
          <Button size="small" variant="minimal" aria-label={`${openRow.label} ${named}`.trim()} onClick={() => openRow.open(row)}>
            {openRow.label}
          </Button>
        )}
      </Cell>
    );
  };

  // Table2's scroll area is its own element, with no prop for it: reachable by Tab, the arrow keys
  // scroll it (WCAG 2.1.1, axe's scrollable-region-focusable), and named for who lands on it.
  const bodyRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const scroller = bodyRef.current?.querySelector('.bp6-table-quadrant-main .bp6-table-quadrant-scroll-container');
    if (!scroller || scroller.hasAttribute('tabindex')) return;
    scroller.setAttribute('tabindex', '0');
    scroller.setAttribute('role', 'group');
    scroller.setAttribute('aria-label', `${grid.title}: rows`);
  });

  let body;
  if (notLoaded) {
    body = <NotLoadedOffline {...notLoaded} />;
  } else if (error && !answer) {
    body = <EmptyState icon={<ErrorIcon size={48} />} title={`${grid.title} could not be loaded.`} description={error} />;
  } else if (answer && !loading && answer.rows.length === 0) {
    body =
      answer.count === 0 ? (
        <EmptyState
          title={grid.emptyText}
          {...(answer.latest && query.change ? latestPeriodOffer(answer.latest, { state: query.state, change: query.change }) : {})}
        />
      ) : (
        <EmptyState
          title={`Page ${page} has no rows.`}
          description={`The result has ${pages} ${pages === 1 ? 'page' : 'pages'}.`}
          action={<Button onClick={() => query.setPage(1)}>First page</Button>}
        />
      );
  } else {
    body = (
      <HotkeysContext.Provider value={TABLE_KEYS}>
        <Table2
          key={tableKey}
          numRows={rows?.length ?? (size || 20)}
          columnWidths={openRow ? [OPEN_COLUMN_WIDTH, ...widths] : widths}
          onColumnWidthChanged={(index, width) => index >= first && setWidth(index - first, width)}
          cellRendererDependencies={[rows, widths, order]}
          loadingOptions={loading || !rows ? [TableLoadingOption.CELLS] : []}
          getCellClipboardData={(row, col) => {
            const column = grid.columns[col - first];
            return column ? cellText(column, rows?.at(row)) : '';
          }}
          enableRowHeader={false}
          enableGhostCells
          defaultRowHeight={rowHeight}
          minRowHeight={rowHeight}
          enableRowResizing={false}
          renderMode={RenderMode.BATCH_ON_UPDATE}
          selectionModes={SELECTION}
        >
          {[
            ...(openRow ? [<Column key="open" id="open" name={openRow.label} cellRenderer={renderOpen} />] : []),
            ...grid.columns.map((column) => (
              <Column key={column.key} id={column.key} name={column.label} nameRenderer={sortHeader(column)} cellRenderer={renderCell(column)} />
            )),
          ]}
        </Table2>
      </HotkeysContext.Provider>
    );
  }

  return (
    <div className="report-grid">
      <div ref={bodyRef} className="report-grid-body" role="region" aria-label={grid.title} aria-busy={loading}>
        {body}
      </div>
      <div className="report-grid-pager">
        <PageSizeSelect value={size} onChange={query.setPageSize} />
        <nav className="report-grid-pages" aria-label={pagerLabel}>
          <Button variant="minimal" icon={<ChevronLeft />} disabled={page <= 1} onClick={() => query.setPage(page - 1, cursors?.previous)}>
            Previous
          </Button>
          <span className="report-grid-count">
            {answer ? `Page ${page} of ${pages} · ${formatRows(count)}` : loading ? 'Loading…' : `Page ${page}`}
          </span>
          <Button variant="minimal" endIcon={<ChevronRight />} disabled={page >= pages} onClick={() => query.setPage(page + 1, cursors?.next)}>
            Next
          </Button>
        </nav>
      </div>
    </div>
  );
}
