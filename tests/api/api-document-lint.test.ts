// Issue 30, the API's front door for programs: the OpenAPI document a client is generated from
// (openapi-typescript, orval) names every operation, says in a line what it does, and files it under
// a declared tag; and Stoplight Spectral's OpenAPI rules (spectral:oas, as its CLI runs them) find
// nothing in it but the trailing slashes of the specification's own paths (SPEC.md section 7).
import { Spectral, type RulesetDefinition } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type TestServer } from '../support/server';

interface Operation { operationId?: string; summary?: string; description?: string; tags?: string[] }
interface OpenApiDocument { tags?: Array<{ name: string; description?: string }>; paths: Record<string, Record<string, Operation>> }

/** '/api/v1/users/' is the product's spelling: the one finding the document keeps. */
const SPECIFICATIONS_OWN_FINDING = 'path-keys-no-trailing-slash';

describe('the API document, as a client generator and a linter read it', () => {
  let server: TestServer;
  let document: OpenApiDocument;
  let operations: Array<{ call: string; operation: Operation }>;

  beforeAll(async () => {
    server = await startServer(backend);
    document = (await server.get<OpenApiDocument>('/docs/json')).body;
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ call: `${method.toUpperCase()} ${path}`, operation })),
    );
  });
  afterAll(async () => server?.stop());

  it("Spectral's OpenAPI rules find nothing but the specification's trailing slashes", async () => {
    const spectral = new Spectral();
    // spectral-rulesets types `oas` as its object literal, which TypeScript cannot match to the union RulesetDefinition is.
    spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] });
    const findings = await spectral.run(document as unknown as Record<string, unknown>);
    const others = findings.filter((finding) => finding.code !== SPECIFICATIONS_OWN_FINDING);
    expect(others.map((finding) => `${String(finding.code)} at ${finding.path.join('.')}: ${finding.message}`)).toEqual([]);
    // The linter read the whole document: it found the slashes the specification spells.
    expect(findings.filter((finding) => finding.code === SPECIFICATIONS_OWN_FINDING).map((finding) => finding.path[1])).toContain('/api/v1/users/');
  });

  it('every operation has a unique camelCase operationId, a one-line summary and a declared tag', () => {
    expect(operations.length).toBeGreaterThan(80);
    const declared = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description]));
    for (const [name, description] of declared) expect(description, `tag ${name} says what it holds`).toBeTruthy();
    for (const { call, operation } of operations) {
      expect(operation.operationId, `${call} has an operationId`).toMatch(/^[a-z][A-Za-z0-9]*$/);
      // A line a generated client shows beside the call's name: one, and short.
      expect(operation.summary?.trim(), `${call} has a summary`).toBeTruthy();
      expect(operation.summary, `${call}'s summary is one line`).not.toMatch(/\n/);
      expect(operation.summary?.length ?? 0, `${call}'s summary is short`).toBeLessThanOrEqual(120);
      expect(operation.tags?.length, `${call} is tagged`).toBeGreaterThan(0);
      for (const tag of operation.tags ?? []) expect(declared.has(tag), `${call}'s tag ${tag} is declared`).toBe(true);
    }
    const ids = operations.map(({ operation }) => operation.operationId);
    const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
    expect(repeated, 'operationIds are unique').toEqual([]);
  });

  it("names the calls in the product's words, and each says who may call it", () => {
    const byCall = new Map(operations.map(({ call, operation }) => [call, operation]));
    expect(byCall.get('GET /admin/countries')?.operationId).toBe('listCountries');
    expect(byCall.get('POST /admin/country')?.operationId).toBe('saveCountry');
    // The grids and the service reports are declared once and named from their declarations.
    expect(byCall.get('POST /admin/fraud')?.operationId).toBe('listFraudEvents');
    expect(byCall.get('POST /admin/fraud')?.summary).toContain('Fraud Events');
    expect(byCall.get('GET /service/payments-report-campaign-summary/')?.operationId).toBe('queueCampaignSummaryReport');
    // The description says who may call it, from what the route declares.
    expect(byCall.get('POST /admin/country')?.description).toContain('super_admin_only');
    expect(byCall.get('POST /api/v1/auth/login/jwt/')?.description).toContain('Public');
    expect(byCall.get('GET /admin/admins')?.description).toContain('Bearer');
  });
});
