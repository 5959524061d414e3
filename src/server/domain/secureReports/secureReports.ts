// Secure reports (SPEC.md sections 2 to 7, issue 16): files shared with an agency and a campaign,
// listed within the caller's scope (SPEC.md section 6: a Campaign Admin their campaigns', an Agency
// Admin their agencies', a Super Admin all), downloaded after a code bound to the report and the
// admin, and every code, download and refusal written to the report's ledger.
//
// Every call needs Secure Page access: a Super Admin, or an admin whose legacy secure_page flag is
// set (routes declare it: `requires: 'Secure Page access'`; a code or a download checks it here, to
// write the refusal to the report's ledger). A report outside the caller's scope is 'not found',
// never 'forbidden', so ids are not probed.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { SecureAgencies, SecureOtpSent } from '../../../contract/api';
import type { SecureLedgerAction, SecureLedgerEntry, SecureReportRow } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import type { RoleScope } from '../../../contract/roles';
import { queryRows, type Database } from '../../db/client';
import { agencies, campaigns, secureFileParts, secureFiles, secureReportLedger, secureReports, users } from '../../db/schema';
import { campaignVisible, hasSecureAccess, visibleAgencyIds, within, type Caller } from '../../auth/scope';
import { codeRefused, type SignIn } from '../../auth/signIn';
import { DomainError, Invalid, NotFound, Refused } from '../errors';
import type { CodeCheck } from '../../auth/codes';
import { containing, foldedText, type ListParams } from '../lists';

/** Files are written and read in parts of this many bytes. */
export const FILE_PART_BYTES = 1024 * 1024;

/** The code for one report opens that report only. */
const subjectOf = (reportId: number) => `secure_report:${reportId}`;

// ---- access and scope ---------------------------------------------------------------------------

/** The reports a caller sees (section 6): a Campaign Admin by campaign, an Agency Admin by agency. */
function reportVisible(scope: RoleScope): SQL {
  if (scope.kind === 'all') return sql`true`;
  if (scope.kind === 'agencies') return within(sql`r.agency_id`, scope.agencyIds);
  return within(sql`r.campaign_id`, scope.campaignIds);
}

// ---- reading ------------------------------------------------------------------------------------

/** A report as the lists answer it, with what the download needs. */
export interface SecureReportRecord extends SecureReportRow {
  mime: string;
}

const ROW = sql`select r.id, r.description, r.agency_id, r.campaign_id, r.created_by_id, r.file_name, r.size, r.sha256, r.mime,
    to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as date_created,
    a.name as agency_name, c.name as campaign_name, coalesce(u.email, u.username) as created_by
  from secure_reports r
  join agencies a on a.id = r.agency_id
  join campaigns c on c.id = r.campaign_id
  join users u on u.id = r.created_by_id`;

export interface SecureReportFilter {
  agencyId?: number;
  campaignId?: number;
  /** A part of the description, file name, agency or campaign name. */
  search?: string;
}

/** The reports the caller sees, narrowed by `filter`, newest first, and how many there are. */
export async function listSecureReports(
  db: Database, scope: RoleScope, filter: SecureReportFilter, paging: Pick<ListParams<string>, 'limit' | 'offset'>,
): Promise<{ rows: SecureReportRecord[]; count: number }> {
  const pattern = filter.search ? containing(filter.search) : undefined;
  const where = sql.join(
    [
      reportVisible(scope),
      filter.agencyId === undefined ? sql`true` : sql`r.agency_id = ${filter.agencyId}`,
      filter.campaignId === undefined ? sql`true` : sql`r.campaign_id = ${filter.campaignId}`,
      pattern === undefined ? sql`true` : sql`(r.description ilike ${pattern} or r.file_name ilike ${pattern} or a.name ilike ${pattern} or c.name ilike ${pattern})`,
    ],
    sql` and `,
  );
  const limit = paging.limit === undefined ? sql`` : sql` limit ${paging.limit} offset ${paging.offset}`;
  const rows = await queryRows<SecureReportRecord>(db, sql`${ROW} where ${where} order by r.created_at desc, r.id desc${limit}`);
  const [counted] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${ROW} where ${where}) listed`);
  return { rows, count: counted?.n ?? 0 };
}

/** One report the caller sees, or undefined (one that does not exist, or is not theirs). */
export async function secureReportOf(db: Database, scope: RoleScope, id: number): Promise<SecureReportRecord | undefined> {
  const [row] = await queryRows<SecureReportRecord>(db, sql`${ROW} where r.id = ${id} and ${reportVisible(scope)}`);
  return row;
}

/** A report's file, a part at a time. */
export async function* secureFileContent(db: Database, sha256: string): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq++) {
    const [part] = await db
      .select({ data: secureFileParts.data })
      .from(secureFileParts)
      .where(and(eq(secureFileParts.sha256, sha256), eq(secureFileParts.seq, seq)));
    if (!part) return;
    // node-postgres gives a Buffer, PGlite a Uint8Array: the same bytes either way.
    yield Buffer.from(part.data.buffer, part.data.byteOffset, part.data.byteLength);
  }
}

/** The agencies the caller may share a file with, each with its campaigns within the caller's scope. */
export async function secureAgencies(db: Database, scope: RoleScope): Promise<SecureAgencies> {
  const rows = await db
    .select({ id: agencies.id, agency_name: agencies.name, campaign_id: campaigns.id, campaign_name: campaigns.name, country_code: campaigns.countryCode })
    .from(agencies)
    .leftJoin(campaigns, and(eq(campaigns.agencyId, agencies.id), campaignVisible(scope, campaigns)))
    .where(within(agencies.id, visibleAgencyIds(scope)))
    .orderBy(asc(foldedText(agencies.name)), asc(agencies.id), asc(foldedText(campaigns.name)), asc(campaigns.id));
  const byId = new Map<number, SecureAgencies['agencies'][number]>();
  for (const row of rows) {
    const agency = byId.get(row.id) ?? { id: row.id, agency_name: row.agency_name, campaigns: [] };
    byId.set(row.id, agency);
    if (row.campaign_id !== null) agency.campaigns.push({ id: row.campaign_id, campaign_name: row.campaign_name ?? '', country_code: row.country_code ?? '' });
  }
  return { agencies: [...byId.values()] };
}

// ---- sharing ------------------------------------------------------------------------------------

export interface ShareTarget { agencyId: number; campaignId: number }

/**
 * The caller may share with this agency and campaign: both within their scope (403 otherwise, the
 * same for one that does not exist), and the campaign one of the agency's (400).
 */
export async function assertShareTarget(db: Database, scope: RoleScope, target: ShareTarget): Promise<void> {
  const [agency] = await db.select({ id: agencies.id }).from(agencies).where(and(eq(agencies.id, target.agencyId), within(agencies.id, visibleAgencyIds(scope))));
  if (!agency) throw Refused.outOfScope(messages.secureAgencyOutOfReach);
  const [campaign] = await db
    .select({ agencyId: campaigns.agencyId })
    .from(campaigns)
    .where(and(eq(campaigns.id, target.campaignId), campaignVisible(scope, campaigns)));
  if (!campaign) throw Refused.outOfScope(messages.secureCampaignOutOfReach);
  if (campaign.agencyId !== target.agencyId) throw new Invalid(messages.secureCampaignNotOfAgency, { campaign_id: [messages.secureCampaignNotOfAgency] });
}

export interface CheckedFile { name: string; mime: string; bytes: Buffer; size: number; sha256: string }

/**
 * Shares a checked file with every target, in one transaction (all or none): the file is stored
 * once by its SHA-256, and a target that already has this file keeps its report, answered again.
 * `created` says whether any report is new.
 */
export async function shareSecureFile(
  db: Database, caller: Caller, file: CheckedFile, targets: ShareTarget[],
): Promise<{ reports: SecureReportRecord[]; created: boolean }> {
  const createdById = caller.userId;
  if (createdById === null) throw new Refused(messages.secureAccessRequired);
  const { ids, created } = await db.transaction(async (tx) => {
    const [stored] = await tx.insert(secureFiles).values({ sha256: file.sha256, size: file.size }).onConflictDoNothing().returning({ sha256: secureFiles.sha256 });
    if (stored) {
      for (let seq = 0; seq * FILE_PART_BYTES < file.size; seq++) {
        const data = file.bytes.subarray(seq * FILE_PART_BYTES, (seq + 1) * FILE_PART_BYTES);
        await tx.insert(secureFileParts).values({ sha256: file.sha256, seq, data });
      }
    }
    const ids: number[] = [];
    let created = false;
    for (const target of targets) {
      const [inserted] = await tx
        .insert(secureReports)
        .values({
          description: file.name, fileName: file.name, mime: file.mime, size: file.size, sha256: file.sha256,
          agencyId: target.agencyId, campaignId: target.campaignId, createdById,
        })
        .onConflictDoNothing()
        .returning({ id: secureReports.id });
      const [kept] = inserted
        ? [inserted]
        : await tx
          .select({ id: secureReports.id })
          .from(secureReports)
          .where(and(eq(secureReports.agencyId, target.agencyId), eq(secureReports.campaignId, target.campaignId), eq(secureReports.sha256, file.sha256)));
      if (!kept) throw new Error('a secure report was neither inserted nor found');
      created ||= Boolean(inserted);
      ids.push(kept.id);
    }
    return { ids, created };
  });
  const rows = await queryRows<SecureReportRecord>(db, sql`${ROW} where ${within(sql`r.id`, ids)}`);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { reports: ids.flatMap((id) => byId.get(id) ?? []), created };
}

// ---- codes, downloads and the ledger --------------------------------------------------------------

interface LedgerEntry { reportId: number; adminId: number; action: SecureLedgerAction; address: string; detail?: string }

/** Writes a ledger row, in a statement of its own (never undone with a refusal); not for a report that does not exist. */
async function record(db: Database, entry: LedgerEntry): Promise<void> {
  await db.execute(sql`insert into ${secureReportLedger} (report_id, admin_id, action, address, detail)
    select ${entry.reportId}, ${entry.adminId}, ${entry.action}, ${entry.address}, ${entry.detail ?? null}
    where exists (select 1 from ${secureReports} where id = ${entry.reportId})`);
}

/** What a refused code says in the ledger. */
const CHECK_DETAIL: Record<Exclude<CodeCheck, 'ok'>, string> = {
  wrong: 'wrong code',
  burned: 'wrong code; too many wrong tries, the code is burned',
  expired: 'no open code for this report (expired, used, or never asked for)',
};

/**
 * The report a code or download asks for, or the refusal, written to the ledger first: no Secure
 * Page access (403), a report outside the caller's scope (404; ledgered when it exists).
 */
async function reportForCode(db: Database, caller: Caller, reportId: number, address: string, asked: string): Promise<SecureReportRecord & { adminId: number }> {
  const adminId = caller.userId;
  if (adminId === null) throw new Refused(messages.secureAccessRequired);
  const refuse = async (reason: string, error: DomainError) => {
    await record(db, { reportId, adminId, action: 'refused', address, detail: `${asked}: ${reason}` });
    return error;
  };
  if (!(await hasSecureAccess(db, caller))) throw await refuse('no Secure Page access', new Refused(messages.secureAccessRequired));
  const report = await secureReportOf(db, caller.scope, reportId);
  if (!report) throw await refuse("outside the admin's agencies and campaigns", new NotFound(messages.secureReportNotFound));
  return { ...report, adminId };
}

/** POST /admin/send_secure_otp: a code for this report and this admin, by email. */
export async function sendSecureCode(db: Database, signIn: SignIn, caller: Caller, reportId: number, address: string): Promise<SecureOtpSent> {
  const report = await reportForCode(db, caller, reportId, address, 'code');
  try {
    await signIn.sendBoundCode({ userId: report.adminId, subject: subjectOf(report.id), address, purpose: 'downloading a secure report' });
  } catch (error) {
    const reason = error instanceof DomainError ? error.message : 'the code could not be sent';
    await record(db, { reportId, adminId: report.adminId, action: 'refused', address, detail: `code: ${reason}` });
    throw error;
  }
  await record(db, { reportId, adminId: report.adminId, action: 'code_requested', address });
  return { message: messages.secureCodeSent, filename: report.file_name, url: '/admin/download_secure' };
}

/** POST /admin/download_secure: the report, once its code is right (the code is used up); ledgered either way. */
export async function openSecureReport(
  db: Database, signIn: SignIn, caller: Caller, request: { reportId: number; code: string; address: string },
): Promise<SecureReportRecord> {
  const { reportId, address } = request;
  const report = await reportForCode(db, caller, reportId, address, 'download');
  const refused = (reason: string) => record(db, { reportId, adminId: report.adminId, action: 'refused', address, detail: `download: ${reason}` });
  let check: CodeCheck;
  try {
    check = await signIn.checkBoundCode({ userId: report.adminId, subject: subjectOf(report.id), code: request.code, address });
  } catch (error) {
    await refused(error instanceof DomainError ? error.message : 'the code could not be checked');
    throw error;
  }
  if (check !== 'ok') {
    await refused(CHECK_DETAIL[check]);
    throw codeRefused(check);
  }
  await record(db, { reportId, adminId: report.adminId, action: 'downloaded', address });
  return report;
}

/** GET /admin/secure_reports/:id/ledger: newest first. */
export async function secureLedger(db: Database, reportId: number): Promise<SecureLedgerEntry[]> {
  const [report] = await db.select({ id: secureReports.id }).from(secureReports).where(eq(secureReports.id, reportId));
  if (!report) throw new NotFound(messages.secureReportNotFound);
  return queryRows<SecureLedgerEntry>(db, sql`
    select l.id::int as id, to_char(l.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, l.action, l.admin_id,
      coalesce(u.email, u.username) as admin, l.address, l.detail
    from ${secureReportLedger} l join ${users} u on u.id = l.admin_id
    where l.report_id = ${reportId}
    order by l.at desc, l.id desc`);
}
