// Ids past what a row can hold (issue 31): every id a route takes, read off the OpenAPI document so
// a new route is covered without being listed here, is the contract's id type (documented with
// its maximum, MAX_ID), and 2147483648 or -1 in its place answers 4xx, never 500. A path's id past
// the largest names no row: 404, as a missing one. The two uploads are multipart, which the
// document describes in words: they are sent by hand.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../src/contract/api';
import { MAX_ID } from '../../src/contract/constants';
import { backends } from '../support/server';
import { useSignedInServer } from '../support/signedIn';

interface JsonSchema { type?: string; maximum?: number; properties?: Record<string, JsonSchema>; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; items?: JsonSchema }
interface Parameter { name: string; in: string; schema?: JsonSchema }
interface Operation { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }
interface OpenApiDocument { paths: Record<string, Record<string, Operation>> }

/** What names an id: `id`, `…_id`, `…_ids`, and the service backend's short names of a related row. */
const ID_NAME = /^(id|.+_ids?|agency|campaign|campaign_version|event_type|remuneration_type|user|user_role|status_type|role_type)$/;
const PAST_LARGEST = MAX_ID + 1;

/** A well-formed value of each path parameter that is not an id, so only the id is wrong. */
const OTHER_PATH_PARAMS: Record<string, string> = { report: 'campaign-summary', file: 'report.csv', session: '00000000-0000-4000-8000-000000000000' };

interface IdCase { method: string; path: string; place: 'path' | 'query' | 'body'; name: string; schema: JsonSchema }

/** Every id a route takes, where it takes it. */
function idsOf(document: OpenApiDocument): IdCase[] {
  const cases: IdCase[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      for (const parameter of operation.parameters ?? []) {
        if (ID_NAME.test(parameter.name) && (parameter.in === 'path' || parameter.in === 'query')) {
          cases.push({ method, path, place: parameter.in, name: parameter.name, schema: parameter.schema ?? {} });
        }
      }
      const body = operation.requestBody?.content?.['application/json']?.schema;
      for (const [name, schema] of Object.entries(body?.properties ?? {})) {
        // `user` of /api/v1/users/ is the user's own fields, not an id.
        if (ID_NAME.test(name) && schema.type !== 'object' && name !== 'created_by_id') cases.push({ method, path, place: 'body', name, schema });
      }
    }
  }
  return cases;
}

/** The largest a schema documents for a number: its own, a union's branch's, a list item's. */
function documentedMaximum(schema: JsonSchema): number | undefined {
  if (schema.maximum !== undefined) return schema.maximum;
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.items ? [schema.items] : [])];
  for (const branch of branches) {
    const found = documentedMaximum(branch);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A list's id is sent as its query text or a body's number. */
const sent = (value: number, place: IdCase['place']) => (place === 'body' ? value : String(value));

describe.each(backends)('ids past what a row can hold on %s', (backend) => {
  const { server, tokens } = useSignedInServer(backend, ['super'], { RATE_LIMIT_PER_MINUTE: '100000' });
  let cases: IdCase[];

  beforeAll(async () => {
    cases = idsOf((await server.get<OpenApiDocument>('/docs/json')).body);
  });

  /** The route called with `value` in the id's place, the rest of the request left empty. */
  async function call(id: IdCase, value: number) {
    const path = id.path.replace(/\{(\w+)\}/g, (_whole, name: string) => (name === id.name ? String(value) : OTHER_PATH_PARAMS[name] ?? '1'));
    const query = id.place === 'query' ? `?${new URLSearchParams({ [id.name]: String(sent(value, 'query')) })}` : '';
    const body = id.method === 'get' || id.method === 'delete' ? undefined : id.place === 'body' ? { [id.name]: value } : {};
    return server.request<ApiError>(id.method.toUpperCase(), `${path}${query}`, { body, token: tokens.super });
  }

  it('finds the ids of every kind of route: paths, queries and bodies', () => {
    const places = new Set(cases.map((id) => id.place));
    expect([...places].sort()).toEqual(['body', 'path', 'query']);
    expect(cases.length).toBeGreaterThan(40);
  });

  it('documents every id as the contract id type: a whole number up to MAX_ID', () => {
    // An audit entry's id is a bigint (the trail outgrows an integer): up to Number.MAX_SAFE_INTEGER.
    const bigint = (id: IdCase) => id.path === '/admin/audit/entry' && documentedMaximum(id.schema) === Number.MAX_SAFE_INTEGER;
    const undocumented = cases.filter((id) => documentedMaximum(id.schema) !== MAX_ID && !bigint(id) && !(id.place === 'query' && id.name.endsWith('_ids')));
    expect(undocumented.map((id) => `${id.method} ${id.path} ${id.place} ${id.name}`)).toEqual([]);
  });

  it('answers 2147483648 and -1 in any id with a 4xx naming the id, never a 500', async () => {
    const wrong: string[] = [];
    for (const id of cases) {
      for (const value of [PAST_LARGEST, -1]) {
        const answer = await call(id, value);
        const where = `${id.method} ${id.path} ${id.place} ${id.name}=${value}: ${answer.status} ${answer.body.error}`;
        if (answer.status < 400 || answer.status >= 500) wrong.push(where);
        // A path's id past the largest is 'not found', like a missing one.
        else if (id.place === 'path' && value === PAST_LARGEST && answer.status !== 404) wrong.push(where);
        // Otherwise a 400 names the id among its field lines: the schema refused it, not something
        // after. A legacy add (POST with `id`) reads no id at all, so only its 4xx counts.
        else if (answer.status === 400 && answer.body.errors && !(id.method === 'post' && id.name === 'id') && !Object.keys(answer.body.errors).some((field) => field === id.name || field.startsWith(`${id.name}.`))) wrong.push(where);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses an agency or a campaign past the largest on both uploads, and changes nothing', async () => {
    const before = await server.get<{ count: number }>('/service/payments-secure-page/', tokens.super);
    const file = new Blob(['msisdn,amount\n233241234567,10.00\n'], { type: 'text/csv' });
    const legacy = new FormData();
    legacy.set('agencies', JSON.stringify([{ agency_id: PAST_LARGEST, campaign_id: 1 }]));
    legacy.set('file', file, 'payments.csv');
    const service = new FormData();
    service.set('agency_id', '1');
    service.set('campaign_id', String(PAST_LARGEST));
    service.set('file', file, 'payments.csv');
    for (const [path, form] of [['/admin/upload_secure', legacy], ['/service/payments-secure-page/', service]] as const) {
      const answer = await fetch(`${server.url}${path}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${tokens.super}` } });
      expect(answer.status, path).toBe(400);
      expect(((await answer.json()) as ApiError).code, path).toBe('validation');
    }
    expect((await server.get<{ count: number }>('/service/payments-secure-page/', tokens.super)).body.count).toBe(before.body.count);
  });
});
