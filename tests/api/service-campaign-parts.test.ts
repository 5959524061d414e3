// The parts of a campaign on the service backend (issue 12): versions, languages (added and deleted,
// audited, a duplicate refused), remuneration and event types; every part reached only through a
// campaign the caller sees (SPEC.md section 6).
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Page } from '../../src/contract/api';
import type { Campaign, CampaignEventType, CampaignLanguage, CampaignVersion, RemunerationType } from '../../src/contract/entities';
import * as messages from '../../src/contract/messages';
import { unknownLanguages, unknownSortField } from '../../src/contract/messages';
import { backends, needsSql } from '../support/server';
import { useSignedInServer } from '../support/signedIn';
import { ownAndForeignCampaign } from '../support/service';

describe.each(backends)('campaign parts on %s', (backend) => {
  const { server, tokens } = useSignedInServer(backend, ['super', 'agency']);
  let mine: Campaign;
  let foreign: Campaign;

  beforeAll(async () => {
    ({ mine, foreign } = await ownAndForeignCampaign(server, tokens.super, tokens.agency));
  });

  const languagesOf = async (campaign: Campaign, token = tokens.super) =>
    (await server.get<Page<CampaignLanguage>>(`/service/campaign-languages/?campaign=${campaign.id}&page_size=100`, token)).body.results;
  const auditCount = async () => Number((await server.sql?.query("select count(*) as n from audit_log where entity = 'campaign_language'"))?.rows[0]?.n ?? 0);

  it("a campaign's versions come newest first, and another agency's campaign gives none", async () => {
    const versions = await server.get<Page<CampaignVersion>>(`/service/campaign-versions/?campaign=${mine.id}`, tokens.agency);
    expect(versions.status).toBe(200);
    expect(versions.body.results.length).toBeGreaterThan(0);
    expect(versions.body.results.every((version) => version.campaign === mine.id)).toBe(true);
    const numbers = versions.body.results.map((version) => version.version);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(versions.body.results[0]?.budget_allocated_amount).toMatch(/^\d+\.\d{2}$/);
    expect((await server.get<Page<CampaignVersion>>(`/service/campaign-versions/?campaign=${foreign.id}`, tokens.agency)).body).toMatchObject({ count: 0, results: [] });
  });

  it('an Agency Admin adds a language to their campaign once (audited), a second time 409, then deletes it', async ({ skip }) => {
    const before = await languagesOf(mine);
    const code = ['pt', 'sw', 'fr', 'en'].find((c) => !before.some((l) => l.language_code === c)) as string;
    const audited = await auditCount();
    const added = await server.post<CampaignLanguage>('/service/campaign-languages/', { language_code: code, campaign: mine.id }, tokens.agency);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ language_code: code, campaign: mine.id });
    expect(await languagesOf(mine, tokens.agency)).toContainEqual(added.body);
    const again = await server.post<ApiError>('/service/campaign-languages/', { language_code: code, campaign: mine.id }, tokens.agency);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: messages.duplicateCampaignLanguage, code: 'duplicate' });

    const deleted = await server.request('DELETE', `/service/campaign-languages/${added.body.id}`, { token: tokens.agency });
    expect(deleted.status).toBe(204);
    expect(await languagesOf(mine)).toEqual(before);
    expect((await server.request<ApiError>('DELETE', `/service/campaign-languages/${added.body.id}`, { token: tokens.agency })).status).toBe(404);
    needsSql(server, skip);
    expect(await auditCount()).toBe(audited + 2);
  });

  it("another agency's campaign and its languages are out of reach: 404, nothing changed", async () => {
    const theirs = await languagesOf(foreign);
    const add = await server.post<ApiError>('/service/campaign-languages/', { language_code: 'pt', campaign: foreign.id }, tokens.agency);
    expect(add.status).toBe(404);
    expect(add.body).toEqual({ error: messages.agencyCampaignNotFound, code: 'not_found' });
    if (theirs[0]) {
      const removal = await server.request<ApiError>('DELETE', `/service/campaign-languages/${theirs[0].id}`, { token: tokens.agency });
      expect(removal.status).toBe(404);
    }
    expect(await languagesOf(foreign)).toEqual(theirs);
    expect(await languagesOf(foreign, tokens.agency)).toEqual([]);
  });

  it.each([
    ['a code too short', { language_code: 'x' }, 'language_code', messages.languageCodeLength],
    ['a code too long', { language_code: 'abcdef' }, 'language_code', messages.languageCodeLength],
    ['an unknown language', { language_code: 'zz' }, 'language_code', unknownLanguages(['zz'])],
    ['a campaign as text', { language_code: 'fr', campaign: 'one' }, 'campaign', 'campaign must be an id'],
  ])('refuses %s with its message and changes nothing', async (_case, body, field, message) => {
    const before = await languagesOf(mine);
    const answer = await server.post<ApiError>('/service/campaign-languages/', { campaign: mine.id, ...body }, tokens.super);
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[field]).toEqual([message]);
    expect(await languagesOf(mine)).toEqual(before);
  });

  it('lists the remuneration types and event types a compensation chooses from', async () => {
    const remuneration = await server.get<Page<RemunerationType>>('/service/campaigns-remuneration-types/', tokens.agency);
    expect(remuneration.body.results.length).toBeGreaterThan(0);
    const events = await server.get<Page<CampaignEventType>>('/service/campaigns-event-types/?page_size=100', tokens.agency);
    expect(events.body.results.length).toBeGreaterThan(0);
    expect(events.body.results[0]).toEqual({ id: expect.any(Number), event_type_name: expect.any(String), event_type_friendly_name: expect.any(String) });
  });

  it('a list that keeps one order says so when asked for another, naming the ordering parameter', async () => {
    const refused = await server.get<ApiError>('/service/campaign-languages/?ordering=language_code', tokens.agency);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ ordering: [unknownSortField('language_code', [], 'ordering')] });
    expect(refused.body.error).toBe('ordering: this list keeps one order and cannot be sorted by "language_code".');
  });
});
