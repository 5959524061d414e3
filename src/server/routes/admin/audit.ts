// Legacy admin backend (ours, issue 35): the audit trail beside its grid (POST /admin/audit, a grid
// call of routes/admin/grids.ts): one entry's before and after and the admins for its filter (a Super
// Admin's), and the latest changes in the caller's scope for every admin (Stats).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditAdmins, auditEntry, auditEntryQuery, auditLatest, auditLatestQuery } from '../../../contract/audit';
import { auditGrid } from '../../../contract/grids';
import type { OpenDatabase } from '../../db/client';
import * as trail from '../../domain/auditTrail';

/** The trail's entries are a Super Admin's, as its grid's readers say, refused to anyone else before the query is read. */
const SUPER_ADMIN = auditGrid.readers;

export const auditRoutes = (database: OpenDatabase): FastifyPluginAsyncZod => async (app) => {
  const { reads } = database;

  app.get(
    '/audit/entry',
    {
      config: SUPER_ADMIN,
      schema: {
        summary: 'One audit entry (Super Admin): who, when, what, and the record before and after the change',
        description: '404: no entry has this id.',
        operationId: 'getAuditEntry',
        querystring: auditEntryQuery,
        response: { 200: auditEntry },
      },
    },
    async (request) => trail.auditEntry(reads, request.query.id),
  );

  app.get(
    '/audit/admins',
    {
      config: SUPER_ADMIN,
      schema: {
        summary: "The admins who made changes (Super Admin), by name: the Audit grid's admin filter",
        operationId: 'listAuditAdmins',
        response: { 200: auditAdmins },
      },
    },
    async () => ({ data: await trail.auditAdmins(reads) }),
  );

  app.get(
    '/audit/latest',
    {
      schema: {
        summary: "The latest changes in the caller's scope, newest first (Stats, 'What changed')",
        description: 'Every admin: a Super Admin sees every change; an Agency Admin the changes concerning their agencies; a Campaign Admin those concerning their campaigns, or their agencies as a whole. Changes to reference data and admin users are a Super Admin\'s only. No before and after: GET /admin/audit/entry is a Super Admin\'s.',
        operationId: 'listAuditLatest',
        querystring: auditLatestQuery,
        response: { 200: auditLatest },
      },
    },
    async (request) => ({ data: await trail.latestChanges(reads, request.caller.scope, request.query.limit) }),
  );
};
