// The audit trail made browsable (issue 35): the Audit grid POST /admin/audit (a Super Admin's:
// filters admin, entity and dates, keyset pages, CSV), one entry's before and after, the admins for
// its filter, and GET /admin/audit/latest, every admin's latest changes scoped by SPEC.md section 6.
// A write replayed from the outbox keeps the time it was made (X-Outbox-Queued-At); a payment run,
// its approval by a second Super Admin, and its reversal appear as entries.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GridPage } from '../../src/contract/api';
import type { AuditAdmin, AuditChange, AuditEntry } from '../../src/contract/audit';
import { IDEMPOTENCY_KEY_HEADER, OUTBOX_QUEUED_AT_HEADER } from '../../src/contract/constants';
import { auditGrid } from '../../src/contract/grids';
import * as messages from '../../src/contract/messages';
import type { PaymentRunOutcome, PaymentRunPreview } from '../../src/contract/paymentRuns';
import { accessToken, backends } from '../support/server';
import { useSignedInServer } from '../support/signedIn';

const ALL_DATES = { start_date: '01-Jan-2020', end_date: '31-Dec-2099' } as const;
const NO_LIMIT_PASSED = 'GHS=0,KES=0,MZN=0,NGN=0,TZS=0,UGX=0,XAF=0,XOF=0';
type Row = { id: string; at: string; admin: string | null; action: string; entity: string; entity_id: string; summary: string; offline: boolean; made_at: string | null };
type Refusal = { error: string; code: string; errors?: Record<string, string[]> };

describe.each(backends)('the audit trail on %s', (backend) => {
  const { server, tokens: token } = useSignedInServer(backend, ['super', 'agency', 'campaign'], { PAYMENT_RUN_APPROVAL_LIMITS: NO_LIMIT_PASSED });
  let second = '';
  /** The Campaign Admin's campaign, and a campaign of the Agency Admin's agency that is not it. */
  let campaignOfCampaignAdmin = 0;
  let campaignOfAgencyAdmin = 0;
  const madeAt = new Date(Date.now() - 3_600_000).toISOString();

  const grid = <T = GridPage<Row>>(body: Record<string, unknown>, as = token.super) => server.post<T>(auditGrid.path, { ...ALL_DATES, ...body }, as);
  const latest = (as: string, limit = 50) => server.get<{ data: AuditChange[] }>(`/admin/audit/latest?limit=${limit}`, as);
  const rename = async (campaign: number, headers: Record<string, string> = {}) => {
    const current = await server.get<{ name: string }>(`/service/campaigns/${campaign}/`, token.super);
    expect(current.status).toBe(200);
    const saved = await server.request('PUT', `/service/campaigns/${campaign}/`, { body: { name: `${current.body.name.replace(/ \(audit.*$/, '')} (audit ${randomUUID().slice(0, 4)})` }, token: token.super, headers });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  };

  beforeAll(async () => {
    second = await accessToken(server, 'super2@demo.test');
    const own = await server.get<{ data: Array<{ id: number }> }>('/admin/campaigns?page_size=0', token.campaign);
    campaignOfCampaignAdmin = own.body.data[0]?.id ?? 0;
    const agencys = await server.get<{ data: Array<{ id: number }> }>('/admin/campaigns?page_size=0', token.agency);
    campaignOfAgencyAdmin = agencys.body.data.find((c) => c.id !== campaignOfCampaignAdmin)?.id ?? 0;
    expect(campaignOfCampaignAdmin).toBeGreaterThan(0);
    expect(campaignOfAgencyAdmin).toBeGreaterThan(0);
    await rename(campaignOfCampaignAdmin);
    await rename(campaignOfAgencyAdmin);
    // Reference data, written offline and replayed an hour later: a Super Admin's change only.
    const added = await server.request('POST', '/admin/event_types', {
      body: { event: `audit_${randomUUID().slice(0, 8)}`, pretty: 'Audit test event' }, token: token.super, headers: { [OUTBOX_QUEUED_AT_HEADER]: madeAt },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  });

  it('refuses the grid, an entry and the admins to anyone but a Super Admin (403)', async () => {
    for (const as of [token.agency, token.campaign]) {
      // Before the body is read: an empty one, one the grid would refuse as 400, one it would serve.
      for (const body of [{}, { start_date: 'not a date', page_size: -1 }, { page_size: 20 }]) {
        const refused = await grid<Refusal>(body, as);
        expect([refused.status, refused.body.code, refused.body.error]).toEqual([403, 'super_admin_only', messages.auditSuperOnly]);
      }
      expect((await server.get('/admin/audit/entry?id=1', as)).status).toBe(403);
      expect((await server.get('/admin/audit/admins', as)).status).toBe(403);
    }
  });

  it('records a write replayed from the outbox with the time it was made, beside the time it arrived', async () => {
    const page = await grid({ entity: 'event_type', page_size: 20 });
    expect(page.status).toBe(200);
    const row = page.body.data[0] as Row;
    expect(row).toMatchObject({ offline: true, made_at: madeAt, entity: 'Event type', action: 'create', summary: 'Added Audit test event', admin: 'Esi Amankwah' });
    expect(row.at > madeAt).toBe(true);
    const entry = await server.get<AuditEntry>(`/admin/audit/entry?id=${row.id}`, token.super);
    expect(entry.status).toBe(200);
    expect(entry.body).toMatchObject({ id: row.id, offline: true, made_at: madeAt, entity: 'event_type', before: null, after: { pretty_name: 'Audit test event' } });
    // A write sent at once has none.
    const renamed = await grid({ entity: 'campaign', page_size: 20 });
    expect(renamed.body.data[0]).toMatchObject({ offline: false, made_at: null });
  });

  it('shows a rename with the fields it changed, before and after', async () => {
    const page = await grid({ entity: 'campaign', search: String(campaignOfAgencyAdmin), page_size: 0 });
    const row = page.body.data.find((r) => r.entity_id === String(campaignOfAgencyAdmin)) as Row;
    expect(row.summary).toMatch(/^Changed .*name/);
    const entry = await server.get<AuditEntry & { before: { name: string }; after: { name: string } }>(`/admin/audit/entry?id=${row.id}`, token.super);
    expect(entry.body.before.name).not.toBe(entry.body.after.name);
    expect(entry.body.after.name).toContain('(audit');
  });

  it("sums up an agent's edit by the field's label, not the record's nesting (issue 53)", async () => {
    const [agent] = (await server.get<{ results: Array<{ id: number; user_role: { user: { first_name: string; last_name: string; msisdn: string | null } } }> }>('/api/v1/user-role-campaigns/?role_type_id=2&page_size=1', token.super)).body.results;
    if (!agent) throw new Error('the demo has no agent');
    const { first_name, last_name, msisdn } = agent.user_role.user;
    const saved = await server.request('PATCH', `/api/v1/agents/${agent.id}/`, { body: { first_name, last_name: `${last_name}x`, msisdn }, token: token.super });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const page = await grid({ entity: 'agent', page_size: 0 });
    expect(page.body.data.find((r) => r.entity_id === String(agent.id))?.summary).toBe('Changed last name');
  });

  it("scopes the latest changes by role: an admin sees only their agencies' and campaigns' changes", async () => {
    const all = await latest(token.super);
    expect(all.status).toBe(200);
    const keys = (changes: AuditChange[]) => changes.map((c) => `${c.entity}:${c.entity_id}`);
    expect(keys(all.body.data)).toEqual(expect.arrayContaining([`campaign:${campaignOfCampaignAdmin}`, `campaign:${campaignOfAgencyAdmin}`]));
    expect(all.body.data.some((c) => c.entity === 'event_type')).toBe(true);
    // Newest first.
    expect([...all.body.data].sort((a, b) => b.at.localeCompare(a.at)).map((c) => c.id)).toEqual(all.body.data.map((c) => c.id));

    const agency = await latest(token.agency);
    expect(agency.status).toBe(200);
    expect(keys(agency.body.data)).toContain(`campaign:${campaignOfAgencyAdmin}`);
    expect(agency.body.data.some((c) => c.entity === 'event_type')).toBe(false);
    const agencyCampaigns = new Set((await server.get<{ data: Array<{ id: number }> }>('/admin/campaigns?page_size=0', token.agency)).body.data.map((c) => String(c.id)));
    expect(agency.body.data.filter((c) => c.entity === 'campaign').every((c) => agencyCampaigns.has(c.entity_id))).toBe(true);

    const campaign = await latest(token.campaign);
    expect(campaign.status).toBe(200);
    expect(keys(campaign.body.data)).toContain(`campaign:${campaignOfCampaignAdmin}`);
    expect(keys(campaign.body.data)).not.toContain(`campaign:${campaignOfAgencyAdmin}`);
    expect(campaign.body.data.some((c) => c.entity === 'event_type')).toBe(false);
    // No before and after in the list.
    expect(campaign.body.data[0]).not.toHaveProperty('before');
    expect((await latest(token.super, 1)).body.data).toHaveLength(1);
  });

  it('filters by admin, entity and dates, and pages by keyset', async () => {
    const admins = await server.get<{ data: AuditAdmin[] }>('/admin/audit/admins', token.super);
    expect(admins.status).toBe(200);
    const superAdmin = admins.body.data.find((a) => a.name === 'Esi Amankwah') ?? admins.body.data[0];
    expect(superAdmin).toBeDefined();
    const mine = await grid({ admin: superAdmin?.id, page_size: 0 });
    expect(mine.body.count).toBeGreaterThanOrEqual(3);
    expect(new Set(mine.body.data.map((r) => r.admin))).toEqual(new Set([superAdmin?.name]));
    const nobody = await grid({ admin: 999_999 });
    expect(nobody.body).toMatchObject({ count: 0, data: [] });
    const types = await grid({ entity: 'campaign', page_size: 0 });
    expect(types.body.data.every((r) => r.entity === 'Campaign')).toBe(true);
    const past = await grid({ start_date: '01-Jan-2020', end_date: '31-Dec-2020' });
    expect(past.body.count).toBe(0);

    // More than a page of 20.
    for (let index = 0; index < 21; index += 1) {
      const added = await server.post('/admin/event_types', { event: `audit_page_${index}_${randomUUID().slice(0, 4)}`, pretty: `Audit page ${index}` }, token.super);
      expect(added.status).toBe(201);
    }
    const first = await grid({ page_size: 20, current_page: 1 });
    expect(first.body.count).toBeGreaterThan(20);
    expect(first.body.next).toBeDefined();
    const secondPage = await grid({ page_size: 20, current_page: 2, cursor: first.body.next });
    expect(secondPage.status).toBe(200);
    expect(secondPage.body.count).toBe(first.body.count);
    const byNumber = await grid({ page_size: 20, current_page: 2 });
    expect(secondPage.body.data).toEqual(byNumber.body.data);
    expect(secondPage.body.data[0]?.id).not.toBe(first.body.data[0]?.id);
    // Newest first.
    expect((first.body.data.at(-1) as Row).at >= (secondPage.body.data[0] as Row).at).toBe(true);
    expect(first.body.data.map((r) => r.at)).toEqual(first.body.data.map((r) => r.at).sort().reverse());
  });

  it('exports the filtered trail as CSV', async () => {
    const answer = await fetch(`${server.url}${auditGrid.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.super}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...ALL_DATES, entity: 'event_type', export: 'csv' }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/text\/csv/);
    expect(answer.headers.get('content-disposition')).toMatch(/audit_2020-01-01_2099-12-31\.csv/);
    const lines = (await answer.text()).trim().split(/\r?\n/);
    expect(lines[0]).toBe(auditGrid.columns.map((c) => c.key).join(','));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.slice(1).every((line) => line.includes(',Event type,'))).toBe(true);
    // The one made offline says so, with the time it was made.
    expect(lines.filter((line) => line.includes(',Yes,'))).toEqual([expect.stringContaining(`,Added Audit test event,Yes,${madeAt.slice(0, 10)}`)]);
  });

  it('shows a payment run, its approval by a second Super Admin and its reversal', async () => {
    const preview = await server.post<PaymentRunPreview>('/admin/payment_run_preview', ALL_DATES, token.super);
    const campaign = [...preview.body.campaigns].sort((a, b) => b.payments - a.payments)[0]?.campaign_id as number;
    const shown = await server.post<PaymentRunPreview>('/admin/payment_run_preview', { ...ALL_DATES, campaign }, token.super);
    const made = await server.request<PaymentRunOutcome>('POST', '/admin/payment_run', {
      body: { ...ALL_DATES, campaign, reference: 'ACC-AUDIT-1', fingerprint: shown.body.fingerprint }, token: token.super, headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const run = made.body.runs[0];
    if (!run) throw new Error('no run');
    expect((await server.post('/admin/payment_run_approval_code', { id: run.id }, second)).status).toBe(200);
    const code = await server.latestCode('super2@demo.test', 'SECURE_PAGES');
    const approved = await server.post('/admin/payment_run_approve', { id: run.id, otp: code }, second);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const reversed = await server.post('/admin/payment_run_reverse', { id: run.id, reason: 'Paid twice by the bank' }, token.super);
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);

    const page = await grid({ entity: 'payment_run', search: run.ref, page_size: 0 });
    const steps = page.body.data.filter((r) => r.entity_id === String(run.id)).map((r) => r.summary);
    expect(steps).toEqual([`Reversed run ${run.ref}: Paid twice by the bank`, `Approved run ${run.ref}`, expect.stringMatching(new RegExp(`^Made run ${run.ref}: ${run.events} payments, `))]);
    // Its total through the money format: the code first, grouped digits, a currency's own decimals (issue 53).
    expect(steps[2]).toMatch(/payments, [A-Z]{3} \d{1,3}(,\d{3})*(\.\d{2})?$/);
    const approver = page.body.data.find((r) => r.summary.startsWith('Approved'));
    expect(approver?.admin).toBe('Abena Owusu');
    // The run's campaign's admins see it among their latest changes when it is theirs.
    const forCampaignAdmin = await latest(token.campaign);
    expect(forCampaignAdmin.body.data.some((c) => c.entity === 'payment_run' && c.entity_id === String(run.id))).toBe(campaign === campaignOfCampaignAdmin);
  });

  it('answers bad input with 400 and an unknown entry with 404', async () => {
    for (const body of [{ entity: 'nope' }, { admin: 'x' }, { admin: 0 }, { agency: 1 }, { cursor: 'not a cursor!' }, { orderby: 'summary' }]) {
      const answer = await grid<Refusal>(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await grid<Refusal>({ entity: 'nope' })).body.errors?.entity).toEqual([messages.auditEntityUnknown]);
    for (const query of ['id=abc', 'id=0', 'id=', '']) expect((await server.get(`/admin/audit/entry?${query}`, token.super)).status, query).toBe(400);
    const missing = await server.get<Refusal>('/admin/audit/entry?id=999999999', token.super);
    expect([missing.status, missing.body.error]).toEqual([404, messages.auditEntryNotFound]);
    for (const limit of ['0', '51', 'x']) expect((await server.get(`/admin/audit/latest?limit=${limit}`, token.agency)).status, limit).toBe(400);
    const badTime = await server.request<Refusal>('POST', '/admin/event_types', {
      body: { event: `audit_bad_${randomUUID().slice(0, 6)}`, pretty: 'Never added' }, token: token.super, headers: { [OUTBOX_QUEUED_AT_HEADER]: 'yesterday' },
    });
    expect([badTime.status, badTime.body.error]).toEqual([400, messages.outboxQueuedAtInvalid]);
  });
});
