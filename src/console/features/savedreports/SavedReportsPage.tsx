// 'Saved for offline': the reports downloaded on this device, what each takes, and how much in
// all; each opens without a network, saves to the device again, or is removed.
import { Button, Callout, HTMLTable, Spinner } from '@blueprintjs/core';
import { DocumentOpen, Trash } from '@blueprintjs/icons';
import { Link, useNavigate } from 'react-router-dom';
import { savedReportPath } from '../../ground/paths';
import { formatBytes, removeSavedReport, savedReportsAvailable, totalSize } from '../../downloads/savedReports';
import { useSavedReports } from '../../downloads/useSavedReports';
import { savedAtText } from './savedAt';
import { EmptyState } from '../../components/EmptyState';
import { PageTitle } from '../../components/PageTitle';
import { TableScroll } from '../../components/TableScroll';

export function SavedReportsPage() {
  const reports = useSavedReports();
  const navigate = useNavigate();
  return (
    <section>
      <header className="console-page-header">
        <PageTitle>Saved for offline</PageTitle>
        {reports && reports.length > 0 && <span>{`${reports.length} ${reports.length === 1 ? 'report' : 'reports'}, ${formatBytes(totalSize(reports))} in all`}</span>}
      </header>
      <Callout className="console-prompt" compact>
        Every report you download is kept here too, and opens without a connection. They stay on this device until you remove
        them or log out.
      </Callout>
      {!savedReportsAvailable() ? (
        <EmptyState title="Reports can be saved for offline use only when the console is opened over https." />
      ) : !reports ? (
        <Spinner size={24} className="console-centered" />
      ) : reports.length === 0 ? (
        <EmptyState title="No reports saved yet" description="Download a report from a report screen and it appears here." />
      ) : (
        <TableScroll label="Saved reports">
          <HTMLTable compact striped className="console-table" aria-label="Saved reports">
            <thead>
              <tr>
                <th>Report</th>
                <th>File</th>
                <th>Saved</th>
                <th>Size</th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {reports.map((report) => (
                <tr key={report.id}>
                  <td>
                    <Link to={savedReportPath(report.id)}>{report.description}</Link>
                  </td>
                  <td>{report.filename}</td>
                  <td>{savedAtText(report.savedAt)}</td>
                  <td className="console-nowrap">{formatBytes(report.size)}</td>
                  <td className="console-row-actions">
                    <Button variant="minimal" icon={<DocumentOpen />} aria-label={`Open ${report.description}`} onClick={() => navigate(savedReportPath(report.id))}>
                      Open
                    </Button>
                    <Button variant="minimal" icon={<Trash />} aria-label={`Remove ${report.description}`} onClick={() => void removeSavedReport(report.id)}>
                      Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </TableScroll>
      )}
    </section>
  );
}
