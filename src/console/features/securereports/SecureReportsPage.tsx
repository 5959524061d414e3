// Secure Reports (SPEC.md section 2): the reports shared with the admin's agencies and campaigns (the
// server scopes the list, section 6), newest first: Description, Agency ID, Campaign ID (each with its
// name), Date Created, Created By and Download Report, which asks for a one-time code first. Upload A
// Report opens the upload popup; a Super Admin also reads each report's download ledger.
//
// Nothing of it is kept on the device (secureReportsApi.ts): offline the page says so instead of
// showing an old list. Without Secure Page access the server answers 403, and its text is the page.
import { Button, Classes, Intent } from '@blueprintjs/core';
import { Download, History, Offline, Upload } from '@blueprintjs/icons';
import { useState } from 'react';
import { reportTableTime } from '../../../contract/dates';
import type { SecureReportRow } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import { useAppSelector } from '../../ground/hooks';
import { useCallerIsSuper } from '../../ground/useCallerIsSuper';
import { ListTable, type Column } from '../../components/ListTable';
import { useListParams } from '../../address/useListParams';
import { selectOffline } from '../../http/connectivity';
import type { ApiFailure } from '../../http/failure';
import { useSecureReportsQuery } from './secureReportsApi';
import './secureReports.css';
import { dialog, OnFirstOpen } from '../../components/OnFirstOpen';
import { EmptyState } from '../../components/EmptyState';
import { PageTitle } from '../../components/PageTitle';

const UploadReportDialog = dialog(() => import('./UploadReportDialog'), 'UploadReportDialog');
const SecureDownloadDialog = dialog(() => import('./SecureDownloadDialog'), 'SecureDownloadDialog');
const LedgerDialog = dialog(() => import('./LedgerDialog'), 'LedgerDialog');

type Open = { dialog: 'upload' } | { dialog: 'download' | 'ledger'; report: SecureReportRow } | null;

/** 'Ghana Agents (3)': a name people know, with the id the specification's column names. */
const named = (name: string, id: number) => `${name} (${id})`;

function columnsFor(isSuper: boolean, open: (dialog: 'download' | 'ledger', report: SecureReportRow) => void): Array<Column<SecureReportRow>> {
  const columns: Array<Column<SecureReportRow>> = [
    {
      label: 'Description',
      cell: (row) => (
        <span className={`${Classes.TEXT_OVERFLOW_ELLIPSIS} secure-description`} title={row.description}>
          {row.description}
        </span>
      ),
    },
    { label: 'Agency ID', cell: (row) => named(row.agency_name, row.agency_id) },
    { label: 'Campaign ID', cell: (row) => named(row.campaign_name, row.campaign_id) },
    { label: 'Date Created', cell: (row) => <span className="console-nowrap">{reportTableTime(row.date_created)}</span> },
    { label: 'Created By', cell: (row) => row.created_by },
    {
      label: 'Download Report',
      cell: (row) => (
        <Button size="small" icon={<Download />} aria-description={`Download ${row.file_name} with a one-time code`} onClick={() => open('download', row)}>
          Download
        </Button>
      ),
    },
  ];
  if (!isSuper) return columns;
  return [
    ...columns,
    {
      label: 'Ledger',
      cell: (row) => (
        <Button size="small" variant="minimal" icon={<History />} aria-description={`Who asked for ${row.file_name}, and when`} onClick={() => open('ledger', row)}>
          Ledger
        </Button>
      ),
    },
  ];
}

export function SecureReportsPage() {
  const offline = useAppSelector(selectOffline);
  const isSuper = useCallerIsSuper();
  const list = useListParams();
  const { currentData, isFetching, error } = useSecureReportsQuery(list.view);
  const [open, setOpen] = useState<Open>(null);
  const failure = error && 'text' in error ? (error as ApiFailure) : undefined;
  const denied = failure?.status === 403 && !currentData;
  const columns = columnsFor(isSuper, (dialog, report) => setOpen({ dialog, report }));

  return (
    <section>
      <header className="console-page-header">
        <PageTitle>Secure Reports</PageTitle>
        {!denied && (
          <Button
            icon={<Upload />}
            intent={Intent.PRIMARY}
            disabled={offline}
            title={offline ? messages.secureNeedsConnection : undefined}
            aria-description={offline ? messages.secureNeedsConnection : undefined}
            onClick={() => setOpen({ dialog: 'upload' })}
          >
            Upload A Report
          </Button>
        )}
      </header>
      {offline ? (
        <EmptyState icon={<Offline size={48} />} title={messages.secureNeedsConnection} />
      ) : denied ? (
        <EmptyState title={failure.text} />
      ) : (
        <ListTable<SecureReportRow>
          label="Secure reports"
          columns={columns}
          rows={currentData?.rows}
          count={currentData?.count ?? 0}
          list={list}
          loading={isFetching}
          error={error && !currentData ? (failure?.text ?? 'The secure reports could not be loaded.') : undefined}
          emptyText={list.view.search ? 'No secure reports match the search' : 'No secure reports have been shared with you yet'}
          rowKey={(row) => row.id}
        />
      )}
      {open && (
        <OnFirstOpen onClose={() => setOpen(null)}>
          {open.dialog === 'upload' && <UploadReportDialog onClose={() => setOpen(null)} />}
          {open.dialog === 'download' && <SecureDownloadDialog report={open.report} onClose={() => setOpen(null)} />}
          {open.dialog === 'ledger' && <LedgerDialog report={open.report} onClose={() => setOpen(null)} />}
        </OnFirstOpen>
      )}
    </section>
  );
}
