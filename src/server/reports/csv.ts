// CSV exports (DESIGN.md 'Exports'): the header line, then each page of rows as the database hands
// it over, streamed to the client so a large report is never held in memory. A cell that a
// spreadsheet would run as a formula is prefixed with a quote.
import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import Papa from 'papaparse';

export type CsvCell = string | number | null;

/** A column of an export: its header and how a row fills it (kept together so they cannot drift). */
export interface CsvColumn<T> {
  header: string;
  cell(row: T): CsvCell;
}

export interface CsvExport<T> {
  /** The name the browser saves the file under. */
  filename: string;
  columns: ReadonlyArray<CsvColumn<T>>;
  /** The rows, page by page. */
  pages: AsyncIterable<readonly T[]>;
}

/** Rows read from the database per query while an export streams. */
export const CSV_PAGE_ROWS = 5000;

// papaparse's own pattern (`escapeFormulae: true`) must match the whole cell up to its end, so a
// formula followed by a line break ('=HYPERLINK(...)\n...') would go through untouched.
const FORMULA_START = /^[=+\-@\t\r]/;
const NEWLINE = '\r\n';

/** Lines of cells, each line ending with a line break; formulas neutralised. */
export const csvLines = (lines: ReadonlyArray<readonly CsvCell[]>): string =>
  lines.length === 0 ? '' : Papa.unparse(lines.map((cells) => [...cells]), { escapeFormulae: FORMULA_START, newline: NEWLINE }) + NEWLINE;

/** A file name safe to put in a header: anything but letters, digits, '.', '_' and '-' becomes '_'. */
export const safeFilename = (filename: string): string => filename.replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * The whole file, chunk by chunk. The first page is read before anything is written, so a query
 * that fails at once still answers a proper 500; a failure after that can only cut the download off.
 */
async function* csvChunks<T>(file: CsvExport<T>, log: FastifyBaseLogger): AsyncGenerator<string> {
  const header = csvLines([file.columns.map((column) => column.header)]);
  let started = false;
  try {
    for await (const page of file.pages) {
      const lines = csvLines(page.map((row) => file.columns.map((column) => column.cell(row))));
      yield started ? lines : header + lines;
      started = true;
    }
    if (!started) yield header;
  } catch (error) {
    // Fastify destroys the response when its stream fails, so the client sees a failed download
    // rather than a file that looks complete; the server carries on.
    if (started) log.error({ err: error, filename: file.filename }, 'CSV export failed while streaming');
    throw error;
  }
}

/** Answers with the export as a streamed `text/csv` attachment. */
export function sendCsv<T>(reply: FastifyReply, file: CsvExport<T>): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${safeFilename(file.filename)}"`)
    .send(Readable.from(csvChunks(file, reply.log), { objectMode: false }));
}

/**
 * The rows of a query read `pageRows` at a time (LIMIT/OFFSET) until a page comes back short. The
 * query's order must end with a unique tie-break (the id), or rows could repeat or go missing
 * between pages.
 */
export async function* pagesOf<T>(readPage: (limit: number, offset: number) => Promise<T[]>, pageRows = CSV_PAGE_ROWS): AsyncGenerator<T[]> {
  for (let offset = 0; ; offset += pageRows) {
    const page = await readPage(pageRows, offset);
    if (page.length > 0) yield page;
    if (page.length < pageRows) return;
  }
}
