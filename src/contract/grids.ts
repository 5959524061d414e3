// The report grids (SPEC.md sections 2, 3 and 7, 'Grid calls'), each declared once: its call, its
// columns (key, label, sortable, format), the filters it offers and its default order. The console's
// grid, the server's query and the CSV header all read these declarations, so a column cannot be
// shown under one name, sorted under another and exported under a third.
import type { GridFilter } from './gridFilters';
import * as messages from './messages';
import type { RoleRequirement } from './roles';

/**
 * How a column's value travels and shows. JSON: text as a string or null, time as an ISO instant or null,
 * money and percent as decimal strings (never floats), count as a whole number, flag as a boolean.
 * CSV: time as YYYY-MM-DD HH:MM:SS (UTC), flag as Yes or No, the rest as they come.
 */
export type ColumnFormat = 'text' | 'time' | 'money' | 'percent' | 'count' | 'flag';

export interface GridColumn {
  /** The field of the row, the `orderby` value and the CSV header. */
  key: string;
  label: string;
  format: ColumnFormat;
  /** False for a column the server cannot sort by; sortable otherwise. */
  sortable?: boolean;
  /** The column's starting width in pixels (the user's own width is kept on the device). */
  width?: number;
  /**
   * A money column's currency: the key of the row's column that holds it. The amount shows with it,
   * and sorts within it (by currency, then amount), never one currency's amounts among another's.
   */
  currency?: string;
}

export interface GridDeclaration {
  /** The grid's name in the code and in its saved widths. */
  id: string;
  title: string;
  /** The legacy admin backend's path of its grid call (POST). */
  path: string;
  columns: readonly GridColumn[];
  /** `orderby` when the user has not chosen one: '-created_at' is newest first. */
  defaultOrder: string;
  /** The filters it offers beyond its dates and search (gridFilters.ts); it refuses a value of any other. */
  filters: readonly GridFilter[];
  /** The start of its CSV file's name: `<filename>_<start>_<end>.csv`. */
  filename: string;
  emptyText: string;
  /** Who may read it beside every admin's scope: anyone else is refused (403) before the body is read. */
  readers?: { requires: RoleRequirement; refusal: string };
}

const text = (key: string, label: string, width?: number): GridColumn => ({ key, label, format: 'text', width });
const time = (key = 'created_at', label = 'Created At'): GridColumn => ({ key, label, format: 'time', width: 160 });
/** An amount and, after it, the Currency column it is in (SPEC.md section 3: every amount carries its currency). */
const money = (key: string, label: string, width: number): GridColumn[] => [
  { key, label, format: 'money', width, currency: 'currency' },
  text('currency', 'Currency', 80),
];

// The agent columns every agent grid shows, in the legacy field names of section 3. In every grid
// an amount and its currency follow whom it pays: in sight without scrolling sideways at 1440 px
// and on an 820 px tablet (issue 53; tests/e2e/grids.test.ts holds it).
const campaignName = text('campaign_name', 'Campaign', 180);
const agentNames = [text('firstname', 'First Name', 120), text('lastname', 'Last Name', 120)];
const agentMsisdn = text('msisdn', 'Mobile Number', 140);
const agentCode = text('agent_code', 'Agent Code', 110);
const eventName = text('event', 'Event', 160);
const AGENT_FILTERS = ['agency', 'campaign', 'country', 'blacklisted', 'bq', 'gifting', 'enabled'] as const satisfies readonly GridFilter[];

export const agentEventsGrid = {
  id: 'agentEvents',
  title: 'Agent Grouped Events',
  path: '/admin/events',
  columns: [
    campaignName, ...agentNames,
    { key: 'events', label: 'Events', format: 'count', width: 90 },
    ...money('pay', 'Pay', 100),
    eventName, agentMsisdn, agentCode,
  ],
  defaultOrder: '-events',
  filters: AGENT_FILTERS,
  filename: 'agent-grouped-events',
  emptyText: 'No agent events in this period',
} as const satisfies GridDeclaration;

export const agentEventDetailsGrid = {
  id: 'agentEventDetails',
  title: 'Agent Events Detail',
  path: '/admin/events_detail',
  columns: [
    time(), campaignName, ...agentNames,
    ...money('pay', 'Pay', 90),
    eventName, text('medium', 'Medium', 90),
    { key: 'paid', label: 'Paid', format: 'flag', width: 70 },
    text('paymentrun_id', 'Payment Run', 110),
    agentMsisdn, agentCode, text('customer_msisdn', 'Customer Mobile', 140),
  ],
  defaultOrder: '-created_at',
  filters: AGENT_FILTERS,
  filename: 'agent-events-detail',
  emptyText: 'No agent events in this period',
} as const satisfies GridDeclaration;

const gifterNames = [campaignName, text('gifter_firstname', 'Gifter First Name', 130), text('gifter_lastname', 'Gifter Last Name', 130)];
const gifterMsisdn = text('gifter_msisdn', 'Gifter Mobile', 140);
const RETENTION_FILTERS = ['agency', 'campaign', 'country', 'blacklisted', 'bq', 'enabled'] as const satisfies readonly GridFilter[];

export const retentionEventsGrid = {
  id: 'retentionEvents',
  title: 'Retention Grouped Events',
  path: '/admin/retention_events',
  columns: [
    ...gifterNames,
    { key: 'events', label: 'Events', format: 'count', width: 90 },
    ...money('pay', 'Pay', 100),
    { key: 'giftee_activity_events', label: 'Giftee Activity', format: 'count', width: 120 },
    eventName, gifterMsisdn,
  ],
  defaultOrder: '-events',
  filters: RETENTION_FILTERS,
  filename: 'retention-grouped-events',
  emptyText: 'No retention events in this period',
} as const satisfies GridDeclaration;

export const retentionEventDetailsGrid = {
  id: 'retentionEventDetails',
  title: 'Retention Events Detail',
  path: '/admin/retention_detail',
  columns: [
    time(), ...gifterNames,
    ...money('pay', 'Pay', 90),
    eventName, text('giftee_msisdn', 'Giftee Mobile', 140), gifterMsisdn, text('medium', 'Medium', 90),
    { key: 'giftee_activity_events', label: 'Giftee Activity', format: 'count', width: 120 },
  ],
  defaultOrder: '-created_at',
  filters: RETENTION_FILTERS,
  filename: 'retention-events-detail',
  emptyText: 'No retention events in this period',
} as const satisfies GridDeclaration;

export const campaignConversionGrid = {
  id: 'campaignConversion',
  title: 'Campaign Conversion Stats',
  path: '/admin/campaign_conversion',
  columns: [
    text('country', 'Country', 110), campaignName,
    { key: 'agents', label: 'Agents', format: 'count', width: 90 },
    { key: 'invites', label: 'Invites', format: 'count', width: 90 },
    { key: 'conversions', label: 'Conversions', format: 'count', width: 110 },
    { key: 'conversion_rate', label: 'Conversion %', format: 'percent', width: 120 },
  ],
  defaultOrder: '-invites',
  filters: ['agency', 'campaign', 'country', 'blacklisted', 'bq', 'gifting', 'enabled'],
  filename: 'campaign-conversion',
  emptyText: 'No invites in this period',
} as const satisfies GridDeclaration;

export const agentPaymentsGrid = {
  id: 'agentPayments',
  title: 'Agent Payments',
  path: '/admin/payments',
  // The amount early, beside whom it pays: it shows without scrolling sideways at 1440 and 820 px (issue 53).
  columns: [
    time(), campaignName, ...agentNames,
    ...money('pay', 'Pay', 90),
    { key: 'paid', label: 'Paid', format: 'flag', width: 70 },
    text('paymentrun_id', 'Payment Run', 110),
    agentMsisdn, agentCode, eventName, text('customer_msisdn', 'Customer Mobile', 140), time('paid_at', 'Paid At'),
  ],
  defaultOrder: '-created_at',
  filters: [...AGENT_FILTERS, 'paid', 'currency'],
  filename: 'agent-payments',
  emptyText: 'No payments in this period',
} as const satisfies GridDeclaration;

/**
 * What is due per agent, campaign and currency, and what a payment run would make of it (issue 52):
 * Payable and Held Back split Due, and Why Held Back says why in HELD_BACK_REASON_TEXT's words. The
 * amounts come first, in narrow columns, so they show without scrolling sideways at 1440 px and on
 * an 820 px tablet; where the row's agent is from and the oldest event follow.
 */
export const pendingPaymentsGrid = {
  id: 'pendingPayments',
  title: 'Pending Payments',
  path: '/admin/pending_payments',
  columns: [
    text('campaign_name', 'Campaign', 150), text('firstname', 'First Name', 100), text('lastname', 'Last Name', 100),
    { key: 'pay', label: 'Due', format: 'money', width: 104, currency: 'currency' },
    { key: 'payable', label: 'Payable', format: 'money', width: 104, currency: 'currency' },
    { key: 'held', label: 'Held Back', format: 'money', width: 104, currency: 'currency' },
    text('currency', 'Currency', 80),
    { key: 'held_reasons', label: 'Why Held Back', format: 'text', sortable: false, width: 240 },
    { key: 'events', label: 'Events', format: 'count', width: 80 },
    text('country', 'Country', 110), agentMsisdn, agentCode,
    time('oldest', 'Oldest Event'),
  ],
  defaultOrder: '-pay',
  filters: [...AGENT_FILTERS, 'holds', 'currency'],
  filename: 'pending-payments',
  emptyText: 'No payments due in this period',
} as const satisfies GridDeclaration;

export const fraudEventsGrid = {
  id: 'fraudEvents',
  title: 'Fraud Events',
  path: '/admin/fraud',
  columns: [
    time(), campaignName, ...agentNames, text('agent_msisdn', 'Agent Mobile', 140), text('description', 'Description', 280),
    text('msisdn', 'Mobile Number', 140), text('device_id', 'Device', 150),
    { key: 'blacklisted', label: 'Blacklisted', format: 'flag', width: 100 },
  ],
  defaultOrder: '-created_at',
  filters: ['agency', 'campaign', 'country', 'blacklisted'],
  filename: 'fraud-events',
  emptyText: 'No fraud events in this period',
} as const satisfies GridDeclaration;

export const paymentRunsGrid = {
  id: 'paymentRuns',
  title: 'Payment Runs',
  path: '/admin/payment_runs',
  columns: [
    // The run's id is also the row's key; the newest-first order sorts runs as their ids do.
    { key: 'id', label: 'Id', format: 'text', sortable: false, width: 70 },
    // What it paid and how that stands first (in sight at 1440 and 820 px, issue 53), then what it was made for.
    text('ref', 'Run', 110), time(), text('status', 'Status', 140),
    ...money('total', 'Total', 110),
    { key: 'events', label: 'Events', format: 'count', width: 90 },
    // Its payout lines' settlement by the provider's results (contract/payouts.ts); empty for a run never paid.
    { key: 'payout', label: 'Payout', format: 'text', sortable: false, width: 150 },
    text('start_date', 'Start Date', 110), text('end_date', 'End Date', 110),
    text('country', 'Country', 110), campaignName, text('search', 'Search', 120), text('username', 'Created By', 140),
    text('reference', 'Reference', 160),
  ],
  defaultOrder: '-created_at',
  // Campaign and agency match a run made for that campaign or one that paid it (its campaign_ids); country
  // matches the run's own country or its campaigns', so a run made for a country without a campaign is found by it.
  filters: ['agency', 'campaign', 'country'],
  filename: 'payment-runs',
  emptyText: 'No payment runs in this period',
  readers: { requires: 'Payment runs', refusal: messages.paymentRunsNotAllowed },
} as const satisfies GridDeclaration;

/**
 * A payment run's lines (POST /admin/payment_run_detail?id=<run id>, issue 33): one row per payment it
 * pays, every cent explained: the event it pays for (its type's pretty name, the customer it brought,
 * `download`), the agent and the amount with its currency. Shown in the Payment Runs row popup, not
 * a screen of its own, so it is not in GRIDS; its dates and filters are the run's, so it offers none.
 */
export const paymentRunDetailGrid = {
  id: 'paymentRunDetail',
  title: 'Payment Run Lines',
  path: '/admin/payment_run_detail',
  columns: [
    // Whom it pays and how much first: in sight in the popup at 1440 and 820 px (issue 53).
    time('created_at', 'Event At'), text('agent', 'Agent', 180), ...money('cost', 'Amount', 100),
    text('pretty_name', 'Event', 160), campaignName, text('country', 'Country', 110), agentMsisdn,
    text('download', 'Customer', 140),
  ],
  defaultOrder: 'created_at',
  filters: [],
  filename: 'payment-run-lines',
  emptyText: 'This run has no lines',
  readers: { requires: 'Payment runs', refusal: messages.paymentRunsNotAllowed },
} as const satisfies GridDeclaration;

/**
 * The audit trail (POST /admin/audit, issue 35): every change made through the console, a Super
 * Admin's only. Who made it, when, which entity and record, a summary, and whether it was made
 * offline and replayed (made_at: when the admin made it; at: when it arrived). An entry's before and
 * after open in its popup (GET /admin/audit/entry). Its own screen, not a report: not in GRIDS.
 */
export const auditGrid = {
  id: 'audit',
  title: 'Audit',
  path: '/admin/audit',
  columns: [
    time('at', 'When'),
    text('admin', 'Admin', 160),
    text('action', 'Action', 90),
    text('entity', 'Entity', 160),
    text('entity_id', 'Record', 90),
    { key: 'summary', label: 'Summary', format: 'text', sortable: false, width: 320 },
    { key: 'offline', label: 'Offline', format: 'flag', width: 80 },
    time('made_at', 'Made Offline At'),
  ],
  defaultOrder: '-at',
  filters: ['admin', 'entity'],
  filename: 'audit',
  emptyText: 'No changes in this period',
  readers: { requires: 'Super Admin', refusal: messages.auditSuperOnly },
} as const satisfies GridDeclaration;

/** Every grid, in the order of the side menu. */
export const GRIDS = [
  agentEventsGrid, agentEventDetailsGrid, campaignConversionGrid, retentionEventsGrid, retentionEventDetailsGrid,
  agentPaymentsGrid, pendingPaymentsGrid, paymentRunsGrid, fraudEventsGrid,
] as const;

export type GridId = AnyGrid['id'];

/** The grid of an id the contract names (a report list's, a service report's); a wrong one is a programming error. */
export function gridOf(id: string): AnyGrid {
  const grid = GRIDS.find((candidate) => candidate.id === id);
  if (!grid) throw new Error(`No grid has the id ${id}`);
  return grid;
}

/** A report file's column key ('created_at', its CSV header) as people read it ('Created At'). */
export const COLUMN_LABELS: ReadonlyMap<string, string> = new Map(
  GRIDS.flatMap((grid) => (grid.columns as readonly GridColumn[]).map((column) => [column.key, column.label] as const)).reverse(),
);
export type AnyGrid = (typeof GRIDS)[number];

type ValueOf<F extends ColumnFormat> = F extends 'text' | 'time'
  ? string | null
  : F extends 'count'
    ? number
    : F extends 'flag'
      ? boolean
      : string;

/** A row of a grid: its columns' values, and `id`, the row's key (ours; not in the CSV). */
export type GridRow<D extends GridDeclaration> = { id: string } & {
  [C in D['columns'][number] as C['key']]: ValueOf<C['format']>;
};

/** The columns a grid sorts by. */
export const sortableKeys = (grid: GridDeclaration): string[] => grid.columns.filter((column) => column.sortable !== false).map((c) => c.key);

/** A grid's CSV file name for a date range (ISO dates). */
export const gridFilename = (grid: GridDeclaration, start: string, end: string): string => `${grid.filename}_${start}_${end}.csv`;
