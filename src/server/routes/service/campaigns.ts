// Service backend: GET /service/campaigns/, GET and PUT /service/campaigns/{id}/, and the agencies' campaign
// type settings, GET /service/agency-campaign-type-configs/ (?agency=) and .../{id}/ (SPEC.md
// section 7; the two {id} calls are ours, for the detail screens), paged the backend's way and
// scoped to the caller (section 6).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { page } from '../../../contract/api';
import { agencyCampaignTypeConfig, campaign } from '../../../contract/entities';
import { agencyConfigQuery, campaignForm, campaignQuery } from '../../../contract/schemas/campaigns';
import { idParams } from '../../../contract/schemas/fields';
import type { Databases } from '../../db/client';
import { findAgencyConfig, listAgencyConfigs } from '../../domain/agencies/campaignTypeConfigs';
import { CAMPAIGN_SORT, findCampaign, listCampaigns, saveCampaign } from '../../domain/campaigns/campaigns';
import { servicePageOf } from '../../http/pages';

export const serviceCampaignRoutes = ({ db, reads }: Databases): FastifyPluginAsyncZod => async (app) => {
  app.get('/campaigns/', { schema: { summary: "List the caller's campaigns, with their latest version's budget", operationId: 'listCampaigns', querystring: campaignQuery, response: { 200: page(campaign) } } }, async (request) =>
    servicePageOf(request, CAMPAIGN_SORT, (params) => listCampaigns(reads, request.caller.scope, request.query, params)));

  app.get('/campaigns/:id/', { schema: { summary: "Read one of the caller's campaigns", operationId: 'getCampaign', params: idParams, response: { 200: campaign } } }, async (request) =>
    findCampaign(db, request.caller.scope, request.params.id),
  );

  // The name; the active flag for a Super Admin only. Budgets and settings are not writable here.
  app.put('/campaigns/:id/', { schema: { summary: 'Rename a campaign or, as a Super Admin, switch it on or off', operationId: 'updateCampaign', params: idParams, body: campaignForm, response: { 200: campaign } } }, async (request) =>
    saveCampaign(db, request.caller, request.params.id, request.body),
  );

  app.get(
    '/agency-campaign-type-configs/',
    { schema: { summary: "List an agency's campaign type settings", operationId: 'listAgencyCampaignTypeConfigs', querystring: agencyConfigQuery, response: { 200: page(agencyCampaignTypeConfig) } } },
    async (request) =>
      servicePageOf(request, [], (params) => listAgencyConfigs(reads, request.caller.scope, request.query.agency, params)),
  );

  app.get('/agency-campaign-type-configs/:id/', { schema: { summary: "Read one of an agency's campaign type settings", operationId: 'getAgencyCampaignTypeConfig', params: idParams, response: { 200: agencyCampaignTypeConfig } } }, async (request) =>
    findAgencyConfig(db, request.caller.scope, request.params.id),
  );
};
