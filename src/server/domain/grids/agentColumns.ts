// What every agent grid shows of a row's campaign and agent (SPEC.md section 3, 'Event report
// rows'), from the campaign and the user joined to the row.
import { sql, type SQL } from 'drizzle-orm';
import { agentGridSearchText, campaigns, countries, eventTypes, users } from '../../db/schema';
import { searchLookup, type ParentWalk, type SearchLookup } from './source';

/** The row's table with its campaign and its agent joined (LEFT JOINs: a count leaves them out). */
export const withCampaignAndAgent = (table: SQL, campaignId: SQL, agentId: SQL): SQL => sql`${table}
  left join ${campaigns} on ${campaigns.id} = ${campaignId}
  left join ${users} on ${users.id} = ${agentId}`;

export const agentColumns = {
  campaign_name: sql`${campaigns.name}`,
  firstname: sql`${users.firstName}`,
  lastname: sql`${users.lastName}`,
  msisdn: sql`${users.msisdn}`,
  agent_code: sql`${users.agentCode}`,
};

/**
 * A name's sort as the database keeps it (schema.ts sortKey), for a grouped grid: its thousands of
 * groups sorted without folding the name once a group. A group without the record sorts as ''.
 */
export const keptSortKey = (key: SQL): SQL => sql`coalesce(${key}, '')`;

/** agentColumns' sorts in a grouped grid. */
export const agentSortKeys = {
  campaign_name: keptSortKey(sql`${campaigns.nameSortKey}`),
  firstname: keptSortKey(sql`${users.firstNameSortKey}`),
  lastname: keptSortKey(sql`${users.lastNameSortKey}`),
  msisdn: keptSortKey(sql`${users.msisdnSortKey}`),
  agent_code: keptSortKey(sql`${users.agentCodeSortKey}`),
};

/** The Event column's sort in a grouped grid. */
export const eventSortKey = keptSortKey(sql`${eventTypes.prettyNameSortKey}`);

/** The Country column's sort in a grouped grid (the campaign's country). */
export const countrySortKey = keptSortKey(sql`${countries.nameSortKey}`);

/**
 * A currency code's sort in a grouped grid: three capital letters (currencyCodeChecked), which sort
 * folded as they are, so the code itself.
 */
export const currencySortKey = (code: SQL): SQL => keptSortKey(code);

/** A search in the row's campaign: its name (and, for a grid whose Currency column is the campaign's, its currency). */
export const campaignSearch = (campaignId: SQL, text: SQL = sql`${campaigns.name}`): SearchLookup => searchLookup(campaignId, campaigns, campaigns.id, text);

/** A search in the row's agent: name, mobile number and agent code (users_grid_search). */
export const agentSearch = (agentId: SQL): SearchLookup => searchLookup(agentId, users, users.id, agentGridSearchText(users));

/** A search in the row's campaign by its name and its currency: the grids whose Currency column is the campaign's. */
export const campaignOrCurrencySearch = (campaignId: SQL): SearchLookup =>
  campaignSearch(campaignId, sql`(${campaigns.name} || ' ' || ${campaigns.currencyCode})`);

/** A search in the row's event type (its pretty name, the Event column). */
export const eventTypeSearch = (eventTypeId: SQL): SearchLookup => searchLookup(eventTypeId, eventTypes, eventTypes.id, sql`${eventTypes.prettyName}`);

/** A sort by the row's campaign walks campaigns in name order; by its agent (or gifter), agents in that column's order. */
export const byCampaign = (campaignId: SQL): ParentWalk => ({ table: sql`${campaigns}`, id: sql`${campaigns.id}`, reference: campaignId });
export const byAgent = (agentId: SQL): ParentWalk => ({ table: sql`${users}`, id: sql`${users.id}`, reference: agentId });
export const byEventType = (eventTypeId: SQL): ParentWalk => ({ table: sql`${eventTypes}`, id: sql`${eventTypes.id}`, reference: eventTypeId });

/** The walks of agentColumns. */
export const agentWalks = (campaignId: SQL, agentId: SQL) => ({
  campaign_name: byCampaign(campaignId),
  firstname: byAgent(agentId),
  lastname: byAgent(agentId),
  msisdn: byAgent(agentId),
  agent_code: byAgent(agentId),
});
