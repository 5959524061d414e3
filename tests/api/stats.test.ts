// Stats (issue 35: GET /admin/stats/attention, /admin/stats/figures, /admin/stats/charts) against
// the started server on the demo data, for each admin role: every figure equals the grid its link
// opens (the link's body posted to the grid: its count, its distinct agents, its column sums, its
// amounts per currency), each 'needs attention' count equals the rows its link opens, an empty
// period answers zeros and empty series, bad dates are refused per field, and no one signed out
// reads anything. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GridPage, Page } from '../../src/contract/api';
import { FRAUD_JUMP_BASELINE_DAYS, FRAUD_JUMP_DAYS, FRAUD_JUMP_FACTOR, FRAUD_JUMP_MIN, IDEMPOTENCY_KEY_HEADER, JOB_ATTENTION_DAYS } from '../../src/contract/constants';
import { addDays, toRequestDate as toDate } from '../../src/contract/dates';
import { sumByCurrency, type Money } from '../../src/contract/money';
import type { PaymentRunOutcome, PaymentRunPreview } from '../../src/contract/paymentRuns';
import { STATUS_TYPE_ID } from '../../src/contract/roles';
import { linkInCurrency, type StatsAttention, type StatsCharts, type StatsFigures, type StatsLink } from '../../src/contract/stats';
import type { Campaign, UserRoleWithUser } from '../../src/contract/entities';
import { pendingPaymentsGrid } from '../../src/contract/grids';
import { budgetOf } from '../../src/contract/budget';
import { allPages } from '../support/service';
import { backends, LARGE_DATA, type TestServer } from '../support/server';
import { useSignedInServer, type Role } from '../support/signedIn';

type Row = Record<string, string | number | boolean | null>;
const ROLES = ['super', 'agency', 'campaign'] as const satisfies readonly Role[];
const today = new Date().toISOString().slice(0, 10);

/** The rows a grid link opens (all of them) and their count. */
async function openedOn(server: TestServer, link: StatsLink, token: string): Promise<GridPage<Row>> {
  if (link.to !== 'grid') throw new Error(`not a grid link: ${link.to}`);
  const answer = await server.post<GridPage<Row>>(link.path, { ...link.body, page_size: 0 }, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** Each 'needs attention' count of `attention` equals the rows its link opens for `role`. */
async function expectAttentionMatches(server: TestServer, role: Role, token: string, attention: StatsAttention): Promise<void> {
  if (role === 'agency') {
    expect(attention.awaiting_approval).toBeNull();
    expect(attention.held_back).toBeNull();
  } else {
    const awaiting = attention.awaiting_approval as NonNullable<StatsAttention['awaiting_approval']>;
    const runs = await openedOn(server, awaiting.link, token);
    expect(awaiting.runs).toBe(runs.data.filter((run) => run.status === 'Awaiting approval').length);
    expect(awaiting.runs).toBe(runs.count);
    // Held back: Pending Payments' rows a run would hold back (a Super Admin's with blacklisted
    // agents'), their Held Back column summed per currency; for a Super Admin, the preview's too.
    const held = attention.held_back as NonNullable<StatsAttention['held_back']>;
    if (held.link.to !== 'grid' || held.link.grid !== 'pendingPayments') throw new Error('held back links to Pending Payments');
    expect(held.link.body).toMatchObject({ holds: 'held_back', ...(role === 'super' ? { blacklisted: true } : {}) });
    const heldRows = (await openedOn(server, held.link, token)).data;
    expect(heldRows.every((row) => Number(row.held) > 0)).toBe(true);
    expect(held.totals).toEqual(sumByCurrency(heldRows.map((row) => ({ amount: String(row.held), currency: String(row.currency) }))));
    if (role === 'super') {
      const preview = await server.post<PaymentRunPreview>('/admin/payment_run_preview', { start_date: held.link.body.start_date, end_date: held.link.body.end_date }, token);
      expect(preview.status).toBe(200);
      expect(held.payments).toBe(preview.body.held_back.payments);
      expect(held.totals).toEqual(preview.body.held_back.totals);
      expect(held.reasons.filter((reason) => reason.payments > 0)).toEqual(preview.body.held_back.reasons);
    } else {
      expect(held.reasons.find((reason) => reason.reason === 'agent_blacklisted')?.payments).toBe(0);
    }
  }
  for (const jobs of attention.jobs) {
    if (jobs.link.to !== 'jobQueue') throw new Error('jobs link to their queue');
    const queue = await server.get<GridPage<Row>>(`${jobs.link.path}?job=${jobs.link.job}&page_size=0`, token);
    expect(queue.status).toBe(200);
    const since = addDays(today, 1 - JOB_ATTENTION_DAYS);
    expect(jobs.failed).toBe(queue.body.data.filter((job) => String(job.status).startsWith('Failed') && String(job.created_at).slice(0, 10) >= since).length);
    expect(jobs.stuck).toBeLessThanOrEqual(queue.body.data.filter((job) => String(job.status).startsWith('Started')).length);
  }
  // The jumps, read again from the Fraud Events rows their link opens.
  const recentStart = addDays(today, 1 - FRAUD_JUMP_DAYS);
  const perAgent = new Map<string, { recent: number; baseline: number }>();
  for (const row of (await openedOn(server, attention.fraud_jumps.link, token)).data) {
    const key = `${row.agent_msisdn}|${row.firstname}|${row.lastname}`;
    const counts = perAgent.get(key) ?? { recent: 0, baseline: 0 };
    if (String(row.created_at).slice(0, 10) >= recentStart) counts.recent++;
    else counts.baseline++;
    perAgent.set(key, counts);
  }
  const jumped = [...perAgent.values()].filter((c) => c.recent >= FRAUD_JUMP_MIN && c.recent * FRAUD_JUMP_BASELINE_DAYS > FRAUD_JUMP_FACTOR * c.baseline * FRAUD_JUMP_DAYS);
  expect(attention.fraud_jumps.agents).toBe(jumped.length);
  for (const agent of attention.fraud_jumps.listed.slice(0, 3)) {
    const rows = (await openedOn(server, agent.link, token)).data.filter((row) => row.agent_msisdn === agent.msisdn);
    expect(rows.length).toBe(agent.recent);
  }
}

describe.each(backends)('stats on %s', (backend) => {
  const { server, tokens } = useSignedInServer(backend, ROLES, { ...LARGE_DATA });

  /** The rows a grid link opens (all of them) and their count. */
  const opened = (link: StatsLink, token: string) => openedOn(server, link, token);
  const amounts = (rows: Row[]): Money[] => sumByCurrency(rows.map((row) => ({ amount: String(row.pay), currency: String(row.currency) })));
  const agentsOf = (rows: Row[]) => new Set(rows.map((row) => `${row.agent_code}|${row.msisdn}|${row.firstname}|${row.lastname}`)).size;
  const sumOf = (rows: Row[], key: string) => rows.reduce((total, row) => total + Number(row[key]), 0);

  describe.each(ROLES)('as %s', (role) => {
    let figures: StatsFigures;
    let charts: StatsCharts;
    let attention: StatsAttention;
    beforeAll(async () => {
      const wide = `start_date=${toDate(addDays(today, -59))}&end_date=${toDate(today)}`;
      const [f, c, a] = await Promise.all([
        server.get<StatsFigures>(`/admin/stats/figures?${wide}`, tokens[role]),
        server.get<StatsCharts>(`/admin/stats/charts?${wide}`, tokens[role]),
        server.get<StatsAttention>('/admin/stats/attention', tokens[role]),
      ]);
      for (const answer of [f, c, a]) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      [figures, charts, attention] = [f.body, c.body, a.body];
    });

    it('each figure, this period and the previous one, equals the grid its link opens', async () => {
      expect(figures.events.value).toBeGreaterThan(0);
      for (const side of ['link', 'previous_link'] as const) {
        const value = side === 'link' ? 'value' : 'previous';
        const eventRows = await opened(figures.events[side] as StatsLink, tokens[role]);
        expect(figures.events[value]).toBe(eventRows.count);
        expect(figures.active_agents[side]).toEqual(figures.events[side]);
        expect(figures.active_agents[value]).toBe(agentsOf(eventRows.data));
        const conversion = await opened(figures.invites[side] as StatsLink, tokens[role]);
        expect(figures.invites[value]).toBe(sumOf(conversion.data, 'invites'));
        expect(figures.conversions[value]).toBe(sumOf(conversion.data, 'conversions'));
        for (const key of ['due', 'paid'] as const) {
          expect(figures[key][value]).toEqual(amounts((await opened(figures[key][side] as StatsLink, tokens[role])).data));
          // Each amount opens its currency's rows alone, which sum to it.
          for (const money of figures[key][value] ?? []) {
            const rows = (await opened(linkInCurrency(figures[key][side] as StatsLink, money.currency), tokens[role])).data;
            expect(amounts(rows)).toEqual([money]);
          }
        }
        expect(figures.fraud_events[value]).toBe((await opened(figures.fraud_events[side] as StatsLink, tokens[role])).count);
      }
    });

    it('each chart sums to the grid its links open', async () => {
      const eventRows = await opened(charts.events_per_day.link, tokens[role]);
      expect(sumOf(charts.events_per_day.days as unknown as Row[], 'events')).toBe(eventRows.count);
      const perDay = new Map<string, number>();
      for (const row of eventRows.data) perDay.set(String(row.created_at).slice(0, 10), (perDay.get(String(row.created_at).slice(0, 10)) ?? 0) + 1);
      for (const [date, n] of perDay) expect(sumOf(charts.events_per_day.days.filter((d) => d.date === date) as unknown as Row[], 'events')).toBe(n);

      expect(charts.payments_per_week.length).toBeGreaterThan(0);
      for (const series of charts.payments_per_week) {
        for (const week of series.weeks.slice(-3)) {
          // A bar opens its currency's rows of the week alone.
          const due = amounts((await opened(week.due_link, tokens[role])).data);
          const paid = amounts((await opened(week.paid_link, tokens[role])).data);
          expect(due.every((m) => m.currency === series.currency) && paid.every((m) => m.currency === series.currency)).toBe(true);
          expect(week.due.amount).toBe(due[0]?.amount ?? '0.00');
          expect(week.paid.amount).toBe(paid[0]?.amount ?? '0.00');
        }
      }

      for (const campaign of charts.fraud_rate.slice(0, 4)) {
        expect(campaign.fraud_events).toBe((await opened(campaign.link, tokens[role])).count);
        expect(campaign.events).toBe((await opened(campaign.events_link, tokens[role])).count);
      }
      const fraudTotal = (await opened(figures.fraud_events.link, tokens[role])).count;
      expect(charts.fraud_rate.reduce((total, campaign) => total + campaign.fraud_events, 0)).toBe(fraudTotal);
    });

    it("the budgets are the caller's campaigns, those near or over their allocation first, and the count needing attention is theirs", async () => {
      const listed = await allPages<Campaign>(server, '/service/campaigns/?page_size=100', tokens[role]);
      expect(charts.budgets.map((b) => b.campaign_id).sort((a, b) => a - b)).toEqual(listed.map((c) => c.id).sort((a, b) => a - b));
      const warned = listed.filter((c) => budgetOf(c.budget_spend_amount, c.budget_allocated_amount ?? null).nearlySpent);
      expect(attention.budgets.campaigns).toBe(warned.length);
      const flags = charts.budgets.map((b) => b.warning);
      expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
      for (const budget of charts.budgets) if (budget.runs_out_on !== null) expect(budget.runs_out_on > today).toBe(true);
    });

    it('each attention count equals the rows its link opens', async () => {
      await expectAttentionMatches(server, role, tokens[role], attention);
    });
  });

  it('an empty period answers zeros and empty series, not errors', async () => {
    const empty = 'start_date=01-Jan-2000&end_date=31-Dec-2000';
    for (const role of ROLES) {
      const figures = await server.get<StatsFigures>(`/admin/stats/figures?${empty}`, tokens[role]);
      expect(figures.status).toBe(200);
      for (const key of ['events', 'active_agents', 'invites', 'conversions', 'fraud_events'] as const) {
        expect(figures.body[key].value).toBe(0);
        // The period before 01-Jan-2000 is no period: no record lies there.
        expect(figures.body[key].previous).toBeNull();
      }
      expect(figures.body.due.value).toEqual([]);
      expect(figures.body.paid.value).toEqual([]);
      expect(figures.body.previous_period).toBeNull();
      const charts = await server.get<StatsCharts>(`/admin/stats/charts?${empty}`, tokens[role]);
      expect(charts.status).toBe(200);
      expect(charts.body.events_per_day.days).toEqual([]);
      expect(charts.body.payments_per_week).toEqual([]);
      expect(charts.body.fraud_rate).toEqual([]);
    }
  });

  it('the period defaults to the last 30 days ending today, the previous period being the 30 days before', async () => {
    const answer = await server.get<StatsFigures>('/admin/stats/figures', tokens.super);
    expect(answer.status).toBe(200);
    expect(answer.body.period).toEqual({ start_date: toDate(addDays(today, -29)), end_date: toDate(today) });
    expect(answer.body.previous_period).toEqual({ start_date: toDate(addDays(today, -59)), end_date: toDate(addDays(today, -30)) });
  });

  it('bad dates are refused with a line per field', async () => {
    const bad = await server.get<{ errors: Record<string, string[]> }>('/admin/stats/figures?start_date=31-Feb-2026&end_date=2026-03-01', tokens.super);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['end_date', 'start_date']);
    const backwards = await server.get<{ errors: Record<string, string[]> }>('/admin/stats/charts?start_date=10-Mar-2026&end_date=01-Mar-2026', tokens.super);
    expect(backwards.status).toBe(400);
    expect(Object.keys(backwards.body.errors)).toEqual(['end_date']);
  });

  it('a write is counted at the next call, not when the kept answer expires', async () => {
    // An active agent with payments due: blacklisted, their due payments are held back for it.
    const due = await server.post<GridPage<Row & { id: string }>>(pendingPaymentsGrid.path, { start_date: '01-Jan-2020', end_date: '31-Dec-2099', page_size: 0 }, tokens.super);
    let role: UserRoleWithUser | undefined;
    for (const id of new Set(due.body.data.map((row) => Number(row.id.split('-')[0])))) {
      const roles = (await server.get<Page<UserRoleWithUser>>(`/api/v1/user-roles/?user_ids=${id}`, tokens.super)).body.results;
      role = roles.find((candidate) => candidate.role_type === 'Agent' && candidate.status_type.id === STATUS_TYPE_ID.Active);
      if (role) break;
    }
    if (!role) throw new Error('the demo data needs an active agent with payments due');
    const blacklistedHeld = async () => {
      const answer = await server.get<StatsAttention>('/admin/stats/attention', tokens.super);
      expect(answer.status).toBe(200);
      return answer.body.held_back?.reasons.find((reason) => reason.reason === 'agent_blacklisted')?.payments ?? 0;
    };
    const setStatus = async (status: number) =>
      expect((await server.request('PATCH', `/api/v1/user-roles/${role.id}/`, { body: { status_type: status }, token: tokens.super })).status).toBe(200);
    const before = await blacklistedHeld();
    expect(await blacklistedHeld()).toBe(before); // now kept
    await setStatus(STATUS_TYPE_ID.Blacklisted);
    try {
      expect(await blacklistedHeld()).toBeGreaterThan(before);
    } finally {
      await setStatus(STATUS_TYPE_ID.Active);
    }
    expect(await blacklistedHeld()).toBe(before);
  });

  it('no one signed out reads them', async () => {
    for (const path of ['/admin/stats/attention', '/admin/stats/figures', '/admin/stats/charts']) expect((await server.get(path)).status).toBe(401);
  });
});


// What the demo data lacks, built here (PostgreSQL, whose database a test can write): a payment run
// awaiting approval (made through the API, every currency's limit 0), a report job and a payment run
// job Failed and a job Started hours ago (the worker's writes, made in the database; no worker runs),
// and an agent whose fraud events jumped (the fraud feed's rows). Each count is at least one and
// equals the rows its link opens. Attention is read only once all is written: its answer is kept
// while this process writes nothing, and the database writes here are not this process's.
describe.runIf(backends.includes('postgres'))('what needs attention, built here, on postgres', () => {
  const NO_LIMIT_PASSED = 'GHS=0,KES=0,MZN=0,NGN=0,TZS=0,UGX=0,XAF=0,XOF=0';
  const ALL_DATES = { start_date: '01-Jan-2020', end_date: '31-Dec-2099' } as const;
  const JUMP = FRAUD_JUMP_MIN + 2;
  const BUILT_ROLES = ['super', 'campaign'] as const;
  const { server, tokens } = useSignedInServer('postgres', BUILT_ROLES, { PAYMENT_RUN_APPROVAL_LIMITS: NO_LIMIT_PASSED, REPORT_WORKERS: '0' });
  const attention = {} as Record<(typeof BUILT_ROLES)[number], StatsAttention>;
  let jumper = '';

  beforeAll(async () => {
    const db = server.sql as NonNullable<TestServer['sql']>;
    // The Campaign Admin's campaign: what both admins see.
    const [mine] = (await db.query<{ campaign_id: number }>(
      `select c.campaign_id from users u join user_roles r on r.user_id = u.id join user_role_campaigns c on c.user_role_id = r.id
       where u.username = 'campaign@demo.test' order by 1 limit 1`,
    )).rows;
    const campaign = mine?.campaign_id as number;

    const preview = await server.post<PaymentRunPreview>('/admin/payment_run_preview', { ...ALL_DATES, campaign }, tokens.super);
    expect(preview.status).toBe(200);
    expect(preview.body.payments).toBeGreaterThan(0);
    const made = await server.request<PaymentRunOutcome>('POST', '/admin/payment_run', {
      body: { ...ALL_DATES, campaign, reference: 'ACC-STATS-AWAITING', fingerprint: preview.body.fingerprint },
      token: tokens.super, headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.runs.map((run) => run.status)).toContain('Awaiting approval');

    // The Campaign Admin's report, Failed after its last try as the worker leaves it.
    const queued = await server.get<{ id: number }>(`/admin/queue_report?home=fraud_report&start_date=${ALL_DATES.start_date}&end_date=${ALL_DATES.end_date}`, tokens.campaign);
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    await db.query(`update jobs set status = 'Failed', detail = 'no_such_column', attempts = 3, started_at = now(), finished_at = now() where id = $1`, [queued.body.id]);
    // A payment run job Failed (the payments due changed meanwhile) and one Started two hours ago, never finished.
    await db.query(
      `insert into jobs (kind, status, detail, description, created_by, scope_campaign_ids, started_at, finished_at)
       select 'paymentrun', s.status, s.detail, 'Payment run', u.id, array[$1::int], s.started_at, s.finished_at
       from users u, (values ('Failed', 'the payments due changed', now() - interval '1 minute', now()),
         ('Started', null, now() - interval '2 hours', null)) s(status, detail, started_at, finished_at)
       where u.username = 'super@demo.test'`,
      [campaign],
    );

    // An agent of the campaign with no fraud event yet, neither blacklisted nor suspended nor gifting: JUMP fraud events today.
    const [agent] = (await db.query<{ agent_id: number; msisdn: string }>(
      `select e.agent_id, min(u.msisdn) as msisdn from events e join users u on u.id = e.agent_id
       where e.campaign_id = $1 and not u.is_gifting and u.msisdn is not null
         and not exists (select 1 from user_roles r where r.user_id = e.agent_id and r.status_type_id in ($2, $3))
         and not exists (select 1 from fraud_events f where f.agent_id = e.agent_id)
       group by 1 order by 1 limit 1`,
      [campaign, STATUS_TYPE_ID.Blacklisted, STATUS_TYPE_ID.Suspended],
    )).rows;
    if (!agent) throw new Error(`campaign ${campaign} has no agent without fraud events`);
    jumper = agent.msisdn;
    await db.query(
      `insert into fraud_events (agent_id, campaign_id, description, msisdn, created_at)
       select $1, $2, 'Same customer, many devices', '2332400000' || g, now() - make_interval(mins => g) from generate_series(1, $3) g`,
      [agent.agent_id, campaign, JUMP],
    );

    for (const role of BUILT_ROLES) {
      const answer = await server.get<StatsAttention>('/admin/stats/attention', tokens[role]);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      attention[role] = answer.body;
    }
  });

  it.each(BUILT_ROLES)('as %s: each is counted, and each count equals the rows its link opens', async (role) => {
    const seen = attention[role];
    expect(seen.awaiting_approval?.runs).toBeGreaterThanOrEqual(1);
    const jobsOf = (kind: string) => seen.jobs.find((jobs) => jobs.kind === kind);
    expect(jobsOf('report')?.failed).toBeGreaterThanOrEqual(1);
    expect(jobsOf('paymentrun')?.failed).toBeGreaterThanOrEqual(1);
    expect(jobsOf('paymentrun')?.stuck).toBeGreaterThanOrEqual(1);
    expect(seen.fraud_jumps.agents).toBeGreaterThanOrEqual(1);
    expect(seen.fraud_jumps.listed.find((agent) => agent.msisdn === jumper)).toMatchObject({ recent: JUMP, baseline: 0 });
    await expectAttentionMatches(server, role, tokens[role], seen);
  });

  it('keeps the day summaries equal to the events and payments they count, through inserts, updates and deletes', async () => {
    const client = await (server.sql as NonNullable<TestServer['sql']>).connect();
    // Every summary row against the rows grouped anew: the number of keys where the two differ.
    const differing = async () => (await client.query<{ events: number; payments: number }>(
      `select (select count(*) from (select * from stats_event_days where events <> 0) s
          full join (select (created_at at time zone 'UTC')::date as day, campaign_id, event_type_id, count(*) as events, sum(pay) as pay from events group by 1, 2, 3) r
          using (day, campaign_id, event_type_id) where s.events is distinct from r.events or s.pay is distinct from r.pay)::int as events,
        (select count(*) from (select * from stats_payment_days where payments <> 0) s
          full join (select (created_at at time zone 'UTC')::date as day, campaign_id, currency_code, status = 'paid' as paid, count(*) as payments, sum(amount) as amount
            from payments group by 1, 2, 3, 4) r
          using (day, campaign_id, currency_code, paid) where s.payments is distinct from r.payments or s.amount is distinct from r.amount)::int as payments`,
    )).rows[0];
    try {
      await client.query('begin');
      expect(await differing()).toEqual({ events: 0, payments: 0 });
      await client.query(`update payments set status = 'paid', paid_at = now() where id in (select id from payments where status = 'due' order by id limit 50)`);
      await client.query(`update payments set amount = amount + 1.25, created_at = created_at - interval '1 day' where id in (select id from payments order by id desc limit 30)`);
      const added = await client.query<{ id: number }>(
        `insert into events (agent_id, campaign_id, agency_id, event_type_id, pay, created_at)
         select agent_id, campaign_id, agency_id, event_type_id, pay, created_at + interval '2 days' from events order by id limit 40 returning id`,
      );
      await client.query(`update events set created_at = created_at + interval '1 day', pay = pay + 1 where id = any($1)`, [added.rows.slice(0, 10).map((row) => row.id)]);
      await client.query('delete from events where id = any($1)', [added.rows.slice(10, 20).map((row) => row.id)]);
      expect(await differing()).toEqual({ events: 0, payments: 0 });
    } finally {
      await client.query('rollback');
      client.release();
    }
  });

  it("keeps each invite's conversion equal to its events, through writes to invites, events, campaigns and their configs", async () => {
    const client = await (server.sql as NonNullable<TestServer['sql']>).connect();
    // Each invite's flag against the rule read anew (as Conversion read it before migration 0023).
    const counts = async () => (await client.query<{ converted: number; differing: number }>(
      `select count(*) filter (where i.converted)::int as converted, count(*) filter (where i.converted is distinct from exists (
          select 1 from events e where e.agent_id = i.agent_id and e.campaign_id = i.campaign_id and e.customer_msisdn = i.recipient_msisdn
            and e.created_at >= i.invite_datetime and e.created_at < i.invite_datetime + make_interval(days => k.attribution_window_days)))::int as differing
        from invites i left join campaigns c on c.id = i.campaign_id left join agency_campaign_type_configs k on k.id = c.agency_campaign_type_config_id`,
    )).rows[0] as { converted: number; differing: number };
    try {
      await client.query('begin');
      const seeded = await counts();
      expect(seeded.differing).toBe(0);
      expect(seeded.converted).toBeGreaterThan(0);
      // Twenty invites not converted get their event an hour later: converted.
      const made = await client.query<{ id: number }>(
        `insert into events (agent_id, campaign_id, agency_id, event_type_id, customer_msisdn, created_at)
         select i.agent_id, i.campaign_id, c.agency_id, (select id from event_types order by id limit 1), i.recipient_msisdn, i.invite_datetime + interval '1 hour'
         from invites i join campaigns c on c.id = i.campaign_id where not i.converted order by i.id limit 20 returning id`,
      );
      expect(await counts()).toEqual({ converted: seeded.converted + 20, differing: 0 });
      // Ten of those events moved a year on (out of every window), five deleted: fifteen not converted again.
      await client.query(`update events set created_at = created_at + interval '365 days' where id = any($1)`, [made.rows.slice(0, 10).map((row) => row.id)]);
      await client.query('delete from events where id = any($1)', [made.rows.slice(10, 15).map((row) => row.id)]);
      expect(await counts()).toEqual({ converted: seeded.converted + 5, differing: 0 });
      // A new invite for a customer who already has an event later on: converted as it is written.
      await client.query(
        `insert into invites (agent_id, campaign_id, invite_datetime, recipient_msisdn, extra_data)
         select agent_id, campaign_id, created_at - interval '1 hour', customer_msisdn, '{"agency_name":"","campaign_name":""}' from events where id = $1`,
        [made.rows[19]?.id],
      );
      expect(await counts()).toEqual({ converted: seeded.converted + 6, differing: 0 });
      // A config's window shut to no day, then a campaign moved to another config: its invites anew.
      await client.query(`update agency_campaign_type_configs set attribution_window_days = 0 where id = (select agency_campaign_type_config_id from campaigns c join invites i on i.campaign_id = c.id where i.converted limit 1)`);
      const shut = await counts();
      expect(shut.differing).toBe(0);
      expect(shut.converted).toBeLessThan(seeded.converted);
      await client.query(
        `update campaigns set agency_campaign_type_config_id = (select id from agency_campaign_type_configs where attribution_window_days > 0 order by id limit 1)
         where id = (select campaign_id from invites where not converted order by id limit 1)`,
      );
      expect((await counts()).differing).toBe(0);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});
