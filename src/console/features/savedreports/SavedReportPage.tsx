// A saved report opened from this device, with or without a network: its first rows as a table
// (papaparse reads only what it shows), and the whole file saved to the device on request.
import { Button, H2, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { ArrowLeft, Download, Trash } from '@blueprintjs/icons';
import Papa from 'papaparse';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { SAVED_REPORTS_PATH } from '../../app/tabs';
import { formatBytes, readSavedReport, removeSavedReport, saveToDevice, type SavedReport } from '../../downloads/savedReports';
import { useReportOwner } from '../../downloads/useSavedReports';
import { savedAtText } from './savedAt';

/** Rows shown on screen; the file holds the rest. */
export const PREVIEW_ROWS = 200;

interface Opened { report: SavedReport; blob: Blob; rows: string[][] }

/** The first rows of a CSV file (the header row first). */
export async function previewRows(blob: Blob, rows = PREVIEW_ROWS): Promise<string[][]> {
  // Parsing text of the first megabytes keeps a 50 MB file from being read whole.
  const head = await blob.slice(0, 4 * 1024 * 1024).text();
  return Papa.parse<string[]>(head, { preview: rows + 1, skipEmptyLines: true }).data;
}

export function SavedReportPage() {
  const { id = '' } = useParams();
  const owner = useReportOwner();
  const navigate = useNavigate();
  const [opened, setOpened] = useState<Opened | null>();

  useEffect(() => {
    let current = true;
    void (async () => {
      const found = await readSavedReport(id, owner).catch(() => undefined);
      const result = found ? { ...found, rows: found.report.mime.includes('csv') ? await previewRows(found.blob) : [] } : null;
      if (current) setOpened(result);
    })();
    return () => {
      current = false;
    };
  }, [id, owner]);

  const back = (
    <Button variant="minimal" icon={<ArrowLeft />} onClick={() => navigate(SAVED_REPORTS_PATH)}>
      Saved for offline
    </Button>
  );
  if (opened === undefined) return <Spinner size={24} className="console-centered" aria-label="Opening the report" />;
  if (opened === null) return <NonIdealState title="This report is no longer saved on this device." action={back} />;

  const { report, blob, rows } = opened;
  const [header = [], ...body] = rows;
  return (
    <section>
      {back}
      <header className="console-page-header">
        <H2>{report.description}</H2>
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
      {rows.length === 0 ? (
        <NonIdealState title="This file cannot be shown here." description="Save it to the device to open it." />
      ) : (
        <>
          {body.length >= PREVIEW_ROWS && <p>{`The first ${PREVIEW_ROWS} rows are shown; save the file for all of them.`}</p>}
          <div className="console-table-scroll">
            <HTMLTable compact striped className="console-table" aria-label={report.description}>
              <thead>
                <tr>
                  {header.map((cell, index) => (
                    <th key={index}>{cell}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {body.length === 0 ? (
                  <tr>
                    <td colSpan={Math.max(1, header.length)}>No rows</td>
                  </tr>
                ) : (
                  body.map((row, index) => (
                    <tr key={index}>
                      {row.map((cell, column) => (
                        <td key={column}>{cell}</td>
                      ))}
                    </tr>
                  ))
                )}
              </tbody>
            </HTMLTable>
          </div>
        </>
      )}
    </section>
  );
}
