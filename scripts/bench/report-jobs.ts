// `npm run bench`, part seven: report jobs on PostgreSQL (issue 15), the workers inside the server as
// `npm start` runs them (REPORT_WORKERS=2).
// - One report of about 1,000,000 rows: the demo data (5,000 agents, 100,000 events), then ten
//   copies of every event put under one campaign here, so that an Agent Events Detail service
//   report of that agency and campaign holds them all. From the queue call to Finished, side by
//   side with `psql \copy` of the same query on the same database; the server's resident memory
//   sampled every 20 ms meanwhile.
// - 50 reports queued at once by 10 Super Admins (5 each, the four grid-screen reports in turn):
//   every one Finished, each run once (one run, one completed pg-boss job); meanwhile a client
//   reads page 1 of Agent Events Detail again and again, and its p95 is the web server's.
// Budgets: the report at least half psql's speed; the grid call p95 ≤ 100 ms. Exit code 1 otherwise.
// `BENCH_REPORT_COPIES=1` runs it on about 100,000 rows.
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { QueueReport, ReportRecord } from '../../src/contract/entities';
import { REPORT_HOME_NAMES } from '../../src/contract/reports';
import { gridQuery } from '../../src/contract/schemas/gridQuery';
import { inlinedSql } from '../../src/server/db/client';
import { agentEventDetails } from '../../src/server/domain/grids/agentEvents';
import { accessToken, SIGNED_IN_SUITE, startServer } from '../../tests/support/server';
import { percentile } from './timing';

const COPIES = Number(process.env.BENCH_REPORT_COPIES ?? 10);
const GRID_P95_BUDGET_MS = 100;
const DATES = { start_date: '01-Jan-2020', end_date: '31-Dec-2099' } as const;
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const out = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

out('bench-report-jobs: starting the server on PostgreSQL with the demo data (5,000 agents, 100,000 events) ...');
const server = await startServer(
  'postgres',
  { ...SIGNED_IN_SUITE, DEMO_AGENTS: '5000', DEMO_EVENTS: '100000', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000', REPORT_WORKERS: '2' },
  { startTimeoutMs: 30 * 60_000 },
);
const sql = new pg.Client({ connectionString: server.databaseUrl });
await sql.connect();
let failed = false;
try {
  const token = await accessToken(server, 'super@demo.test');

  // ---- one large report ------------------------------------------------------------------------
  const [campaign] = (await sql.query<{ id: number; agency_id: number }>('select id, agency_id from campaigns order by id limit 1')).rows;
  if (!campaign) throw new Error('no campaign');
  await sql.query(
    `insert into events (agent_id, campaign_id, agency_id, event_type_id, customer_msisdn, medium, pay, created_at)
     select agent_id, $1, $2, event_type_id, customer_msisdn, medium, pay, created_at - g * interval '1 minute'
     from events cross join generate_series(1, $3::int) g`,
    [campaign.id, campaign.agency_id, COPIES],
  );
  await sql.query('vacuum analyze');
  const query = `start_date=${DATES.start_date}&end_date=${DATES.end_date}&agency_id=${campaign.agency_id}&campaign_id=${campaign.id}`;

  const body = gridQuery.parse({ ...DATES, agency: campaign.agency_id, campaign: [campaign.id], page_size: 0 });
  const copyText = inlinedSql(agentEventDetails.csv({ scope: { kind: 'all' }, body }).query, (value) => pg.escapeLiteral(value)).replace(/\s+/g, ' ');
  const file = path.join(tmpdir(), 'bench-report-jobs-psql.csv');
  const psqlStarted = performance.now();
  execFileSync('psql', [server.databaseUrl as string, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', `\\copy (${copyText}) to '${file}' with (format csv, header)`]);
  const psqlSeconds = (performance.now() - psqlStarted) / 1000;
  const psqlBytes = statSync(file).size;

  const beforeMb = rssMb(server.pid);
  let peakMb = beforeMb;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(server.pid))), 20);
  const started = performance.now();
  const queued = await server.get<ReportRecord>(`/service/payments-report-agents-events-detail/?${query}`, token);
  if (queued.status !== 200) throw new Error(`queuing answered ${queued.status}: ${JSON.stringify(queued.body)}`);
  const list = async () => (await server.get<{ results: ReportRecord[] }>('/service/payments-reports/?report=agents-events-detail', token)).body.results[0];
  let report = await list();
  while (report?.status !== 'Finished' && !report?.status.startsWith('Failed')) {
    await sleep(50);
    report = await list();
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const [stored] = (await sql.query<{ rows: number; bytes: string }>('select rows, bytes from reports order by job_id desc limit 1')).rows;
  const speed = psqlSeconds / seconds;
  out(`Agent Events Detail service report, one agency and campaign, ${(stored?.rows ?? 0).toLocaleString('en')} rows:`);
  out(`  psql \\copy of the same query   ${psqlSeconds.toFixed(2)} s   ${(psqlBytes / 1e6).toFixed(1)} MB`);
  out(`  queued to Finished             ${seconds.toFixed(2)} s   ${(Number(stored?.bytes ?? 0) / 1e6).toFixed(1)} MB   (${speed.toFixed(2)}x psql's speed)`);
  out(`  server RSS                     ${beforeMb.toFixed(0)} MB before, ${peakMb.toFixed(0)} MB at the peak`);
  if (report?.status !== 'Finished' || Number(stored?.bytes) !== psqlBytes) {
    failed = true;
    out(`  FAILED: the report ${report?.status}, ${stored?.bytes} bytes against psql's ${psqlBytes}`);
  }
  if (speed < 0.5) {
    failed = true;
    out("  FAILED: slower than half psql's speed");
  }

  // ---- 50 reports by 10 admins -----------------------------------------------------------------
  const admins = [token];
  for (let i = 1; i < 10; i++) {
    const email = `bench.admin.${i}@example.org`;
    const created = await server.post('/admin/register', {
      email, firstname: 'Bench', lastname: `Admin ${i}`, password: 'Fresh#Start2026', msisdn: '', linked_agencies: [campaign.agency_id], is_super: true, unblacklist: false, secure_page: false,
    }, token);
    if (created.status !== 201) throw new Error(`register answered ${created.status}: ${JSON.stringify(created.body)}`);
    // A Super Admin role like the demo's (an admin signs in with a role campaign).
    await sql.query(
      `with role as (
         insert into user_roles (user_id, agency_id, role_type_id, status_type_id, role_start_date, role_end_date)
         select $1, r.agency_id, r.role_type_id, r.status_type_id, r.role_start_date, r.role_end_date
         from user_roles r join users u on u.id = r.user_id where u.username = 'super@demo.test' limit 1 returning id)
       insert into user_role_campaigns (user_role_id, campaign_id) select id, $2 from role`,
      [(created.body as { id: number }).id, campaign.id],
    );
    admins.push(await accessToken(server, email, 'Fresh#Start2026'));
  }
  const firstId = Number((await sql.query<{ id: number }>('select coalesce(max(id), 0) as id from jobs')).rows[0]?.id);
  let reading = true;
  const gridTimes: number[] = [];
  const reader = (async () => {
    while (reading) {
      const at = performance.now();
      const page = await server.post('/admin/events_detail', { ...DATES, page_size: 20, current_page: 1 }, token);
      if (page.status !== 200) throw new Error(`grid answered ${page.status}`);
      gridTimes.push(performance.now() - at);
    }
  })();
  const queuedAt = performance.now();
  await Promise.all(
    admins.flatMap((admin, a) =>
      [0, 1, 2, 3, 4].map(async (n) => {
        const home = REPORT_HOME_NAMES[(a + n) % REPORT_HOME_NAMES.length];
        const answer = await server.get<QueueReport>(`/admin/queue_report?home=${home}&start_date=${DATES.start_date}&end_date=${DATES.end_date}`, admin);
        if (answer.status !== 200) throw new Error(`queue_report answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      }),
    ),
  );
  const done = async () => (await sql.query<{ n: number }>("select count(*)::int as n from jobs where kind = 'report' and id > $1 and status in ('Finished', 'Failed')", [firstId])).rows[0]?.n ?? 0;
  while ((await done()) < 50 && performance.now() - queuedAt < 10 * 60_000) await sleep(200);
  const allSeconds = (performance.now() - queuedAt) / 1000;
  reading = false;
  await reader;
  const check = (await sql.query<{ finished: number; once: number; jobs: number }>(
    `select count(*) filter (where status = 'Finished')::int as finished, count(*) filter (where attempts = 1)::int as once,
       (select count(*)::int from pgboss.job j where j.name = 'report' and j.state = 'completed' and (j.data->>'jobId')::int > $1) as jobs
     from jobs where kind = 'report' and id > $1`,
    [firstId],
  )).rows[0];
  gridTimes.sort((a, b) => a - b);
  const gridP95 = percentile(gridTimes, 95);
  out('50 reports queued at once by 10 Super Admins (the four grid-screen reports, every date):');
  out(`  all Finished in ${allSeconds.toFixed(1)} s: ${check?.finished} Finished, ${check?.once} run once, ${check?.jobs} completed jobs`);
  out(`  Agent Events Detail page 1 meanwhile: p50 ${percentile(gridTimes, 50).toFixed(1)} ms, p95 ${gridP95.toFixed(1)} ms over ${gridTimes.length} calls (budget ${GRID_P95_BUDGET_MS} ms)`);
  if (check?.finished !== 50 || check.once !== 50 || check.jobs !== 50) {
    failed = true;
    out('  FAILED: not every report finished exactly once');
  }
  if (gridP95 > GRID_P95_BUDGET_MS) {
    failed = true;
    out(`  FAILED: the grid's p95 over ${GRID_P95_BUDGET_MS} ms`);
  }
} finally {
  await sql.end();
  await server.stop();
}
out(failed ? 'bench-report-jobs: FAILED' : `bench-report-jobs: within budget (report ≥ 0.5x psql, grid p95 ≤ ${GRID_P95_BUDGET_MS} ms)`);
process.exit(failed ? 1 : 0);
