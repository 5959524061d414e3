// The answer schema of a grid's row, read from its declaration (grids.ts): for the server's
// validation and the API document. Apart from the declarations, so the console reads a grid's
// columns without zod (a saved report's labels, on a page the login page shares code with).
import { z } from 'zod';
import { isoDate, money } from './entities';
import type { ColumnFormat, GridDeclaration } from './grids';

const VALUE_SCHEMAS: Record<ColumnFormat, z.ZodType> = {
  text: z.string().nullable(),
  time: isoDate.nullable(),
  money,
  percent: z.string().describe('A decimal string, e.g. "12.5"'),
  count: z.number().int(),
  flag: z.boolean(),
};

/** The answer schema of a grid's row, from its declaration. */
export const gridRowSchema = (grid: GridDeclaration) =>
  z.object({
    id: z.string().describe('Ours: the row key of the grid'),
    ...Object.fromEntries(grid.columns.map((column) => [column.key, VALUE_SCHEMAS[column.format]])),
  });
