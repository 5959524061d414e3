// Hostile bodies against every write route and grid (issue 10), driven by each route's contract
// schema: for every field of the schema, values of every wrong kind (types, lengths, NUL, nesting,
// numbers past what a column holds, injection text), kept only when the schema itself refuses them;
// then whole bodies that are not forms at all. The server must refuse each with a 4xx (a grid may
// answer 200), never a 5xx, and the database must be exactly as it was. Runs on PostgreSQL, where
// the test can read every table.
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MAX_JSON_DEPTH } from '../../src/contract/constants';
import { agentEventDetailsGrid, fraudEventsGrid, paymentRunDetailGrid, pendingPaymentsGrid } from '../../src/contract/grids';
import { paymentRunStateRequest } from '../../src/contract/paymentRuns';
import { adminUserForm, countryRequest, countrySmsRequest, eventTypeForm, whitelistForm } from '../../src/contract/schemas/adminForms';
import { addAgentForm, editAgentForm, userRoleCampaignPatchRequest, userRoleRequest } from '../../src/contract/schemas/agents';
import { campaignForm, campaignLanguageForm, campaignVersionForm, compensationForm } from '../../src/contract/schemas/campaigns';
import { gridQuery, recordGridQuery } from '../../src/contract/schemas/gridQuery';
import { listQuery } from '../../src/contract/schemas/lists';
import { secureDownloadRequest, secureOtpRequest } from '../../src/contract/schemas/secureReports';
import { loginRequest, otpSendRequest, otpVerifyRequest, refreshRequest, resetPasswordRequest } from '../../src/contract/schemas/signIn';
import { queuedReportDownload, queueReportQuery, serviceReportQuery } from '../../src/contract/reports';
import { forCreate } from '../../src/server/http/bodies';
import { DEMO_PASSWORD, type TestServer } from '../support/server';
import { useSignedInServer } from '../support/signedIn';

const runsOnPostgres = Boolean(process.env.TEST_DATABASE_URL);
const AT_LEAST_PER_ROUTE = 100;
/** Bodies sent at once: the server answers the next while the test reads the last (a third of the time one by one). */
const AT_ONCE = 8;

/** Calls `send` for every item, AT_ONCE at a time. */
async function inTurns<T>(items: readonly T[], send: (item: T) => Promise<void>): Promise<void> {
  for (let first = 0; first < items.length; first += AT_ONCE) await Promise.all(items.slice(first, first + AT_ONCE).map(send));
}

interface WriteRoute {
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  schema: z.ZodType;
  /** A body the schema accepts; each hostile body breaks it. */
  valid: Record<string, unknown>;
  /** A grid reads: it may answer 200. */
  read?: boolean;
  /** A legacy add: the route drops any id before it reads the body (forCreate). */
  adds?: boolean;
  signedIn: boolean;
}

/** The fields of a schema: an object's shape, through pipes and preprocessing. */
function fieldsOf(schema: z.ZodType): string[] {
  const def = (schema as unknown as { _zod: { def: { type: string; shape?: Record<string, unknown>; out?: z.ZodType; in?: z.ZodType } } })._zod.def;
  if (def.type === 'object' && def.shape) return Object.keys(def.shape);
  if (def.type === 'pipe') return [...new Set([...(def.in ? fieldsOf(def.in) : []), ...(def.out ? fieldsOf(def.out) : [])])];
  return [];
}

const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : { a: nested(depth - 1) });

/** Values of every wrong kind, for any field. */
const HOSTILE_VALUES: unknown[] = [
  null, true, false, 0, -1, 1.5, 2_147_483_648, Number.MAX_SAFE_INTEGER, 1e308, -1e308,
  '', '   ', '\u0000', 'a\u0000b', 'x'.repeat(100_000), '🙂'.repeat(5_000), "' OR '1'='1' --", '"; drop table users; --',
  '<script>alert(1)</script>', '../../etc/passwd', '%00', '${jndi:ldap://x}', 'NaN', '-0', '1e309', '31-Feb-2026', '01-Jan-0000',
  '31-Dec-9999', '=HYPERLINK("http://x")', '\r\n\t', '9'.repeat(400),
  [], [null], ['x'.repeat(10_000)], [[[[[]]]]], new Array(1_000).fill(1), [-1, 0], {}, { $gt: '' }, nested(MAX_JSON_DEPTH + 2),
];

/** Request bodies that are no form at all, sent as raw text. */
const HOSTILE_TEXTS: string[] = [
  '[]', '"text"', 'null', '123', '{', '{"a":', '{"__proto__":{"is_super":true}}', '{"constructor":{"prototype":{"is_super":true}}}',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`, `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`, '\uFEFF{}', '{"email":"\\ud800"}',
];

/** Every table's rows, hashed: 'nothing changed' is the same hash before and after. */
/** Columns that record a signed-in call, not a change: a session's last use moves once a minute (issue 31). */
const USE_COLUMNS: Record<string, string[]> = { auth_sessions: ['last_used_at'] };

async function databaseState(server: TestServer): Promise<Record<string, string>> {
  const sql = server.sql as NonNullable<TestServer['sql']>;
  const tables = await sql.query<{ name: string }>(`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
  const state: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const unused = USE_COLUMNS[name];
    const rowText = unused ? `(to_jsonb(t) - array[${unused.map((column) => `'${column}'`).join(', ')}])::text` : 't::text';
    const row = await sql.query<{ h: string | null }>(`select md5(string_agg(${rowText}, '|' order by ${rowText})) as h from "${name}" t`);
    state[name] = row.rows[0]?.h ?? 'empty';
  }
  return state;
}

describe.runIf(runsOnPostgres)('hostile bodies on postgres', () => {
  const { server, tokens } = useSignedInServer('postgres', ['super'], { RATE_LIMIT_PER_MINUTE: '100000' });
  let routes: WriteRoute[];

  beforeAll(async () => {
    const sql = server.sql as NonNullable<TestServer['sql']>;
    const one = async (query: string) => (await sql.query<{ id: number }>(query)).rows[0]?.id as number;
    const agency = await one('select id from agencies order by id limit 1');
    const campaign = await one('select id from campaigns order by id limit 1');
    const user = await one(`select id from users where email = 'norole@demo.test'`);
    const eventType = await one('select id from event_types order by id limit 1');
    const country = await one('select id from countries order by id limit 1');
    const version = await one(`select id from campaign_versions where campaign_id = ${campaign} order by id desc limit 1`);
    const compensation = await one(`select id from event_compensation_configs order by id limit 1`);
    const agent = await one(`select urc.id from user_role_campaigns urc join user_roles r on r.id = urc.user_role_id where r.role_type_id = 2 order by urc.id limit 1`);
    const campaignAgency = await one(`select agency_id as id from campaigns where id = ${campaign}`);
    const admin = { email: 'fuzz@example.org', firstname: 'Fuzz', lastname: 'Case', password: 'Fuzz#Pass2026', linked_agencies: [agency] };
    routes = [
      { method: 'POST', path: '/admin/register', schema: adminUserForm, valid: admin, adds: true, signedIn: true },
      { method: 'PUT', path: '/admin/register', schema: adminUserForm, valid: { ...admin, id: user }, signedIn: true },
      { method: 'POST', path: '/admin/whitelist', schema: whitelistForm, valid: { msisdn: '0241234567', country: 'GH', campaign_id: campaign }, adds: true, signedIn: true },
      { method: 'PUT', path: '/admin/whitelist', schema: whitelistForm, valid: { id: 1, msisdn: '0241234567', country: 'GH' }, signedIn: true },
      { method: 'POST', path: '/admin/event_types', schema: eventTypeForm, valid: { event: 'fuzz_event', pretty: 'Fuzz' }, adds: true, signedIn: true },
      { method: 'PUT', path: '/admin/event_types', schema: eventTypeForm, valid: { id: eventType, event: 'fuzz_event', pretty: 'Fuzz' }, signedIn: true },
      { method: 'POST', path: '/admin/country', schema: countryRequest, valid: { country: 'Fuzzland', iso_code: 'FZ', code: '999', sms_from: 'FUZZ', languages: 'en' }, signedIn: true },
      { method: 'POST', path: '/admin/country_sms', schema: countrySmsRequest, valid: { id: country, urls: { en: 'https://fuzz.example.org/' } }, signedIn: true },
      { method: 'PUT', path: `/service/campaigns/${campaign}/`, schema: campaignForm, valid: { name: 'Fuzz campaign' }, signedIn: true },
      { method: 'PUT', path: `/service/campaign-versions/${version}/`, schema: campaignVersionForm, valid: { max_agent_count: 10, campaign }, signedIn: true },
      { method: 'POST', path: '/service/campaign-languages/', schema: campaignLanguageForm, valid: { language_code: 'fr', campaign }, signedIn: true },
      ...(['POST', 'PUT'] as const).map((method) => ({
        method,
        path: `/service/campaigns-compensation-earning-event-configs/${method === 'PUT' ? `${compensation}/` : ''}`,
        schema: compensationForm,
        valid: { compensation_earning_event_value: '1.00', compensation_earning_event_day: 0, campaign, campaign_version: version, event_type: eventType, remuneration_type: 1 },
        signedIn: true,
      })),
      {
        method: 'POST', path: '/api/v1/agents/', schema: addAgentForm, signedIn: true,
        valid: {
          first_name: 'Fuzz', last_name: 'Agent', username: 'fuzz.agent', password: 'Fuzz#Pass2026', msisdn: '0241234567',
          agency_id: campaignAgency, campaign_id: campaign, role_start_date: '01-Nov-2026', role_end_date: '01-Nov-2027',
        },
      },
      { method: 'PATCH', path: `/api/v1/agents/${agent}/`, schema: editAgentForm, valid: { first_name: 'Fuzz', last_name: 'Agent', msisdn: '0241234567' }, signedIn: true },
      {
        method: 'POST', path: '/api/v1/user-roles/', schema: userRoleRequest, signedIn: true,
        valid: { agency_id: campaignAgency, role_start_date: '01-Nov-2026', role_end_date: '01-Nov-2027', role_type: 2, user },
      },
      { method: 'PATCH', path: `/api/v1/user-role-campaigns/${agent}/`, schema: userRoleCampaignPatchRequest, valid: { campaign }, signedIn: true },
      // Every grid is the same route over one grid module: one of each shape (a detail grid, a
      // grouped grid with its own condition, the one with a row flag) stands for them all.
      ...[agentEventDetailsGrid, pendingPaymentsGrid, fraudEventsGrid].map((grid) => ({ method: 'POST' as const, path: grid.path, schema: gridQuery, valid: { start_date: '01-Nov-2026', end_date: '02-Nov-2026' }, read: true, signedIn: true })),
      // Pending Payments' totals take the grid's body (issue 52).
      { method: 'POST', path: '/admin/pending_payments_totals', schema: gridQuery, valid: { start_date: '01-Nov-2026', end_date: '02-Nov-2026' }, read: true, signedIn: true },
      // One payment run's lines (a grid of one record, its dates optional) and its summary.
      { method: 'POST', path: `${paymentRunDetailGrid.path}?id=1`, schema: recordGridQuery, valid: {}, read: true, signedIn: true },
      { method: 'POST', path: '/admin/payment_run_state', schema: paymentRunStateRequest, valid: { id: 1 }, read: true, signedIn: true },
      { method: 'POST', path: '/admin/queued_report_download', schema: queuedReportDownload, valid: { id: 1 }, signedIn: true },
      // Secure reports: the list reads; a code and a download act on one-time codes (refused before any is sent or checked).
      { method: 'POST', path: '/admin/list_secure_reports', schema: listQuery, valid: {}, read: true, signedIn: true },
      { method: 'POST', path: '/admin/send_secure_otp', schema: secureOtpRequest, valid: { report_id: 1 }, signedIn: true },
      { method: 'POST', path: '/admin/download_secure', schema: secureDownloadRequest, valid: { id: 1, otp: 'ABCD' }, signedIn: true },
      { method: 'POST', path: '/api/v1/otp/send/', schema: otpSendRequest, valid: { username: 'super@demo.test', password: DEMO_PASSWORD, otp_type: 'LOGIN', medium: 'EMAIL' }, signedIn: false },
      { method: 'POST', path: '/api/v1/otp/verify/', schema: otpVerifyRequest, valid: { username: 'super@demo.test', otp_type: 'REPORTS', otp: '1234' }, signedIn: true },
      { method: 'POST', path: '/api/v1/auth/login/jwt/', schema: loginRequest, valid: { username: 'super@demo.test', password: DEMO_PASSWORD, otp_type: 'LOGIN', otp: '1234' }, signedIn: false },
      { method: 'POST', path: '/api/v1/auth/token/refresh/', schema: refreshRequest, valid: { refresh: 'not-a-token' }, signedIn: false },
      { method: 'POST', path: '/api/v1/auth/logout/', schema: refreshRequest, valid: { refresh: 'not-a-token' }, signedIn: false },
      { method: 'POST', path: '/api/v1/auth/reset-password/', schema: resetPasswordRequest, valid: { username: 'super@demo.test', otp: '1234', new_password: 'Fuzz#Pass2026' }, signedIn: false },
    ];
  });

  /**
   * Whether a body is sent: one the route's schema refuses, as the route reads it (a POST add
   * ignores any id). A grid only reads, so it gets every body, accepted ones too (a date the schema
   * let through once answered 500).
   */
  const refusedBy = (route: WriteRoute, body: unknown) => route.read === true || !(route.adds ? forCreate(route.schema) : route.schema).safeParse(body).success;

  /** The hostile bodies of a route, as the text sent: every one refused by the route's own schema. */
  function hostileBodies(route: WriteRoute): string[] {
    const bodies = new Set<string>();
    const fields = [...fieldsOf(route.schema), 'unknown_field'];
    expect(fields.length, route.path).toBeGreaterThan(1);
    for (const field of fields) {
      for (const value of HOSTILE_VALUES) {
        for (const body of [{ ...route.valid, [field]: value }, { ...route.valid, [field]: value, [fields[0] as string]: undefined }]) {
          if (refusedBy(route, body)) bodies.add(JSON.stringify(body));
        }
      }
    }
    // A route of one or two fields: the same values wrapped, until there are enough.
    for (const value of HOSTILE_VALUES) {
      for (const field of fields) {
        if (bodies.size >= AT_LEAST_PER_ROUTE * 1.2) break;
        for (const body of [{ ...route.valid, [field]: [value] }, { ...route.valid, [field]: { value } }]) {
          if (refusedBy(route, body)) bodies.add(JSON.stringify(body));
        }
      }
    }
    const refused = HOSTILE_TEXTS.filter((text) => {
      try {
        return refusedBy(route, JSON.parse(text));
      } catch {
        return true; // not JSON at all
      }
    });
    return [...new Set([...bodies, ...refused])];
  }

  it('every write route and grid refuses at least 100 hostile bodies with a 4xx, and nothing changes', async () => {
    const before = await databaseState(server);
    const findings: string[] = [];
    for (const route of routes) {
      const bodies = hostileBodies(route);
      expect(bodies.length, `${route.method} ${route.path}`).toBeGreaterThanOrEqual(AT_LEAST_PER_ROUTE);
      await inTurns(bodies, async (body) => {
        const answer = await server.request(route.method, route.path, { body, token: route.signedIn ? tokens.super : undefined });
        const refused = answer.status >= 400 && answer.status < 500;
        const answered = route.read ? answer.status === 200 || refused : refused;
        if (!answered) findings.push(`${route.method} ${route.path} answered ${answer.status} to ${body.slice(0, 120)}`);
        else if (answer.status === 200) return;
        else if (typeof answer.body !== 'object' || typeof (answer.body as { error?: unknown }).error !== 'string') {
          findings.push(`${route.method} ${route.path} refused without an error text: ${body.slice(0, 120)}`);
        }
      });
    }
    expect(findings).toEqual([]);
    expect(await databaseState(server)).toEqual(before);
  }, 300_000);

  it('every report request refuses hostile query strings with a 4xx, and queues nothing', async () => {
    const before = await databaseState(server);
    const findings: string[] = [];
    const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? 'undefined');
    const queries: Array<{ path: string; schema: z.ZodType; valid: Record<string, string> }> = [
      { path: '/admin/queue_report', schema: queueReportQuery, valid: { home: 'fraud_report', start_date: '01-Nov-2026', end_date: '02-Nov-2026' } },
      { path: '/service/payments-report-agents-events-detail/', schema: serviceReportQuery, valid: { start_date: '01-Nov-2026', end_date: '02-Nov-2026', agency_id: '1', campaign_id: '1' } },
    ];
    for (const route of queries) {
      let sent = 0;
      for (const field of [...fieldsOf(route.schema), ...Object.keys(route.valid)]) {
        for (const value of HOSTILE_VALUES) {
          const query = { ...route.valid, [field]: asText(value) };
          if (route.schema.safeParse(query).success) continue;
          sent++;
          const answer = await server.get<{ error?: string }>(`${route.path}?${new URLSearchParams(query)}`, tokens.super);
          if (answer.status < 400 || answer.status >= 500 || typeof answer.body?.error !== 'string') findings.push(`${route.path} answered ${answer.status} to ${field}=${asText(value).slice(0, 60)}`);
        }
      }
      expect(sent, route.path).toBeGreaterThanOrEqual(AT_LEAST_PER_ROUTE);
    }
    expect(findings).toEqual([]);
    expect(await databaseState(server)).toEqual(before);
  }, 300_000);

  it('a body that is not JSON, or too large, is refused whole', async () => {
    const before = await databaseState(server);
    const xml = await server.request('POST', '/admin/event_types', { body: '<event>x</event>', token: tokens.super, headers: { 'content-type': 'application/xml' } });
    expect(xml.status).toBe(415);
    const plain = await server.request('POST', '/admin/event_types', { body: 'event=x', token: tokens.super, headers: { 'content-type': 'text/plain' } });
    expect(plain.status).toBe(400);
    const huge = await server.request('POST', '/admin/event_types', { body: JSON.stringify({ event: 'huge', pretty: 'x'.repeat(2_000_000) }), token: tokens.super });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ error: expect.any(String), code: 'too_large' });
    expect(await databaseState(server)).toEqual(before);
  });
});
