// A saved CSV report's rows, read a chunk at a time and no further than asked: a 50 MB file costs
// its first chunk, not its whole text. Used by the preview's worker (csvPreview.worker.ts); where
// the browser has no Worker (jsdom), csvPreview.ts parses the file's first megabytes on the page.
import Papa from 'papaparse';

/** Bytes read at a time: the first rows of a report are within the first chunk. */
const CHUNK_BYTES = 256 * 1024;

/**
 * Streams a CSV's first `maxRows` rows (the header row counts), handing them over a chunk at a
 * time, then stops reading. Resolves when it stopped or the file ended.
 */
export function streamCsvRows(blob: Blob, maxRows: number, onRows: (rows: string[][]) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let taken = 0;
    // Papa Parse reads any Blob as a file (it only slices it); its types name File alone.
    Papa.parse<string[]>(blob as File, {
      skipEmptyLines: true,
      chunkSize: CHUNK_BYTES,
      chunk: (results, parser) => {
        const rows = results.data.slice(0, maxRows - taken);
        taken += rows.length;
        if (rows.length > 0) onRows(rows);
        if (taken >= maxRows) parser.abort();
      },
      complete: () => resolve(),
      error: (error) => reject(error),
    });
  });
}

/** What the page asks the worker, and what it answers: rows as they come, then done or an error. */
export interface PreviewRequest {
  blob: Blob;
  maxRows: number;
}
export type PreviewMessage = { rows: string[][] } | { done: true } | { error: string };

/** The worker's side: reads the request's rows and posts them back. */
export function answerPreviewRequest({ blob, maxRows }: PreviewRequest, post: (message: PreviewMessage) => void): Promise<void> {
  return streamCsvRows(blob, maxRows, (rows) => post({ rows })).then(
    () => post({ done: true }),
    (error: unknown) => post({ error: error instanceof Error ? error.message : String(error) }),
  );
}
