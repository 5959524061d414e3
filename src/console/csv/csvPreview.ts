// The first rows of a saved CSV report, read in a worker of its own (csvRows.ts: a chunk at a time,
// no further than the rows shown) so the parse never holds up the page, handed over as they come.
// Where the browser has no Worker (jsdom), the first megabytes are parsed on the page instead.
//
// Papa Parse's own `worker: true` is not used: it starts a worker from a blob: URL holding the
// library's source as text, which a bundler's minified output breaks (mholt/PapaParse#1122, Vite 8
// production builds) and which the server's Content-Security-Policy would have to allow (worker-src
// blob:). A module worker of ours is a file of this origin, precached like the others for offline use.
import Papa from 'papaparse';
import type { PreviewMessage, PreviewRequest } from './csvRows';

/** Rows shown on screen; the file holds the rest. */
export const PREVIEW_ROWS = 200;

/** Where there is no Worker: the rows in the file's first megabytes, parsed on the page. */
const HEAD_BYTES = 4 * 1024 * 1024;
async function headRows(blob: Blob, maxRows: number): Promise<string[][]> {
  return Papa.parse<string[]>(await blob.slice(0, HEAD_BYTES).text(), { preview: maxRows, skipEmptyLines: true }).data;
}

export interface PreviewReading {
  /** Settles when every row asked for has been handed over, or the file ended. */
  finished: Promise<void>;
  /** Stops reading (the page closed). */
  cancel(): void;
}

/** Reads a CSV's first rows (header row and `rows` more) off the page's thread, handing them over as they come. */
export function readCsvPreview(blob: Blob, onRows: (rows: string[][]) => void, rows = PREVIEW_ROWS): PreviewReading {
  const request: PreviewRequest = { blob, maxRows: rows + 1 };
  if (typeof Worker === 'undefined') {
    let cancelled = false;
    const finished = headRows(blob, request.maxRows).then((head) => {
      if (!cancelled && head.length > 0) onRows(head);
    });
    return { finished, cancel: () => (cancelled = true) };
  }
  const worker = new Worker(new URL('./csvPreview.worker.ts', import.meta.url), { type: 'module', name: 'csv-preview' });
  const finished = new Promise<void>((resolve, reject) => {
    worker.onmessage = ({ data }: MessageEvent<PreviewMessage>) => {
      if ('rows' in data) return onRows(data.rows);
      worker.terminate();
      if ('error' in data) reject(new Error(data.error));
      else resolve();
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The report could not be read.'));
    };
  });
  worker.postMessage(request);
  return { finished, cancel: () => worker.terminate() };
}
