// Rows per page of a list or a grid: 20, 50, 100 or all; while the data saver is on, the larger
// sizes are offered but disabled, and the select says why.
import { HTMLSelect } from '@blueprintjs/core';
import { GRID_PAGE_SIZES } from '../../contract/constants';
import { DATA_SAVER_PAGE_SIZE, useDataSaver } from '../http/dataSaver';

export function PageSizeSelect({ value, onChange }: { value: number; onChange(size: number): void }) {
  const saver = useDataSaver();
  return (
    <HTMLSelect
      aria-label="Rows per page"
      title={saver.on ? `Data saver: ${DATA_SAVER_PAGE_SIZE} rows a page` : undefined}
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
    >
      {GRID_PAGE_SIZES.map((size) => (
        <option key={size} value={size} disabled={saver.on && (size === 0 || size > DATA_SAVER_PAGE_SIZE)}>
          {size === 0 ? 'All rows' : `${size} rows`}
        </option>
      ))}
    </HTMLSelect>
  );
}
