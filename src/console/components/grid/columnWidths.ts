// A grid's column widths as the user dragged them, kept on this device per grid (by column key,
// so a column added to a declaration later starts at its declared width and the others keep theirs).
import { useState } from 'react';
import type { GridDeclaration } from '../../../contract/grids';

export const DEFAULT_COLUMN_WIDTH = 150;
const MIN_WIDTH = 40;
const MAX_WIDTH = 1200;

export const columnWidthsKey = (grid: GridDeclaration) => `console.gridColumnWidths.${grid.id}`;

function storedWidths(grid: GridDeclaration): Record<string, number> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(columnWidthsKey(grid)) ?? '{}');
    return stored && typeof stored === 'object' ? (stored as Record<string, number>) : {};
  } catch {
    return {};
  }
}

const usable = (width: unknown): width is number => typeof width === 'number' && Number.isFinite(width) && width >= MIN_WIDTH && width <= MAX_WIDTH;

/** The widths of a grid's columns, in its declaration's order, and how to change one. */
export function useColumnWidths(grid: GridDeclaration) {
  const [widths, setWidths] = useState<number[]>(() => {
    const stored = storedWidths(grid);
    return grid.columns.map((column) => {
      const width = stored[column.key];
      return usable(width) ? width : (column.width ?? DEFAULT_COLUMN_WIDTH);
    });
  });

  const setWidth = (index: number, width: number) => {
    const column = grid.columns[index];
    if (!column) return;
    const kept = Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width)));
    setWidths((current) => current.map((old, i) => (i === index ? kept : old)));
    try {
      localStorage.setItem(columnWidthsKey(grid), JSON.stringify({ ...storedWidths(grid), [column.key]: kept }));
    } catch {
      // A full or disabled storage only means the width lasts until the screen closes.
    }
  };

  return { widths, setWidth };
}
