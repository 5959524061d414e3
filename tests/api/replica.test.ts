// Reads on a PostgreSQL streaming replica, and several web instances with a worker (issue 36), on a
// primary and replica of the test's own (tests/support/replica.ts): grids, lists and exports read the
// replica, writes go to the primary; while the replica lags (its replay paused) an admin's write is
// seen at once all the same, from the primary. Two server instances (queuing only) and a worker share
// the pair: a grid, a report and a payment run go across them. Every statement each server ran is in
// its log, with its parameters: a marker searched for says where a read ran.
// Needs PostgreSQL's programs (not TEST_DATABASE_URL): skipped, loudly, where they are absent.
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GridPage, ListPage } from '../../src/contract/api';
import { IDEMPOTENCY_KEY_HEADER } from '../../src/contract/constants';
import type { EventType, QueueReport } from '../../src/contract/entities';
import { fraudEventsGrid, paymentRunsGrid } from '../../src/contract/grids';
import type { PaymentRunOutcome, PaymentRunPreview } from '../../src/contract/paymentRuns';
import { assertPaidOnce } from '../support/paymentRuns';
import { replicaUnavailable, startPrimary, type ReplicaPair } from '../support/replica';
import { accessToken, SIGNED_IN_SUITE, startServer, type TestServer } from '../support/server';
import { until } from '../support/until';
import { startWorker } from '../support/workers';

const unavailable = replicaUnavailable();
if (unavailable) {
  process.stdout.write(`\n*** tests/api/replica.test.ts SKIPPED: ${unavailable}.\n*** Reads on a replica and several instances were NOT tested.\n\n`);
}

const ALL_DATES = { start_date: '01-Jan-2020', end_date: '31-Dec-2099' } as const;
const DATABASE = 'referral';
/** Runs of more payments than this are queued, for the worker to make. */
const QUEUE_ABOVE = 4;
const marker = (what: string) => `${what}${randomBytes(4).toString('hex')}`;
type RunRow = { reference: string; total: string; currency: string; events: number; status: string };

describe.skipIf(unavailable !== undefined)('reads on a streaming replica, two instances and a worker (PostgreSQL)', () => {
  let pair: ReplicaPair | undefined;
  const servers: TestServer[] = [];
  let worker: ChildProcess | undefined;
  let replica: pg.Pool;
  let primary: pg.Pool;
  let superToken = '';
  const one = () => servers[0] as TestServer;
  const two = () => servers[1] as TestServer;

  beforeAll(async () => {
    pair = await startPrimary([DATABASE]);
    const databaseUrl = pair.primaryUrl(DATABASE);
    const env = {
      ...SIGNED_IN_SUITE, DATABASE_READ_URL: pair.replicaUrl(DATABASE), DEMO_AGENTS: '40', DEMO_EVENTS: '800',
      REPORT_WORKERS: '0', PAYMENT_RUN_APPROVAL_LIMITS: 'none', PAYMENT_RUN_QUEUE_ABOVE: String(QUEUE_ABOVE),
    };
    // All at once, as production starts: the first instance migrates (the others wait on its lock) and
    // loads the demo data; the second runs as production does (no demo data, no demo mailbox: the
    // admin signs in on the first); the worker runs the jobs; the replica is copied meanwhile and
    // streams what it missed (a server reads nothing on it until a request asks).
    const [first, second, started, replicaStarted] = await Promise.allSettled([
      startServer('postgres', { ...env, DEMO: '1' }, { databaseUrl }),
      startServer('postgres', { ...env, DEMO: '0', HOST: '127.0.0.1' }, { databaseUrl }),
      startWorker(databaseUrl, { DATABASE_READ_URL: pair.replicaUrl(DATABASE), REPORT_WORKERS: '1' }),
      pair.startReplica(),
    ]);
    // Whatever started is stopped by afterAll, should another part fail.
    for (const server of [first, second]) if (server?.status === 'fulfilled') servers.push(server.value);
    if (started?.status === 'fulfilled') worker = started.value;
    for (const outcome of [first, second, started, replicaStarted]) if (outcome?.status === 'rejected') throw outcome.reason;
    primary = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    replica = new pg.Pool({ connectionString: pair.replicaUrl(DATABASE), max: 2 });
    superToken = await accessToken(one(), 'super@demo.test');
  }, 120_000);

  afterAll(async () => {
    await replica?.query('select pg_wal_replay_resume()').catch(() => undefined);
    worker?.kill('SIGTERM');
    const stopped = await Promise.allSettled([...servers.map((server) => server.stop()), primary?.end(), replica?.end()]);
    await pair?.stop();
    // A server's stop checks its log for secrets: said here, once everything is down.
    for (const outcome of stopped) if (outcome.status === 'rejected') throw outcome.reason;
  }, 60_000);

  /** Waits until the replica has replayed everything the primary has written so far. */
  const caughtUp = async () => {
    const { rows: [wanted] } = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    const replayed = await until(
      async () => (await replica.query<{ ok: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok', [wanted?.lsn])).rows[0]?.ok,
      Boolean,
      10_000,
      20,
    );
    expect(replayed, 'the replica catches up with the primary').toBe(true);
  };
  const eventTypes = async (server: TestServer, search: string) => {
    const answer = await server.get<ListPage<EventType>>(`/admin/event_types?search=${search}&page_size=0`, superToken);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const addEventType = async (server: TestServer, pretty: string) => {
    const added = await server.post('/admin/event_types', { event: pretty, pretty }, superToken);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  };

  it('reads grids, lists and exports on the replica, and writes on the primary', async () => {
    await caughtUp();
    // A monitor sees reads on the replica.
    expect((await one().get('/health')).body).toEqual({ status: 'ok', database: 'postgres', replica: 'ok' });
    const [gridMark, listMark, exportMark, written] = [marker('gridread'), marker('listread'), marker('exportread'), marker('written')];
    const grid = await one().post<GridPage<unknown>>(fraudEventsGrid.path, { ...ALL_DATES, search: gridMark }, superToken);
    expect(grid.status).toBe(200);
    expect(grid.body.count).toBe(0);
    expect(await eventTypes(two(), listMark)).toEqual([]);
    const exported = await two().post<string>(fraudEventsGrid.path, { ...ALL_DATES, search: exportMark, export: 'csv' }, superToken);
    expect(exported.status).toBe(200);
    await addEventType(one(), written);

    const [primaryLog, replicaLog] = [await pair!.primaryLog(), await pair!.replicaLog()];
    for (const mark of [gridMark, listMark, exportMark]) {
      expect(replicaLog, `${mark} read on the replica`).toContain(mark);
      expect(primaryLog, `${mark} not read on the primary`).not.toContain(mark);
    }
    expect(replicaLog, 'the export is a COPY on the replica').toMatch(new RegExp(`statement: copy \\([^\\n]*(\\n\\t[^\\n]*)*${exportMark}`));
    expect(primaryLog, 'the event type is written on the primary').toContain(written);
    // The replica refuses writes: none was sent to it.
    expect(replicaLog).not.toMatch(/read-only transaction|(statement|execute [^:]*): (insert|update|delete) /i);
  });

  it("shows an admin's write on the next screen, from any instance, even while the replica lags", async () => {
    await replica.query('select pg_wal_replay_pause()');
    await until(async () => (await replica.query<{ state: string }>('select pg_get_wal_replay_pause_state() as state')).rows[0]?.state, (state) => state === 'paused', 10_000, 20);
    const written = marker('ownwrite');
    await addEventType(two(), written);
    // The replica has not got it yet...
    expect((await replica.query('select 1 from event_types where pretty_name = $1', [written])).rowCount).toBe(0);
    // ...yet the next screen, on the other instance, shows it: the read waited for the replica, then read the primary.
    expect((await eventTypes(one(), written)).map((row) => row.pretty_name)).toEqual([written]);
    expect(await pair!.primaryLog()).toContain(`%${written}%`);
    expect(await pair!.replicaLog()).not.toContain(`%${written}%`);
    // A monitor sees the replica behind, and the server still up: reads run on the primary.
    expect((await two().get('/health'))).toMatchObject({ status: 200, body: { status: 'ok', database: 'postgres', replica: 'behind' } });

    // Once the replica has caught up, reads are the replica's again.
    await replica.query('select pg_wal_replay_resume()');
    await caughtUp();
    expect((await two().get('/health')).body).toEqual({ status: 'ok', database: 'postgres', replica: 'ok' });
    expect((await eventTypes(one(), written)).map((row) => row.pretty_name)).toEqual([written]);
    expect(await pair!.replicaLog()).toContain(`%${written}%`);
  });

  it('runs a grid, a report and a payment run across two instances and a worker', { timeout: 60_000 }, async () => {
    // The grid: the same rows from either instance.
    const pages = await Promise.all(servers.map((server) => server.post<GridPage<unknown>>(fraudEventsGrid.path, { ...ALL_DATES, page_size: 20 }, superToken)));
    expect(pages.map((page) => page.status)).toEqual([200, 200]);
    expect(pages[0]?.body.count).toBeGreaterThan(0);
    expect(pages[1]?.body).toEqual(pages[0]?.body);

    // A report queued on one instance, made by the worker (the instances only queue), listed and downloaded on the other.
    const copiesOnReplica = async () => (await pair!.replicaLog()).match(/statement: copy \(/g)?.length ?? 0;
    const copiesBefore = await copiesOnReplica();
    const queued = await one().get<QueueReport>('/admin/queue_report?home=fraud_report&start_date=01-Jan-2020&end_date=31-Dec-2099', superToken);
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    const listed = async () => (await two().get<ListPage<QueueReport>>('/admin/list_queue_reports?home=fraud_report&page_size=0', superToken)).body.data.find((row) => row.id === queued.body.id);
    expect((await until(listed, (row) => row?.status === 'Finished', 30_000))?.status).toBe('Finished');
    // The worker read the report's rows on the replica (its COPY), and wrote its file on the primary.
    expect(await copiesOnReplica()).toBeGreaterThan(copiesBefore);
    expect(await pair!.primaryLog()).toMatch(/insert into report_file_parts/);
    const download = await two().post<{ data: string }>('/admin/queued_report_download', { id: queued.body.id }, superToken);
    const exported = await one().post<string>(fraudEventsGrid.path, { ...ALL_DATES, page_size: 0, export: 'csv' }, superToken);
    expect(download.body.data).toBe(exported.body);
    expect(download.body.data.trimEnd().split('\n').length - 1).toBe(pages[0]?.body.count);

    // Payment runs: previewed on one instance, confirmed on the other; one made at once, one queued for the worker.
    const preview = async (server: TestServer, body: Record<string, unknown>) => {
      const answer = await server.post<PaymentRunPreview>('/admin/payment_run_preview', body, superToken);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body;
    };
    const confirm = (server: TestServer, body: Record<string, unknown>) =>
      server.request<PaymentRunOutcome>('POST', '/admin/payment_run', { body, token: superToken, headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() } });
    const runsOf = async (server: TestServer, reference: string) => {
      const answer = await server.post<GridPage<RunRow>>(paymentRunsGrid.path, { ...ALL_DATES, page_size: 0 }, superToken);
      expect(answer.status).toBe(200);
      return answer.body.data.filter((row) => row.reference === reference);
    };
    const all = await preview(one(), ALL_DATES);
    const due = new Map<number, number>();
    for (const campaign of all.campaigns) due.set(campaign.campaign_id, (due.get(campaign.campaign_id) ?? 0) + campaign.payments);
    const large = [...due].find(([, n]) => n > QUEUE_ABOVE)?.[0];
    const small = [...due].find(([, n]) => n > 0 && n <= QUEUE_ABOVE)?.[0];
    expect(large, 'a campaign with more payments due than PAYMENT_RUN_QUEUE_ABOVE').toBeDefined();

    if (small !== undefined) {
      const shown = await preview(one(), { ...ALL_DATES, campaign: small });
      const made = await confirm(two(), { ...ALL_DATES, campaign: small, reference: 'REPLICA-NOW', fingerprint: shown.fingerprint });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      // Made on the second instance, on the first one's grid at once.
      expect((await runsOf(one(), 'REPLICA-NOW')).reduce((sum, row) => sum + row.events, 0)).toBe(shown.payments);
    }

    const shown = await preview(two(), { ...ALL_DATES, campaign: large });
    const queuedRun = await confirm(one(), { ...ALL_DATES, campaign: large, reference: 'REPLICA-QUEUED', fingerprint: shown.fingerprint });
    expect(queuedRun.status, JSON.stringify(queuedRun.body)).toBe(202);
    const job = queuedRun.body.job as number;
    const jobStatus = async () => (await two().get<ListPage<QueueReport>>('/admin/list_job_queue?job=paymentrun&page_size=0', superToken)).body.data.find((row) => row.id === job)?.status;
    expect(await until(jobStatus, (status) => Boolean(status && /^(Finished|Failed)/.test(status)), 30_000)).toBe('Finished');
    const made = await runsOf(two(), 'REPLICA-QUEUED');
    expect(made.map((row) => ({ amount: row.total, currency: row.currency }))).toEqual(shown.totals);
    expect(made.reduce((sum, row) => sum + row.events, 0)).toBe(shown.payments);
    expect((await preview(one(), { ...ALL_DATES, campaign: large })).payments).toBe(0);
    await assertPaidOnce(primary);
  });
});
