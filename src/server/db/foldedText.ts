// Text as lists sort it (contract/text.ts): lower-cased and without its accents, instead of after
// every capital and every plain letter (collation C orders by code point). translate() and lower()
// are immutable and the same on PostgreSQL and PGlite, whose collations differ; an expression index
// on it serves a sort (schema.ts), so the ORDER BY and the index use this one expression.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ACCENTED_LETTERS, PLAIN_LETTERS } from '../../contract/text';

export const foldedText = (column: SQLWrapper): SQL => sql`translate(lower(${column}), ${sql.raw(`'${ACCENTED_LETTERS}'`)}, ${sql.raw(`'${PLAIN_LETTERS}'`)})`;

/**
 * A text column as a grid sorts it (grids/defineGrid.ts): folded, NULL as empty. The grids' sort
 * indexes (schema.ts) are on this very expression, so `order by` it, then the key, reads an index.
 */
export const sortableText = (column: SQLWrapper): SQL => foldedText(sql`coalesce(${column}, '')`);
