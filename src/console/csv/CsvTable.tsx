// A CSV file's rows as a table: its header row, and the rows under it. A saved report's preview and
// an upload's show their rows with it.
import { HTMLTable } from '@blueprintjs/core';
import { TableScroll } from '../components/TableScroll';

interface CsvTableProps {
  label: string;
  /** The header row first. */
  rows: string[][];
  /** How a header cell reads (a report's column label for its key); the cell's own text is its hover. */
  headerText?: (cell: string) => string;
  /** Said in a row of its own when no row stands under the header. */
  emptyText?: string;
}

export function CsvTable({ label, rows, headerText, emptyText }: CsvTableProps) {
  const [header = [], ...body] = rows;
  return (
    <TableScroll label={label}>
      <HTMLTable compact striped className="console-table" aria-label={label}>
        <thead>
          <tr>
            {header.map((cell, index) => (
              <th key={index} title={headerText ? cell : undefined}>
                {headerText ? headerText(cell) : cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {body.length === 0 && emptyText ? (
            <tr>
              <td colSpan={Math.max(1, header.length)}>{emptyText}</td>
            </tr>
          ) : (
            body.map((row, index) => (
              <tr key={index}>
                {row.map((cell, column) => (
                  <td key={column}>{cell}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </HTMLTable>
    </TableScroll>
  );
}
