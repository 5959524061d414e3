// Legacy admin backend: GET /admin/campaigns, the campaign choices of the caller's scope.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { campaignChoice, listPage } from '../../../contract/api';
import { listQuery } from '../../../contract/schemas/lists';
import type { Database } from '../../db/client';
import { CAMPAIGN_SORT, listCampaignChoices } from '../../domain/campaigns/campaignChoices';
import { listParamsOf } from '../../domain/lists';

export const campaignRoutes = (reads: Database): FastifyPluginAsyncZod => async (app) => {
  app.get('/campaigns', { schema: { summary: "List the campaigns in the caller's scope, as filter and form choices", operationId: 'listCampaignChoices', querystring: listQuery, response: { 200: listPage(campaignChoice) } } }, async (request) =>
    listCampaignChoices(reads, { scope: request.caller.scope, params: listParamsOf(request.query, CAMPAIGN_SORT) }),
  );
};
