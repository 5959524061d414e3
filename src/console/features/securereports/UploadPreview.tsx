// What is about to be uploaded: the CSV file's first rows under its header row, and how many rows it
// holds, read by Papa Parse in a worker (csv/csvPreview.ts). The first rows come at once; the count
// follows once the whole file (up to 20 MB) has been read, and the page stays responsive meanwhile.
import { Callout, Classes, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import * as messages from '../../../contract/messages';
import { readCsvPreview } from '../../csv/csvPreview';
import { formatRows } from '../../format/formatCount';
import { CsvTable } from '../../csv/CsvTable';

/** Rows shown under the header row. */
export const UPLOAD_PREVIEW_ROWS = 10;

interface Reading {
  file: File;
  rows: string[][];
  /** Rows in the file, header row included; undefined while it is still being read. */
  count?: number;
  failed?: boolean;
}

function useCsvPreview(file: File): Reading {
  const [reading, setReading] = useState<Reading>({ file, rows: [] });
  useEffect(() => {
    let current = true;
    // A reading of another file (the one chosen before) starts from nothing.
    const update = (change: (shown: Reading) => Partial<Reading>) =>
      current && setReading((shown) => {
        const base = shown.file === file ? shown : { file, rows: [] };
        return { ...base, ...change(base) };
      });
    const preview = readCsvPreview(
      file,
      (rows) => update((shown) => ({ rows: [...shown.rows, ...rows] })),
      UPLOAD_PREVIEW_ROWS,
      (count) => update(() => ({ count })),
    );
    preview.finished.catch(() => update(() => ({ failed: true })));
    return () => {
      current = false;
      preview.cancel();
    };
  }, [file]);
  return reading.file === file ? reading : { file, rows: [] };
}

const rowsText = (rows: number) => `${formatRows(rows)} below the header`;

export function UploadPreview({ file }: { file: File }) {
  const { rows, count, failed } = useCsvPreview(file);
  if (failed) {
    return (
      <Callout intent={Intent.WARNING} role="status">
        This file could not be read as CSV here: the server will check it.
      </Callout>
    );
  }
  if (count === 0) {
    return (
      <Callout intent={Intent.WARNING} role="status">
        {messages.secureFileEmpty}
      </Callout>
    );
  }
  return (
    <section aria-label={`Preview of ${file.name}`} className="secure-upload-preview">
      <p className={Classes.TEXT_MUTED} role="status">
        {count === undefined ? 'Counting the rows…' : rowsText(count - 1)}
      </p>
      {rows.length > 0 && <CsvTable label={`First rows of ${file.name}`} rows={rows} />}
    </section>
  );
}
