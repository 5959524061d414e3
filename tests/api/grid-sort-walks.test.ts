// A grid sorted by a text column, its own or a joined record's (issue 36), read page by page with
// the cursors it hands out, both ways: every row comes once, in order ignoring case and accents,
// and going back with `previous` reads the pages already seen. A sort by campaign or agent walks
// those records in order (grids/defineGrid.ts ParentWalk); by the row's own text, its sort index.
// PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
import { describe, expect, it } from 'vitest';
import type { GridPage } from '../../src/contract/api';
import type { Campaign } from '../../src/contract/entities';
import { agentEventDetailsGrid, agentPaymentsGrid, auditGrid, retentionEventDetailsGrid, type GridDeclaration } from '../../src/contract/grids';
import { foldText } from '../../src/contract/text';
import { backends } from '../support/server';
import { allPages } from '../support/service';
import { useSignedInServer } from '../support/signedIn';

type Row = Record<string, unknown> & { id: string };
const ALL_DATES = { start_date: '01-Jan-2020', end_date: '31-Dec-2099' } as const;
// The largest page a grid offers: each order is read whole, page by page, both ways and back.
const SIZE = 100;

describe.each(backends)('grids sorted by text, paged by cursor, on %s', (backend) => {
  // Enough rows that a sort by campaign, agent or event type walks them (more than defineGrid's WALK_FROM_ROWS).
  const { server, tokens } = useSignedInServer(backend, ['super'], { DEMO_AGENTS: '120', DEMO_EVENTS: '2500' });

  const read = async (grid: GridDeclaration, body: Record<string, unknown>) => {
    const answer = await server.post<GridPage<Row>>(grid.path, { ...ALL_DATES, page_size: SIZE, ...body }, tokens.super);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };

  /** Every page of an order, each read with the cursor the page before it gave; then back to page 1 by `previous`. */
  async function byCursor(grid: GridDeclaration, orderby: string): Promise<{ rows: Row[]; count: number }> {
    const pages: Row[][] = [];
    let page = await read(grid, { orderby, current_page: 1 });
    pages.push(page.data);
    while (page.next) {
      page = await read(grid, { orderby, current_page: pages.length + 1, cursor: page.next });
      pages.push(page.data);
    }
    for (let number = pages.length - 1; number >= 1 && page.previous; number--) {
      page = await read(grid, { orderby, current_page: number, cursor: page.previous });
      expect(page.data.map((row) => row.id), `${orderby}: page ${number} read back`).toEqual(pages[number - 1]?.map((row) => row.id));
    }
    return { rows: pages.flat(), count: page.count };
  }

  it.each([
    [agentEventDetailsGrid.title, 'campaign_name', agentEventDetailsGrid],
    [agentEventDetailsGrid.title, 'lastname', agentEventDetailsGrid],
    [agentEventDetailsGrid.title, 'event', agentEventDetailsGrid],
    [agentEventDetailsGrid.title, 'medium', agentEventDetailsGrid],
    // Its payment's run and whether it is paid (runs walked, each one's events through their payments; an event with no payment, or one on no run, first).
    [agentEventDetailsGrid.title, 'paymentrun_id', agentEventDetailsGrid],
    [agentEventDetailsGrid.title, 'paid', agentEventDetailsGrid],
    [retentionEventDetailsGrid.title, 'giftee_msisdn', retentionEventDetailsGrid],
    // Its event's customer (events walked), its event's type (kept on it), and its payment run (runs walked, a payment on none first).
    [agentPaymentsGrid.title, 'customer_msisdn', agentPaymentsGrid],
    [agentPaymentsGrid.title, 'event', agentPaymentsGrid],
    [agentPaymentsGrid.title, 'paymentrun_id', agentPaymentsGrid],
    // Paid and paid at as its run was (runs walked), and its currency (by the amount's index, then the amount).
    [agentPaymentsGrid.title, 'paid', agentPaymentsGrid],
    [agentPaymentsGrid.title, 'paid_at', agentPaymentsGrid],
    [agentPaymentsGrid.title, 'currency', agentPaymentsGrid],
  ] as Array<[string, string, GridDeclaration]>)('%s by %s, both ways: every row once, folded order', async (_title, key, grid) => {
    if (key === 'campaign_name') {
      // Names equal but for case and accents, and one that folds before the rest.
      const campaigns = await allPages<Campaign>(server, '/service/campaigns/?page_size=100&ordering=id', tokens.super);
      const names = ['Émile drive', 'emile drive', 'EMILE DRIVE 2', 'Aardvark'];
      for (const [i, name] of names.entries()) {
        const campaign = campaigns[i];
        if (!campaign || campaign.name === name) continue;
        const saved = await server.request('PUT', `/service/campaigns/${campaign.id}/`, { body: { name }, token: tokens.super });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      }
    }
    // A run awaiting approval holds its payments, still due (PostgreSQL: made in SQL as the claim makes it).
    if ((key === 'paid' || key === 'paid_at' || key === 'paymentrun_id') && server.sql) await holdPaymentsForApproval();
    await everyRowOnceInOrder(grid, key);
  }, 180_000);

  /** Once: a run awaiting approval, its limit passed, holding 40 due payments of one currency. */
  async function holdPaymentsForApproval(): Promise<void> {
    await server.sql?.query(`with creator as (select id from users where email is not null and not exists (select 1 from payment_runs where ref = 'PR-AWAITING') order by id limit 1),
      job as (insert into jobs (kind, status, description, created_by) select 'paymentrun', 'Finished', 'Payment run PR-AWAITING', id from creator returning id, created_by),
      due as (select currency_code from payments where status = 'due' and payment_run_id is null group by currency_code order by count(*) desc limit 1),
      run as (insert into payment_runs (ref, reference, request_id, start_date, end_date, created_by, currency_code, job_id, approval_limit)
        select 'PR-AWAITING', 'awaiting', 'grid-sort-walks', '2020-01-01', '2099-12-31', job.created_by, due.currency_code, job.id, 1 from job, due returning id, currency_code),
      claimed as (update payments p set payment_run_id = run.id from run
        where p.id in (select id from payments where status = 'due' and payment_run_id is null and currency_code = run.currency_code order by id limit 40)
        returning p.id, p.payment_run_id, p.event_id, p.amount, p.currency_code)
      insert into payment_run_lines (payment_run_id, payment_id, event_id, amount, currency_code)
      select payment_run_id, id, event_id, amount, currency_code from claimed`);
  }

  // PostgreSQL only: the entries are written in SQL (the demo's trail is a few entries, which a sort reads at once).
  it.runIf(backend === 'postgres')('Audit by admin, both ways: every row once, folded order', async () => {
    // More entries than a sort reads in one go, so a sort by admin walks the users: several admins' and no one's (a logged-out registration).
    await server.sql?.query(`insert into audit_log (actor_id, action, entity, entity_id, at)
      select case when g % 7 = 0 then null else a.ids[1 + g % cardinality(a.ids)] end, 'update', 'agent', g::text, now() - g * interval '1 minute'
      from generate_series(1, 1200) g, (select array_agg(id order by id) as ids from users where email is not null) a`);
    await everyRowOnceInOrder(auditGrid, 'admin');
  }, 180_000);

  /** Every row of the grid once in the column's order, both ways, page by page by cursor, and page 2 by number the same. */
  async function everyRowOnceInOrder(grid: GridDeclaration, key: string): Promise<void> {
    const all = (await read(grid, { page_size: 0 })).data.map((row) => row.id).sort();
    expect(all.length, 'the test data fills several pages').toBeGreaterThan(2 * SIZE);
    for (const orderby of [key, `-${key}`]) {
      const { rows, count } = await byCursor(grid, orderby);
      expect(count).toBe(all.length);
      expect([...rows.map((row) => row.id)].sort(), `${orderby}: every row once`).toEqual(all);
      const folded = rows.map((row) => foldText(String(row[key] ?? '')));
      const descending = orderby.startsWith('-');
      const outOfOrder = folded.findIndex((value, i) => i > 0 && (descending ? (folded[i - 1] as string) < value : (folded[i - 1] as string) > value));
      expect(outOfOrder, `${orderby}: ${folded[outOfOrder - 1]} then ${folded[outOfOrder]}`).toBe(-1);
      // Page 2 by its number (the set sorted) is page 2 by cursor (the walk): one order, however read.
      expect((await read(grid, { orderby, current_page: 2 })).data.map((row) => row.id)).toEqual(rows.slice(SIZE, 2 * SIZE).map((row) => row.id));
    }
  }
});
