import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCsvPreview } from './csvPreview';
import { answerPreviewRequest, streamCsvRows, type PreviewMessage, type PreviewRequest } from './csvRows';

/** A worker that runs the preview worker's own code, on this thread. */
function previewWorker() {
  const posted: PreviewRequest[] = [];
  const terminated = vi.fn();
  class PreviewWorker {
    onmessage: ((event: MessageEvent<PreviewMessage>) => void) | null = null;
    onerror: ((event: ErrorEvent) => void) | null = null;
    postMessage(request: PreviewRequest) {
      posted.push(request);
      void answerPreviewRequest(request, (message) => this.onmessage?.({ data: message } as MessageEvent<PreviewMessage>));
    }
    terminate = terminated;
  }
  vi.stubGlobal('Worker', PreviewWorker);
  return { posted, terminated };
}

describe('a CSV preview', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the header row and at most the first rows asked for, quotes and commas read as CSV (no Worker here: on the page)', async () => {
    expect(typeof Worker).toBe('undefined');
    const lines = ['created_at,description', ...Array.from({ length: 500 }, (_, i) => `2026-11-0${i % 9} 10:00:00,"Row ${i}, ""quoted"""`)];
    const rows: string[][] = [];
    await readCsvPreview(new Blob([lines.join('\r\n')], { type: 'text/csv' }), (batch) => rows.push(...batch), 200).finished;
    expect(rows).toHaveLength(201);
    expect(rows[0]).toEqual(['created_at', 'description']);
    expect(rows[1]).toEqual(['2026-11-00 10:00:00', 'Row 0, "quoted"']);
  });

  it('reads a large file (in the worker) a chunk at a time, no further than the rows it shows', async () => {
    // About 8 MB: read whole, it would be tens of chunks.
    const line = `2026-11-02 08:15:30,${'x'.repeat(80)}\n`;
    const big = new Blob(['created_at,description\n', line.repeat(100_000)], { type: 'text/csv' });
    const slice = vi.spyOn(Blob.prototype, 'slice');
    const batches: string[][][] = [];
    await streamCsvRows(big, 201, (rows) => batches.push(rows));
    expect(batches.flat()).toHaveLength(201);
    expect(batches.flat()[0]).toEqual(['created_at', 'description']);
    expect(slice).toHaveBeenCalledTimes(1);
  });

  it('counts every row of a file asked to, keeping only the first ones, a row split across chunks counted once', async () => {
    // About 2.6 MB: ten chunks, so rows fall across their edges.
    const line = `2026-11-02 08:15:30,"${'x'.repeat(40)}, quoted\nover two lines"\n`;
    const file = new Blob(['created_at,description\n', line.repeat(40_000)], { type: 'text/csv' });
    const kept: string[][] = [];
    const count = await streamCsvRows(file, 11, (rows) => kept.push(...rows), true);
    expect(count).toBe(40_001);
    expect(kept).toHaveLength(11);
    expect(kept[1]?.[1]).toBe(`${'x'.repeat(40)}, quoted\nover two lines`);
  });

  it('reads in a worker where the browser has one, the rows handed over as they come', async () => {
    const { posted, terminated } = previewWorker();
    const batches: string[][][] = [];
    const reading = readCsvPreview(new Blob(['a,b\n1,2\n3,4\n5,6\n']), (rows) => batches.push(rows), 2);
    await reading.finished;
    expect(posted[0]).toMatchObject({ maxRows: 3, countRows: false });
    expect(batches.flat()).toEqual([['a', 'b'], ['1', '2'], ['3', '4']]);
    expect(terminated).toHaveBeenCalledTimes(1);
  });

  it("hands over the file's row count after its first rows, when asked, from the worker and on the page", async () => {
    const csv = 'a,b\n1,2\n3,4\n5,6\n\n7,8\n';
    const onPage: Array<string[][] | number> = [];
    await readCsvPreview(new Blob([csv]), (rows) => onPage.push(rows), 1, (count) => onPage.push(count)).finished;
    expect(onPage).toEqual([[['a', 'b'], ['1', '2']], 5]);

    const { posted } = previewWorker();
    const inWorker: Array<string[][] | number> = [];
    await readCsvPreview(new Blob([csv]), (rows) => inWorker.push(rows), 1, (count) => inWorker.push(count)).finished;
    expect(posted[0]?.countRows).toBe(true);
    expect(inWorker).toEqual(onPage);
  });

  it('hands over nothing more once cancelled', async () => {
    const rows: string[][] = [];
    const reading = readCsvPreview(new Blob(['a,b\n1,2\n']), (batch) => rows.push(...batch));
    reading.cancel();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rows).toEqual([]);
  });
});
