import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import Papa from 'papaparse';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database, OpenDatabase } from '../db/client';
import { installErrorHandling } from '../http/errors';
import { csvCell, csvLine, safeFilename, sendCsv, type CsvSource } from './csv';

describe('csvCell and csvLine: the cells PostgreSQL COPY writes', () => {
  it('quotes empty text and text with a comma, a quote or a line break; NULL stays empty', () => {
    expect(csvLine(['a', 'b, c', 'say "hi"', null, 7, '', 'x\ny', true])).toBe('a,"b, c","say ""hi""",,7,"","x\ny",true\n');
  });

  it('leaves other text alone (formulas are neutralised by the query, not here)', () => {
    expect(csvCell("'=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell('0241234567')).toBe('0241234567');
  });
});

describe('safeFilename', () => {
  it('keeps letters, digits, dot, underscore and hyphen', () => {
    expect(safeFilename('fraud-events_2026-11-01_2026-11-30.csv')).toBe('fraud-events_2026-11-01_2026-11-30.csv');
    expect(safeFilename('a"b\r\nc/d é.csv')).toBe('a_b__c_d__.csv');
  });
});

type Row = Record<string, string | null> & { _sort: string; _key: string };

/** A database answering each page query with the next of `pages`; `failAt` throws on that read. */
function pagedDatabase(pages: Row[][], failAt = -1): OpenDatabase {
  let read = 0;
  const db = {
    execute: async () => {
      if (read === failAt) throw new Error('database went away');
      return { rows: pages[read++] ?? [] };
    },
  } as unknown as Database;
  return { db, reads: db, kind: 'pglite', close: async () => undefined };
}

const source = (pageRows: Array<{ sort: string | null; key: string } | undefined>): CsvSource => ({
  filename: 'people "all".csv',
  headers: ['name', 'note'],
  query: sql`select 1`,
  page: (after, limit) => {
    pageRows.push(after);
    return sql`select ${limit}`;
  },
});

const person = (i: number): Row => ({ name: `person ${i}`, note: i % 3 === 0 ? "'=cmd|calc" : null, _sort: `s${i}`, _key: String(i) });
const persons = (from: number, size: number) => Array.from({ length: size }, (_, i) => person(from + i));

describe('sendCsv', () => {
  let app: FastifyInstance;
  let logs: string[];

  async function appWith(database: OpenDatabase, csv: CsvSource): Promise<FastifyInstance> {
    logs = [];
    app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => void logs.push(line) } } });
    installErrorHandling(app, { servesConsole: false });
    app.get('/export', async (_request, reply) => sendCsv(reply, database, csv));
    app.get('/ping', async () => ({ ok: true }));
    return app;
  }
  afterEach(async () => app?.close());

  it('without COPY: the header, then keyset pages, each read from the last row of the one before', async () => {
    const anchors: Array<{ sort: string | null; key: string } | undefined> = [];
    // 5000 rows per page: two full pages and a short one.
    await appWith(pagedDatabase([persons(0, 5000), persons(5000, 5000), persons(10000, 3)]), source(anchors));
    const answer = await app.inject({ method: 'GET', url: '/export' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="people__all_.csv"');
    const parsed = Papa.parse<string[]>(answer.body.trimEnd());
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[0]).toEqual(['name', 'note']);
    expect(parsed.data.slice(1).map((cells) => cells[0])).toEqual(Array.from({ length: 10003 }, (_, i) => `person ${i}`));
    expect(anchors).toEqual([undefined, { sort: 's4999', key: '4999' }, { sort: 's9999', key: '9999' }]);
  });

  it('answers the header line alone when there are no rows', async () => {
    await appWith(pagedDatabase([[]]), source([]));
    const answer = await app.inject({ method: 'GET', url: '/export' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('name,note\n');
  });

  it('with COPY: the database stream as it comes, and a 500 when it fails before its first bytes', async () => {
    const copying: OpenDatabase = {
      ...pagedDatabase([]),
      copyCsv: async () => Readable.from(['name,note\n', 'person 0,\n']),
    };
    await appWith(copying, source([]));
    expect((await app.inject({ method: 'GET', url: '/export' })).body).toBe('name,note\nperson 0,\n');
    await app.close();

    const failing: OpenDatabase = {
      ...pagedDatabase([]),
      copyCsv: async () =>
        new Readable({
          read() {
            this.destroy(new Error('relation does not exist'));
          },
        }),
    };
    await appWith(failing, source([]));
    const answer = await app.inject({ method: 'GET', url: '/export' });
    expect(answer.statusCode).toBe(500);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
  });

  it('cuts the download off when a later page fails, logs it, and keeps serving', async () => {
    await appWith(pagedDatabase([persons(0, 5000), persons(5000, 5000)], 1), source([]));
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${url}/export`);
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
    expect(logs.some((line) => line.includes('CSV export failed while streaming') && line.includes('database went away'))).toBe(true);
    expect(await (await fetch(`${url}/ping`)).json()).toEqual({ ok: true });
  });
});
