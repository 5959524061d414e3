// Secure reports on the legacy admin backend (SPEC.md section 7): the list (POST
// /admin/list_secure_reports), the agencies a file may be shared with, each with its campaigns (POST
// /admin/get-secure-agencies), and a report's download ledger (GET /admin/secure_reports/{id}/ledger,
// Super Admin). The one-time code, the download and the upload go outside RTK Query (secureFiles.ts).
//
// Never kept on the device: the endpoints are named secure…, which the persisted query cache leaves
// out (backends/queryCache.ts); their data leaves memory with the screen (keepUnusedDataFor 0); the
// service worker caches none of these calls (vite.config.ts). Their failures are the screen's to show
// (SHOWS_OWN_FAILURE), so a 403 for want of Secure Page access is said once, in place.
import type { ListPage, SecureAgencies } from '../../../contract/api';
import type { SecureLedgerEntry, SecureReportRow } from '../../../contract/entities';
import { api } from '../../backends/api';
import { toListRows, type ListRows, type ListView } from '../../backends/listPages';
import { SHOWS_OWN_FAILURE } from '../../backends/baseQuery';

export const SECURE_REPORTS_LIST = { type: 'SecureReport', id: 'LIST' } as const;

export const secureReportsApi = api.enhanceEndpoints({ addTagTypes: ['SecureReport'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The caller's secure reports, newest first (the server scopes them: SPEC.md section 6). */
    secureReports: build.query<ListRows<SecureReportRow>, ListView>({
      query: (view) => ({
        backend: 'admin',
        url: 'admin/list_secure_reports',
        method: 'POST',
        body: { page_size: view.pageSize, current_page: view.page, search: view.search },
      }),
      transformResponse: (answer: ListPage<SecureReportRow>) => toListRows(answer),
      providesTags: [SECURE_REPORTS_LIST],
      keepUnusedDataFor: 0,
      extraOptions: SHOWS_OWN_FAILURE,
    }),
    secureAgencies: build.query<SecureAgencies['agencies'], void>({
      query: () => ({ backend: 'admin', url: 'admin/get-secure-agencies', method: 'POST', body: {} }),
      transformResponse: (answer: SecureAgencies) => answer.agencies,
      keepUnusedDataFor: 0,
      extraOptions: SHOWS_OWN_FAILURE,
    }),
    secureLedger: build.query<SecureLedgerEntry[], number>({
      query: (id) => ({ backend: 'admin', url: `admin/secure_reports/${id}/ledger` }),
      transformResponse: (answer: { data: SecureLedgerEntry[] }) => answer.data,
      // Each look is fresh: someone may have asked for a code since.
      keepUnusedDataFor: 0,
      extraOptions: SHOWS_OWN_FAILURE,
    }),
  }),
});

export const { useSecureReportsQuery, useSecureAgenciesQuery, useSecureLedgerQuery } = secureReportsApi;
