// The service backend's campaign calls (issue 12) against the started server: pages with working
// links, the filters the screens send, role scoping (SPEC.md section 6) that agrees with the legacy
// campaign list (one domain rule), money as decimal strings, and the agencies' campaign settings.
import { describe, expect, it } from 'vitest';
import type { ApiError, CampaignChoice, ListPage } from '../../src/contract/api';
import type { Agency, AgencyCampaignTypeConfig, Campaign } from '../../src/contract/entities';
import * as messages from '../../src/contract/messages';
import { backends } from '../support/server';
import { useSignedInServer } from '../support/signedIn';
import { allPages } from '../support/service';

describe.each(backends)('service campaigns on %s', (backend) => {
  const { server, tokens: token } = useSignedInServer(backend, ['super', 'agency', 'campaign']);

  const everyRow = <T>(path: string, as: string) => allPages<T>(server, path, as);
  const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id).sort((a, b) => a - b);

  it.each(['super', 'agency', 'campaign'] as const)('a %s admin pages through the campaigns the legacy list gives them, each once', async (role) => {
    const rows = await everyRow<Campaign>('/service/campaigns/?page_size=7', token[role]);
    expect(new Set(ids(rows)).size).toBe(rows.length);
    const legacy = await server.get<ListPage<CampaignChoice>>('/admin/campaigns?page_size=0', token[role]);
    expect(ids(rows)).toEqual(ids(legacy.body.data));
    for (const row of rows) {
      expect(row.budget_spend_amount).toMatch(/^\d+\.\d{2}$/);
      if (row.budget_allocated_amount !== null) expect(row.budget_allocated_amount).toMatch(/^\d+\.\d{2}$/);
      // Its money's currency (issue 32): an ISO 4217 code, never the 'no currency' of an untold one.
      expect(row.currency).toMatch(/^[A-Z]{3}$/);
      expect(row.currency).not.toBe('XXX');
      expect(row.extra_data.agency.agency_name).not.toBe('');
    }
  });

  // Issue 34: GHS is never sorted against UGX; amounts are ordered within their currency.
  it.each(['budget_spend_amount', '-budget_spend_amount'])('orders by budget spent within each currency (%s)', async (ordering) => {
    const rows = await everyRow<Campaign>(`/service/campaigns/?page_size=50&ordering=${ordering}`, token.super);
    expect(new Set(rows.map((row) => row.currency)).size).toBeGreaterThan(1);
    const sign = ordering.startsWith('-') ? -1 : 1;
    const keys = rows.map((row) => [row.currency ?? '', Math.round(Number(row.budget_spend_amount) * 100)] as const);
    keys.slice(1).forEach(([currency, cents], i) => {
      const [previousCurrency, previousCents] = keys[i] as (typeof keys)[number];
      const order = currency === previousCurrency ? Math.sign(cents - previousCents) : Math.sign(currency.localeCompare(previousCurrency));
      expect(order * sign, `${previousCurrency} ${previousCents} then ${currency} ${cents}`).toBeGreaterThanOrEqual(0);
    });
  });

  it('an Agency Admin sees only their agency’s campaigns, a Campaign Admin only their campaign', async () => {
    const agency = (await everyRow<Agency>('/service/agencies/', token.agency))[0] as Agency;
    const theirs = await everyRow<Campaign>('/service/campaigns/', token.agency);
    expect(theirs.length).toBeGreaterThan(0);
    expect(new Set(theirs.map((campaign) => campaign.extra_data.agency.id))).toEqual(new Set([agency.id]));
    const own = await everyRow<Campaign>('/service/campaigns/', token.campaign);
    expect(own.map((campaign) => campaign.name)).toEqual(['SIM Drive GH-03']);
  });

  it('filters never reach outside the scope: another agency or campaign id gives nothing, its detail 404', async () => {
    const all = await everyRow<Campaign>('/service/campaigns/?page_size=100', token.super);
    const mine = await everyRow<Campaign>('/service/campaigns/', token.agency);
    const foreign = all.find((campaign) => !mine.some((m) => m.id === campaign.id)) as Campaign;
    expect((await everyRow<Campaign>(`/service/campaigns/?agency_id=${foreign.extra_data.agency.id}`, token.agency))).toEqual([]);
    expect((await everyRow<Campaign>(`/service/campaigns/?ids=${foreign.id}`, token.agency))).toEqual([]);
    const refused = await server.get<ApiError>(`/service/campaigns/${foreign.id}/`, token.agency);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ error: messages.agencyCampaignNotFound, code: 'not_found' });
    expect((await server.get<Campaign>(`/service/campaigns/${foreign.id}/`, token.super)).body).toEqual(foreign);
  });

  it('filters by agency, agencies, ids, country code and active flag', async () => {
    const all = await everyRow<Campaign>('/service/campaigns/?page_size=100', token.super);
    const [first, second] = all as [Campaign, Campaign];
    expect(ids(await everyRow<Campaign>(`/service/campaigns/?ids=${first.id},${second.id}`, token.super))).toEqual(ids([first, second]));
    const ofAgency = await everyRow<Campaign>(`/service/campaigns/?agency_id=${first.extra_data.agency.id}`, token.super);
    expect(ofAgency.every((campaign) => campaign.extra_data.agency.id === first.extra_data.agency.id)).toBe(true);
    const agencyIds = [first.extra_data.agency.id, second.extra_data.agency.id].join(',');
    expect((await everyRow<Campaign>(`/service/campaigns/?agency_ids=${agencyIds}`, token.super)).length).toBeGreaterThanOrEqual(ofAgency.length);
    const ghana = await everyRow<Campaign>('/service/campaigns/?country_code=gh', token.super);
    expect(ghana.length).toBeGreaterThan(0);
    expect(ghana.every((campaign) => campaign.country_code === 'GH')).toBe(true);
    const inactive = await everyRow<Campaign>('/service/campaigns/?active_flag=false', token.super);
    expect(inactive.every((campaign) => !campaign.active_flag)).toBe(true);
  });

  it.each([
    ['ids=1,a', 'ids'],
    ['agency_id=0', 'agency_id'],
    ['agency_ids=x', 'agency_ids'],
    ['country_code=GHA', 'country_code'],
    ['ordering=-budget', 'ordering'],
  ])('refuses %s with 400 and a line for the field', async (query, field) => {
    const answer = await server.get<ApiError>(`/service/campaigns/?${query}`, token.super);
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[field]).toHaveLength(1);
  });

  it("an agency's campaign settings are its own admins' and a Super Admin's, never another agency's", async () => {
    const agency = (await everyRow<Agency>('/service/agencies/', token.agency))[0] as Agency;
    const own = await everyRow<AgencyCampaignTypeConfig>(`/service/agency-campaign-type-configs/?agency=${agency.id}`, token.agency);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((config) => config.agency === agency.id)).toBe(true);
    expect(own[0]?.campaign_type.compensation_type.compensation_type_name).not.toBe('');
    const every = await everyRow<AgencyCampaignTypeConfig>('/service/agency-campaign-type-configs/?page_size=100', token.super);
    const foreign = every.find((config) => config.agency !== agency.id) as AgencyCampaignTypeConfig;
    expect(await everyRow(`/service/agency-campaign-type-configs/?agency=${foreign.agency}`, token.agency)).toEqual([]);
    const refused = await server.get<ApiError>(`/service/agency-campaign-type-configs/${foreign.id}/`, token.agency);
    expect(refused.body).toEqual({ error: messages.agencyTypeConfigNotFound, code: 'not_found' });
    expect((await server.get(`/service/agency-campaign-type-configs/${own[0]?.id}/`, token.agency)).body).toEqual(own[0]);
  });
});
