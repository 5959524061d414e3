// Fraud events (the Fraud Events grid): activity flagged against agents of the campaigns the caller
// sees, in a date range (UTC days). Rows flagged blacklisted are left out unless a Super Admin asks
// for them ('Include Blacklisted', SPEC.md section 6).
import { and, desc, eq, gte, lt, lte, max, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import type { ListPage } from '../../../contract/api';
import { addDays, reportTableTime } from '../../../contract/dates';
import type { FraudEvent } from '../../../contract/entities';
import { messages } from '../../../contract/messages';
import type { RoleScope } from '../../../contract/roles';
import type { gridQuery } from '../../../contract/schemas';
import { campaignVisible, seesEverything } from '../../auth/scope';
import type { Database } from '../../db/client';
import { isStorableId } from '../../db/errors';
import { campaigns, fraudEvents, users } from '../../db/schema';
import { isoMillis } from '../../db/updatedAt';
import { superAdminOnly } from '../../http/errors';
import { pagesOf, type CsvColumn, type CsvExport } from '../../reports/csv';
import { listPageOf, orderOf, searchIn, type ListParams } from '../lists';

export const FRAUD_SORT = [
  'created_at', 'campaign_name', 'firstname', 'lastname', 'agent_msisdn', 'description', 'msisdn', 'device_id', 'blacklisted',
] as const;
type FraudSort = (typeof FRAUD_SORT)[number];
type GridQuery = z.output<typeof gridQuery>;

export interface FraudRequest {
  scope: RoleScope;
  query: GridQuery;
  params: ListParams<FraudSort>;
}

const agentMsisdn = sql<string>`coalesce(${users.msisdn}, '')`;

const shape = {
  id: fraudEvents.id,
  created_at: isoMillis(fraudEvents.createdAt),
  campaign_name: campaigns.name,
  firstname: users.firstName,
  lastname: users.lastName,
  agent_msisdn: agentMsisdn,
  description: fraudEvents.description,
  msisdn: fraudEvents.msisdn,
  device_id: fraudEvents.deviceId,
  blacklisted: fraudEvents.blacklisted,
};

// Sorted by the stored instant, not by its text.
const sortColumns: Record<FraudSort, SQLWrapper> = { ...shape, created_at: fraudEvents.createdAt };

/** The first instant of an ISO date, UTC. */
const startOfDay = (isoDate: string): Date => new Date(`${isoDate}T00:00:00.000Z`);

/** The rows a request selects; 403 when a non-super caller asks for blacklisted rows. */
function fraudFilter({ scope, query, params }: FraudRequest): SQL {
  if (query.blacklisted && !seesEverything(scope)) throw superAdminOnly(messages.includeBlacklistedSuperOnly);
  return and(
    campaignVisible(scope, campaigns),
    gte(fraudEvents.createdAt, startOfDay(query.start_date)),
    // Up to the start of the next day: the end date counts in full.
    lt(fraudEvents.createdAt, startOfDay(addDays(query.end_date, 1))),
    // An id no campaign can have matches nothing (and must not reach SQL as an int4 overflow).
    query.campaign === undefined ? undefined : isStorableId(query.campaign) ? eq(fraudEvents.campaignId, query.campaign) : sql`false`,
    query.country === undefined ? undefined : eq(campaigns.countryCode, query.country),
    query.blacklisted ? undefined : eq(fraudEvents.blacklisted, false),
    searchIn(params.search, [campaigns.name, users.firstName, users.lastName, agentMsisdn, fraudEvents.description, fraudEvents.msisdn, fraudEvents.deviceId]),
  ) as SQL;
}

/** The requested order, else newest first; the id last so pages never overlap. */
const fraudOrder = (params: ListParams<FraudSort>): SQL[] =>
  params.order ? orderOf(params, sortColumns, fraudEvents.id) : [desc(fraudEvents.createdAt), desc(fraudEvents.id)];

const selectFraudEvents = (db: Database) =>
  db
    .select(shape)
    .from(fraudEvents)
    .innerJoin(campaigns, eq(campaigns.id, fraudEvents.campaignId))
    .innerJoin(users, eq(users.id, fraudEvents.agentId));

export async function listFraudEvents(db: Database, request: FraudRequest): Promise<ListPage<FraudEvent>> {
  const where = fraudFilter(request);
  return listPageOf(db, () => selectFraudEvents(db).where(where).$dynamic(), request.params, fraudOrder(request.params));
}

/** The FraudEvent fields in their order, without the id: it is our row key, not part of the report. */
const FRAUD_CSV_COLUMNS: ReadonlyArray<CsvColumn<FraudEvent>> = [
  { header: 'created_at', cell: (row) => reportTableTime(row.created_at) },
  { header: 'campaign_name', cell: (row) => row.campaign_name },
  { header: 'firstname', cell: (row) => row.firstname },
  { header: 'lastname', cell: (row) => row.lastname },
  { header: 'agent_msisdn', cell: (row) => row.agent_msisdn },
  { header: 'description', cell: (row) => row.description },
  { header: 'msisdn', cell: (row) => row.msisdn },
  { header: 'device_id', cell: (row) => row.device_id },
  { header: 'blacklisted', cell: (row) => (row.blacklisted ? 'Yes' : 'No') },
];

/** The whole filtered, sorted result as a CSV file (paging ignored), read from the database in pages. */
export function fraudEventsCsv(db: Database, request: FraudRequest): CsvExport<FraudEvent> {
  const where = fraudFilter(request);
  const order = fraudOrder(request.params);
  async function* pages(): AsyncGenerator<FraudEvent[]> {
    // Rows added while the file streams (higher ids) stay out, so the offset pages cannot shift.
    const [newest] = await db.select({ id: max(fraudEvents.id) }).from(fraudEvents);
    const bounded = and(where, lte(fraudEvents.id, newest?.id ?? 0));
    yield* pagesOf((limit, offset) => selectFraudEvents(db).where(bounded).orderBy(...order).limit(limit).offset(offset));
  }
  const { start_date: start, end_date: end } = request.query;
  return { filename: `fraud-events_${start}_${end}.csv`, columns: FRAUD_CSV_COLUMNS, pages: pages() };
}
