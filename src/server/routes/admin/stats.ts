// Legacy admin backend (ours, issue 35): the Stats tab, one call per card group. Every signed-in
// admin may call them; each answers within the caller's scope as the grids do (SPEC.md section 6).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statsAttention, statsCharts, statsFigures, statsPeriod, statsQuery } from '../../../contract/stats';
import type { Database } from '../../db/client';
import * as stats from '../../domain/stats/stats';

const PERIOD = 'start_date and end_date as the grids take them (DD-MMM-YYYY); left out, the last 30 days ending today (UTC).';
const LINKS = 'Each figure carries its link: the grid and the grid body whose rows it counts or sums (contract stats.ts statsGridLink).';

export const statsRoutes = (reads: Database): FastifyPluginAsyncZod => async (app) => {
  app.get(
    '/stats/attention',
    {
      schema: {
        summary: 'What needs attention: runs awaiting approval, failed or stuck jobs, budgets, held-back payments, fraud jumps',
        description: `${LINKS} Runs and held-back payments are null for an Agency Admin, who does not see payment runs.`,
        operationId: 'getStatsAttention',
        response: { 200: statsAttention },
      },
    },
    async (request) => stats.statsAttention(reads, request.caller.scope),
  );

  app.get(
    '/stats/figures',
    {
      schema: {
        summary: "The period's headline figures, each beside the previous period's (the same length just before)",
        description: `${PERIOD} ${LINKS} Amounts are per currency, never summed across two.`,
        operationId: 'getStatsFigures',
        querystring: statsQuery,
        response: { 200: statsFigures },
      },
    },
    async (request) => stats.statsFigures(reads, request.caller.scope, statsPeriod(request.query, stats.todayUtc())),
  );

  app.get(
    '/stats/charts',
    {
      schema: {
        summary: "The period's charts: events per day, payments due and paid per week, budgets, fraud per 1,000 events",
        description: `${PERIOD} ${LINKS}`,
        operationId: 'getStatsCharts',
        querystring: statsQuery,
        response: { 200: statsCharts },
      },
    },
    async (request) => stats.statsCharts(reads, request.caller.scope, statsPeriod(request.query, stats.todayUtc())),
  );
};
