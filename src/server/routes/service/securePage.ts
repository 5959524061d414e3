// Service backend: the secure page (SPEC.md section 7, issue 16). GET /service/payments-secure-page/
// pages the secure reports the caller sees, narrowed by campaign_id or agency_id; POST uploads one
// CSV file (multipart: agency_id, campaign_id, created_by_id, file) shared with one agency and
// campaign. created_by_id is ignored: the caller creates the report.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { page } from '../../../contract/api';
import { SECURE_UPLOAD_EXTENSION } from '../../../contract/constants';
import { secureReportRow } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import { securePageQuery, securePageUploadFields } from '../../../contract/schemas/secureReports';
import type { Database } from '../../db/client';
import { listSecureReports, shareSecureFile } from '../../domain/secureReports/secureReports';
import { readSecureUpload } from '../../domain/secureReports/uploads';
import { pageParamsOf } from '../../domain/lists';
import { servicePage } from '../../http/pages';
import { installUploads, readUploadForm } from '../../http/uploads';
import { SECURE_PAGE_CALL, UPLOAD_CALL } from '../../http/routeConfig';

export const securePageRoutes = (db: Database): FastifyPluginAsyncZod => async (app) => {
  app.get('/payments-secure-page/', { config: SECURE_PAGE_CALL.config, schema: { summary: 'List the secure reports the caller may see, by agency or campaign (Secure Page access)', operationId: 'listSecurePageReports', querystring: securePageQuery, response: { 200: page(secureReportRow) } } }, async (request) => {
    const { agency_id, campaign_id, search } = request.query;
    const paging = pageParamsOf(request.query, []);
    const { rows, count } = await listSecureReports(db, request.caller.scope, { agencyId: agency_id, campaignId: campaign_id, search }, paging);
    return servicePage(request, rows, count, paging);
  });

  await app.register(async (uploads) => {
    await installUploads(uploads);
    uploads.post(
      '/payments-secure-page/',
      {
        // Refused before the file is read.
        config: { ...UPLOAD_CALL.config, ...SECURE_PAGE_CALL.config },
        schema: {
          summary: 'Upload a CSV file as a secure report for one agency and campaign (Secure Page access)',
          operationId: 'uploadSecureReport',
          description: 'multipart/form-data: agency_id, campaign_id, created_by_id (ignored), and one CSV file. 201 a new report; 200 the report that already holds this file for that agency and campaign.',
          response: { 200: secureReportRow, 201: secureReportRow },
        },
      },
      async (request, reply) => {
        const upload = await readSecureUpload(db, request.caller.scope, (beforeFile) => readUploadForm(request, beforeFile), {
          fields: securePageUploadFields,
          targetsOf: (fields) => [{ agencyId: fields.agency_id, campaignId: fields.campaign_id }],
          extensions: [SECURE_UPLOAD_EXTENSION],
          wrongExtension: messages.onlyCsvAllowed,
        });
        const { reports, created } = await shareSecureFile(db, request.caller, upload.file, upload.targets);
        return reply.code(created ? 201 : 200).send(reports[0]);
      },
    );
  });
};
