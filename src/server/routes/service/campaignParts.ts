// Service backend: the parts of a campaign (SPEC.md section 7): GET /service/campaign-versions/ and PUT .../{id}/,
// GET, POST and DELETE /service/campaign-languages/, GET /service/campaigns-remuneration-types/ and
// /service/campaigns-event-types/, and the compensations of a version (GET, POST, PUT, DELETE
// /service/campaigns-compensation-earning-event-configs/); paged the backend's way and reached through the campaigns the
// caller sees (section 6).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { page } from '../../../contract/api';
import { campaignEventType, campaignLanguage, campaignVersion, eventCompensationConfig, remunerationType } from '../../../contract/entities';
import { campaignLanguageForm, campaignPartQuery, campaignVersionForm, compensationForm, compensationQuery } from '../../../contract/schemas/campaigns';
import { idParams } from '../../../contract/schemas/fields';
import { pageQuery } from '../../../contract/schemas/lists';
import type { Databases } from '../../db/client';
import {
  addCampaignLanguage, deleteCampaignLanguage, listCampaignEventTypes, listCampaignLanguages, listCampaignVersions, listRemunerationTypes,
  saveCampaignVersion,
} from '../../domain/campaigns/campaignParts';
import { deleteCompensation, listCompensations, saveCompensation } from '../../domain/campaigns/compensations';
import { servicePageOf } from '../../http/pages';

export const serviceCampaignPartRoutes = ({ db, reads }: Databases): FastifyPluginAsyncZod => async (app) => {
  app.get('/campaign-versions/', { schema: { summary: "List a campaign's versions, newest first", operationId: 'listCampaignVersions', querystring: campaignPartQuery, response: { 200: page(campaignVersion) } } }, async (request) =>
    servicePageOf(request, [], (params) => listCampaignVersions(reads, request.caller.scope, request.query.campaign, params)));

  app.put(
    '/campaign-versions/:id/',
    { schema: { summary: "Change a campaign version's maximum number of agents", operationId: 'updateCampaignVersion', params: idParams, body: campaignVersionForm, response: { 200: campaignVersion } } },
    async (request) => saveCampaignVersion(db, request.caller, request.params.id, request.body),
  );

  app.get('/campaign-languages/', { schema: { summary: "List a campaign's languages", operationId: 'listCampaignLanguages', querystring: campaignPartQuery, response: { 200: page(campaignLanguage) } } }, async (request) =>
    servicePageOf(request, [], (params) => listCampaignLanguages(reads, request.caller.scope, request.query.campaign, params)));

  app.post('/campaign-languages/', { schema: { summary: 'Add a language to a campaign', operationId: 'addCampaignLanguage', body: campaignLanguageForm, response: { 201: campaignLanguage } } }, async (request, reply) =>
    reply.code(201).send(await addCampaignLanguage(db, request.caller, request.body)),
  );

  app.delete('/campaign-languages/:id', { schema: { summary: 'Remove a language from a campaign', operationId: 'deleteCampaignLanguage', params: idParams, response: { 204: z.null().describe('Deleted') } } }, async (request, reply) => {
    await deleteCampaignLanguage(db, request.caller, request.params.id);
    return reply.code(204).send(null);
  });

  const compensations = '/campaigns-compensation-earning-event-configs/';
  app.get(compensations, { schema: { summary: "List a campaign version's compensations, one per event type", operationId: 'listCompensations', querystring: compensationQuery, response: { 200: page(eventCompensationConfig) } } }, async (request) =>
    servicePageOf(request, [], (params) => listCompensations(reads, request.caller.scope, request.query.campaign_version, params)));

  app.post(compensations, { schema: { summary: 'Add a compensation for an event type to a campaign version', operationId: 'addCompensation', body: compensationForm, response: { 201: eventCompensationConfig } } }, async (request, reply) =>
    reply.code(201).send(await saveCompensation(db, request.caller, undefined, request.body)),
  );

  app.put(`${compensations}:id/`, { schema: { summary: "Change a compensation's value, day, event type or remuneration type", operationId: 'updateCompensation', params: idParams, body: compensationForm, response: { 200: eventCompensationConfig } } }, async (request) =>
    saveCompensation(db, request.caller, request.params.id, request.body),
  );

  app.delete(`${compensations}:id/`, { schema: { summary: 'Delete a compensation whose event type its campaign has not paid for yet', operationId: 'deleteCompensation', params: idParams, response: { 204: z.null().describe('Deleted') } } }, async (request, reply) => {
    await deleteCompensation(db, request.caller, request.params.id);
    return reply.code(204).send(null);
  });

  app.get('/campaigns-remuneration-types/', { schema: { summary: 'List the remuneration types', operationId: 'listRemunerationTypes', querystring: pageQuery, response: { 200: page(remunerationType) } } }, async (request) =>
    servicePageOf(request, [], (params) => listRemunerationTypes(reads, params)));

  app.get('/campaigns-event-types/', { schema: { summary: 'List the event types a campaign can pay for', operationId: 'listCampaignEventTypes', querystring: pageQuery, response: { 200: page(campaignEventType) } } }, async (request) =>
    servicePageOf(request, [], (params) => listCampaignEventTypes(reads, params)));
};
