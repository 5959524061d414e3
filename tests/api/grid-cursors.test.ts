// Edited grid cursors (issue 31) against the started server, on all eight grids: a page's `next`
// decoded, its anchor (the order's value or the row key) changed to text of the wrong type and
// encoded again is refused 400 with the cursor's line, where the database's cast was a 500; the
// cursors the grids give, in every order either way, still read their page. PGlite always,
// PostgreSQL when TEST_DATABASE_URL is set.
import { describe, expect, it } from 'vitest';
import type { GridPage } from '../../src/contract/api';
import { GRIDS, sortableKeys, type AnyGrid, type ColumnFormat } from '../../src/contract/grids';
import * as messages from '../../src/contract/messages';
import { backends } from '../support/server';
import { useSignedInServer } from '../support/signedIn';

type Answer = GridPage<Record<string, unknown>> & { error?: string; code?: string; errors?: Record<string, string[]> };
type Cursor = Record<string, unknown> & { sort: string | null; key: string };

const ALL_DATES = { start_date: '01-Jan-2020', end_date: '31-Dec-2099' } as const;
const SIZE = 20;

const decode = (cursor: string) => JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Cursor;
const encode = (cursor: Record<string, unknown>) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** Anchors no row of the order's type has: PostgreSQL refused each as a cast (22007, 22008, 22009, 22P02, 22021). */
const WRONG_SORTS: Record<ColumnFormat, unknown[]> = {
  time: ['last Tuesday', '2026-02-30 10:00:00+00', '0000-01-01 00:00:00+00', '2026-01-01 00:00:00+16', '2026-01-01', 'a\u0000b'],
  money: ['twelve', '12,50', '1e999', '', 'a\u0000b'],
  percent: ['half', '12,5', 'NaN'],
  count: ['many', '1.5.1'],
  flag: ['maybe', ''],
  text: ['a\u0000b', 5, ['a']],
};
const WRONG_KEYS = { bigint: ['abc', '99999999999999999999', '1.5', '', 12], text: ['a\u0000b', null] };

describe.each(backends)('grid cursors on %s', (backend) => {
  const { server, tokens } = useSignedInServer(backend, ['super'], { DEMO_AGENTS: '300', DEMO_EVENTS: '4000' });

  const page = (declaration: AnyGrid, body: Record<string, unknown>) => server.post<Answer>(declaration.path, { ...ALL_DATES, page_size: SIZE, ...body }, tokens.super);

  it.each(GRIDS.map((declaration) => [declaration.title, declaration] as [string, AnyGrid]))('%s: a given cursor reads its page in every order, and an edited one is 400 in each format and direction', async (_title, declaration) => {
    const first = await page(declaration, {});
    // The anchor's type is the order's format: its wrong texts are tried once per format and direction, not for every column.
    const tried = new Set<string>();
    expect(first.body.count, 'the test data fills more than a page').toBeGreaterThan(SIZE);
    for (const key of sortableKeys(declaration)) {
      const format = declaration.columns.find((column) => column.key === key)?.format as ColumnFormat;
      for (const orderby of [key, `-${key}`]) {
        const next = (await page(declaration, { orderby })).body.next as string;
        const byCursor = await page(declaration, { orderby, current_page: 2, cursor: next });
        expect(byCursor.status, `${orderby}: ${JSON.stringify(byCursor.body)}`).toBe(200);
        expect(byCursor.body.data, orderby).toEqual((await page(declaration, { orderby, current_page: 2 })).body.data);

        const given = decode(next);
        if (tried.has(`${format}:${orderby.startsWith('-')}`)) continue;
        tried.add(`${format}:${orderby.startsWith('-')}`);
        const keyType = /^\d+$/.test(given.key) ? 'bigint' : 'text';
        const edits: Array<Record<string, unknown>> = [...WRONG_SORTS[format].map((sort) => ({ ...given, sort })), ...WRONG_KEYS[keyType].map((wrong) => ({ ...given, key: wrong }))];
        // An amount's cursor carries its currency too (an amount sorts within its currency).
        if (format === 'money') edits.push({ ...given, group: 5 }, { ...given, group: null }, { ...given, group: 'a\u0000b' }, { ...given, group: undefined });
        for (const edited of edits) {
          const refused = await page(declaration, { orderby, current_page: 2, cursor: encode(edited) });
          const what = `${orderby}: ${JSON.stringify({ sort: edited.sort, key: edited.key })}`;
          expect(refused.status, `${what}: ${JSON.stringify(refused.body)}`).toBe(400);
          expect(refused.body.errors, what).toEqual({ cursor: [messages.gridCursorInvalid] });
        }
      }
    }
  }, 120_000);
});
