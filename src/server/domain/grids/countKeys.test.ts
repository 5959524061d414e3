// A grid's kept count is keyed with the generations of the tables its query names (defineGrid's
// countOf, db/tableGenerations.ts): a table written in raw SQL text is invisible there, and a change
// to it would be counted up to GRID_COUNT_CACHE_MS late (the Audit grid's, until 2026-11-29). Every
// grid's selection names its own table, and the tables of its lookups, as drizzle tables.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { GridBody } from '../../../contract/schemas/gridQuery';
import { tablesOf } from '../../db/tableGenerations';
import { auditTrail } from './audit';
import type { Grid } from './defineGrid';
import { paymentRunDetail } from './paymentRunDetail';
import { REPORT_GRIDS } from './reportGrids';

const BODY = { start_date: '2026-01-01', end_date: '2026-01-31', page_size: 20, current_page: 1, orderby: '', search: 'abc' } as unknown as GridBody;

/** Each grid's own rows' table, and what its columns read beside them. */
const OWN_TABLES: Record<string, string[]> = {
  agentEvents: ['agent_event_periods', 'campaigns', 'users', 'event_types'],
  agentEventDetails: ['events', 'campaigns', 'users', 'event_types', 'payments', 'payment_run_lines', 'payment_runs'],
  campaignConversion: ['invite_periods', 'campaigns'],
  retentionEvents: ['retention_event_periods', 'campaigns', 'users'],
  retentionEventDetails: ['retention_events', 'campaigns', 'users'],
  agentPayments: ['payments', 'campaigns', 'users', 'events', 'event_types', 'payment_run_lines', 'payment_runs'],
  // What a run would hold back: the agents' roles beside the summary's flagged payments (issue 52).
  pendingPayments: ['pending_payment_periods', 'campaigns', 'users', 'countries', 'user_roles'],
  paymentRuns: ['payment_runs', 'payout_lines'],
  fraudEvents: ['fraud_events', 'campaigns', 'users'],
  audit: ['audit_log', 'users'],
  paymentRunDetail: ['payment_run_lines'],
};

describe("a grid's count is keyed with the tables it reads", () => {
  const grids = [...REPORT_GRIDS, auditTrail as unknown as Grid, paymentRunDetail as unknown as Grid];

  it.each(grids.map((grid) => [grid.declaration.id, grid] as const))('%s names its tables', (id, grid) => {
    const { from, where } = grid.selection({ scope: { kind: 'all' }, body: BODY, recordId: 1 });
    const tables = tablesOf(sql`select 1 from ${from} where ${where}`);
    expect(OWN_TABLES[id], `the tables of ${id} are listed here`).toBeDefined();
    for (const table of OWN_TABLES[id] ?? []) expect([...tables], `${id} reads ${table}`).toContain(table);
  });
});
