// Queued payment runs (issue 33): a run of more than PAYMENT_RUN_QUEUE_ABOVE payments answers 202
// 'New Payment Run Queued' with its paymentrun job, listed by /admin/list_job_queue?job=paymentrun;
// a worker makes it, its totals per currency the preview's to the cent. A retry of the same
// Idempotency-Key answers the same job; 50 submits of one key queue one job and make one set of runs.
// On PostgreSQL, with the worker in its own process started late: a job whose set was paid meanwhile
// finishes 'Payment Run was Empty', one whose set changed fails, paying nothing, and is not retried.
import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GridPage, ListPage } from '../../src/contract/api';
import { IDEMPOTENCY_KEY_HEADER } from '../../src/contract/constants';
import type { QueueReport } from '../../src/contract/entities';
import { paymentRunsGrid } from '../../src/contract/grids';
import * as messages from '../../src/contract/messages';
import type { PaymentRunOutcome, PaymentRunPreview } from '../../src/contract/paymentRuns';
import { backends } from '../support/server';
import { useSignedInServer } from '../support/signedIn';
import { until } from '../support/until';
import { startWorker } from '../support/workers';

const ALL_DATES = { start_date: '01-Jan-2020', end_date: '31-Dec-2099' } as const;
/** Runs of more payments than this are queued. */
const QUEUE_ABOVE = 4;
type Refusal = { error: string; code: string };
type RunRow = { id: number; ref: string; reference: string; total: string; currency: string; events: number; status: string };

function queuedRunSuite(backend: 'pglite' | 'postgres', workersApart: boolean) {
  const { server, tokens: token } = useSignedInServer(backend, ['super', 'campaign'], {
    PAYMENT_RUN_APPROVAL_LIMITS: 'none', PAYMENT_RUN_QUEUE_ABOVE: String(QUEUE_ABOVE), ...(workersApart ? { REPORT_WORKERS: '0' } : {}),
  });
  /** Campaigns with more payments due than QUEUE_ABOVE, most first. */
  let large: number[] = [];
  let small: number | undefined;
  /** The Campaign Admin's campaigns with payments due (kept out of `large`), and how many. */
  let theirs: number[] = [];
  let theirPayments = 0;
  const workers: ChildProcess[] = [];

  const preview = async (body: Record<string, unknown>, as = token.super) => {
    const answer = await server.post<PaymentRunPreview>('/admin/payment_run_preview', body, as);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const run = (body: Record<string, unknown>, as = token.super, key: string = randomUUID()) =>
    server.request<PaymentRunOutcome & Refusal>('POST', '/admin/payment_run', { body, token: as, headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
  const jobsListed = async (as = token.super) => {
    const answer = await server.get<ListPage<QueueReport>>('/admin/list_job_queue?job=paymentrun&page_size=0', as);
    expect(answer.status).toBe(200);
    return answer.body.data;
  };
  const jobStatus = async (id: number) => (await jobsListed()).find((job) => job.id === id)?.status;
  const ended = (id: number) => until(() => jobStatus(id), (status) => Boolean(status && /^(Finished|Failed)/.test(status)), 60_000);
  const runsOf = async (reference: string) => {
    const answer = await server.post<GridPage<RunRow>>(paymentRunsGrid.path, { ...ALL_DATES, page_size: 0 }, token.super);
    expect(answer.status).toBe(200);
    return answer.body.data.filter((row) => row.reference === reference).sort((a, b) => a.currency.localeCompare(b.currency));
  };

  beforeAll(async () => {
    const all = await preview(ALL_DATES);
    const byCampaign = new Map<number, number>();
    for (const campaign of all.campaigns) byCampaign.set(campaign.campaign_id, (byCampaign.get(campaign.campaign_id) ?? 0) + campaign.payments);
    const sorted = [...byCampaign].sort((a, b) => b[1] - a[1]);
    const own = await preview(ALL_DATES, token.campaign);
    theirs = own.campaigns.map((campaign) => campaign.campaign_id);
    theirPayments = own.payments;
    large = sorted.filter(([id, n]) => n > QUEUE_ABOVE && !theirs.includes(id)).map(([id]) => id);
    small = sorted.find(([, n]) => n > 0 && n <= QUEUE_ABOVE)?.[0];
    expect(large.length).toBeGreaterThanOrEqual(4);
  });
  afterAll(() => {
    for (const worker of workers) worker.kill('SIGKILL');
  });
  const startWorkers = async () => {
    if (workersApart && workers.length === 0) workers.push(await startWorker(server.databaseUrl as string));
  };

  it("queues a run of more than PAYMENT_RUN_QUEUE_ABOVE payments (202), lists its job, and the worker makes it to the cent", { timeout: 90_000 }, async () => {
    const campaign = large[0] as number;
    const shown = await preview({ ...ALL_DATES, campaign });
    expect(shown.payments).toBeGreaterThan(QUEUE_ABOVE);
    const body = { ...ALL_DATES, campaign, reference: 'ACC-QUEUED', fingerprint: shown.fingerprint };
    const key = randomUUID();
    const queued = await run(body, token.super, key);
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    expect(queued.body).toEqual({ message: messages.paymentRunQueued, runs: [], job: expect.any(Number) });
    const job = queued.body.job as number;

    // Listed in the Payment Runs screen's queue; the same key answers the same job.
    const listed = (await jobsListed()).find((row) => row.id === job);
    expect(listed).toMatchObject({ description: 'Payment run ACC-QUEUED', created_by: 'super@demo.test' });
    const again = await run(body, token.super, key);
    expect([again.status, again.body.job]).toEqual([202, job]);

    await startWorkers();
    expect(await ended(job)).toBe('Finished');
    const made = await runsOf('ACC-QUEUED');
    expect(made.map((row) => ({ amount: row.total, currency: row.currency }))).toEqual(shown.totals);
    expect(made.reduce((sum, row) => sum + row.events, 0)).toBe(shown.payments);
    for (const row of made) expect(row.status).toBe('Paid');
    expect((await preview({ ...ALL_DATES, campaign })).payments).toBe(0);
    // Still the same job for the same key, once made.
    expect((await run(body, token.super, key)).body.job).toBe(job);
  });

  it('makes a run of PAYMENT_RUN_QUEUE_ABOVE payments or fewer at once (201)', async () => {
    expect(small, 'a campaign with few enough payments due to be made at once').toBeDefined();
    const shown = await preview({ ...ALL_DATES, campaign: small });
    const made = await run({ ...ALL_DATES, campaign: small, reference: 'ACC-SMALL', fingerprint: shown.fingerprint });
    expect(made.status).toBe(201);
    expect(made.body.job).toBeUndefined();
  });

  it('refuses to queue a run whose set changed since the preview (409), and queues nothing', async () => {
    const campaign = large[1] as number;
    const shown = await preview({ ...ALL_DATES, campaign });
    const before = (await jobsListed()).length;
    const stale = await run({ ...ALL_DATES, campaign, reference: 'ACC-STALE', fingerprint: '0'.repeat(64) });
    expect([stale.status, stale.body.code, stale.body.error]).toEqual([409, 'edit_conflict', messages.paymentRunChanged]);
    expect((await jobsListed()).length).toBe(before);
    expect((await preview({ ...ALL_DATES, campaign })).fingerprint).toBe(shown.fingerprint);
  });

  it('queues one job and makes one set of runs for 50 concurrent submits of one Idempotency-Key', { timeout: 90_000 }, async () => {
    const campaign = large[1] as number;
    const shown = await preview({ ...ALL_DATES, campaign });
    const body = { ...ALL_DATES, campaign, reference: 'ACC-QUEUED-ONCE', fingerprint: shown.fingerprint };
    const key = randomUUID();
    const before = (await jobsListed()).length;
    const answers = await Promise.all(Array.from({ length: 50 }, () => run(body, token.super, key)));
    const queued = answers.filter((answer) => answer.status === 202);
    expect(queued.length).toBeGreaterThanOrEqual(1);
    for (const other of answers.filter((answer) => answer.status !== 202)) expect([other.status, other.body.code]).toEqual([409, 'idempotency_in_progress']);
    const jobs = new Set(queued.map((answer) => answer.body.job));
    expect(jobs.size).toBe(1);
    expect((await jobsListed()).length).toBe(before + 1);
    await startWorkers();
    expect(await ended([...jobs][0] as number)).toBe('Finished');
    expect((await runsOf('ACC-QUEUED-ONCE')).map((row) => ({ amount: row.total, currency: row.currency }))).toEqual(shown.totals);
  });

  it("lists a Campaign Admin's queued run to them and to a Super Admin, and a Super Admin's to them only", { timeout: 60_000 }, async () => {
    expect(theirPayments, 'the Campaign Admin has enough payments due to be queued').toBeGreaterThan(QUEUE_ABOVE);
    const filter = { ...ALL_DATES };
    const shown = await preview(filter, token.campaign);
    const queued = await run({ ...filter, reference: 'ACC-QUEUED-CA', fingerprint: shown.fingerprint }, token.campaign);
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    expect((await jobsListed(token.campaign)).find((row) => row.id === queued.body.job)).toMatchObject({ created_by: 'campaign@demo.test' });
    expect((await jobsListed()).map((row) => row.id)).toContain(queued.body.job);
    // A Super Admin's queued run (queued with every campaign in scope) is not theirs to see.
    const superRun = (await jobsListed()).find((row) => row.description === 'Payment run ACC-QUEUED');
    expect(superRun).toBeDefined();
    expect((await jobsListed(token.campaign)).map((row) => row.id)).not.toContain(superRun?.id);
    await startWorkers();
    expect(await ended(queued.body.job as number)).toBe('Finished');
    expect((await preview(filter, token.campaign)).payments).toBe(0);
  });

  // Both jobs wait for a worker, so each meets a set that changed after it was queued.
  it.runIf(workersApart)("finishes a queued run whose set was paid meanwhile as 'Payment Run was Empty', and fails one whose set changed, paying nothing", { timeout: 120_000 }, async () => {
    for (const worker of workers.splice(0)) worker.kill('SIGKILL');
    const db = server.sql;
    if (!db) throw new Error('no SQL connection');
    // Empty: the same set queued twice under two keys; the first job pays it, the second finds nothing due.
    const emptied = large[2] as number;
    const shownEmptied = await preview({ ...ALL_DATES, campaign: emptied });
    const first = await run({ ...ALL_DATES, campaign: emptied, reference: 'ACC-FIRST', fingerprint: shownEmptied.fingerprint });
    const second = await run({ ...ALL_DATES, campaign: emptied, reference: 'ACC-SECOND', fingerprint: shownEmptied.fingerprint });
    expect([first.status, second.status]).toEqual([202, 202]);

    // Changed: after it is queued, one of its payments' amount changes (a correction): the set is
    // no longer the one previewed.
    const changed = large[3] as number;
    const shownChanged = await preview({ ...ALL_DATES, campaign: changed });
    const doomed = await run({ ...ALL_DATES, campaign: changed, reference: 'ACC-DOOMED', fingerprint: shownChanged.fingerprint });
    expect(doomed.status).toBe(202);
    const { rows: [taken] } = await db.query<{ id: string; amount: string }>(
      "select id, amount::text from payments where campaign_id = $1 and status = 'due' and payment_run_id is null order by id limit 1", [changed]);
    if (!taken) throw new Error('no due payment');
    await db.query("update payments set amount = amount + 0.01 where id = $1", [taken.id]);

    workers.push(await startWorker(server.databaseUrl as string));
    expect(await ended(first.body.job as number)).toBe('Finished');
    expect(await ended(second.body.job as number)).toBe(`Finished: ${messages.paymentRunEmpty}`);
    expect(await ended(doomed.body.job as number)).toBe('Failed: the payments due changed since the preview; nothing was paid');
    expect(await runsOf('ACC-SECOND')).toEqual([]);
    expect(await runsOf('ACC-DOOMED')).toEqual([]);
    // Not tried again, and nothing of it paid.
    const { rows: [job] } = await db.query<{ attempts: number }>('select attempts from jobs where id = $1', [doomed.body.job]);
    expect(job?.attempts).toBe(1);
    const after = await preview({ ...ALL_DATES, campaign: changed });
    expect(after.payments).toBe(shownChanged.payments);
    await db.query('update payments set amount = $2 where id = $1', [taken.id, taken.amount]);
  });
}

describe.each(backends)('queued payment runs on %s, the worker in the server', (backend) => queuedRunSuite(backend, false));
describe.skipIf(!process.env.TEST_DATABASE_URL)('queued payment runs on PostgreSQL, the worker in its own process', () => queuedRunSuite('postgres', true));
