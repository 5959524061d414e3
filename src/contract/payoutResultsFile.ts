// The provider's results file as a file (issue 52): read with papaparse, by the server whole and by
// the console its header alone. Apart from payouts.ts, which every screen of payment runs and Stats
// loads: papaparse comes with this module only, to the results upload and the server.
import Papa from 'papaparse';
import { z } from 'zod';
import * as messages from './messages';
import { PAYOUT_RESULT_CELL_MAX, PAYOUT_RESULT_COLUMNS, PAYOUT_RESULT_REQUIRED, PAYOUT_RESULTS_MAX, type PayoutResultRow } from './payouts';
import { storableId } from './schemas/fields';

/**
 * POST /admin/payment_run_settle_file (ours): the same, as the console sends it: the results file
 * itself (multipart/form-data: these fields, then the file), read by the server with readResultsFile.
 */
export const paymentRunSettleFileFields = z.object({
  id: storableId('id'),
  preview: z.enum(['true', 'false'], { error: 'preview must be true or false' }).optional(),
});

/** What a results file's header row lacks, in words; undefined when it names the required columns. */
export function resultsHeaderError(headers: readonly string[]): string | undefined {
  const missing = PAYOUT_RESULT_REQUIRED.filter((column) => !headers.includes(column));
  return missing.length > 0 ? messages.payoutFileNoColumns(missing, PAYOUT_RESULT_COLUMNS) : undefined;
}

/** A header as a spreadsheet writes it ('Line_ID ') read as the column it names. */
const columnOf = (header: string) => header.trim().toLowerCase();

/** The header row of a results file (its first lines are enough), with what it lacks: the console's check before the upload. */
export function resultsHeaderOf(start: string): string | undefined {
  const parsed = Papa.parse<string[]>(start, { preview: 1, skipEmptyLines: 'greedy' });
  return resultsHeaderError((parsed.data[0] ?? []).map(columnOf));
}

/**
 * The rows of a results file (CSV, comma or semicolon, a byte-order mark ignored), as the server
 * checks them: its known columns by header (any case), cells as text, in the file's order; or what
 * makes it no results file (no line_id or status column, no rows, too many, a cell too long).
 * Read as arrays, each row made once: twice as quick as papaparse's header mode at 100,000 rows.
 */
export function readResultsFile(text: string): { rows: PayoutResultRow[]; error?: string } {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header = [], ...records] = parsed.data;
  const headers = header.map(columnOf);
  const error = resultsHeaderError(headers);
  if (error) return { rows: [], error };
  if (records.length === 0) return { rows: [], error: messages.payoutFileNoRows };
  if (records.length > PAYOUT_RESULTS_MAX) return { rows: [], error: messages.payoutFileTooManyRows(PAYOUT_RESULTS_MAX) };
  const known = PAYOUT_RESULT_COLUMNS.flatMap((column) => (headers.includes(column) ? [[column, headers.indexOf(column)] as const] : []));
  const rows: PayoutResultRow[] = [];
  for (const [index, record] of records.entries()) {
    const row: Record<string, string> = {};
    for (const [column, at] of known) {
      const value = record[at];
      if (!value) continue;
      if (value.length > PAYOUT_RESULT_CELL_MAX[column]) return { rows: [], error: messages.payoutFileCellTooLong(index + 1, column, PAYOUT_RESULT_CELL_MAX[column]) };
      row[column] = value;
    }
    rows.push(row);
  }
  return { rows };
}
