// A saved report opened from this device, with or without a network: its first rows as a table,
// read in a worker as they come (csv/csvPreview.ts), and the whole file saved to the device on request.
import { Button, Spinner } from '@blueprintjs/core';
import { ArrowLeft, Download, Trash } from '@blueprintjs/icons';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { COLUMN_LABELS } from '../../../contract/grids';
import { SAVED_REPORTS_PATH } from '../../ground/paths';
import { formatBytes, readSavedReport, removeSavedReport, saveToDevice, type SavedReport } from '../../downloads/savedReports';
import { useReportOwner } from '../../downloads/useSavedReports';
import { PREVIEW_ROWS, readCsvPreview, type PreviewReading } from '../../csv/csvPreview';
import { CsvTable } from '../../csv/CsvTable';
import { savedAtText } from './savedAt';
import { EmptyState } from '../../components/EmptyState';
import { PageTitle } from '../../components/PageTitle';

interface Opened { report: SavedReport; blob: Blob }
/** The rows read so far, and whether more may come. */
interface Preview { rows: string[][]; status: 'reading' | 'done' | 'failed' }

export function SavedReportPage() {
  const { id = '' } = useParams();
  const owner = useReportOwner();
  const navigate = useNavigate();
  const [opened, setOpened] = useState<Opened | null>();
  const [preview, setPreview] = useState<Preview>({ rows: [], status: 'reading' });

  useEffect(() => {
    let current = true;
    let reading: PreviewReading | undefined;
    void (async () => {
      const found = await readSavedReport(id, owner).catch(() => undefined);
      if (!current) return;
      setOpened(found ?? null);
      if (!found?.report.mime.includes('csv')) {
        setPreview({ rows: [], status: 'done' });
        return;
      }
      setPreview({ rows: [], status: 'reading' });
      reading = readCsvPreview(found.blob, (rows) => current && setPreview((shown) => ({ ...shown, rows: [...shown.rows, ...rows] })));
      reading.finished.then(
        () => current && setPreview((shown) => ({ ...shown, status: 'done' })),
        () => current && setPreview((shown) => ({ ...shown, status: 'failed' })),
      );
    })();
    return () => {
      current = false;
      reading?.cancel();
    };
  }, [id, owner]);

  const back = (
    <Button variant="minimal" icon={<ArrowLeft />} onClick={() => navigate(SAVED_REPORTS_PATH)}>
      Saved for offline
    </Button>
  );
  if (opened === undefined) return <Spinner size={24} className="console-centered" aria-label="Opening the report" />;
  if (opened === null) return <EmptyState title="This report is no longer saved on this device." action={back} />;

  const { report, blob } = opened;
  const { rows, status } = preview;
  const underHeader = rows.length - 1;
  return (
    <section>
      {back}
      <header className="console-page-header">
        <PageTitle>{report.description}</PageTitle>
        <span>
          <Button icon={<Download />} onClick={() => saveToDevice(blob, report.filename)}>
            Save file
          </Button>{' '}
          <Button
            variant="minimal"
            icon={<Trash />}
            onClick={() => void removeSavedReport(report.id).then(() => navigate(SAVED_REPORTS_PATH))}
          >
            Remove
          </Button>
        </span>
      </header>
      <p>{`${report.filename}, ${formatBytes(report.size)}, saved ${savedAtText(report.savedAt)}.`}</p>
      {rows.length === 0 && status === 'reading' ? (
        <Spinner size={24} className="console-centered" aria-label="Reading the report" />
      ) : rows.length === 0 ? (
        <EmptyState title="This file cannot be shown here." description="Save it to the device to open it." />
      ) : (
        <>
          {underHeader >= PREVIEW_ROWS && <p>{`The first ${PREVIEW_ROWS} rows are shown; save the file for all of them.`}</p>}
          <CsvTable label={report.description} rows={rows} headerText={(key) => COLUMN_LABELS.get(key) ?? key} emptyText="No rows" />
        </>
      )}
    </section>
  );
}
