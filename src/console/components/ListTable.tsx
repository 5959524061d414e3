// The list of every list screen (SPEC.md section 2): a dense table sortable by column, a search box,
// page sizes 20, 50, 100 or all, and previous/next links, its state in the address (useListParams).
//
// Dense enough for a tablet (issue 17): each cell holds one line, cut short with an ellipsis at its
// column's width (listTable.css). The whole text shows on hover (the cell's title, set when it is cut
// short) and in a row that has focus: a tap on a row that opens nothing focuses it, and the keyboard
// focuses its links and buttons. A row that opens an editor looks it (pointer, hover) and has an Edit
// button at its end for the keyboard; the editor shows the whole text anyway.
//
// Row actions stay within reach (issue 34): the Edit column, and a column of the row's own actions,
// keep to the right edge of a table that scrolls sideways (sticky, listTable.css), with a shadow at
// their left while some of the table is hidden under them, so the table shows that it scrolls.
import './listTable.css';
import { Button, HTMLTable, InputGroup, Spinner } from '@blueprintjs/core';
import { ChevronDown, ChevronUp, Edit, Search } from '@blueprintjs/icons';
import { useDeferredValue, useEffect, useRef, type ReactNode, type SyntheticEvent } from 'react';
import type { ListParams } from '../address/useListParams';
import { NotLoadedOffline, type NotLoaded } from './NotLoadedOffline';
import { formatCount } from '../format/formatCount';
import { PageSizeSelect } from './PageSizeSelect';
import { EmptyState } from './EmptyState';
import { TableScroll } from './TableScroll';

export interface Column<Row> {
  /** The field the server sorts by; absent for columns that do not sort. */
  sort?: string;
  label: string;
  cell(row: Row): ReactNode;
  /** The row's actions (its buttons): the last column, kept at the right edge of a table that scrolls sideways. */
  actions?: boolean;
}

interface ListTableProps<Row> {
  label: string;
  columns: Array<Column<Row>>;
  rows: Row[] | undefined;
  count: number;
  /** The server counted no further than `count` (there are at least that many). */
  countCapped?: boolean;
  list: ListParams;
  loading: boolean;
  error?: string;
  /** Offline, the view asked for was never loaded (useShownAnswer). */
  notLoaded?: NotLoaded;
  emptyText: string;
  rowKey(row: Row): string | number;
  /** What a row is called on its Edit button ('Edit ama@demo.test'); the first column's text when it is text. */
  rowLabel?(row: Row): string;
  onOpen?(row: Row): void;
  /** Rows that do not open (the caller may not change them); all open when absent. */
  canOpen?(row: Row): boolean;
  /** Marks a row, e.g. a change waiting to be sent. */
  rowNote?(row: Row): ReactNode;
}

export function ListTable<Row>(props: ListTableProps<Row>) {
  const tbody = useRowHeldWhilePressed();
  const { list, count } = props;
  const { pageSize, page, order } = list.view;
  const pages = pageSize === 0 ? 1 : Math.max(1, Math.ceil(count / pageSize));
  // New rows are drawn as a transition: the answer's arrival (a store update, which React draws at
  // once) stays short, and drawing the rows yields to the tablet's browser every few milliseconds.
  // Until they are drawn the table shows what it showed (the spinner, or the rows before), and the
  // pager waits for the first rows so that nothing moves when they come.
  const rows = useDeferredValue(props.rows);
  const drawingFirstRows = rows !== props.rows && !rows;
  return (
    <div className="console-list">
      <div className="console-list-tools">
        <InputGroup
          type="search"
          leftIcon={<Search />}
          placeholder="Search"
          aria-label={`Search ${props.label}`}
          value={list.typedSearch}
          onChange={(e) => list.setSearch(e.target.value)}
        />
        <PageSizeSelect value={pageSize} onChange={list.setPageSize} />
      </div>
      {props.notLoaded ? (
        <NotLoadedOffline {...props.notLoaded} />
      ) : (props.loading && !rows) || drawingFirstRows ? (
        <Spinner size={24} className="console-centered" />
      ) : props.error ? (
        <EmptyState title={props.error} />
      ) : !rows?.length ? (
        <EmptyState title={props.emptyText} />
      ) : (
        <TableScroll label={props.label}>
          <HTMLTable compact striped className="console-table console-list-table" aria-label={props.label}>
            <thead>
              <tr>
                {props.columns.map((column) => (
                  <th key={column.label} aria-sort={ariaSort(order, column.sort)} className={column.actions ? ACTIONS : undefined}>
                    {column.sort ? (
                      <button type="button" className="console-sort" onClick={() => list.sortBy(column.sort as string)}>
                        {column.label} {sortIcon(order, column.sort)}
                      </button>
                    ) : (
                      column.label
                    )}
                  </th>
                ))}
                {props.onOpen && (
                  <th className={`console-list-edit ${ACTIONS}`}>
                    <span className="console-visually-hidden">Edit</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody onMouseOver={titleIfCut} ref={tbody}>
              {rows.map((row) => {
                const open = props.onOpen && (props.canOpen?.(row) ?? true) ? () => props.onOpen?.(row) : undefined;
                const note = props.rowNote?.(row);
                return (
                  <tr
                    key={props.rowKey(row)}
                    className={open ? 'console-list-row-opens' : undefined}
                    // A row that opens nothing takes focus on a tap, which shows its whole text.
                    tabIndex={open ? undefined : -1}
                    onClick={open}
                  >
                    {props.columns.map((column, index) => {
                      const content = column.cell(row);
                      const cell = <div className={cellClass(content)}>{content}</div>;
                      return (
                        <td key={column.label} className={column.actions ? ACTIONS : undefined}>
                          {index === 0 && note ? (
                            <div className="console-cell-noted">
                              {cell}
                              {note}
                            </div>
                          ) : (
                            cell
                          )}
                        </td>
                      );
                    })}
                    {props.onOpen && (
                      <td className={`console-list-edit ${ACTIONS}`}>
                        {open && (
                          <Button
                            variant="minimal"
                            size="small"
                            icon={<Edit />}
                            aria-label={`Edit ${labelOf(props, row)}`}
                            title={`Edit ${labelOf(props, row)}`}
                            onClick={(event) => {
                              // The row's own click would open it a second time.
                              event.stopPropagation();
                              open();
                            }}
                          />
                        )}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </TableScroll>
      )}
      {count > 0 && !drawingFirstRows && (
        <nav className="console-pager" aria-label="Pages">
          <Button variant="minimal" disabled={page <= 1} onClick={() => list.setPage(page - 1)}>
            Previous
          </Button>
          <span>
            Page {page} of {pages}
            {props.countCapped ? '+' : ''} · {formatCount(count)}
            {props.countCapped ? '+' : ''} {count === 1 ? 'row' : 'rows'}
          </span>
          <Button variant="minimal" disabled={page >= pages} onClick={() => list.setPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}

/** The cells of the row actions, kept in reach (listTable.css). */
const ACTIONS = 'console-list-actions';

/** The class of a row that keeps showing its whole text while a pointer is pressed (listTable.css). */
const HELD = 'console-list-row-held';

/**
 * A row showing its whole text (focused) keeps it until the press that moves the focus away is
 * released: if it shrank on the press, what lies below it would move from under the pointer between
 * press and release, and the click would be lost (a mouse user closing a dialog with Esc, then
 * clicking the next row's Edit).
 */
function useRowHeldWhilePressed() {
  const tbody = useRef<HTMLTableSectionElement>(null);
  useEffect(() => {
    const pressed = () => {
      const row = tbody.current?.querySelector('tr:focus, tr:has(:focus-visible)');
      if (!row) return;
      row.classList.add(HELD);
      // After the release's click, which the same task dispatches.
      const release = () => setTimeout(() => row.classList.remove(HELD));
      document.addEventListener('pointerup', release, { once: true, capture: true });
      document.addEventListener('pointercancel', release, { once: true, capture: true });
    };
    document.addEventListener('pointerdown', pressed, true);
    return () => document.removeEventListener('pointerdown', pressed, true);
  }, []);
  return tbody;
}

/** A row's name: `rowLabel`'s, else its first cell when that is text, else its key. */
function labelOf<Row>(props: ListTableProps<Row>, row: Row): string {
  if (props.rowLabel) return props.rowLabel(row);
  const first = props.columns[0]?.cell(row);
  return typeof first === 'string' || typeof first === 'number' ? String(first) : String(props.rowKey(row));
}

/** Text longer than this (more than a word or two) keeps room for a few words when the table gives way (listTable.css). */
const LONG_TEXT = 12;
const cellClass = (content: ReactNode) => (typeof content === 'string' && content.length > LONG_TEXT ? 'console-cell console-cell-long' : 'console-cell');

/** A cell cut short gets its whole text as its title (a tooltip on hover); one that fits gets none. */
function titleIfCut(event: SyntheticEvent) {
  const cell = event.target instanceof Element ? event.target.closest('.console-cell') : null;
  if (!(cell instanceof HTMLElement)) return;
  if (cell.scrollHeight > cell.clientHeight || cell.scrollWidth > cell.clientWidth) cell.title = cell.textContent ?? '';
  else cell.removeAttribute('title');
}

const ariaSort = (order: string, field?: string) =>
  !field ? undefined : order === field ? 'ascending' : order === `-${field}` ? 'descending' : 'none';
const sortIcon = (order: string, field: string) =>
  order === field ? <ChevronUp size={12} /> : order === `-${field}` ? <ChevronDown size={12} /> : null;
