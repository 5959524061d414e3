// Service backend: GET /service/agencies/, /service/agencies/{id}/, /service/agencies-countries/,
// /service/agencies-languages/ and /service/agencies-campaign-types/ (SPEC.md section 7), paged the
// backend's way (http/pages.ts) and scoped to the caller (section 6).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { page } from '../../../contract/api';
import { agency, campaignType, country, language } from '../../../contract/entities';
import { agencyQuery } from '../../../contract/schemas/campaigns';
import { idParams } from '../../../contract/schemas/fields';
import { pageQuery } from '../../../contract/schemas/lists';
import type { Databases } from '../../db/client';
import { AGENCY_SORT, findAgency, listAgencies, listAgencyCountries, listAgencyLanguages, listCampaignTypes } from '../../domain/agencies/agencies';
import { servicePageOf } from '../../http/pages';

export const serviceAgencyRoutes = ({ db, reads }: Databases): FastifyPluginAsyncZod => async (app) => {
  app.get('/agencies/', { schema: { summary: "List the caller's agencies with their country, currency and language", operationId: 'listAgencies', querystring: agencyQuery, response: { 200: page(agency) } } }, async (request) =>
    servicePageOf(request, AGENCY_SORT, (params) => listAgencies(reads, request.caller.scope, request.query, params)));

  app.get('/agencies/:id/', { schema: { summary: "Read one of the caller's agencies", operationId: 'getAgency', params: idParams, response: { 200: agency } } }, async (request) =>
    findAgency(db, request.caller.scope, request.params.id),
  );

  app.get('/agencies-countries/', { schema: { summary: "List the countries of the caller's agencies", operationId: 'listAgencyCountries', querystring: pageQuery, response: { 200: page(country) } } }, async (request) =>
    servicePageOf(request, [], (params) => listAgencyCountries(reads, request.caller.scope, params)));

  app.get('/agencies-languages/', { schema: { summary: "List the languages of the caller's agencies", operationId: 'listAgencyLanguages', querystring: pageQuery, response: { 200: page(language) } } }, async (request) =>
    servicePageOf(request, [], (params) => listAgencyLanguages(reads, request.caller.scope, params)));

  app.get('/agencies-campaign-types/', { schema: { summary: 'List the campaign types, each with its compensation type', operationId: 'listCampaignTypes', querystring: pageQuery, response: { 200: page(campaignType) } } }, async (request) =>
    servicePageOf(request, [], (params) => listCampaignTypes(reads, params)));
};
