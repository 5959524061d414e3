// A payment run's lines (POST /admin/payment_run_detail?id=, issue 33): one row per line of the run,
// with the event it pays for, its agent and the amount the line paid. A grid of one record's rows:
// the run is opened first (404, 403: visibleRun), and its lines read between the run's own dates.
import { sql } from 'drizzle-orm';
import { paymentRunDetailGrid } from '../../../contract/grids';
import { paymentRunDetailQuery } from '../../../contract/paymentRuns';
import { campaigns, countries, events, eventTypes, paymentRunLines, paymentRuns, payments, users } from '../../db/schema';
import { visibleRun } from '../paymentRuns/visibleRun';
import { defineGrid } from './defineGrid';
import type { GridRecord } from './source';

export const paymentRunDetail = defineGrid(paymentRunDetailGrid, {
  from: sql`${paymentRunLines}
    join ${paymentRuns} on ${paymentRuns.id} = ${paymentRunLines.paymentRunId}
    join ${payments} on ${payments.id} = ${paymentRunLines.paymentId}
    join ${events} on ${events.id} = ${payments.eventId}
    join ${users} on ${users.id} = ${payments.agentId}
    left join ${campaigns} on ${campaigns.id} = ${payments.campaignId}
    left join ${countries} on ${countries.isoCode} = ${campaigns.countryCode}
    left join ${eventTypes} on ${eventTypes.id} = ${events.eventTypeId}`,
  key: sql`${paymentRunLines.id}`,
  keyType: 'bigint',
  // Every line of the run, reversed or not: a run's total is the sum of its lines (a rejected or
  // reversed run shows what it held).
  recordCondition: (runId) => sql`${paymentRunLines.paymentRunId} = ${runId}`,
  columns: {
    created_at: sql`${events.createdAt}`,
    country: sql`${countries.name}`,
    campaign_name: sql`${campaigns.name}`,
    agent: sql`${users.firstName} || ' ' || ${users.lastName}`,
    msisdn: sql`${users.msisdn}`,
    download: sql`${events.customerMsisdn}`,
    pretty_name: sql`${eventTypes.prettyName}`,
    // What the line paid, not the payment's amount now.
    cost: sql`${paymentRunLines.amount}`,
    currency: sql`${paymentRunLines.currencyCode}`,
  },
  facets: {
    // No time: the dates are the run's, so the body's dates filter nothing.
    // The run's campaign, as the Payment Runs grid scopes runs: a run without one is a Super Admin's only.
    campaignId: sql`${paymentRuns.campaignId}`,
    agentId: sql`${payments.agentId}`,
    // A run's lines are what it paid, whoever its agents are now: none is hidden.
    blacklisted: sql`false`,
  },
});

/** The run whose lines the grid lists (`?id=`), if the caller may see it. */
export const paymentRunRecord: GridRecord = {
  query: paymentRunDetailQuery,
  async open(reads, scope, id) {
    const run = await visibleRun(reads, scope, id);
    return { id: run.id, start_date: run.start_date, end_date: run.end_date, filename: `${paymentRunDetailGrid.filename}_${run.ref}.csv` };
  },
};
