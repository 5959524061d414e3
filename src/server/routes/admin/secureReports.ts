// Legacy admin backend: secure reports (SPEC.md section 7, issue 16). The list, the agencies a file
// may be shared with, a download code for one report, the download with that code, the legacy
// upload (a Super Admin shares one file with several agencies and campaigns), and the download
// ledger (ours). Every call needs Secure Page access (domain/secureReports).
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listPage, secureAgencies as secureAgenciesAnswer, secureOtpSent } from '../../../contract/api';
import { LEGACY_SECURE_UPLOAD_EXTENSIONS } from '../../../contract/constants';
import { secureLedgerEntry, secureReportRow } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import { idParams } from '../../../contract/schemas/fields';
import { listQuery } from '../../../contract/schemas/lists';
import { legacySecureUploadFields, secureDownloadRequest, secureOtpRequest } from '../../../contract/schemas/secureReports';
import type { SignIn } from '../../auth/signIn';
import type { Database } from '../../db/client';
import { legacyPageOf } from '../../domain/lists';
import {
  listSecureReports, openSecureReport, secureAgencies, secureFileContent, secureLedger, sendSecureCode, shareSecureFile,
} from '../../domain/secureReports/secureReports';
import { readSecureUpload } from '../../domain/secureReports/uploads';
import { SECURE_PAGE_CALL, UPLOAD_CALL } from '../../http/routeConfig';
import { installUploads, readUploadForm } from '../../http/uploads';
import { safeFilename } from '../../reports/csv';

/** `attachment` with the file's name: plain ASCII for old clients, the exact name in UTF-8 (RFC 6266) for the others. */
const attachment = (name: string) => `attachment; filename="${safeFilename(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export const secureReportRoutes = (db: Database, signIn: SignIn): FastifyPluginAsyncZod => async (app) => {
  app.post('/list_secure_reports', { config: SECURE_PAGE_CALL.config, schema: { summary: 'List the secure reports the caller may see, newest first (Secure Page access)', operationId: 'listSecureReports', body: listQuery, response: { 200: listPage(secureReportRow) } } }, async (request) => {
    const { rows, count } = await listSecureReports(db, request.caller.scope, { search: request.body.search }, legacyPageOf(request.body));
    return { data: rows, count };
  });

  app.post('/get-secure-agencies', { config: SECURE_PAGE_CALL.config, schema: { summary: "List the agencies and campaigns in the caller's scope a secure file may be shared with", operationId: 'listSecureAgencies', response: { 200: secureAgenciesAnswer } } }, async (request) => {
    return secureAgencies(db, request.caller.scope);
  });

  // Both act on a one-time code: never replayed.
  app.post('/send_secure_otp', { config: { replayable: false }, schema: { summary: 'Email the caller a one-time code to download one secure report', operationId: 'sendSecureCode', body: secureOtpRequest, response: { 200: secureOtpSent } } }, async (request) =>
    sendSecureCode(db, signIn, request.caller, request.body.report_id, request.ip),
  );

  app.post(
    '/download_secure',
    {
      config: { replayable: false },
      schema: {
        summary: "Download a secure report's file with its one-time code",
        operationId: 'downloadSecureReport',
        body: secureDownloadRequest,
        response: { 200: { description: 'The file, with its SHA-256 in X-Content-SHA256', content: { 'application/octet-stream': { schema: z.string() } } } },
      },
    },
    async (request, reply) => {
      const report = await openSecureReport(db, signIn, request.caller, { reportId: request.body.id, code: request.body.otp, address: request.ip });
      return reply
        .type(report.mime)
        .header('content-disposition', attachment(report.file_name))
        .header('cache-control', 'no-store')
        .header('x-content-sha256', report.sha256)
        .header('content-length', report.size)
        .send(Readable.from(secureFileContent(db, report.sha256)) as never);
    },
  );

  app.get(
    '/secure_reports/:id/ledger',
    {
      config: { requires: 'Super Admin', refusal: messages.secureLedgerSuperOnly },
      schema: {
        summary: 'List who asked for a code for a secure report, downloaded it or was refused, newest first (Super Admin)',
        operationId: 'listSecureReportLedger',
        params: idParams,
        response: { 200: z.object({ data: z.array(secureLedgerEntry) }) },
      },
    },
    async (request) => ({ data: await secureLedger(db, request.params.id) }),
  );

  await app.register(async (uploads) => {
    await installUploads(uploads);
    uploads.post(
      '/upload_secure',
      {
        // Sharing with several agencies is a Super Admin's (section 6), refused before the file is read.
        config: { ...UPLOAD_CALL.config, requires: 'Super Admin', refusal: messages.secureShareSuperOnly },
        schema: {
          summary: 'Share one file with several agencies and campaigns at once (Super Admin)',
          operationId: 'shareSecureFile',
          description: 'multipart/form-data: agencies (JSON text: [{"agency_id": 3, "campaign_id": 7}]) and one file (.csv, .pdf or .xlsx, checked by its content). One report per pair, all or none. 201 when any is new; 200 when every pair already held this file.',
          response: { 200: z.object({ data: z.array(secureReportRow) }), 201: z.object({ data: z.array(secureReportRow) }) },
        },
      },
      async (request, reply) => {
        const upload = await readSecureUpload(db, request.caller.scope, (beforeFile) => readUploadForm(request, beforeFile), {
          fields: legacySecureUploadFields,
          targetsOf: (fields) => fields.agencies.map((pair) => ({ agencyId: pair.agency_id, campaignId: pair.campaign_id })),
          extensions: LEGACY_SECURE_UPLOAD_EXTENSIONS,
          wrongExtension: messages.secureLegacyFileTypes,
        });
        const { reports, created } = await shareSecureFile(db, request.caller, upload.file, upload.targets);
        return reply.code(created ? 201 : 200).send({ data: reports });
      },
    );
  });
};
