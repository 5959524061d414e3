// A CSV file's rows, read a chunk at a time and no further than asked: a 50 MB file costs its first
// chunk, not its whole text. Asked to count, it reads to the end and counts every row, keeping none
// past the first (a secure report's upload says how many rows it holds). Used by the preview's worker
// (csvPreview.worker.ts); where the browser has no Worker (jsdom), csvPreview.ts parses on the page.
import Papa from 'papaparse';

/** Bytes read at a time: the first rows of a report are within the first chunk. */
const CHUNK_BYTES = 256 * 1024;

/**
 * Streams a CSV's first `maxRows` rows (the header row counts), handing them over a chunk at a
 * time, then stops reading, or with `countAll` reads on to the end. Resolves with the number of
 * rows parsed: with `countAll`, every row of the file.
 */
export function streamCsvRows(blob: Blob, maxRows: number, onRows: (rows: string[][]) => void, countAll = false): Promise<number> {
  return new Promise((resolve, reject) => {
    let taken = 0;
    let counted = 0;
    // Papa Parse reads any Blob as a file (it only slices it); its types name File alone.
    Papa.parse<string[]>(blob as File, {
      skipEmptyLines: true,
      chunkSize: CHUNK_BYTES,
      chunk: (results, parser) => {
        counted += results.data.length;
        const rows = results.data.slice(0, Math.max(0, maxRows - taken));
        taken += rows.length;
        if (rows.length > 0) onRows(rows);
        if (taken >= maxRows && !countAll) parser.abort();
      },
      complete: () => resolve(counted),
      error: (error) => reject(error),
    });
  });
}

/**
 * What the page asks the worker, and what it answers: rows as they come, then (when asked to count)
 * the number of rows in the file, header row included, then done; or an error.
 */
export interface PreviewRequest {
  blob: Blob;
  maxRows: number;
  countRows?: boolean;
}
export type PreviewMessage = { rows: string[][] } | { count: number } | { done: true } | { error: string };

/** The worker's side: reads the request's rows and posts them back. */
export function answerPreviewRequest({ blob, maxRows, countRows = false }: PreviewRequest, post: (message: PreviewMessage) => void): Promise<void> {
  return streamCsvRows(blob, maxRows, (rows) => post({ rows }), countRows).then(
    (count) => {
      if (countRows) post({ count });
      post({ done: true });
    },
    (error: unknown) => post({ error: error instanceof Error ? error.message : String(error) }),
  );
}
