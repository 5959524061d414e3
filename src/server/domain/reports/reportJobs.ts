// Report jobs (SPEC.md sections 3 and 4, DESIGN.md 'Report jobs'): the durable record of a report
// the console lists, a job of kind 'report' and its report. Queuing writes both, the report with the
// grid body and the creator's scope, then hands the job's id to the job queue (jobs/queue.ts); a run
// writes the file (jobs/reportRun.ts). The jobs of any kind are listed here too (/admin/list_job_queue).
//
// A job is shown (a report downloaded) only to a caller who may see every row of it: one who sees
// every campaign its creator saw when it was queued (a Super Admin sees every job).
import { sql, type SQL } from 'drizzle-orm';
import { JOB_IN_PROGRESS, jobStatusText, type JobKind, type JobState } from '../../../contract/jobs';
import type { RoleScope } from '../../../contract/roles';
import type { GridBody } from '../../../contract/schemas/gridQuery';
import { queryRows, type Database } from '../../db/client';
import { jobs, reports } from '../../db/schema';
import { visibleCampaignIds, type Caller } from '../../auth/scope';
import { Conflict, NotFound } from '../errors';
import { gridById } from '../grids/reportGrids';
import type { ListParams } from '../lists';

/** A job as the lists show it, with its report's list, grid, file name, rows and bytes when it is a report. */
export interface JobRow extends JobState {
  id: number;
  /** The report list it belongs to (a grid screen's home or a service report); null for other kinds. */
  list: string | null;
  grid: string | null;
  description: string;
  created_at: string;
  created_by: string;
  file_name: string | null;
  /** Its place in its kind's queue while Queued: 1 is next. Null once it has started. */
  queue_position: number | null;
  /** Its file's rows and bytes, once Finished. */
  rows: number | null;
  bytes: number | null;
}

/** A report job's row. */
export type ReportRow = JobRow & { list: string; grid: string; file_name: string };

/** Hands a job's id to the queue of its kind; answers its id in the queue. */
export type SendJob = (kind: JobKind, jobId: number) => Promise<string | null>;

/** Who may see a job: its creator's campaigns within the caller's (every one for a caller who sees all). */
export async function visibleTo(db: Database, scope: RoleScope): Promise<SQL> {
  const campaigns = await visibleCampaignIds(db, scope);
  if (campaigns === null) return sql`true`;
  return sql`(j.scope_campaign_ids is not null and j.scope_campaign_ids <@ ${`{${campaigns.join(',')}}`}::int[])`;
}

const IN_PROGRESS = sql.join(JOB_IN_PROGRESS.map((status) => sql`${status}`), sql`, `);

const ROW_COLUMNS = sql`j.id, r.list, r.grid, j.description, j.status, j.detail, r.file_name, r.rows, r.bytes::float8 as bytes,
  to_char(j.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
  coalesce(u.username, '') as created_by,
  case when j.status = 'Queued' then (
    select count(*)::int + 1 from jobs q where q.kind = j.kind and q.id < j.id and q.status in (${IN_PROGRESS})
  ) end as queue_position`;

const FROM_JOBS = sql`from jobs j left join reports r on r.job_id = j.id left join users u on u.id = j.created_by`;

/**
 * Queues a report of a grid: the grid checks the body against the caller first (a filter it does not
 * offer, BQ from someone not a Super Admin: refused before anything is written).
 */
export async function queueReport(
  db: Database,
  send: SendJob,
  caller: Caller,
  report: { list: string; grid: string; body: GridBody; description: string; fileName: string },
): Promise<ReportRow> {
  const grid = gridById(report.grid);
  grid.csv({ scope: caller.scope, body: report.body });
  const campaigns = await visibleCampaignIds(db, caller.scope);
  const id = await db.transaction(async (tx) => {
    const [job] = await tx
      .insert(jobs)
      .values({ kind: 'report', description: report.description, scopeCampaignIds: campaigns, createdBy: caller.userId as number })
      .returning({ id: jobs.id });
    const jobId = (job as { id: number }).id;
    await tx.insert(reports).values({ jobId, list: report.list, grid: report.grid, params: report.body, scope: caller.scope, fileName: report.fileName });
    return jobId;
  });
  try {
    const queueJobId = await send('report', id);
    await db.execute(sql`update jobs set queue_job_id = ${queueJobId} where id = ${id}`);
  } catch (error) {
    // Nothing will run it: it says so instead of waiting forever.
    await db.execute(sql`update jobs set status = 'Failed', detail = 'it could not be queued, please try again' where id = ${id}`);
    throw error;
  }
  return (await reportOf(db, caller.scope, id)) as ReportRow;
}

type Paging = Pick<ListParams<string>, 'limit' | 'offset'>;

/** The jobs the caller may see that one condition picks, newest first, and how many there are. */
async function listWhere<Row extends JobRow>(db: Database, scope: RoleScope, which: SQL, paging: Paging): Promise<{ rows: Row[]; count: number }> {
  const visible = await visibleTo(db, scope);
  const from = sql`${FROM_JOBS} where ${which} and ${visible}`;
  const limit = paging.limit === undefined ? sql`` : sql` limit ${paging.limit} offset ${paging.offset}`;
  const rows = await queryRows<Row>(db, sql`select ${ROW_COLUMNS} ${from} order by j.created_at desc, j.id desc${limit}`);
  const [counted] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n ${from}`);
  return { rows, count: counted?.n ?? 0 };
}

/** The reports of one list the caller may see, newest first, and how many there are. */
export const listReports = (db: Database, scope: RoleScope, list: string, paging: Paging) => listWhere<ReportRow>(db, scope, sql`r.list = ${list}`, paging);

/** The jobs of one kind the caller may see, newest first, and how many there are. */
export const listJobs = (db: Database, scope: RoleScope, kind: JobKind, paging: Paging) => listWhere<JobRow>(db, scope, sql`j.kind = ${kind}`, paging);

/** One report the caller may see, or undefined. */
export async function reportOf(db: Database, scope: RoleScope, id: number): Promise<ReportRow | undefined> {
  const visible = await visibleTo(db, scope);
  const [row] = await queryRows<ReportRow>(db, sql`select ${ROW_COLUMNS} ${FROM_JOBS} where j.id = ${id} and j.kind = 'report' and ${visible}`);
  return row;
}

/** A finished report's file, a part at a time (about a megabyte each), from the run that finished it. */
export async function* reportFileParts(db: Database, id: number): AsyncGenerator<string> {
  for (let seq = 0; ; seq++) {
    const [part] = await queryRows<{ data: string }>(
      db,
      sql`select p.data from report_file_parts p join jobs j on j.id = p.report_id and j.run_token = p.run_token
        where p.report_id = ${id} and p.seq = ${seq}`,
    );
    if (!part) return;
    yield part.data;
  }
}

/** The report to download: one the caller may see, finished; anything else is not there for them. */
export async function finishedReport(db: Database, scope: RoleScope, id: number): Promise<ReportRow> {
  const report = await reportOf(db, scope, id);
  if (!report) throw new NotFound('Report not found');
  if (report.status !== 'Finished') throw new Conflict(`The report is not ready: ${jobStatusText(report)}`, 'report_not_ready');
  return report;
}
