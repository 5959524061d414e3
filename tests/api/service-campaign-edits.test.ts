// Changing a campaign on the service backend (issue 12): its name, its active flag (a Super Admin's
// only), its version's max agent count; audited, an outdated copy answered 409 with the campaign as
// it is, another agency's campaign out of reach, budgets never writable (SPEC.md sections 6 and 9).
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Page } from '../../src/contract/api';
import type { Campaign, CampaignVersion } from '../../src/contract/entities';
import * as messages from '../../src/contract/messages';
import { backends, needsSql } from '../support/server';
import { useSignedInServer } from '../support/signedIn';
import { ownAndForeignCampaign } from '../support/service';

describe.each(backends)('campaign edits on %s', (backend) => {
  const { server, tokens } = useSignedInServer(backend, ['super', 'agency']);
  let mine: Campaign;
  let foreign: Campaign;

  beforeAll(async () => {
    ({ mine, foreign } = await ownAndForeignCampaign(server, tokens.super, tokens.agency));
  });

  const campaignNow = async (campaign: Campaign) => (await server.get<Campaign>(`/service/campaigns/${campaign.id}/`, tokens.super)).body;
  const put = <T>(path: string, body: unknown, token: string) => server.request<T>('PUT', path, { body, token });
  const audits = async (entity: string, id: number) =>
    Number((await server.sql?.query('select count(*) as n from audit_log where entity = $1 and entity_id = $2', [entity, String(id)]))?.rows[0]?.n ?? 0);

  it('an Agency Admin renames their campaign: recorded under their name, audited; the budget stays as it was', async ({ skip }) => {
    const before = await campaignNow(mine);
    const name = `${before.name} renamed`;
    const saved = await put<Campaign>(`/service/campaigns/${mine.id}/`, {
      name, updated_by: 'someone else', updated_at: before.updated_at, budget_spend_amount: '0.00', active_flag: before.active_flag,
    }, tokens.agency);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name, updated_by: 'agency@demo.test', budget_spend_amount: before.budget_spend_amount });
    expect(await campaignNow(mine)).toEqual(saved.body);
    needsSql(server, skip);
    expect(await audits('campaign', mine.id)).toBe(1);
    mine = saved.body;
  });

  it('an outdated copy answers 409 with the campaign as it is, and changes nothing', async () => {
    const stale = await put<ApiError>(`/service/campaigns/${mine.id}/`, { name: 'Stale name', updated_at: '2020-01-01T00:00:00.000Z' }, tokens.agency);
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ error: messages.recordChanged, code: 'edit_conflict', current: await campaignNow(mine) });
    expect((await campaignNow(mine)).name).toBe(mine.name);
  });

  it('only a Super Admin turns a campaign off and on again', async () => {
    const refused = await put<ApiError>(`/service/campaigns/${mine.id}/`, { name: mine.name, active_flag: !mine.active_flag }, tokens.agency);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: messages.superOnlyCampaignActive, code: 'super_admin_only' });
    expect((await campaignNow(mine)).active_flag).toBe(mine.active_flag);
    const off = await put<Campaign>(`/service/campaigns/${mine.id}/`, { name: mine.name, active_flag: false }, tokens.super);
    expect(off.body.active_flag).toBe(false);
    const on = await put<Campaign>(`/service/campaigns/${mine.id}/`, { name: mine.name, active_flag: true }, tokens.super);
    expect(on.body.active_flag).toBe(true);
    mine = on.body;
  });

  it("another agency's campaign is not found, and nothing changes", async () => {
    const before = await campaignNow(foreign);
    const refused = await put<ApiError>(`/service/campaigns/${foreign.id}/`, { name: 'Taken over' }, tokens.agency);
    expect(refused.status).toBe(404);
    expect(await campaignNow(foreign)).toEqual(before);
  });

  it.each([
    ['no name', { name: '' }, 'name', messages.campaignNameRequired],
    ['a name too long', { name: 'x'.repeat(201) }, 'name', 'Campaign name must be at most 200 characters.'],
    ['an active flag as text', { name: 'Fine', active_flag: 'yes' }, 'active_flag', 'active_flag must be true or false, not text'],
  ])('refuses %s with its message and changes nothing', async (_case, body, field, message) => {
    const before = await campaignNow(mine);
    const answer = await put<ApiError>(`/service/campaigns/${mine.id}/`, body, tokens.super);
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[field]).toEqual([message]);
    expect(await campaignNow(mine)).toEqual(before);
  });

  it("a second campaign of the agency with the same name answers 409", async () => {
    const siblings = (await server.get<Page<Campaign>>(`/service/campaigns/?agency_id=${mine.extra_data.agency.id}&page_size=100`, tokens.super)).body.results;
    const sibling = siblings.find((campaign) => campaign.id !== mine.id);
    if (!sibling) return;
    const clash = await put<ApiError>(`/service/campaigns/${sibling.id}/`, { name: mine.name }, tokens.super);
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({ error: messages.duplicateCampaignName, code: 'duplicate' });
  });

  it("sets a version's max agent count (a whole number), audited; the allocated budget is read-only", async ({ skip }) => {
    const [version] = (await server.get<Page<CampaignVersion>>(`/service/campaign-versions/?campaign=${mine.id}`, tokens.agency)).body.results as [CampaignVersion];
    const saved = await put<CampaignVersion>(`/service/campaign-versions/${version.id}/`, {
      max_agent_count: version.max_agent_count + 5, campaign: mine.id, budget_allocated_amount: '1.00',
    }, tokens.agency);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ...version, max_agent_count: version.max_agent_count + 5, updated_by: 'agency@demo.test' });
    needsSql(server, skip);
    expect(await audits('campaign_version', version.id)).toBe(1);
    for (const bad of [1.5, -1, '12', 2_000_000]) {
      const refused = await put<ApiError>(`/service/campaign-versions/${version.id}/`, { max_agent_count: bad, campaign: mine.id }, tokens.agency);
      expect(refused.status).toBe(400);
    }
    const elsewhere = await put<ApiError>(`/service/campaign-versions/${version.id}/`, { max_agent_count: 3, campaign: foreign.id }, tokens.super);
    expect(elsewhere.body).toMatchObject({ error: messages.versionOfAnotherCampaign, code: 'validation' });
    const [theirs] = (await server.get<Page<CampaignVersion>>(`/service/campaign-versions/?campaign=${foreign.id}`, tokens.super)).body.results as [CampaignVersion];
    const outOfReach = await put<ApiError>(`/service/campaign-versions/${theirs.id}/`, { max_agent_count: 3, campaign: foreign.id }, tokens.agency);
    expect(outOfReach.status).toBe(404);
    expect((await server.get<Page<CampaignVersion>>(`/service/campaign-versions/?campaign=${foreign.id}`, tokens.super)).body.results[0]).toEqual(theirs);
  });
});
