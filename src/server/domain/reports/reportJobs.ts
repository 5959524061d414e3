// Report jobs (SPEC.md sections 3 and 4, DESIGN.md 'Report jobs'): the durable record of a report
// the console lists. Queuing writes the record with the grid body and the creator's scope, then
// hands its id to the job queue (jobs/queue.ts); a run writes the file (jobs/reportRun.ts).
//
// A report is shown and downloaded only to a caller who may see every row of it: one who sees
// every campaign its creator saw when it was queued (a Super Admin sees every report).
import { sql, type SQL } from 'drizzle-orm';
import type { RoleScope } from '../../../contract/roles';
import { REPORT_FINISHED, REPORT_QUEUED, reportFailed } from '../../../contract/reports';
import type { GridBody } from '../../../contract/schemas';
import { queryRows, type Database } from '../../db/client';
import { reportJobs } from '../../db/schema';
import { visibleCampaignIds, type Caller } from '../../auth/scope';
import { conflict, notFound } from '../../http/errors';
import { gridById } from '../grids/reportGrids';
import type { ListParams } from '../lists';

/** A report as the lists show it. */
export interface ReportRow {
  id: number;
  kind: string;
  grid: string;
  description: string;
  status: string;
  created_at: string;
  created_by: string;
  file_name: string;
  /** Its place in the queue while Queued: 1 is next. Null once it has started. */
  queue_position: number | null;
  /** Its file's rows and bytes, once Finished. */
  rows: number | null;
  bytes: number | null;
}

/** Hands a report's id to the job queue; answers the job's id. */
export type SendReport = (reportId: number) => Promise<string | null>;

/** Who may see a report: its creator's campaigns within the caller's (every one for a caller who sees all). */
async function visibleTo(db: Database, scope: RoleScope): Promise<SQL> {
  const campaigns = await visibleCampaignIds(db, scope);
  if (campaigns === null) return sql`true`;
  return sql`(r.scope_campaign_ids is not null and r.scope_campaign_ids <@ ${`{${campaigns.join(',')}}`}::int[])`;
}

const ROW_COLUMNS = sql`r.id, r.kind, r.grid, r.description, r.status, r.file_name, r.rows, r.bytes::float8 as bytes,
  to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
  coalesce(u.username, '') as created_by,
  case when r.status like 'Queued%' then (
    select count(*)::int + 1 from report_jobs q where q.id < r.id and (q.status like 'Queued%' or q.status like 'Started%')
  ) end as queue_position`;

/**
 * Queues a report of a grid: the grid checks the body against the caller first (a filter it does not
 * offer, BQ from someone not a Super Admin: refused before anything is written).
 */
export async function queueReport(
  db: Database,
  send: SendReport,
  caller: Caller,
  report: { kind: string; grid: string; body: GridBody; description: string; fileName: string },
): Promise<ReportRow> {
  const grid = gridById(report.grid);
  grid.csv({ scope: caller.scope, body: report.body });
  const campaigns = await visibleCampaignIds(db, caller.scope);
  const [created] = await db
    .insert(reportJobs)
    .values({
      kind: report.kind,
      grid: report.grid,
      description: report.description,
      params: report.body,
      scope: caller.scope,
      scopeCampaignIds: campaigns,
      createdBy: caller.userId as number,
      fileName: report.fileName,
      status: REPORT_QUEUED,
    })
    .returning({ id: reportJobs.id });
  const id = (created as { id: number }).id;
  try {
    const jobId = await send(id);
    await db.execute(sql`update report_jobs set job_id = ${jobId} where id = ${id}`);
  } catch (error) {
    // Nothing will run it: it says so instead of waiting forever.
    await db.execute(sql`update report_jobs set status = ${reportFailed('it could not be queued, please try again')} where id = ${id}`);
    throw error;
  }
  return (await reportOf(db, caller.scope, id)) as ReportRow;
}

/** The reports of one list the caller may see, newest first, and how many there are. */
export async function listReports(db: Database, scope: RoleScope, kind: string, paging: Pick<ListParams<string>, 'limit' | 'offset'>): Promise<{ rows: ReportRow[]; count: number }> {
  const visible = await visibleTo(db, scope);
  const from = sql`from report_jobs r left join users u on u.id = r.created_by where r.kind = ${kind} and ${visible}`;
  const limit = paging.limit === undefined ? sql`` : sql` limit ${paging.limit} offset ${paging.offset}`;
  const rows = await queryRows<ReportRow>(db, sql`select ${ROW_COLUMNS} ${from} order by r.created_at desc, r.id desc${limit}`);
  const [counted] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n ${from}`);
  return { rows, count: counted?.n ?? 0 };
}

/** One report the caller may see, or undefined. */
export async function reportOf(db: Database, scope: RoleScope, id: number): Promise<ReportRow | undefined> {
  const visible = await visibleTo(db, scope);
  const [row] = await queryRows<ReportRow>(db, sql`select ${ROW_COLUMNS} from report_jobs r left join users u on u.id = r.created_by where r.id = ${id} and ${visible}`);
  return row;
}

/** A finished report's file, a part at a time (about a megabyte each), from the run that finished it. */
export async function* reportFileParts(db: Database, id: number): AsyncGenerator<string> {
  for (let seq = 0; ; seq++) {
    const [part] = await queryRows<{ data: string }>(
      db,
      sql`select p.data from report_file_parts p join report_jobs r on r.id = p.report_id and r.run_token = p.run_token
        where p.report_id = ${id} and p.seq = ${seq}`,
    );
    if (!part) return;
    yield part.data;
  }
}

/** The report to download: one the caller may see, finished; anything else is not there for them. */
export async function finishedReport(db: Database, scope: RoleScope, id: number): Promise<ReportRow> {
  const report = await reportOf(db, scope, id);
  if (!report) throw notFound('Report not found');
  if (report.status !== REPORT_FINISHED) throw conflict(`The report is not ready: ${report.status}`, 'report_not_ready');
  return report;
}
