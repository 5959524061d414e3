// The report grids' cached counts (issue 30): a write that changes the rows a grid counts is counted
// at the very next read, not up to 30 seconds later. Pending Payments (and the Agent Event Report)
// before and after an agent is blacklisted and restored, and a payment run; a search before and
// after a rename, and the Audit grid before and after a change it records.
// PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GridPage, Page } from '../../src/contract/api';
import { IDEMPOTENCY_KEY_HEADER } from '../../src/contract/constants';
import type { UserRoleWithUser } from '../../src/contract/entities';
import { agentEventsGrid, auditGrid, pendingPaymentsGrid, type GridDeclaration } from '../../src/contract/grids';
import type { PaymentRunPreview } from '../../src/contract/paymentRuns';
import { STATUS_TYPE_ID } from '../../src/contract/roles';
import { backends } from '../support/server';
import { useSignedInServer } from '../support/signedIn';

type Row = Record<string, unknown> & { id: string };
/** Every seeded row lies in this range. */
const ALL_DATES = { start_date: '01-Jan-2020', end_date: '31-Dec-2099' } as const;

describe.each(backends)('grid counts after a write on %s', (backend) => {
  const { server, tokens } = useSignedInServer(backend, ['super']);
  /** An agent with payments due, and how many Pending Payments rows (agent, campaign, currency) are theirs. */
  let agent: { id: number; rows: number; role: UserRoleWithUser };

  const read = async (grid: GridDeclaration, filter: Record<string, unknown> = {}, pageSize = 20) => {
    const answer = await server.post<GridPage<Row>>(grid.path, { ...ALL_DATES, ...filter, page_size: pageSize, current_page: 1 }, tokens.super);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const count = async (grid: GridDeclaration, filter: Record<string, unknown> = {}) => (await read(grid, filter)).count;
  /** The agent of a grouped row: its key starts with the agent's user id. */
  const agentOf = (row: Row) => Number(row.id.split('-')[0]);

  async function setStatus(statusTypeId: number): Promise<void> {
    const answer = await server.request<UserRoleWithUser>('PATCH', `/api/v1/user-roles/${agent.role.id}/`, { body: { status_type: statusTypeId }, token: tokens.super });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }

  beforeAll(async () => {
    const due = (await read(pendingPaymentsGrid, {}, 0)).data;
    for (const id of new Set(due.map(agentOf))) {
      const roles = (await server.get<Page<UserRoleWithUser>>(`/api/v1/user-roles/?user_ids=${id}`, tokens.super)).body.results;
      const role = roles.find((candidate) => candidate.role_type === 'Agent' && candidate.status_type.id === STATUS_TYPE_ID.Active);
      if (role) {
        agent = { id, rows: due.filter((row) => agentOf(row) === id).length, role };
        break;
      }
    }
    if (!agent) throw new Error('the demo data needs an active agent with payments due');
  });

  it('counts Pending Payments again at once when an agent is blacklisted, and again when restored', async () => {
    const before = await count(pendingPaymentsGrid);
    const events = await count(agentEventsGrid);
    const withBlacklisted = await count(pendingPaymentsGrid, { blacklisted: true });
    expect(await count(pendingPaymentsGrid)).toBe(before); // now cached

    await setStatus(STATUS_TYPE_ID.Blacklisted);
    expect(await count(pendingPaymentsGrid)).toBe(before - agent.rows);
    expect(await count(agentEventsGrid)).toBeLessThan(events);
    // A Super Admin who includes blacklisted agents still sees the same rows.
    expect(await count(pendingPaymentsGrid, { blacklisted: true })).toBe(withBlacklisted);

    await setStatus(STATUS_TYPE_ID.Active);
    expect(await count(pendingPaymentsGrid)).toBe(before);
    expect(await count(agentEventsGrid)).toBe(events);
  });

  it('finds a renamed agent at once in a search counted just before', async () => {
    const name = `Quillon${backend === 'pglite' ? 'Pg' : 'Sql'}`;
    expect(await count(pendingPaymentsGrid, { search: name })).toBe(0);
    const renamed = await server.request('PATCH', `/api/v1/users/${agent.id}/`, { body: { user: { first_name: name } }, token: tokens.super });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await count(pendingPaymentsGrid, { search: name })).toBe(agent.rows);
  });

  it("counts the Audit grid's new entry at once, and finds it by its summary", async () => {
    const before = await read(auditGrid);
    const name = `Count probe ${backend}`;
    const added = await server.request('POST', '/admin/event_types', { body: { event: `count_probe_${backend}`, pretty: name }, token: tokens.super });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const after = await read(auditGrid);
    expect(after.count).toBe(before.count + 1);
    expect(after.data[0]).toMatchObject({ summary: `Added ${name}`, entity: 'Event type' });
    expect(await count(auditGrid, { search: 'PROBE' })).toBe(1);
  });

  it("counts Pending Payments again at once after a payment run's claim (SQL text, not the query builder)", async () => {
    const preview = await server.post<PaymentRunPreview>('/admin/payment_run_preview', ALL_DATES, tokens.super);
    expect(preview.status).toBe(200);
    // The campaign with the fewest payable payments: a run made at once, not queued.
    const campaign = [...preview.body.campaigns].sort((a, b) => a.payments - b.payments)[0]?.campaign_id as number;
    const filter = { campaign: [campaign], blacklisted: true };
    const before = await count(pendingPaymentsGrid, filter);
    const body = { ...ALL_DATES, campaign, reference: `COUNT-${backend}` };
    const own = await server.post<PaymentRunPreview>('/admin/payment_run_preview', body, tokens.super);
    const made = await server.request('POST', '/admin/payment_run', { body: { ...body, fingerprint: own.body.fingerprint }, token: tokens.super, headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    // What stays due is held back: the count is of its groups, as the rows read now are.
    const after = await read(pendingPaymentsGrid, filter, 0);
    expect(after.count).toBeLessThan(before);
    expect(after.count).toBe(after.data.length);
    expect(after.data.reduce((sum, row) => sum + Number(row.events), 0)).toBe(own.body.held_back.payments);
  });
});
