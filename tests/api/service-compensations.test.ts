// What an event earns in a campaign version, on the service backend (issue 12): money as a decimal
// string with two decimals (never a float, never three decimals), the day a whole number, one per
// event type and version, every change audited, a paid-for compensation kept for its history, and
// another agency's campaign out of reach (SPEC.md section 6).
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Page } from '../../src/contract/api';
import type { Campaign, CampaignEventType, CampaignVersion, EventCompensationConfig, RemunerationType } from '../../src/contract/entities';
import * as messages from '../../src/contract/messages';
import { backends, needsSql } from '../support/server';
import { useSignedInServer } from '../support/signedIn';
import { ownAndForeignCampaign } from '../support/service';

const PATH = '/service/campaigns-compensation-earning-event-configs/';

describe.each(backends)('compensations on %s', (backend) => {
  const { server, tokens } = useSignedInServer(backend, ['super', 'agency']);
  let mine: Campaign;
  let foreign: Campaign;
  let version: CampaignVersion;
  let eventTypes: CampaignEventType[];
  let remuneration: RemunerationType;

  beforeAll(async () => {
    ({ mine, foreign } = await ownAndForeignCampaign(server, tokens.super, tokens.agency));
    version = (await server.get<Page<CampaignVersion>>(`/service/campaign-versions/?campaign=${mine.id}`, tokens.agency)).body.results[0] as CampaignVersion;
    eventTypes = (await server.get<Page<CampaignEventType>>('/service/campaigns-event-types/?page_size=100', tokens.agency)).body.results;
    remuneration = (await server.get<Page<RemunerationType>>('/service/campaigns-remuneration-types/', tokens.agency)).body.results[0] as RemunerationType;
  });

  const ofVersion = async (token = tokens.super, of: CampaignVersion = version) =>
    (await server.get<Page<EventCompensationConfig>>(`${PATH}?campaign_version=${of.id}&page_size=100`, token)).body.results;
  const unusedEventType = async () => {
    const used = new Set((await ofVersion()).map((config) => config.event_type.id));
    return eventTypes.find((type) => !used.has(type.id)) as CampaignEventType;
  };
  const form = (eventType: CampaignEventType, value = '12.50', day = 30) => ({
    compensation_earning_event_value: value, compensation_earning_event_day: day, campaign: mine.id, campaign_version: version.id,
    event_type: eventType.id, remuneration_type: remuneration.id,
  });

  it('an Agency Admin adds, edits and deletes a compensation of their campaign: money kept to the cent', async ({ skip }) => {
    const eventType = await unusedEventType();
    const added = await server.post<EventCompensationConfig>(PATH, form(eventType, '12.5'), tokens.agency);
    expect(added.status).toBe(201);
    expect(mine.currency).toMatch(/^[A-Z]{3}$/);
    expect(added.body).toMatchObject({
      compensation_earning_event_value: '12.50', compensation_earning_event_day: 30, campaign: mine.id, campaign_version: version.id,
      currency: mine.currency, // the campaign's (issue 32)
      event_type: { id: eventType.id, event_type_friendly_name: eventType.event_type_friendly_name },
      remuneration_type: { id: remuneration.id, remuneration_type_name: remuneration.remuneration_type_name },
    });
    expect(await ofVersion(tokens.agency)).toContainEqual(added.body);
    const again = await server.post<ApiError>(PATH, form(eventType), tokens.agency);
    expect(again.body).toEqual({ error: messages.duplicateCompensation, code: 'duplicate' });

    const edited = await server.request<EventCompensationConfig>('PUT', `${PATH}${added.body.id}/`, { body: form(eventType, '0.07', 7), token: tokens.agency });
    expect(edited.body).toMatchObject({ compensation_earning_event_value: '0.07', compensation_earning_event_day: 7 });
    const deleted = await server.request('DELETE', `${PATH}${added.body.id}/`, { token: tokens.agency });
    expect(deleted.status).toBe(204);
    expect((await ofVersion()).some((config) => config.id === added.body.id)).toBe(false);
    needsSql(server, skip);
    const { rows } = await server.sql.query("select action from audit_log where entity = 'event_compensation_config' and entity_id = $1 order by id", [String(added.body.id)]);
    expect(rows.map((row) => row.action)).toEqual(['create', 'update', 'delete']);
  });

  it.each([
    ['three decimals', { compensation_earning_event_value: '12.505' }, 'compensation_earning_event_value', messages.compensationValueInvalid],
    ['a float', { compensation_earning_event_value: 12.5 }, 'compensation_earning_event_value', 'compensation_earning_event_value must be text, not a number'],
    ['an exponent', { compensation_earning_event_value: '1e3' }, 'compensation_earning_event_value', messages.compensationValueInvalid],
    ['a negative value', { compensation_earning_event_value: '-1.00' }, 'compensation_earning_event_value', messages.compensationValueInvalid],
    ['a day with decimals', { compensation_earning_event_day: 1.5 }, 'compensation_earning_event_day', messages.compensationDayInvalid],
    ['an unknown remuneration type', { remuneration_type: 999999 }, 'remuneration_type', messages.remunerationTypeNotFound],
    ['an unknown event type', { event_type: 999999 }, 'event_type', messages.eventTypeNotFound],
  ])('refuses %s with its message and changes nothing', async (_case, change, field, message) => {
    const before = await ofVersion();
    const answer = await server.post<ApiError>(PATH, { ...form(await unusedEventType()), ...change }, tokens.super);
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[field]).toEqual([message]);
    expect(await ofVersion()).toEqual(before);
  });

  it("another agency's campaign and compensations are out of reach: 404, nothing changed", async () => {
    const theirVersion = (await server.get<Page<CampaignVersion>>(`/service/campaign-versions/?campaign=${foreign.id}`, tokens.super)).body.results[0] as CampaignVersion;
    const theirs = await ofVersion(tokens.super, theirVersion);
    const add = await server.post<ApiError>(PATH, { ...form(eventTypes[0] as CampaignEventType), campaign: foreign.id, campaign_version: theirVersion.id }, tokens.agency);
    expect(add.status).toBe(404);
    expect(await ofVersion(tokens.agency, theirVersion)).toEqual([]);
    if (theirs[0]) {
      expect((await server.request('PUT', `${PATH}${theirs[0].id}/`, { body: form(eventTypes[0] as CampaignEventType), token: tokens.agency })).status).toBe(404);
      expect((await server.request('DELETE', `${PATH}${theirs[0].id}/`, { token: tokens.agency })).status).toBe(404);
    }
    expect(await ofVersion(tokens.super, theirVersion)).toEqual(theirs);
    const wrongVersion = await server.post<ApiError>(PATH, { ...form(await unusedEventType()), campaign_version: theirVersion.id }, tokens.super);
    expect(wrongVersion.body.errors?.campaign_version).toEqual([messages.versionOfAnotherCampaign]);
  });

  it('a compensation the campaign has paid for is kept for its history', async ({ skip }) => {
    needsSql(server, skip);
    const { rows } = await server.sql.query(
      `select c.id from event_compensation_configs c where exists (select 1 from payments p join events e on e.id = p.event_id
         where p.campaign_id = c.campaign_id and e.event_type_id = c.event_type_id) limit 1`,
    );
    const paid = rows[0]?.id as number | undefined;
    expect(paid).toBeDefined();
    const refused = await server.request<ApiError>('DELETE', `${PATH}${paid}/`, { token: tokens.super });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: messages.compensationHasPayments, code: 'in_use' });
    expect((await server.sql.query('select 1 from event_compensation_configs where id = $1', [paid])).rowCount).toBe(1);
  });
});
