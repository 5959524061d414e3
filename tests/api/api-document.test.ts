// The ground of issue 11, as a client of the started server meets it: the OpenAPI document lists
// every route with its answers, errors carry a stable code, a route's required role is checked
// before its body is read, and the service backends page with working links.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Page } from '../../src/contract/api';
import { adminUser, statusType } from '../../src/contract/entities';
import { ERROR_CODES } from '../../src/contract/errors';
import * as messages from '../../src/contract/messages';
import { backends } from '../support/server';
import { useSignedInServer } from '../support/signedIn';

interface Operation { tags?: string[]; security?: unknown[]; responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }
interface OpenApiDocument { openapi: string; info: { description: string }; paths: Record<string, Record<string, Operation>> }

/** Every call the reference server answers today (SPEC.md section 7), as the document names it. */
const CALLS = [
  'get /health',
  'post /api/v1/otp/send/', 'post /api/v1/otp/verify/', 'post /api/v1/auth/login/jwt/', 'post /api/v1/auth/token/refresh/',
  'post /api/v1/auth/logout/', 'post /api/v1/auth/reset-password/', 'get /api/v1/status-types', 'get /api/v1/translations/',
  'get /admin/countries', 'post /admin/country', 'get /admin/country_sms', 'post /admin/country_sms',
  'get /admin/admins', 'post /admin/register', 'put /admin/register', 'get /admin/agencies', 'get /admin/campaigns',
  'get /admin/whitelists', 'post /admin/whitelist', 'put /admin/whitelist',
  'get /admin/event_types', 'post /admin/event_types', 'put /admin/event_types', 'post /admin/fraud',
  'post /admin/events', 'post /admin/events_detail', 'post /admin/campaign_conversion', 'post /admin/retention_events',
  'post /admin/retention_detail', 'post /admin/payments', 'post /admin/pending_payments', 'post /admin/pending_payments_totals', 'post /admin/payment_runs',
  'post /admin/payment_run_preview', 'post /admin/payment_run', 'post /admin/payment_run_approval_code', 'post /admin/payment_run_approve',
  'post /admin/payment_run_reject', 'post /admin/payment_run_reverse', 'post /admin/payment_run_settle', 'post /admin/payment_run_settle_file', 'get /admin/payment_run_payout_lines', 'post /admin/payment_run_detail', 'post /admin/payment_run_state',
  'get /admin/payment_run_payout',
  'get /admin/stats/attention', 'get /admin/stats/figures', 'get /admin/stats/charts',
  'post /admin/audit', 'get /admin/audit/entry', 'get /admin/audit/admins', 'get /admin/audit/latest',
  'get /admin/list_queue_reports', 'get /admin/queue_report', 'get /admin/list_job_queue', 'post /admin/queued_report_download',
  'get /service/payments-report-agents-events-detail/', 'get /service/payments-report-agents-events-summary/',
  'get /service/payments-report-campaign-summary/', 'get /service/payments-create-payment-run/', 'get /service/payments-reports/', 'get /service/payments-report-download/{report}/{id}/{file}',
  'get /dev/outbox',
  'get /service/agencies/', 'get /service/agencies/{id}/', 'get /service/agencies-countries/', 'get /service/agencies-languages/',
  'get /service/agencies-campaign-types/', 'get /service/campaigns/', 'get /service/campaigns/{id}/',
  'get /service/agency-campaign-type-configs/', 'get /service/agency-campaign-type-configs/{id}/',
  'put /service/campaigns/{id}/', 'put /service/campaign-versions/{id}/',
  'get /service/campaign-versions/', 'get /service/campaign-languages/', 'post /service/campaign-languages/',
  'delete /service/campaign-languages/{id}', 'get /service/campaigns-remuneration-types/', 'get /service/campaigns-event-types/',
  'get /service/campaigns-compensation-earning-event-configs/', 'post /service/campaigns-compensation-earning-event-configs/',
  'put /service/campaigns-compensation-earning-event-configs/{id}/', 'delete /service/campaigns-compensation-earning-event-configs/{id}/',
  'post /admin/list_secure_reports', 'post /admin/get-secure-agencies', 'post /admin/send_secure_otp', 'post /admin/download_secure',
  'post /admin/upload_secure', 'get /admin/secure_reports/{id}/ledger', 'get /service/payments-secure-page/', 'post /service/payments-secure-page/',
  'get /api/v1/user-role-campaigns/', 'post /api/v1/user-role-campaigns/', 'patch /api/v1/user-role-campaigns/{id}/',
  'get /api/v1/users/', 'post /api/v1/users/', 'patch /api/v1/users/{id}/',
  'get /api/v1/user-roles/', 'post /api/v1/user-roles/', 'patch /api/v1/user-roles/{id}/',
  'post /api/v1/agents/', 'patch /api/v1/agents/{id}/', 'get /service/invites/',
  'get /api/v1/sessions/', 'post /api/v1/sessions/end-others/', 'delete /api/v1/sessions/{session}/',
  'get /api/v1/users/{id}/sessions/', 'delete /api/v1/users/{id}/sessions/', 'delete /api/v1/users/{id}/sessions/{session}/',
];

describe.each(backends)('the API document and error codes on %s', (backend) => {
  const { server, tokens } = useSignedInServer(backend, ['super', 'agency']);
  let document: OpenApiDocument;

  beforeAll(async () => {
    document = (await server.get<OpenApiDocument>('/docs/json')).body;
  });

  it('is an OpenAPI 3 document of every call, each with its answer schema, its backend and its sign-in', () => {
    expect(document.openapi).toMatch(/^3\./);
    const listed = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`));
    expect(listed.sort()).toEqual([...CALLS].sort());
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const answers = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
        expect(answers.length, `${method} ${path} has an answer`).toBeGreaterThan(0);
        for (const [, answer] of answers) expect(Object.values(answer.content ?? {})[0]?.schema, `${method} ${path}`).toBeDefined();
        expect(operation.responses['4XX'] ?? operation.responses['4xx'], `${method} ${path} documents its errors`).toBeDefined();
      }
    }
    expect(document.paths['/admin/admins']?.get?.tags).toEqual(['Legacy admin backend']);
    expect(document.paths['/api/v1/status-types']?.get?.tags).toEqual(['New user backend']);
    expect(document.paths['/service/agencies/']?.get?.tags).toEqual(['Service backend']);
    expect(document.paths['/admin/admins']?.get?.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/v1/auth/login/jwt/']?.post?.security).toBeUndefined();
  });

  it('names every error code with its meaning, and the console files and the document itself are not calls', async () => {
    for (const code of Object.keys(ERROR_CODES)) expect(document.info.description).toContain(`\`${code}\``);
    expect(Object.keys(document.paths).some((path) => path.startsWith('/docs') || path === '/config.js' || path.startsWith('/assets'))).toBe(false);
    // Demo mode has a page to browse it.
    const page = await server.request('GET', '/docs/');
    expect(page.status).toBe(200);
  });

  it('an answer carries the fields its schema names and no other', async () => {
    const admins = await server.get<{ data: Array<Record<string, unknown>> }>('/admin/admins?page_size=20', tokens.super);
    expect(admins.status).toBe(200);
    for (const row of admins.body.data) expect(Object.keys(row).sort()).toEqual(Object.keys(adminUser.shape).sort());
  });

  it('every error has its code: 401, 403, 404, 400 with field lines, 409', async () => {
    const noToken = await server.get<ApiError>('/admin/admins');
    expect(noToken.body).toEqual({ error: messages.accessTokenMissing, code: 'unauthenticated' });
    const noRoute = await server.get<ApiError>('/admin/nothing-here', tokens.super);
    expect(noRoute.status).toBe(404);
    expect(noRoute.body.code).toBe('not_found');
    const invalid = await server.post<ApiError>('/admin/event_types', { event: '', pretty: '' }, tokens.super);
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('validation');
    expect(Object.keys(invalid.body.errors ?? {})).toEqual(expect.arrayContaining(['event']));
    const malformed = await server.request<ApiError>('POST', '/admin/event_types', { body: '{"event":', token: tokens.super });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('bad_request');
  });

  it('a route that requires a Super Admin refuses anyone else before it reads the body', async () => {
    // An invalid body would answer 400: the role is checked first, and nothing is read or written.
    const refused = await server.post<ApiError>('/admin/country', { country: '' }, tokens.agency);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: messages.superOnlyChange, code: 'super_admin_only' });
  });

  it('the new user backend pages with count, results and working absolute next and previous links', async () => {
    const first = await server.get<Page<unknown>>('/api/v1/status-types?page_size=4&ordering=id', tokens.super);
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(6);
    expect(first.body.results).toHaveLength(4);
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toBe(`${server.url}/api/v1/status-types?page_size=4&ordering=id&page=2`);
    const next = new URL(first.body.next as string);
    const second = await server.get<Page<{ id: number; name: string }>>(`${next.pathname}${next.search}`, tokens.super);
    expect(second.body.results.map((row) => statusType.parse(row).id)).toEqual([5, 6]);
    expect(second.body.next).toBeNull();
    expect(second.body.previous).toBe(`${server.url}/api/v1/status-types?page_size=4&ordering=id&page=1`);
    const badSort = await server.get<ApiError>('/api/v1/status-types?ordering=password', tokens.super);
    expect(badSort.status).toBe(400);
    expect(badSort.body.errors?.ordering).toBeDefined();
  });
});
