// The list of every reference-data screen (SPEC.md section 2): a dense table sortable by column,
// a search box, page sizes 20, 50, 100 or all, and previous/next links.
import { Button, HTMLSelect, HTMLTable, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { ChevronDown, ChevronUp, Search } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import { GRID_PAGE_SIZES } from '../../contract/constants';
import type { ListParams } from '../forms/useListParams';

export interface Column<Row> {
  /** The field the server sorts by; absent for columns that do not sort. */
  sort?: string;
  label: string;
  cell(row: Row): ReactNode;
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
  emptyText: string;
  rowKey(row: Row): string | number;
  onOpen?(row: Row): void;
  /** Rows that do not open (the caller may not change them); all open when absent. */
  canOpen?(row: Row): boolean;
  /** Marks a row, e.g. a change waiting to be sent. */
  rowNote?(row: Row): ReactNode;
}

export function ListTable<Row>(props: ListTableProps<Row>) {
  const { list, count } = props;
  const { pageSize, page, order } = list.view;
  const pages = pageSize === 0 ? 1 : Math.max(1, Math.ceil(count / pageSize));
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
        <HTMLSelect aria-label="Rows per page" value={pageSize} onChange={(e) => list.setPageSize(Number(e.target.value))}>
          {GRID_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size === 0 ? 'All rows' : `${size} rows`}
            </option>
          ))}
        </HTMLSelect>
      </div>
      {props.loading && !props.rows ? (
        <Spinner size={24} className="console-centered" />
      ) : props.error ? (
        <NonIdealState title={props.error} />
      ) : !props.rows?.length ? (
        <NonIdealState title={props.emptyText} />
      ) : (
        // A wide grid scrolls sideways inside the page on a tablet instead of running off it.
        <div className="console-table-scroll">
          <HTMLTable compact striped interactive={Boolean(props.onOpen)} className="console-table" aria-label={props.label}>
            <thead>
              <tr>
                {props.columns.map((column) => (
                  <th key={column.label} aria-sort={ariaSort(order, column.sort)}>
                    {column.sort ? (
                      <button type="button" className="console-sort" onClick={() => list.sortBy(column.sort as string)}>
                        {column.label} {sortIcon(order, column.sort)}
                      </button>
                    ) : (
                      column.label
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {props.rows.map((row) => (
                <tr
                  key={props.rowKey(row)}
                  onClick={props.onOpen && (props.canOpen?.(row) ?? true) ? () => props.onOpen?.(row) : undefined}
                >
                  {props.columns.map((column, index) => (
                    <td key={column.label}>
                      {column.cell(row)}
                      {index === 0 && props.rowNote?.(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      {count > 0 && (
        <nav className="console-pager" aria-label="Pages">
          <Button variant="minimal" disabled={page <= 1} onClick={() => list.setPage(page - 1)}>
            Previous
          </Button>
          <span>
            Page {page} of {pages}
            {props.countCapped ? '+' : ''} · {count.toLocaleString('en')}
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

const ariaSort = (order: string, field?: string) =>
  !field ? undefined : order === field ? 'ascending' : order === `-${field}` ? 'descending' : 'none';
const sortIcon = (order: string, field: string) =>
  order === field ? <ChevronUp size={12} /> : order === `-${field}` ? <ChevronDown size={12} /> : null;
