// CSV exports (DESIGN.md 'Exports'), streamed from the database's read side (a replica when there is
// one, db/client.ts) so a million rows cost flat memory.
// The query formats every cell (formula cells neutralised, grids/defineGrid.ts), so the file is the
// same bytes whichever way it is read:
// - PostgreSQL: one COPY ... TO STDOUT on its own connection, piped to the client. Back-pressure
//   pauses the connection while the client is slow; a client that goes away ends the query.
// - PGlite (one connection for the whole server): keyset pages of CSV_PAGE_ROWS rows, each from
//   where the last ended, so an export never holds the database while the client reads.
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { SQL } from 'drizzle-orm';
import { queryRows, type OpenDatabase } from '../db/client';

/** Rows read per query while an export streams from PGlite. */
export const CSV_PAGE_ROWS = 5000;

/** Where a keyset page of an export starts: the last row's sort value, currency (a money sort), joined record (a sort by its name) and key. */
export interface CsvAnchor {
  sort: string | null;
  group?: string;
  parent?: string;
  key: string;
}

/** What an export reads: its file name, header, the whole ordered query, and its keyset pages. */
export interface CsvSource {
  filename: string;
  headers: readonly string[];
  /** Every row, ordered, each column a formatted cell. */
  query: SQL;
  /** Up to `limit` rows after the anchor (from the start without one), with `_sort`, `_key` (and `_group`, an amount's currency), the next anchor. */
  page(after: CsvAnchor | undefined, limit: number): SQL;
}

/** A cell as PostgreSQL's COPY (FORMAT csv) writes it: NULL empty, '' and text with , " or a line break quoted. */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  const text = String(value);
  return text === '' || /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) behind a quote:
 * the rule grids/defineGrid.ts csvValue applies in SQL, for a file written here (a payout file).
 */
export const formulaSafe = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

export const csvLine = (cells: ReadonlyArray<string | number | boolean | null>): string => `${cells.map(csvCell).join(',')}\n`;

/** A file name safe to put in a header: anything but letters, digits, '.', '_' and '-' becomes '_'. */
export const safeFilename = (filename: string): string => filename.replace(/[^A-Za-z0-9._-]/g, '_');

type PageRow = Record<string, string | number | boolean | null> & { _sort: string | null; _group?: string; _parent?: string; _key: string };

/** The header, then keyset pages until one comes back short. */
async function* pagedCsv(database: OpenDatabase, source: CsvSource, pageRows: number): AsyncGenerator<string> {
  yield csvLine(source.headers);
  let after: CsvAnchor | undefined;
  for (;;) {
    const rows = await queryRows<PageRow>(database.reads, source.page(after, pageRows));
    if (rows.length > 0) yield rows.map((row) => csvLine(source.headers.map((header) => row[header] ?? null))).join('');
    const last = rows.at(-1);
    if (!last || rows.length < pageRows) return;
    after = { sort: last._sort, group: last._group, parent: last._parent, key: last._key };
  }
}

/** The export as a stream of CSV text: COPY where the database has it, keyset pages elsewhere. */
export async function csvStream(database: OpenDatabase, source: CsvSource, pageRows = CSV_PAGE_ROWS): Promise<Readable> {
  if (database.copyCsv) return database.copyCsv(source.query);
  return Readable.from(pagedCsv(database, source, pageRows), { objectMode: false });
}

/** Resolves once the stream has its first bytes, or rejects with the error it failed with before any. */
function firstBytes(stream: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      stream.off('readable', onReadable).off('error', onError).off('end', onEnd);
      if (error) reject(error);
      else resolve();
    };
    const onReadable = () => done();
    const onEnd = () => done();
    const onError = (error: Error) => done(error);
    stream.once('readable', onReadable).once('error', onError).once('end', onEnd);
  });
}

/**
 * Answers with the export as a streamed `text/csv` attachment. The query has started before the
 * answer does, so a query that fails at once still answers a proper error; a failure after that
 * can only cut the download off (logged), and the client sees a failed download, not a short file.
 */
export async function sendCsv(reply: FastifyReply, database: OpenDatabase, source: CsvSource): Promise<FastifyReply> {
  const stream = await csvStream(database, source);
  await firstBytes(stream);
  stream.on('error', (error) => reply.log.error({ err: error, filename: source.filename }, 'CSV export failed while streaming'));
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${safeFilename(source.filename)}"`)
    .send(stream);
}
