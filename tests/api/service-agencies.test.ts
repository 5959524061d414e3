// The service backend's agency calls (issue 12) against the started server: the backend's pages
// with working links, the filters of the Agencies screen, and role scoping (SPEC.md section 6).
import { describe, expect, it } from 'vitest';
import type { ApiError, Page } from '../../src/contract/api';
import type { Agency, CampaignType, Country, Language } from '../../src/contract/entities';
import * as messages from '../../src/contract/messages';
import { backends } from '../support/server';
import { useSignedInServer } from '../support/signedIn';
import { allPages } from '../support/service';

describe.each(backends)('service agencies on %s', (backend) => {
  const { server, tokens: token } = useSignedInServer(backend, ['super', 'agency', 'campaign']);

  const everyRow = <T>(path: string, as: string) => allPages<T>(server, path, as);

  it('a Super Admin pages through every agency: the links, followed to the end, give each row once', async () => {
    const first = await server.get<Page<Agency>>('/service/agencies/?page_size=4', token.super);
    const all = await everyRow<Agency>('/service/agencies/?page_size=4', token.super);
    expect(all).toHaveLength(first.body.count);
    expect(new Set(all.map((agency) => agency.id)).size).toBe(all.length);
    expect(first.body.count).toBeGreaterThan(15);
    const names = all.map((agency) => agency.agency_name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const sample = all[0] as Agency;
    expect(sample.country.country_name).not.toBe('');
    expect(sample.country.currency.currency_code).toMatch(/^[A-Z]{3}$/);
  });

  it('an Agency Admin sees their agency only, a Campaign Admin the agency of their campaign', async () => {
    const agencyAdmin = await everyRow<Agency>('/service/agencies/', token.agency);
    expect(agencyAdmin.map((agency) => agency.agency_name)).toEqual(['Gold Coast Field Partners']);
    const campaignAdmin = await everyRow<Agency>('/service/agencies/', token.campaign);
    expect(campaignAdmin).toHaveLength(1);
  });

  it("another agency's id is not found for an Agency Admin, and found for a Super Admin", async () => {
    const all = await everyRow<Agency>('/service/agencies/?page_size=100', token.super);
    const mine = (await everyRow<Agency>('/service/agencies/', token.agency))[0] as Agency;
    const foreign = all.find((agency) => agency.id !== mine.id) as Agency;
    const refused = await server.get<ApiError>(`/service/agencies/${foreign.id}/`, token.agency);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ error: messages.agencyNotFound, code: 'not_found' });
    expect((await server.get<Agency>(`/service/agencies/${foreign.id}/`, token.super)).body).toEqual(foreign);
    expect((await server.get<Agency>(`/service/agencies/${mine.id}/`, token.agency)).body).toEqual(mine);
    expect((await server.get(`/service/agencies/2147483648/`, token.super)).status).toBe(404);
  });

  it('filters by country dialling code, country code, name and active flag, and sorts by the recently modified', async () => {
    const ghana = await everyRow<Agency>('/service/agencies/?code=gh', token.super);
    expect(ghana.length).toBeGreaterThan(0);
    expect(new Set(ghana.map((agency) => agency.country.country_name))).toEqual(new Set(['Ghana']));
    expect((await everyRow<Agency>('/service/agencies/?country_dialing_code=%2B233', token.super)).map((a) => a.id).sort()).toEqual(ghana.map((a) => a.id).sort());
    const inactive = await everyRow<Agency>('/service/agencies/?active_flag=false', token.super);
    expect(inactive.map((agency) => agency.agency_name)).toContain('Legacy Field Services Kenya');
    expect(inactive.every((agency) => !agency.active_flag)).toBe(true);
    const named = await everyRow<Agency>('/service/agencies/?name=gold', token.super);
    expect(named.map((agency) => agency.agency_name)).toEqual(['Gold Coast Field Partners']);
    const recent = await everyRow<Agency>('/service/agencies/?ordering=-updated_at&page_size=100', token.super);
    const times = recent.map((agency) => agency.updated_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it.each([
    ['active_flag=maybe', 'active_flag'],
    ['code=GHA', 'code'],
    ['country_dialing_code=abc', 'country_dialing_code'],
    ['ordering=password', 'ordering'],
    ['page_size=500', 'page_size'],
  ])('refuses %s with 400 and a line for the field', async (query, field) => {
    const answer = await server.get<ApiError>(`/service/agencies/?${query}`, token.super);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation');
    expect(answer.body.errors?.[field]).toHaveLength(1);
  });

  it('an id that is no number answers 400; without a session 401', async () => {
    expect((await server.get<ApiError>('/service/agencies/abc/', token.super)).body.errors?.id).toBeDefined();
    expect((await server.get<ApiError>('/service/agencies/')).body.code).toBe('unauthenticated');
  });

  it("the countries and languages are those of the caller's agencies; campaign types are everyone's", async () => {
    const everyCountry = await everyRow<Country>('/service/agencies-countries/', token.super);
    expect(everyCountry.length).toBeGreaterThan(1);
    const mine = await everyRow<Country>('/service/agencies-countries/', token.agency);
    expect(mine.map((country) => country.country_name)).toEqual(['Ghana']);
    expect(mine[0]).toMatchObject({ code: 'GH', country_code: 'GH', country_dialing_code: '233' });
    const languages = await everyRow<Language>('/service/agencies-languages/', token.agency);
    expect(languages.map((language) => language.language_code)).toContain('en');
    expect(languages.length).toBeLessThan((await everyRow<Language>('/service/agencies-languages/', token.super)).length + 1);
    const types = await everyRow<CampaignType>('/service/agencies-campaign-types/', token.campaign);
    expect(types.length).toBeGreaterThan(0);
    for (const type of types) expect(type.compensation_type.compensation_type_name).not.toBe('');
  });
});
