// The streamed CSV export: its lines, formula neutralisation, headers and body over a real Fastify
// app, and a failure in the middle of the stream. The fraud export is tested over HTTP in
// tests/api/fraud-events.test.ts.
import Fastify, { type FastifyInstance } from 'fastify';
import Papa from 'papaparse';
import { afterEach, describe, expect, it } from 'vitest';
import { installErrorHandling } from '../http/errors';
import { csvLines, pagesOf, safeFilename, sendCsv, type CsvColumn } from './csv';

interface Person { name: string; note: string | null; age: number }
const COLUMNS: ReadonlyArray<CsvColumn<Person>> = [
  { header: 'name', cell: (row) => row.name },
  { header: 'note', cell: (row) => row.note },
  { header: 'age', cell: (row) => row.age },
];

async function* pagesFrom<T>(pages: T[][], failAfter?: number): AsyncGenerator<T[]> {
  for (const [index, page] of pages.entries()) {
    if (index === failAfter) throw new Error('database went away');
    await new Promise((resolve) => setTimeout(resolve, 1));
    yield page;
  }
}

describe('csvLines', () => {
  it('writes cells as CSV lines ending with CRLF, quoting where needed', () => {
    expect(csvLines([['a', 'b, c', 'say "hi"', null, 7]])).toBe('a,"b, c","say ""hi""",,7\r\n');
    expect(csvLines([['one'], ['two']])).toBe('one\r\ntwo\r\n');
    expect(csvLines([])).toBe('');
  });

  it.each([
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+233241234567', `"'+233241234567"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
    // papaparse's own pattern lets this one through: the line break ends its match.
    ['=1+1\nmore', `"'=1+1\nmore"`],
  ])('neutralises a cell beginning %j', (cell, written) => {
    expect(csvLines([[cell]])).toBe(`${written}\r\n`);
  });

  it('leaves other cells and numbers alone', () => {
    expect(csvLines([['a=b', 'x-1', -5, '0241234567']])).toBe('a=b,x-1,-5,0241234567\r\n');
  });
});

describe('safeFilename', () => {
  it('keeps letters, digits, dots, underscores and hyphens', () => {
    expect(safeFilename('fraud-events_2026-11-01_2026-11-30.csv')).toBe('fraud-events_2026-11-01_2026-11-30.csv');
    expect(safeFilename('a"b\r\nc/d é.csv')).toBe('a_b__c_d__.csv');
  });
});

describe('pagesOf', () => {
  const rows = Array.from({ length: 12 }, (_, i) => i);
  const reader = (reads: Array<[number, number]>) => async (limit: number, offset: number) => {
    reads.push([limit, offset]);
    return rows.slice(offset, offset + limit);
  };
  const collect = async <T>(pages: AsyncIterable<T[]>) => {
    const seen: T[][] = [];
    for await (const page of pages) seen.push(page);
    return seen;
  };

  it('reads page after page until one comes back short', async () => {
    const reads: Array<[number, number]> = [];
    expect(await collect(pagesOf(reader(reads), 5))).toEqual([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11]]);
    expect(reads).toEqual([[5, 0], [5, 5], [5, 10]]);
  });

  it('stops after an empty page when the rows fill the last page exactly', async () => {
    const reads: Array<[number, number]> = [];
    expect(await collect(pagesOf(reader(reads), 6))).toEqual([[0, 1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11]]);
    expect(reads).toEqual([[6, 0], [6, 6], [6, 12]]);
  });
});

describe('sendCsv', () => {
  let app: FastifyInstance;
  let logs: string[];

  async function appWith(pages: () => AsyncIterable<Person[]>): Promise<FastifyInstance> {
    logs = [];
    app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => void logs.push(line) } } });
    installErrorHandling(app, { servesConsole: false });
    app.get('/export', async (_request, reply) => sendCsv(reply, { filename: 'people "all".csv', columns: COLUMNS, pages: pages() }));
    app.get('/ping', async () => ({ ok: true }));
    return app;
  }
  afterEach(async () => app?.close());

  const page = (from: number, size: number): Person[] =>
    Array.from({ length: size }, (_, i) => ({ name: `person ${from + i}`, note: i === 0 ? '=cmd|calc' : null, age: from + i }));

  it('answers a CSV attachment: the header once, then every page in order', async () => {
    await appWith(() => pagesFrom([page(0, 3), page(3, 2), page(5, 4)]));
    const answer = await app.inject({ method: 'GET', url: '/export' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="people__all_.csv"');
    const parsed = Papa.parse<string[]>(answer.body.trimEnd(), { newline: '\r\n' });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[0]).toEqual(['name', 'note', 'age']);
    expect(parsed.data.slice(1).map((cells) => cells[0])).toEqual(Array.from({ length: 9 }, (_, i) => `person ${i}`));
    expect(parsed.data.filter((cells) => cells[1] === "'=cmd|calc")).toHaveLength(3);
    expect(answer.body.endsWith('person 8,,8\r\n')).toBe(true);
  });

  it('answers the header line alone when there are no rows', async () => {
    await appWith(() => pagesFrom<Person>([]));
    const answer = await app.inject({ method: 'GET', url: '/export' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('name,note,age\r\n');
  });

  it('answers a 500 when the first page cannot be read', async () => {
    await appWith(() => pagesFrom([page(0, 2)], 0));
    const answer = await app.inject({ method: 'GET', url: '/export' });
    expect(answer.statusCode).toBe(500);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
  });

  it('cuts the download off when a later page fails, logs it, and keeps serving', async () => {
    await appWith(() => pagesFrom([page(0, 2), page(2, 2), page(4, 2)], 2));
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${url}/export`);
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
    expect(logs.some((line) => line.includes('CSV export failed while streaming') && line.includes('database went away'))).toBe(true);
    expect(await (await fetch(`${url}/ping`)).json()).toEqual({ ok: true });
  });
});
