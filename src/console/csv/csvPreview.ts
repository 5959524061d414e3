// The first rows of a CSV file (a saved report, a secure report about to be uploaded), read in a
// worker of its own (csvRows.ts: a chunk at a time, no further than the rows shown, or to the end
// when its rows are to be counted) so the parse never holds up the page, handed over as they come.
// Where the browser has no Worker (jsdom), the file's first megabytes (all of it, to count its rows)
// are parsed on the page instead.
//
// Papa Parse's own `worker: true` is not used: it starts a worker from a blob: URL holding the
// library's source as text, which a bundler's minified output breaks (mholt/PapaParse#1122, Vite 8
// production builds) and which the server's Content-Security-Policy would have to allow (worker-src
// blob:). A module worker of ours is a file of this origin, precached like the others for offline use.
import Papa from 'papaparse';
import type { PreviewMessage, PreviewRequest } from './csvRows';

/** Rows shown on screen; the file holds the rest. */
export const PREVIEW_ROWS = 200;

/**
 * Where there is no Worker: the rows in the file's first megabytes, or in all of it to count them,
 * parsed on the page from its text (jsdom's FileReader, which Papa Parse's streaming uses, reads
 * only jsdom's own Blobs, not those of a Response).
 */
const HEAD_BYTES = 4 * 1024 * 1024;
async function answerOnThePage({ blob, maxRows, countRows }: PreviewRequest, post: (message: PreviewMessage) => void): Promise<void> {
  try {
    const text = await (countRows ? blob : blob.slice(0, HEAD_BYTES)).text();
    const rows = Papa.parse<string[]>(text, { skipEmptyLines: true, ...(countRows ? {} : { preview: maxRows }) }).data;
    if (rows.length > 0) post({ rows: rows.slice(0, maxRows) });
    if (countRows) post({ count: rows.length });
    post({ done: true });
  } catch (error) {
    post({ error: error instanceof Error ? error.message : String(error) });
  }
}

export interface PreviewReading {
  /** Settles when every row asked for has been handed over (and counted), or the file ended. */
  finished: Promise<void>;
  /** Stops reading (the page closed). */
  cancel(): void;
}

/**
 * Reads a CSV's first rows (header row and `rows` more) off the page's thread, handing them over as
 * they come; with `onCount`, reads on and hands over the number of rows in the file (header row
 * included) once it has been read to the end.
 */
export function readCsvPreview(blob: Blob, onRows: (rows: string[][]) => void, rows = PREVIEW_ROWS, onCount?: (rows: number) => void): PreviewReading {
  const request: PreviewRequest = { blob, maxRows: rows + 1, countRows: onCount !== undefined };
  let settle: { resolve(): void; reject(error: Error): void } | undefined;
  const finished = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  let stopped = false;
  const stop = () => {
    stopped = true;
    worker?.terminate();
  };
  const onMessage = (data: PreviewMessage) => {
    if (stopped) return;
    if ('rows' in data) return onRows(data.rows);
    if ('count' in data) return onCount?.(data.count);
    stop();
    if ('error' in data) settle?.reject(new Error(data.error));
    else settle?.resolve();
  };

  const worker = typeof Worker === 'undefined' ? undefined : new Worker(new URL('./csvPreview.worker.ts', import.meta.url), { type: 'module', name: 'csv-preview' });
  if (!worker) {
    void answerOnThePage(request, onMessage);
    return { finished, cancel: () => (stopped = true) };
  }
  worker.onmessage = ({ data }: MessageEvent<PreviewMessage>) => onMessage(data);
  worker.onerror = (event) => {
    stop();
    settle?.reject(new Error(event.message || 'The file could not be read.'));
  };
  worker.postMessage(request);
  return { finished, cancel: stop };
}
