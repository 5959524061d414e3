// `npm run bench`, after the payment runs: the provider's results file of a run paying 100,000 agents (issue 52),
// as finance meets it, on PostgreSQL against the built server:
// - the server starts with the demo data; 100,000 agents are added, each with one payment due in a
//   decade of its own (2050s) on one campaign, and a run over that decade pays them all (100,000
//   payout lines, one per agent);
// - the results file (CSV: line_id, status, amount, provider_reference, reason; 1 line in 100
//   failed) chosen in the run's popup in Chromium at 1440x900, timed from the file chosen to the
//   server's check on screen (papaparse in the page, then POST /admin/payment_run_settle with
//   `preview: true`), 3 times (each writes nothing);
// - the same file settled: POST /admin/payment_run_settle, timed from the POST to its answer.
// Beside them, the plainest way to do the settlement's work: one UPDATE of the 100,000 payout lines
// from a table of the results, in a transaction rolled back.
// Targets: previewed in the browser within 2 s, settled within 5 s (medians; printed met or not).
import { loadavg } from 'node:os';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../tests/support/chromium';
import { storeSession } from '../tests/support/consoleSession';
import type { PaymentRunOutcome } from '../src/contract/paymentRuns';
import { SIGNED_IN_SUITE, signIn, startServer } from '../tests/support/server';

const AGENTS = Number(process.env.BENCH_PAYOUT_AGENTS ?? 100_000);
const PREVIEWS = 3;
const PREVIEW_TARGET_S = 2;
const SETTLE_TARGET_S = 5;
const FILTER = { start_date: '01-Jan-2050', end_date: '31-Dec-2059' };
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const out = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const target = (ms: number, seconds: number) => `target ${seconds} s: ${ms <= seconds * 1000 ? 'met' : 'not met'}`;

out(`bench-payout-results: starting the server on PostgreSQL with the demo data, then ${AGENTS.toLocaleString('en')} agents with a payment due each ...`);
const server = await startServer('postgres',
  { ...SIGNED_IN_SUITE, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000', PAYMENT_RUN_APPROVAL_LIMITS: 'none' }, { startTimeoutMs: 30 * 60_000 });
const db = new pg.Client({ connectionString: server.databaseUrl });
await db.connect();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  // ---- 100,000 agents, one payment due each, on the Ghanaian campaign with the most events -------
  const { rows: [campaign] } = await db.query<{ id: number; agency_id: number; event_type_id: number; currency: string }>(`
    select e.campaign_id as id, min(e.agency_id) as agency_id, min(e.event_type_id) as event_type_id, min(e.currency_code) as currency
    from events e join campaigns c on c.id = e.campaign_id where c.country_code = 'GH' group by e.campaign_id order by count(*) desc limit 1`);
  if (!campaign) throw new Error('the demo data has no Ghanaian campaign with events');
  await db.query(`insert into users (username, msisdn, first_name, last_name, country_code, language_code, agent_code)
    select 'bench-agent-' || g, '23359' || lpad(g::text, 7, '0'), 'Bench', 'Agent ' || g, 'GH', 'en', 'BENCH-' || g from generate_series(1, $1::int) g`, [AGENTS]);
  await db.query(`with agents as (select id from users where username like 'bench-agent-%'),
      made as (
        insert into events (agent_id, campaign_id, agency_id, event_type_id, customer_msisdn, medium, pay, currency_code, created_at)
        select a.id, $1, $2, $3, '23324' || lpad(a.id::text, 7, '0'), 'USSD', 12.50, $4, '2050-06-01'::timestamptz + a.id * interval '1 second' from agents a
        returning id, agent_id, campaign_id, agency_id, pay, currency_code, created_at)
    insert into payments (event_id, agent_id, campaign_id, agency_id, amount, currency_code, status, created_at)
    select id, agent_id, campaign_id, agency_id, pay, currency_code, 'due', created_at from made order by id`,
  [campaign.id, campaign.agency_id, campaign.event_type_id, campaign.currency]);
  await db.query('vacuum analyze');
  await db.query('checkpoint');

  // ---- the run that pays them ---------------------------------------------------------------------
  const login = await signIn(server, 'super@demo.test');
  const token = login.body.access;
  const made = await server.post<PaymentRunOutcome>('/admin/payment_run', { ...FILTER, campaign: campaign.id, reference: 'BENCH-PAYOUT' }, token);
  if (made.status === 202 && made.body.job !== undefined) {
    for (;;) {
      const [job] = (await db.query<{ status: string }>('select status from jobs where id = $1', [made.body.job])).rows;
      if (job?.status === 'Finished') break;
      if (job?.status.startsWith('Failed')) throw new Error(`the run's job ${job.status}`);
      await sleep(50);
    }
  } else if (made.status !== 201) throw new Error(`the run answered ${made.status}: ${JSON.stringify(made.body)}`);
  const { rows: [run] } = await db.query<{ id: number; ref: string }>("select id, ref from payment_runs where reference = 'BENCH-PAYOUT'");
  if (!run) throw new Error('no run was made');
  const lines = (await db.query<{ line_id: string; amount: string }>('select line_id, amount::text as amount from payout_lines where payment_run_id = $1 and amount > 0 order by position', [run.id])).rows;
  const failing = (index: number) => index % 100 === 0;
  const csv = ['line_id,status,amount,provider_reference,reason', ...lines.map((line, index) => failing(index)
    ? `${line.line_id},failed,${line.amount},,Wallet limit reached`
    : `${line.line_id},paid,${line.amount},MM${String(index).padStart(9, '0')},`)].join('\n');
  out(`Run ${run.ref}: ${lines.length.toLocaleString('en')} payout lines; results file ${(csv.length / 1e6).toFixed(1)} MB, ${lines.filter((_, i) => failing(i)).length.toLocaleString('en')} failed`);

  // ---- the file previewed in the browser, as finance chooses it in the run's popup ------------------
  const previews: number[] = [];
  for (let round = 0; round < PREVIEWS; round++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript('globalThis.__name = (fn) => fn;');
    const page = await context.newPage();
    await storeSession(page, server, login.body);
    // The Payment Runs grid lists runs by when they were made: today.
    const today = new Date().toISOString().slice(0, 10);
    await page.goto(`${server.url}/payment-runs?start=${today}&end=${today}&search=${run.ref}`);
    await page.getByRole('button', { name: `Open ${run.id}`, exact: true }).click({ timeout: 60_000 });
    const popup = page.getByRole('dialog', { name: `Payment run ${run.ref}` });
    await popup.getByText(/^Sent: 0 of /).waitFor({ timeout: 60_000 });
    const started = performance.now();
    await popup.getByLabel('Results file').setInputFiles({ name: `results_${run.ref}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await popup.getByLabel('What the results file settles').getByText(/lines failed \(/).waitFor({ timeout: 120_000 });
    previews.push(performance.now() - started);
    await context.close();
  }
  const sentAfter = (await db.query<{ n: number }>("select count(*)::int as n from payout_lines where payment_run_id = $1 and status = 'sent'", [run.id])).rows[0]?.n;
  out(`Previewed in Chromium (file chosen to the server's check on screen), ${PREVIEWS} times: median ${s(median(previews))}, max ${s(Math.max(...previews))} ` +
    `(${target(median(previews), PREVIEW_TARGET_S)}); lines still sent: ${sentAfter?.toLocaleString('en')}`);

  // ---- the plainest way, before the settlement: one UPDATE of the lines from a table of the results, rolled back
  await db.query('create temporary table bench_results (line_id text primary key, status text, provider_reference text, reason text)');
  await db.query(`insert into bench_results select line_id, case when position % 100 = 1 then 'failed' else 'paid' end, 'MM' || position, null
    from payout_lines where payment_run_id = $1`, [run.id]);
  await db.query('analyze bench_results');
  await db.query('begin');
  const bareStarted = performance.now();
  await db.query(`update payout_lines pl set status = r.status, provider_reference = r.provider_reference, reason = r.reason, settled_at = now()
    from bench_results r where pl.payment_run_id = $1 and pl.line_id = r.line_id`, [run.id]);
  const bareMs = performance.now() - bareStarted;
  await db.query('rollback');
  // ---- settled: the same rows, POSTed as the console sends them -------------------------------------
  const rows = lines.map((line, index) => failing(index)
    ? { line_id: line.line_id, status: 'failed', amount: line.amount, reason: 'Wallet limit reached' }
    : { line_id: line.line_id, status: 'paid', amount: line.amount, provider_reference: `MM${String(index).padStart(9, '0')}` });
  // The server's own check of the file (what the console's preview waits for), apart from the page.
  const checkStarted = performance.now();
  const checked = await server.post<{ written: boolean }>('/admin/payment_run_settle', { id: run.id, rows, preview: true }, token);
  const checkMs = performance.now() - checkStarted;
  if (checked.status !== 200 || checked.body.written) throw new Error(`the check answered ${checked.status}: ${JSON.stringify(checked.body).slice(0, 300)}`);
  out(`  of it, the server's check alone (POST /admin/payment_run_settle with preview: true, ${rows.length.toLocaleString('en')} rows): ${s(checkMs)}`);
  const started = performance.now();
  const settled = await server.post<{ written: boolean }>('/admin/payment_run_settle', { id: run.id, rows }, token);
  const settleMs = performance.now() - started;
  if (settled.status !== 200 || !settled.body.written) throw new Error(`settling answered ${settled.status}: ${JSON.stringify(settled.body).slice(0, 300)}`);
  const { rows: [after] } = await db.query<{ paid: number; failed: number; due: number }>(`
    select count(*) filter (where status = 'paid')::int as paid, count(*) filter (where status = 'failed')::int as failed,
      (select count(*)::int from payments where campaign_id = $2 and status = 'due' and payment_run_id is null and created_at >= '2050-01-01') as due
    from payout_lines where payment_run_id = $1`, [run.id, campaign.id]);
  out(`Settled (POST /admin/payment_run_settle, ${rows.length.toLocaleString('en')} rows): ${s(settleMs)} (${target(settleMs, SETTLE_TARGET_S)}); ` +
    `${after?.paid.toLocaleString('en')} lines paid, ${after?.failed.toLocaleString('en')} failed, their ${after?.due.toLocaleString('en')} payments due again`);

  out(`  beside it, one UPDATE of the ${lines.length.toLocaleString('en')} lines from a table of the results (rolled back): ${s(bareMs)} (the settlement ${(settleMs / bareMs).toFixed(1)}x)`);
  out(`  load average at the end: ${loadavg().map((n) => n.toFixed(1)).join(', ')} (1, 5, 15 min)`);
} finally {
  await browser.close();
  await db.end();
  await server.stop();
}
out('bench-payout-results: done');
