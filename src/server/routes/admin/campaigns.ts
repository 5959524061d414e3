// Legacy admin backend: GET /admin/campaigns, the campaign choices of the caller's scope.
import type { FastifyPluginAsync } from 'fastify';
import { scopeOf } from '../../auth/scope';
import type { Database } from '../../db/client';
import { sessionOf } from '../../http/authentication';
import { CAMPAIGN_SORT, listCampaignChoices } from './campaignRepository';
import { parseListQuery } from './lists';

export const campaignRoutes = (db: Database): FastifyPluginAsync => async (app) => {
  app.get('/campaigns', async (request) => {
    const params = parseListQuery(request.query, CAMPAIGN_SORT);
    return listCampaignChoices(db, { scope: await scopeOf(db, sessionOf(request)), params });
  });
};
