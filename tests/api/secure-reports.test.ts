// Secure reports (issue 16) against the started server: uploads on both backends (the 20 MB limit to
// the byte, content checked by what it is, the fields and the caller's scope, the same file twice,
// the legacy upload a Super Admin's and all or nothing), both lists scoped per role, Secure Page
// access, download codes bound to one report and one admin (bytes and SHA-256 as uploaded, the
// secure budget, apart from sign-in's; single use), the download ledger, and malformed forms answered 4xx.
// PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, ListPage, Page, SecureAgencies, SecureOtpSent } from '../../src/contract/api';
import { UPLOAD_MAX_BYTES } from '../../src/contract/constants';
import type { AdminUser, SecureLedgerEntry, SecureReportRow } from '../../src/contract/entities';
import * as messages from '../../src/contract/messages';
import { uploadContentMismatch } from '../../src/contract/messages';
import { REGISTER } from '../support/calls';
import { accessToken, backends, type Answer, type TestServer, needsSql } from '../support/server';
import { useSignedInServer } from '../support/signedIn';

const SERVICE = '/service/payments-secure-page/';
const LEGACY = '/admin/upload_secure';
const MAX_TRIES = 3;
const SECURE_CODE = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{4}$/;

// ---- files ----------------------------------------------------------------------------------------

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
let fileSequence = 0;
/** A CSV of `size` bytes (or a few rows), different every call. */
function csv(size?: number): Buffer {
  const head = `id,agent,amount\n${++fileSequence},${Date.now()},12.50\n`;
  if (size === undefined) return Buffer.from(head);
  const body = Buffer.alloc(size, 'a,b,c\n');
  Buffer.from(head).copy(body);
  return body;
}

/** A 1x1 PNG image. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))), chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A ZIP archive of stored (uncompressed) entries, with its central directory. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** An Excel workbook as file-type knows one: its content types name a spreadsheet. */
const xlsx = () => zip({
  '[Content_Types].xml': '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
  'xl/workbook.xml': `<workbook n="${++fileSequence}"/>`,
});
const pdf = () => Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj ${++fileSequence}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

// ---- calls ----------------------------------------------------------------------------------------

interface FilePart { name: string; bytes: Buffer }

/** A multipart upload as a browser sends it: the fields, then the file. */
async function upload<T = SecureReportRow & ApiError>(
  server: TestServer, path: string, token: string, fields: Record<string, string>, file?: FilePart, headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  const response = await fetch(server.url + path, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}`, ...headers } });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T, headers: response.headers };
}

/** A request whose multipart body is written by hand (malformed on purpose). */
async function rawUpload(server: TestServer, token: string, body: string, contentType: string): Promise<{ status: number; body: ApiError }> {
  const response = await fetch(server.url + SERVICE, { method: 'POST', body, headers: { authorization: `Bearer ${token}`, 'content-type': contentType } });
  return { status: response.status, body: (await response.json()) as ApiError };
}

/** The file a download answers, with its headers. */
async function download(server: TestServer, token: string, id: number, otp: string) {
  const response = await fetch(`${server.url}/admin/download_secure`, {
    method: 'POST', body: JSON.stringify({ id, otp }), headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, bytes, headers: response.headers, error: () => JSON.parse(bytes.toString()) as ApiError };
}

describe.each(backends)('secure reports on %s', (backend) => {
  const { server, tokens: token } = useSignedInServer(backend, ['super', 'agency', 'campaign'], { OTP_MAX_TRIES: String(MAX_TRIES), OTP_FAIL_LIMIT_PER_DAY: '5' });
  /** The Agency Admin's agency and campaigns; the Campaign Admin's agency and campaign; another agency of neither. */
  let own: { agency: number; campaign: number; other: number };
  let campaignAdmin: { agency: number; campaign: number };
  let foreign: { agency: number; campaign: number };

  const serviceList = async (as: string, query = '') => (await server.get<Page<SecureReportRow>>(`${SERVICE}?page_size=100${query}`, as)).body;
  const legacyList = async (as: string, body: Record<string, unknown> = { page_size: 0 }) => (await server.post<ListPage<SecureReportRow>>('/admin/list_secure_reports', body, as)).body;
  const count = async () => (await legacyList(token.super)).count;
  const codeFor = async (as: string, to: string, reportId: number) => {
    const sent = await server.post<SecureOtpSent & ApiError>('/admin/send_secure_otp', { report_id: reportId }, as);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    return server.latestCode(to, 'SECURE_PAGES');
  };
  const ownCsv = async (bytes = csv(), as = token.agency) => {
    const answer = await upload(server, SERVICE, as, { agency_id: String(own.agency), campaign_id: String(own.campaign) }, { name: `payments-${++fileSequence}.csv`, bytes });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body;
  };

  /**
   * Turns an admin's Secure Page Access flag on or off, as a Super Admin does in the Users screen.
   * (No other demo admin can sign in, and an admin role campaign cannot be linked through the API.)
   */
  async function setSecurePage(address: string, on: boolean): Promise<void> {
    const admins = (await server.get<ListPage<AdminUser>>('/admin/admins?page_size=0', token.super)).body.data;
    const admin = admins.find((row) => row.email === address);
    if (!admin) throw new Error(`no admin ${address}`);
    const { id, firstname, lastname, msisdn, is_super, unblacklist } = admin;
    const body = { id, email: address, firstname, lastname, msisdn: msisdn ?? '', is_super, unblacklist, secure_page: on, linked_agencies: admin.linked_agencies.map((agency) => agency.id) };
    const answer = await server.request('PUT', REGISTER, { body, token: token.super });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }

  beforeAll(async () => {
    const agenciesOf = async (as: string) => (await server.post<SecureAgencies>('/admin/get-secure-agencies', {}, as)).body.agencies;
    const [agencyAdmins] = await agenciesOf(token.agency);
    const [campaignAdmins] = await agenciesOf(token.campaign);
    const [first, second] = agencyAdmins?.campaigns ?? [];
    const theirs = campaignAdmins?.campaigns[0];
    if (!agencyAdmins || !first || !second || !campaignAdmins || !theirs) throw new Error('the demo Agency Admin needs two campaigns, the Campaign Admin one');
    own = { agency: agencyAdmins.id, campaign: first.id, other: second.id };
    campaignAdmin = { agency: campaignAdmins.id, campaign: theirs.id };
    const other = (await agenciesOf(token.super)).find((agency) => agency.id !== own.agency && agency.id !== campaignAdmin.agency && agency.campaigns[0]);
    if (!other?.campaigns[0]) throw new Error('the demo data needs a third agency with a campaign');
    foreign = { agency: other.id, campaign: other.campaigns[0].id };
  });

  describe('the agencies a file may be shared with', () => {
    it('are the caller’s agencies, each with its campaigns within the caller’s scope', async () => {
      const of = async (as: string) => (await server.post<SecureAgencies>('/admin/get-secure-agencies', {}, as)).body.agencies;
      const agencyAdmins = await of(token.agency);
      expect(agencyAdmins.map((agency) => agency.id)).toEqual([own.agency]);
      const campaignAdmins = await of(token.campaign);
      expect(campaignAdmins).toEqual([{ id: campaignAdmin.agency, agency_name: expect.any(String), campaigns: [expect.objectContaining({ id: campaignAdmin.campaign })] }]);
      const all = await of(token.super);
      expect(all.length).toBeGreaterThan(2);
      expect(all.find((agency) => agency.id === own.agency)?.campaigns.map((c) => c.id).sort()).toEqual(agencyAdmins[0]?.campaigns.map((c) => c.id).sort());
    });
  });

  describe('uploads on the service backend', () => {
    it('stores a CSV of exactly 20,971,520 bytes whole; one byte more is 413 and nothing is stored', async () => {
      const largest = csv(UPLOAD_MAX_BYTES);
      const stored = await ownCsv(largest);
      expect(stored).toMatchObject({ size: UPLOAD_MAX_BYTES, sha256: sha256(largest), agency_id: own.agency, campaign_id: own.campaign });
      const before = await count();
      const over = await upload(server, SERVICE, token.agency, { agency_id: String(own.agency), campaign_id: String(own.campaign) }, { name: 'big.csv', bytes: csv(UPLOAD_MAX_BYTES + 1) });
      expect(over.status).toBe(413);
      expect(over.body).toEqual({ error: messages.fileTooLarge, code: 'too_large' });
      // Far over: the answer comes, and the connection serves the next request.
      const farOver = await upload(server, SERVICE, token.agency, { agency_id: String(own.agency), campaign_id: String(own.campaign) }, { name: 'bigger.csv', bytes: csv(UPLOAD_MAX_BYTES + 5_000_000) });
      expect(farOver.status).toBe(413);
      expect(await count()).toBe(before);

      const code = await codeFor(token.agency, 'agency@demo.test', stored.id);
      const file = await download(server, token.agency, stored.id, code);
      expect(file.status).toBe(200);
      expect(file.bytes.equals(largest)).toBe(true);
      expect(file.headers.get('x-content-sha256')).toBe(sha256(largest));
    }, 60_000);

    it('refuses content that is not what its name says (415), an empty file (400), and stores none', async () => {
      const before = await count();
      const fields = { agency_id: String(own.agency), campaign_id: String(own.campaign) };
      const cases: Array<[string, Buffer, number, string]> = [
        ['logo.csv', png(), 415, uploadContentMismatch('.csv', 'a PNG image')],
        ['workbook.csv', xlsx(), 415, uploadContentMismatch('.csv', 'an Excel spreadsheet')],
        ['archive.csv', zip({ 'rows.csv': 'a,b\n1,2\n' }), 415, uploadContentMismatch('.csv', 'a ZIP archive')],
        ['report.csv', pdf(), 415, uploadContentMismatch('.csv', 'a PDF document')],
        ['garbage.csv', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256)), 415, messages.secureFileNotText],
        ['nul.csv', Buffer.from('a,b\n1,\u00002\n'), 415, messages.secureFileNotText],
        ['latin1.csv', Buffer.from('name\ncaf\xe9\n', 'latin1'), 415, messages.secureFileNotText],
        ['empty.csv', Buffer.alloc(0), 400, messages.secureFileEmpty],
      ];
      for (const [name, bytes, status, error] of cases) {
        const answer = await upload(server, SERVICE, token.agency, fields, { name, bytes });
        expect([name, answer.status, answer.body.error]).toEqual([name, status, error]);
      }
      expect(await count()).toBe(before);
    });

    it('needs an agency and a campaign, a file, and a .csv name; created_by_id is ignored', async () => {
      const before = await count();
      const file = { name: 'rows.csv', bytes: csv() };
      const incomplete: Array<Record<string, string>> = [{ campaign_id: String(own.campaign) }, { agency_id: String(own.agency) }, {}, { agency_id: '', campaign_id: 'x' }];
      for (const fields of incomplete) {
        const answer = await upload(server, SERVICE, token.agency, fields, file);
        expect(answer.status, JSON.stringify(fields)).toBe(400);
        expect(answer.body.error).toBe(messages.agencyAndCampaignRequired);
      }
      const fields = { agency_id: String(own.agency), campaign_id: String(own.campaign) };
      const noFile = await upload(server, SERVICE, token.agency, fields);
      expect([noFile.status, noFile.body.error]).toEqual([400, messages.secureFileRequired]);
      const text = await upload(server, SERVICE, token.agency, fields, { name: 'rows.txt', bytes: csv() });
      expect([text.status, text.body.error, text.body.errors?.file]).toEqual([400, messages.onlyCsvAllowed, [messages.onlyCsvAllowed]]);
      const json = await server.post<ApiError>(SERVICE, { agency_id: own.agency, campaign_id: own.campaign }, token.agency);
      expect(json.status).toBe(415);
      expect(await count()).toBe(before);

      const superId = (await server.get<{ data: Array<{ id: number; email: string }> }>('/admin/admins?page_size=0', token.super)).body.data.find((a) => a.email === 'super@demo.test')?.id;
      const created = await upload(server, SERVICE, token.agency, { ...fields, created_by_id: String(superId) }, { name: 'C:\\Users\\kwesi\\Desktop\\payouts\u0007 Nov.csv', bytes: csv() });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ created_by: 'agency@demo.test', file_name: 'payouts Nov.csv', description: 'payouts Nov.csv' });
      expect(created.body.created_by_id).not.toBe(superId);
    });

    it('shares only within the caller’s scope, with a campaign of that agency; nothing stored otherwise', async () => {
      const before = await count();
      const file = { name: 'rows.csv', bytes: csv() };
      const tries: Array<[string, Record<string, number>, number, string]> = [
        [token.agency, { agency_id: foreign.agency, campaign_id: foreign.campaign }, 403, messages.secureAgencyOutOfReach],
        [token.agency, { agency_id: own.agency, campaign_id: foreign.campaign }, 403, messages.secureCampaignOutOfReach],
        [token.super, { agency_id: own.agency, campaign_id: foreign.campaign }, 400, messages.secureCampaignNotOfAgency],
        [token.super, { agency_id: 2_000_000, campaign_id: foreign.campaign }, 403, messages.secureAgencyOutOfReach],
        [token.campaign, { agency_id: campaignAdmin.agency, campaign_id: own.campaign }, 403, messages.secureCampaignOutOfReach],
        [token.campaign, { agency_id: own.agency, campaign_id: own.campaign }, 403, messages.secureAgencyOutOfReach],
      ];
      for (const [as, fields, status, error] of tries) {
        const answer = await upload(server, SERVICE, as, { agency_id: String(fields.agency_id), campaign_id: String(fields.campaign_id) }, file);
        expect([answer.status, answer.body.error], JSON.stringify(fields)).toEqual([status, error]);
      }
      expect(await count()).toBe(before);
    });

    it('answers the same report for the same file again (200), a new one for another campaign', async ({ skip }) => {
      const bytes = csv();
      const first = await ownCsv(bytes);
      const fields = { agency_id: String(own.agency), campaign_id: String(own.campaign) };
      // Retried with an Idempotency-Key: not replayed, the unique file makes it harmless.
      const again = await upload(server, SERVICE, token.agency, fields, { name: 'renamed.csv', bytes }, { 'Idempotency-Key': `upload-${backend}` });
      const third = await upload(server, SERVICE, token.agency, fields, { name: 'renamed.csv', bytes }, { 'Idempotency-Key': `upload-${backend}` });
      expect([again.status, third.status]).toEqual([200, 200]);
      expect(third.headers.get('idempotency-replayed')).toBeNull();
      expect([again.body.id, third.body.id]).toEqual([first.id, first.id]);
      const elsewhere = await upload(server, SERVICE, token.agency, { ...fields, campaign_id: String(own.other) }, { name: 'rows.csv', bytes });
      expect(elsewhere.status).toBe(201);
      expect(elsewhere.body).toMatchObject({ sha256: first.sha256, campaign_id: own.other });
      expect((await legacyList(token.super)).data.filter((row) => row.sha256 === first.sha256)).toHaveLength(2);
      needsSql(server, skip);
      const files = await server.sql.query<{ n: number }>('select count(*)::int as n from secure_files where sha256 = $1', [first.sha256]);
      expect(files.rows[0]?.n).toBe(1);
    });
  });

  describe('the legacy upload', () => {
    const pairs = () => JSON.stringify([{ agency_id: own.agency, campaign_id: own.campaign }, { agency_id: campaignAdmin.agency, campaign_id: campaignAdmin.campaign }]);

    it('is a Super Admin’s: anyone else is refused before the file is read, and nothing is stored', async () => {
      const before = await count();
      for (const as of [token.agency, token.campaign]) {
        const answer = await upload(server, LEGACY, as, { agencies: pairs() }, { name: 'rows.csv', bytes: csv() });
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual({ error: messages.secureShareSuperOnly, code: 'super_admin_only' });
      }
      expect(await count()).toBe(before);
    });

    it('shares one file with every pair in one go, or with none', async () => {
      const before = await count();
      const bad = JSON.stringify([{ agency_id: own.agency, campaign_id: own.campaign }, { agency_id: own.agency, campaign_id: foreign.campaign }]);
      const refused = await upload(server, LEGACY, token.super, { agencies: bad }, { name: 'rows.csv', bytes: csv() });
      expect([refused.status, refused.body.error]).toEqual([400, messages.secureCampaignNotOfAgency]);
      for (const agencies of ['', 'not json', '[]', '[{"agency_id": 1}]']) {
        const answer = await upload(server, LEGACY, token.super, { agencies }, { name: 'rows.csv', bytes: csv() });
        expect(answer.status, agencies).toBe(400);
      }
      expect(await count()).toBe(before);

      const shared = await upload<{ data: SecureReportRow[] }>(server, LEGACY, token.super, { agencies: pairs() }, { name: 'november.csv', bytes: csv() });
      expect(shared.status).toBe(201);
      expect(shared.body.data.map((row) => [row.agency_id, row.campaign_id])).toEqual([[own.agency, own.campaign], [campaignAdmin.agency, campaignAdmin.campaign]]);
      expect(await count()).toBe(before + 2);
    });

    it('takes a PDF and an Excel workbook checked by their content, and nothing else', async () => {
      const agencies = JSON.stringify([{ agency_id: own.agency, campaign_id: own.campaign }]);
      const cases: Array<[string, Buffer, number, string | undefined]> = [
        ['statement.pdf', pdf(), 201, undefined],
        ['totals.xlsx', xlsx(), 201, undefined],
        ['statement.pdf', csv(), 415, uploadContentMismatch('.pdf', 'plain text')],
        ['totals.xlsx', png(), 415, uploadContentMismatch('.xlsx', 'a PNG image')],
        ['letter.docx', csv(), 400, messages.secureLegacyFileTypes],
      ];
      for (const [name, bytes, status, error] of cases) {
        const answer = await upload<{ data: SecureReportRow[] } & ApiError>(server, LEGACY, token.super, { agencies }, { name, bytes });
        expect([name, answer.status, answer.body.error]).toEqual([name, status, error]);
      }
      const workbook = (await legacyList(token.super, { page_size: 0, search: 'totals.xlsx' })).data[0] as SecureReportRow;
      const code = await codeFor(token.super, 'super@demo.test', workbook.id);
      const file = await download(server, token.super, workbook.id, code);
      expect(file.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(sha256(file.bytes)).toBe(workbook.sha256);
    });
  });

  describe('the lists', () => {
    it('show each role its own: a Super Admin all, an Agency Admin their agency’s, a Campaign Admin their campaign’s', async () => {
      const mine = await ownCsv();
      const theirs = await upload(server, SERVICE, token.campaign, { agency_id: String(campaignAdmin.agency), campaign_id: String(campaignAdmin.campaign) }, { name: 'theirs.csv', bytes: csv() });
      const elsewhere = await upload(server, SERVICE, token.super, { agency_id: String(foreign.agency), campaign_id: String(foreign.campaign) }, { name: 'elsewhere.csv', bytes: csv() });
      expect([theirs.status, elsewhere.status]).toEqual([201, 201]);

      const all = await legacyList(token.super);
      expect(all.data.map((row) => row.id)).toEqual(expect.arrayContaining([mine.id, theirs.body.id, elsewhere.body.id]));
      expect(all.data[0]?.id).toBe(elsewhere.body.id); // newest first
      expect((await serviceList(token.super)).count).toBe(all.count);
      for (const [as, agency, campaign] of [[token.agency, own.agency, undefined], [token.campaign, campaignAdmin.agency, campaignAdmin.campaign]] as const) {
        for (const rows of [(await legacyList(as)).data, (await serviceList(as)).results]) {
          expect(rows.length).toBeGreaterThan(0);
          expect(rows.every((row) => row.agency_id === agency && (campaign === undefined || row.campaign_id === campaign))).toBe(true);
        }
      }
      expect((await serviceList(token.agency)).results.map((row) => row.id)).toContain(mine.id);
      expect((await serviceList(token.agency)).results.map((row) => row.id)).not.toContain(theirs.body.id);
      expect((await serviceList(token.campaign)).results.map((row) => row.id)).toEqual(expect.arrayContaining([theirs.body.id]));
      expect((await serviceList(token.campaign)).results.map((row) => row.id)).not.toContain(mine.id);

      // Narrowed within the scope: another agency's id narrows to nothing, never past the scope.
      const narrowed = await serviceList(token.super, `&campaign_id=${campaignAdmin.campaign}`);
      expect(narrowed.results.every((row) => row.campaign_id === campaignAdmin.campaign)).toBe(true);
      expect((await serviceList(token.super, `&agency_id=${own.agency}`)).results.every((row) => row.agency_id === own.agency)).toBe(true);
      expect((await serviceList(token.agency, `&agency_id=${foreign.agency}`)).count).toBe(0);
      const searched = await legacyList(token.super, { page_size: 20, current_page: 1, search: 'theirs.csv' });
      expect(searched.data.map((row) => row.id)).toEqual([theirs.body.id]);
      expect(searched.data[0]).toMatchObject({ agency_name: expect.any(String), campaign_name: expect.any(String), created_by: 'campaign@demo.test', file_name: 'theirs.csv' });
    });

    it('are refused to an admin without Secure Page access, as is every secure call', async () => {
      const report = await ownCsv(csv(), token.super);
      await setSecurePage('campaign@demo.test', false);
      try {
        const calls: Array<Promise<{ status: number; body: unknown }>> = [
          server.post('/admin/list_secure_reports', {}, token.campaign),
          server.get(SERVICE, token.campaign),
          server.post('/admin/get-secure-agencies', {}, token.campaign),
          server.post('/admin/send_secure_otp', { report_id: report.id }, token.campaign),
          server.post('/admin/download_secure', { id: report.id, otp: 'ABCD' }, token.campaign),
          upload(server, SERVICE, token.campaign, { agency_id: String(campaignAdmin.agency), campaign_id: String(campaignAdmin.campaign) }, { name: 'rows.csv', bytes: csv() }),
        ];
        for (const answer of await Promise.all(calls)) {
          expect(answer.status).toBe(403);
          expect(answer.body).toEqual({ error: messages.secureAccessRequired, code: 'forbidden' });
        }
      } finally {
        await setSecurePage('campaign@demo.test', true);
      }
      const ledger = (await server.get<{ data: SecureLedgerEntry[] }>(`/admin/secure_reports/${report.id}/ledger`, token.super)).body.data;
      // The calls went together: their refusals in either order.
      expect(ledger.map((entry) => [entry.action, entry.admin, entry.detail]).sort()).toEqual([
        ['refused', 'campaign@demo.test', 'code: no Secure Page access'],
        ['refused', 'campaign@demo.test', 'download: no Secure Page access'],
      ]);
    });
  });

  describe('download codes', () => {
    it('are sent for one report to the admin who asked, 4 characters, and open that report only, once', async () => {
      const a = await ownCsv();
      const b = await ownCsv();
      const sent = await server.post<SecureOtpSent>('/admin/send_secure_otp', { report_id: a.id }, token.agency);
      expect(sent.body).toEqual({ message: messages.secureCodeSent, filename: a.file_name, url: '/admin/download_secure' });
      const codeA = await server.latestCode('agency@demo.test', 'SECURE_PAGES');
      expect(codeA).toMatch(SECURE_CODE);
      const codeB = await codeFor(token.agency, 'agency@demo.test', b.id);

      // Outside the caller's scope: not found, never forbidden, and no code is sent.
      const outbox = (await server.outbox()).length;
      const probe = await server.post<ApiError>('/admin/send_secure_otp', { report_id: a.id }, token.campaign);
      expect(probe.status).toBe(404);
      expect(probe.body).toEqual({ error: messages.secureReportNotFound, code: 'not_found' });
      expect((await server.post('/admin/send_secure_otp', { report_id: 2_000_000_000 }, token.agency)).status).toBe(404);
      expect((await server.outbox()).length).toBe(outbox);
      // Another admin who sees the report has no code of theirs for it: the Agency Admin's is not theirs.
      const another = await download(server, token.super, a.id, codeA);
      expect([another.status, another.error().code]).toEqual([400, 'otp_expired']);
      // A's code does not open B.
      const crossed = await download(server, token.agency, b.id, codeA);
      expect([crossed.status, crossed.error()]).toEqual([400, { error: messages.otpWrong, code: 'otp_wrong' }]);

      const fileA = await download(server, token.agency, a.id, codeA.toLowerCase());
      expect(fileA.status).toBe(200);
      expect(fileA.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(fileA.headers.get('content-disposition')).toBe(`attachment; filename="${a.file_name}"; filename*=UTF-8''${a.file_name}`);
      expect(fileA.headers.get('cache-control')).toBe('no-store');
      expect(fileA.headers.get('x-content-sha256')).toBe(a.sha256);
      expect(sha256(fileA.bytes)).toBe(a.sha256);
      const used = await download(server, token.agency, a.id, codeA);
      expect([used.status, used.error()]).toEqual([400, { error: messages.otpExpiredOrUsed, code: 'otp_expired' }]);
      expect((await download(server, token.agency, b.id, codeB)).status).toBe(200);

      const ledger = await server.get<{ data: SecureLedgerEntry[] }>(`/admin/secure_reports/${a.id}/ledger`, token.super);
      expect(ledger.status).toBe(200);
      expect(ledger.body.data.map((entry) => [entry.action, entry.admin, entry.detail])).toEqual([
        ['refused', 'agency@demo.test', expect.stringMatching(/^download: no open code/)],
        ['downloaded', 'agency@demo.test', null],
        ['refused', 'super@demo.test', expect.stringMatching(/^download: no open code/)],
        ['refused', 'campaign@demo.test', "code: outside the admin's agencies and campaigns"],
        ['code_requested', 'agency@demo.test', null],
      ]);
      expect(ledger.body.data.every((entry) => entry.address && entry.at)).toBe(true);
      const ledgerB = (await server.get<{ data: SecureLedgerEntry[] }>(`/admin/secure_reports/${b.id}/ledger`, token.super)).body.data;
      expect(ledgerB.map((entry) => [entry.action, entry.detail])).toEqual([['downloaded', null], ['refused', 'download: wrong code'], ['code_requested', null]]);
    });

    it('are apart from the session’s SECURE_PAGES codes, which work as before', async () => {
      const report = await ownCsv();
      const send = (as: string) => server.post('/api/v1/otp/send/', { username: 'agency@demo.test', medium: 'EMAIL', otp_type: 'SECURE_PAGES' }, as);
      expect((await send(token.agency)).status).toBe(200);
      const sessionCode = await server.latestCode('agency@demo.test', 'SECURE_PAGES');
      // A session code opens no report (there is no open code for it).
      expect((await download(server, token.agency, report.id, sessionCode)).status).toBe(400);
      // A report code is not the session's.
      const reportCode = await codeFor(token.agency, 'agency@demo.test', report.id);
      const verifiedWithReportCode = await server.post<ApiError>('/api/v1/otp/verify/', { username: 'agency@demo.test', otp_type: 'SECURE_PAGES', otp: reportCode }, token.agency);
      expect(verifiedWithReportCode.status).toBe(400);
      // The session's code still verifies (it was open beside the report's), and the report's still opens it.
      const verified = await server.post('/api/v1/otp/verify/', { username: 'agency@demo.test', otp_type: 'SECURE_PAGES', otp: sessionCode }, token.agency);
      expect([verified.status, verified.body]).toEqual([200, { verified: true, otp_type: 'SECURE_PAGES' }]);
      expect((await download(server, token.agency, report.id, reportCode)).status).toBe(200);
    });

    it('are sent again for a second request with the same Idempotency-Key: a code is never replayed', async () => {
      const report = await ownCsv();
      const before = (await server.outbox()).length;
      for (let i = 0; i < 2; i++) {
        const sent = await server.request('POST', '/admin/send_secure_otp', { body: { report_id: report.id }, token: token.agency, headers: { 'Idempotency-Key': `code-${backend}-${report.id}` } });
        expect(sent.status).toBe(200);
        expect(sent.headers.get('idempotency-replayed')).toBeNull();
      }
      expect((await server.outbox()).length).toBe(before + 2);
    });
  });

  describe('the ledger', () => {
    it('is a Super Admin’s to read; an unknown report is not found', async () => {
      const report = await ownCsv();
      for (const as of [token.agency, token.campaign]) {
        const refused = await server.get<ApiError>(`/admin/secure_reports/${report.id}/ledger`, as);
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual({ error: messages.secureLedgerSuperOnly, code: 'super_admin_only' });
      }
      expect((await server.get(`/admin/secure_reports/2000000000/ledger`, token.super)).status).toBe(404);
      expect((await server.get(`/admin/secure_reports/${report.id}/ledger`, token.super)).body).toEqual({ data: [] });
    });
  });

  describe('malformed requests', () => {
    it('answer 4xx, never 5xx, and store nothing', async () => {
      const before = await count();
      const boundary = 'XyZzY';
      const type = `multipart/form-data; boundary=${boundary}`;
      const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const filePart = (name: string, content: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n`;
      const fields = field('agency_id', String(own.agency)) + field('campaign_id', String(own.campaign));
      const bodies: Array<[string, string, string, number]> = [
        ['two files', `${fields}${filePart('a.csv', 'a,b\n')}${filePart('b.csv', 'c,d\n')}--${boundary}--\r\n`, type, 400],
        ['a field too long', `${field('agency_id', '1'.repeat(20_000))}${field('campaign_id', '1')}${filePart('a.csv', 'a,b\n')}--${boundary}--\r\n`, type, 400],
        ['a field twice', `${fields}${field('agency_id', '1')}${filePart('a.csv', 'a,b\n')}--${boundary}--\r\n`, type, 400],
        ['too many fields', `${Array.from({ length: 30 }, (_, i) => field(`f${i}`, 'x')).join('')}${filePart('a.csv', 'a,b\n')}--${boundary}--\r\n`, type, 400],
        ['a field named after a prototype', `${field('constructor', 'x')}${fields}${filePart('a.csv', 'a,b\n')}--${boundary}--\r\n`, type, 400],
        ['cut off', `${fields}${filePart('a.csv', 'a,b\n').slice(0, -10)}`, type, 400],
        ['no boundary', `${fields}${filePart('a.csv', 'a,b\n')}--${boundary}--\r\n`, 'multipart/form-data', 400],
        ['not multipart at all', 'just some text', type, 400],
        ['no file', `${fields}--${boundary}--\r\n`, type, 400],
        ['a file name with a path', `${fields}${filePart('../../etc/passwd', '')}--${boundary}--\r\n`, type, 400],
        ['plain text', 'agency_id=1', 'text/plain', 415],
      ];
      for (const [what, body, contentType, status] of bodies) {
        const answer = await rawUpload(server, token.agency, body, contentType);
        expect([what, answer.status, typeof answer.body.error], JSON.stringify(answer.body)).toEqual([what, status, 'string']);
      }
      for (const body of [{}, { report_id: 'x' }, { report_id: -1 }, { report_id: {} }, { report_id: 1.5 }, { report_id: null }]) {
        const answer = await server.post('/admin/send_secure_otp', body, token.agency);
        expect(answer.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
        expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
      }
      for (const otp of ['', 'ABC', 'ABCDE', 'AB-D', 1234, null]) {
        const answer = await server.post<ApiError>('/admin/download_secure', { id: 1, otp }, token.agency);
        expect(answer.status, String(otp)).toBe(400);
        // A value of the wrong type is named with what the field takes.
        expect(answer.body.error).toMatch(typeof otp === 'number' ? /^otp must be text/ : messages.secureOtpRequired);
      }
      const badList = await server.post('/admin/list_secure_reports', { page_size: 7 }, token.agency);
      expect(badList.status).toBe(400);
      expect((await server.get(`${SERVICE}?agency_id=x`, token.agency)).status).toBe(400);
      expect(await count()).toBe(before);
    });
  });

  describe('the secure budget', () => {
    it('are burned after the wrong tries allowed, and wrong codes spend the account’s daily budget of secure codes, not of sign-in codes', async () => {
      // The Campaign Admin ends locked out of secure codes: the last test of the file.
      const made = await upload(server, SERVICE, token.campaign, { agency_id: String(campaignAdmin.agency), campaign_id: String(campaignAdmin.campaign) }, { name: 'rows.csv', bytes: csv() });
      const report = made.body;
      const code = await codeFor(token.campaign, 'campaign@demo.test', report.id);
      const wrong = code === 'AAAA' ? 'BBBB' : 'AAAA';
      for (let attempt = 1; attempt <= MAX_TRIES; attempt++) {
        const answer = await download(server, token.campaign, report.id, wrong);
        expect([answer.status, answer.error().code]).toEqual([400, attempt < MAX_TRIES ? 'otp_wrong' : 'otp_expired']);
      }
      const burned = await download(server, token.campaign, report.id, code);
      expect([burned.status, burned.error().error]).toEqual([400, messages.otpExpiredOrUsed]);
      // Five wrong codes a day (this server's budget) lock the account's secure codes.
      const next = await codeFor(token.campaign, 'campaign@demo.test', report.id);
      for (let attempt = 0; attempt < 2; attempt++) expect((await download(server, token.campaign, report.id, wrong)).status).toBe(400);
      const locked = await download(server, token.campaign, report.id, next);
      expect([locked.status, locked.error().code]).toEqual([429, 'too_many_requests']);
      expect((await server.post('/admin/send_secure_otp', { report_id: report.id }, token.campaign)).status).toBe(429);
      // Signing in is on a budget of its own (issue 30): the locked secure codes do not stop it.
      expect((await accessToken(server, 'campaign@demo.test')).length).toBeGreaterThan(0);
      const ledger = (await server.get<{ data: SecureLedgerEntry[] }>(`/admin/secure_reports/${report.id}/ledger`, token.super)).body.data;
      const locks = /^(code|download): Too many wrong OTPs for this account\./;
      expect(ledger.map((entry) => [entry.action, entry.detail])).toEqual([
        ['refused', expect.stringMatching(locks)],
        ['refused', expect.stringMatching(locks)],
        ['refused', 'download: wrong code'],
        ['refused', 'download: wrong code'],
        ['code_requested', null],
        ['refused', 'download: no open code for this report (expired, used, or never asked for)'],
        ['refused', 'download: wrong code; too many wrong tries, the code is burned'],
        ['refused', 'download: wrong code'],
        ['refused', 'download: wrong code'],
        ['code_requested', null],
      ]);
    });
  });
});
