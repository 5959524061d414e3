// Payment runs (the Payment Runs grid, SPEC.md section 7 '/admin/payment_runs'; issue 33): one row
// per run, newest first, with who made it, what it paid, its status and its payout's settlement.
import { sql } from 'drizzle-orm';
import { paymentRunsGrid } from '../../../contract/grids';
import { campaigns, countries, paymentRuns, users } from '../../db/schema';
import { RUN_PAYOUT, RUN_STATUS } from '../paymentRuns/status';
import { defineGrid } from './defineGrid';

export const paymentRunsReport = defineGrid(paymentRunsGrid, {
  from: sql`${paymentRuns}
    left join ${campaigns} on ${campaigns.id} = ${paymentRuns.campaignId}
    left join ${countries} on ${countries.isoCode} = ${paymentRuns.countryCode}
    left join ${users} on ${users.id} = ${paymentRuns.createdBy}`,
  key: sql`${paymentRuns.id}`,
  keyType: 'bigint',
  columns: {
    id: sql`${paymentRuns.id}::text`,
    ref: sql`${paymentRuns.ref}`,
    created_at: sql`${paymentRuns.createdAt}`,
    status: RUN_STATUS,
    start_date: sql`${paymentRuns.startDate}::text`,
    end_date: sql`${paymentRuns.endDate}::text`,
    country: sql`${countries.name}`,
    campaign_name: sql`${campaigns.name}`,
    search: sql`${paymentRuns.search}`,
    username: sql`${users.username}`,
    total: sql`${paymentRuns.total}`,
    currency: sql`${paymentRuns.currencyCode}`,
    events: sql`${paymentRuns.eventCount}`,
    reference: sql`${paymentRuns.reference}`,
    payout: RUN_PAYOUT,
  },
  // Who may see runs is who may make them (SPEC.md section 6): an Agency Admin is refused.
  facets: {
    time: sql`${paymentRuns.createdAt}`,
    // A Campaign Admin sees the runs made for one of their campaigns. A run without a campaign
    // filter may span campaigns, so it is a Super Admin's only: no Campaign Admin learns what
    // another campaign was paid (docs/decisions.md).
    campaignId: sql`${paymentRuns.campaignId}`,
    // A run is found by every campaign it paid (a country's run by each of its campaigns): the
    // Payment Run Report of a campaign lists the runs that paid it (issue 53).
    campaignIds: sql`${paymentRuns.campaignIds}`,
    // A run made for a country (without a campaign, as the monthly runs are) is that country's.
    countryCode: sql`${paymentRuns.countryCode}`,
    // No agent filter is offered: a run is its creator's, who is no agent.
    agentId: sql`${paymentRuns.createdBy}`,
    blacklisted: sql`false`,
  },
});
