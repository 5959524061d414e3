// Legacy admin backend (ours, issue 35): the audit trail. The Audit grid (a Super Admin's, like every
// grid: a page of entries and their count, or all of them as CSV), one entry's before and after, the
// admins for its filter, and the latest changes in the caller's scope for every admin (Stats).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gridPage } from '../../../contract/api';
import { auditAdmins, auditEntry, auditEntryQuery, auditLatest, auditLatestQuery } from '../../../contract/audit';
import { GRID_EXPORT_CSV } from '../../../contract/constants';
import { gridRowSchema } from '../../../contract/gridRows';
import { auditGrid } from '../../../contract/grids';
import * as messages from '../../../contract/messages';
import { gridQuery } from '../../../contract/schemas/gridQuery';
import type { OpenDatabase } from '../../db/client';
import * as trail from '../../domain/auditTrail';
import { auditTrail } from '../../domain/grids/audit';
import { sendCsv } from '../../reports/csv';
import { rowPerLine } from './grids';

/** The trail's entries are a Super Admin's, refused to anyone else before the body is read. */
const SUPER_ADMIN = { requires: 'Super Admin', refusal: messages.auditSuperOnly } as const;

export const auditRoutes = (database: OpenDatabase): FastifyPluginAsyncZod => async (app) => {
  const { reads } = database;

  app.post(
    '/audit',
    {
      config: SUPER_ADMIN,
      schema: {
        summary: 'Audit grid (Super Admin): every change made through the console, a page of entries and their count, or all as CSV',
        description: 'The grid body of the other grids, with the filters admin (a user id, GET /admin/audit/admins) and entity (what changed: admin_user, campaign, payment_run, ...). The dates filter when the change arrived. offline is true for a write made offline and replayed from the outbox; made_at is when the admin made it. With export "csv", the file audit_<start>_<end>.csv.',
        operationId: 'listAudit',
        body: gridQuery,
        response: {
          200: {
            description: `${auditGrid.title}: a page of rows and their count; with export "csv", the whole filtered result as a file`,
            content: { 'application/json': { schema: gridPage(gridRowSchema(auditGrid)) }, 'text/csv': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const gridRequest = { scope: request.caller.scope, body: request.body };
      if (request.body.export === GRID_EXPORT_CSV) return sendCsv(reply, database, auditTrail.csv(gridRequest));
      const page = await auditTrail.page(reads, gridRequest);
      // All rows (page_size 0): one row per line, as every grid answers it (routes/admin/grids.ts).
      if (request.body.page_size !== 0) return page;
      return reply.type('application/json; charset=utf-8').send(rowPerLine(page));
    },
  );

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
