// What each filter of the report filter model (contract/gridFilters.ts) selects, one SQL condition
// per key: FILTER_CONDITIONS is typed over every key the contract declares, so a new filter without
// its condition fails to compile. Each reads the facets a grid's source gives (what its rows are
// about: their campaign, their agent, ...) and the caller's scope, never a grid by name.
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { GridFilter, HoldsFilter } from '../../../contract/gridFilters';
import { STATUS_TYPE_ID } from '../../../contract/roles';
import type { ReportFilter } from '../../../contract/schemas/gridQuery';
import { isStorableId } from '../../db/errors';
import { campaigns, fraudEvents, userRoles, users } from '../../db/schema';
import { FIELD_ROLE_TYPE_IDS } from '../agents/agentRows';

/** What the report filter model's filters read on a row before any grouping. */
export interface GridFacets {
  /** The instant the date range filters; none: the record's rows are the grid's, and the dates filter nothing. */
  time?: SQL;
  /** A summary's rows of whole UTC days from `start` to `end` (ISO dates, both included), where its rows are periods, not instants. */
  days?: (start: string, end: string) => SQL;
  campaignId: SQL;
  /**
   * Every campaign the row covers, an int[] (a payment run's paid campaigns): the agency, campaign
   * and country filters match any of them as well as campaignId; the scope reads campaignId alone.
   */
  campaignIds?: SQL;
  /** The row's own country beside its campaign's (a payment run made for a country): the country filter matches either. */
  countryCode?: SQL;
  /** The agent (or gifter) of the row: 'Include Blacklisted', BQ, gifting and enabled read their user and roles. */
  agentId: SQL;
  /** The row's own blacklisted flag (a fraud event's); else the agent's role status says. */
  blacklisted?: SQL;
  /** Whether the row is paid (the payments grid's paid filter). */
  paid?: SQL;
  /** Who made the row (the audit trail's admin filter: a user id). */
  adminId?: SQL;
  /** What the row is about (the audit trail's entity filter). */
  entity?: SQL;
  /** The row's currency (the money grids' currency filter). */
  currency?: SQL;
}

/** What the filters read on a grouped grid's group, after grouping (its HAVING). */
export interface GroupFacets {
  /** The holds filter: the group has something a payment run pays, or something it holds back (Pending Payments). */
  holds?: Record<HoldsFilter, SQL>;
}

/** What a filter's condition reads: the grid's facets, and whether the grid offers it (else its value is the default). */
export interface FilterContext {
  facets: GridFacets;
  groupFacets?: GroupFacets;
  offered: boolean;
}

/** A filter's condition for its value: on the rows (WHERE) or on a grouped grid's groups (HAVING); none selects every row. */
interface FilterCondition<V> {
  rows?: (value: V, context: FilterContext) => SQL | undefined;
  groups?: (value: V, context: FilterContext) => SQL | undefined;
}

/** The agent of a row holds a field role in this status. */
export const agentInStatus = (agentId: SQL, status: number): SQL =>
  sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${agentId} and ${inArray(userRoles.roleTypeId, FIELD_ROLE_TYPE_IDS)} and ${userRoles.statusTypeId} = ${status})`;

/**
 * The agents whose rows a grid offering 'gifting' leaves out under its default filters (neither
 * 'Include Blacklisted' nor 'Gifting' asked): blacklisted in a field role, or gifting.
 * Stats takes their rows away from its day summaries' counts (domain/stats/daySummaries.ts). A
 * union of the two, each by an index, so the planner sees a few hundred agents and reads their rows by
 * agent rather than the period's rows of every agent.
 */
export const agentsLeftOutByDefault: SQL = sql`(select ${users.id} from ${users} where ${users.isGifting}
  union select ${userRoles.userId} from ${userRoles} where ${inArray(userRoles.roleTypeId, FIELD_ROLE_TYPE_IDS)} and ${userRoles.statusTypeId} = ${STATUS_TYPE_ID.Blacklisted})`;

/** A row's campaign is one of these (a subquery, so the row's table needs no join to campaigns). */
export const campaignWhere = (campaignId: SQL, condition: SQL): SQL => sql`${campaignId} in (select ${campaigns.id} from ${campaigns} where ${condition})`;

/** A row of the campaigns that meet a condition: its campaign is one, or any it covers. */
const ofCampaigns = (facets: GridFacets, condition: SQL): SQL =>
  facets.campaignIds
    ? sql`(${campaignWhere(facets.campaignId, condition)} or ${facets.campaignIds} && array(select ${campaigns.id} from ${campaigns} where ${condition}))`
    : campaignWhere(facets.campaignId, condition);

// An id no row can have matches nothing (and must not reach SQL as an int4 overflow).
export const FILTER_CONDITIONS: { [K in GridFilter]: FilterCondition<ReportFilter[K]> } = {
  agency: { rows: (agency, { facets }) => (agency === undefined ? undefined : isStorableId(agency) ? ofCampaigns(facets, sql`${campaigns.agencyId} = ${agency}`) : sql`false`) },
  campaign: {
    rows: (ids, { facets }) => {
      if (!ids?.length) return undefined;
      const storable = ids.filter(isStorableId);
      if (storable.length === 0) return sql`false`;
      return facets.campaignIds
        ? sql`(${inArray(facets.campaignId, storable)} or ${facets.campaignIds} && ${`{${storable.join(',')}}`}::int[])`
        : inArray(facets.campaignId, storable);
    },
  },
  country: {
    rows: (country, { facets }) => {
      if (country === undefined) return undefined;
      const campaignCountry = ofCampaigns(facets, sql`${campaigns.countryCode} = ${country}`);
      return facets.countryCode ? sql`(${facets.countryCode} = ${country} or ${campaignCountry})` : campaignCountry;
    },
  },
  // Blacklisted rows are a Super Admin's only, and theirs only on request ('Include Blacklisted'): left out on every grid otherwise.
  blacklisted: {
    rows: (included, { facets }) =>
      included ? undefined : facets.blacklisted ? sql`not ${facets.blacklisted}` : sql`not ${agentInStatus(facets.agentId, STATUS_TYPE_ID.Blacklisted)}`,
  },
  bq: { rows: (bq, { facets }) => (bq ? sql`exists (select 1 from ${fraudEvents} where ${fraudEvents.agentId} = ${facets.agentId})` : undefined) },
  // A grid that offers it shows the agents' rows or the gifters', never both.
  gifting: {
    rows: (gifting, { facets, offered }) =>
      offered ? sql`exists (select 1 from ${users} where ${users.id} = ${facets.agentId} and ${users.isGifting} = ${gifting})` : undefined,
  },
  enabled: { rows: (enabled, { facets }) => (enabled ? agentInStatus(facets.agentId, STATUS_TYPE_ID.Active) : undefined) },
  paid: { rows: (paid, { facets }) => (paid === undefined || !facets.paid ? undefined : paid ? facets.paid : sql`not ${facets.paid}`) },
  admin: { rows: (admin, { facets }) => (admin === undefined || !facets.adminId ? undefined : isStorableId(admin) ? sql`${facets.adminId} = ${admin}` : sql`false`) },
  entity: { rows: (entity, { facets }) => (entity === undefined || !facets.entity ? undefined : sql`${facets.entity} = ${entity}`) },
  holds: { groups: (holds, { groupFacets }) => (holds === undefined ? undefined : groupFacets?.holds?.[holds]) },
  currency: { rows: (currency, { facets }) => (currency === undefined || !facets.currency ? undefined : sql`${facets.currency} = ${currency}`) },
};
