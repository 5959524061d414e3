// One run of a report job: its grid's CSV (the export's own stream: COPY on PostgreSQL, keyset pages
// on PGlite) written into the database in parts of about a megabyte, so every server instance can
// serve the file and memory stays flat whatever its size.
//
// Finished once, never twice: a run claims the report's job with a token of its own. A run that a
// newer one superseded (its worker stalled, the queue gave the job to another) finds its token gone
// and stops; only the run holding the token may mark the job Finished, in the same transaction that
// drops every other run's parts.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsProgress } from '../../contract/jobs';
import type { RoleScope } from '../../contract/roles';
import type { GridBody } from '../../contract/schemas/gridQuery';
import { queryRows, type OpenDatabase } from '../db/client';
import { gridById } from '../domain/grids/reportGrids';
import { csvStream } from '../reports/csv';

/** Characters of CSV per stored part. */
export const REPORT_PART_CHARS = 1 << 20;

/** The run lost its job to a newer run: it stops without touching it. */
export class RunSuperseded extends Error {}

interface Claimed { grid: string; params: GridBody; scope: RoleScope }

/** Counts the records a piece of CSV ends (line breaks outside quotes), carrying whether it ended inside quotes. */
function recordsEnded(text: string, inQuotes: boolean): { records: number; inQuotes: boolean } {
  let records = 0;
  let quoted = inQuotes;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 34) quoted = !quoted;
    else if (code === 10 && !quoted) records++;
  }
  return { records, inQuotes: quoted };
}

/**
 * Runs the report: answers 'finished', or 'done already' when a run before this one finished it.
 * Throws when it fails (the queue retries it) or RunSuperseded.
 */
export async function runReport(database: OpenDatabase, reportId: number): Promise<'finished' | 'done already'> {
  const { db } = database;
  const token = randomUUID();
  const [claimed] = await queryRows<Claimed>(
    db,
    sql`with claimed as (
        update jobs set run_token = ${token}, attempts = attempts + 1, status = 'Started', detail = null, started_at = now()
        where id = ${reportId} and status <> 'Finished' returning id)
      select r.grid, r.params, r.scope from claimed join reports r on r.job_id = claimed.id`,
  );
  if (!claimed) return 'done already';

  const stillOurs = async (detail: string) => {
    const [row] = await queryRows<{ id: number }>(db, sql`update jobs set detail = ${detail} where id = ${reportId} and run_token = ${token} returning id`);
    if (!row) throw new RunSuperseded(`report ${reportId}: a newer run took it over`);
  };

  const grid = gridById(claimed.grid);
  const request = { scope: claimed.scope, body: { ...claimed.params, page_size: 0, current_page: 1 } };
  try {
    // The report's rows are read on the read side (a replica when there is one), its claim and parts written on the primary.
    const total = await grid.count(database.reads, request);
    await stillOurs(rowsProgress(0, total));
    const stream = await csvStream(database, grid.csv(request));
    stream.setEncoding('utf8');
    let seq = 0;
    let pending = '';
    let bytes = 0;
    let records = 0;
    let inQuotes = false;
    const writePart = async (data: string) => {
      await db.execute(sql`insert into report_file_parts (report_id, run_token, seq, data) values (${reportId}, ${token}, ${seq}, ${data})`);
      seq++;
      bytes += Buffer.byteLength(data);
      // The header is a record too: the rows are the records after it.
      await stillOurs(rowsProgress(Math.max(0, Math.min(records - 1, total)), total));
    };
    for await (const chunk of stream as AsyncIterable<string>) {
      const counted = recordsEnded(chunk, inQuotes);
      records += counted.records;
      inQuotes = counted.inQuotes;
      pending += chunk;
      if (pending.length >= REPORT_PART_CHARS) {
        const part = pending;
        pending = '';
        await writePart(part);
      }
    }
    if (pending.length > 0 || seq === 0) await writePart(pending);

    // Finished by this run alone, or not at all.
    const finished = await db.transaction(async (tx) => {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`update jobs set status = 'Finished', detail = null, finished_at = now() where id = ${reportId} and run_token = ${token} returning id`,
      );
      if (row) {
        await tx.execute(sql`update reports set rows = ${Math.max(0, records - 1)}, bytes = ${bytes} where job_id = ${reportId}`);
        await tx.execute(sql`delete from report_file_parts where report_id = ${reportId} and run_token <> ${token}`);
      }
      return Boolean(row);
    });
    if (!finished) throw new RunSuperseded(`report ${reportId}: a newer run took it over`);
    return 'finished';
  } catch (error) {
    await db.execute(sql`delete from report_file_parts where report_id = ${reportId} and run_token = ${token}`).catch(() => undefined);
    throw error;
  }
}
