// A paid run's payout (issue 52): its lines to the provider, its payout file, and the provider's
// results coming back. See docs/decisions.md 'Payouts: lines, results and whole units'.
//
// A run's payout lines are written when it is paid (made without approval, or approved), one per
// agent in agent id order, each asking for the agent's payments and carry in the units the
// currency is paid in: whole units for XOF, XAF, UGX (currencyMinorDigits), the remainder carried
// to the agent's next line (their carry is the sum of payments_total - amount over their lines that
// did not fail, of runs not reversed), so nothing is rounded away and no provider is asked for a
// fraction. A line that asks for nothing (below one unit) is settled at once and left out of the file.
//
// The provider's results settle the lines, all of a file or none of it, in one transaction under the
// run's row lock: a line is given its result once (migration 0036's trigger); a failed line's
// payments are released (their lines reversed, the payments due again) for a later run, whose line
// for that agent names the failed one (retry_of).
import { sql } from 'drizzle-orm';
import * as messages from '../../../contract/messages';
import { amountText, currencyMinorDigits, parseAmount, requireAmount, type Money } from '../../../contract/money';
import { PAYOUT_COLUMNS, PAYOUT_CONTROL_LINE_ID, type PaymentRunState } from '../../../contract/paymentRuns';
import {
  PAYOUT_REFUSALS_LISTED_MAX, PAYOUT_RESULT_STATUSES, payoutSettlement, type PaymentRunSettlement, type PayoutLine, type PayoutLineCounts,
  type PayoutRefusal, type PayoutResultRow, type PayoutSummary,
} from '../../../contract/payouts';
import type { Caller } from '../../auth/scope';
import { queryRows, type Database } from '../../db/client';
import { paymentRunLines, paymentRuns, payments, payoutLines } from '../../db/schema';
import { Conflict, Unprocessable } from '../errors';
import { csvLine, formulaSafe } from '../../reports/csv';
import { recordBatch } from '../audit';
import { runState } from './status';
import { visibleRun } from './visibleRun';

/** The reason kept with a line that asks the provider for nothing. */
const NOTHING_TO_SEND = 'Nothing to send: below one whole unit, carried to the next line';

/**
 * Writes the payout lines of runs just paid (in the transaction that pays them): one per agent of
 * each run's active lines. Each run pays one currency, so each is written by its own statement.
 */
export async function writePayoutLines(tx: Database, runIds: readonly number[]): Promise<void> {
  if (runIds.length === 0) return;
  // A line is written when its run is paid: made, or approved (the demo's runs, long ago).
  const runs = await queryRows<{ id: number; ref: string; currency: string; paid_at: string }>(tx, sql`
    select id, ref, currency_code as currency, coalesce(approved_at, created_at)::text as paid_at from ${paymentRuns} where id in (${sql.join(runIds.map((id) => sql`${id}`), sql`, `)}) order by id`);
  // Only where a payment was ever released (a failed line's, or a reversed run's) can a line pay a
  // failed one again (most databases: none, and no probe per payment). Read by
  // payment_run_lines_released: no index of payout_lines names a line's status (migration 0039).
  const [anyFailed] = await queryRows<{ failed: boolean }>(tx, sql`select exists (select 1 from ${paymentRunLines} where reversed_at is not null) as failed`);
  for (const run of runs) {
    const digits = currencyMinorDigits(run.currency);
    // A currency paid in its hundredths carries nothing: the carry is read only where it can be other than 0.
    const carried = digits < 2
      ? sql`select pl.agent_id, sum(pl.payments_total - pl.amount) as carry
          from ${payoutLines} pl join ${paymentRuns} r on r.id = pl.payment_run_id
          where pl.currency_code = ${run.currency} and pl.status <> 'failed' and r.reversed_at is null and pl.agent_id in (select agent_id from agents)
          group by pl.agent_id`
      : sql`select null::int as agent_id, 0::numeric as carry where false`;
    const retried = anyFailed?.failed
      ? sql`select p.agent_id, max(f.id) as failed_id
          from ${paymentRunLines} l join ${payments} p on p.id = l.payment_id
            join ${paymentRunLines} earlier on earlier.payment_id = l.payment_id and earlier.reversed_at is not null
            join ${payoutLines} f on f.payment_run_id = earlier.payment_run_id and f.agent_id = p.agent_id and f.status = 'failed'
          where l.payment_run_id = ${run.id} and l.reversed_at is null
          group by p.agent_id`
      : sql`select null::int as agent_id, null::bigint as failed_id where false`;
    await tx.execute(sql`
      with agents as (
        select p.agent_id, count(*)::int as payments, sum(l.amount) as total
        from ${paymentRunLines} l join ${payments} p on p.id = l.payment_id
        where l.payment_run_id = ${run.id} and l.reversed_at is null
        group by p.agent_id
      ),
      carried as (${carried}),
      retried as (${retried}),
      asked as (
        select a.agent_id, a.payments, a.total, row_number() over (order by a.agent_id)::int as position,
          greatest(0, floor((a.total + coalesce(c.carry, 0)) * power(10::numeric, ${digits}::int)) / power(10::numeric, ${digits}::int))::numeric(14, 2) as amount,
          rt.failed_id
        from agents a left join carried c on c.agent_id = a.agent_id left join retried rt on rt.agent_id = a.agent_id
      )
      insert into ${payoutLines} (payment_run_id, currency_code, line_id, position, agent_id, msisdn, payments, payments_total, amount,
        status, settled_at, reason, retry_of, created_at)
      select ${run.id}::int, ${run.currency}::text, ${run.ref}::text || '-' || asked.position, asked.position, asked.agent_id, u.msisdn,
        asked.payments, asked.total, asked.amount,
        case when asked.amount = 0 then 'paid' else 'sent' end, case when asked.amount = 0 then ${run.paid_at}::timestamptz end,
        case when asked.amount = 0 then ${NOTHING_TO_SEND}::text end, asked.failed_id, ${run.paid_at}::timestamptz
      from asked join users u on u.id = asked.agent_id
      order by asked.position`);
  }
}

interface LineCountsRow { sent: number; paid: number; failed: number; provider_paid: boolean; asked: string; carried: string; failed_total: string }

/** The provider paid a line of the run (money has left): it can no longer be reversed. */
export const providerPaid = (runId: number | ReturnType<typeof sql>) =>
  sql`exists (select 1 from ${payoutLines} where payment_run_id = ${runId} and status = 'paid' and amount > 0)`;

/** A run's payout as its popup shows it; null when the run has no payout (it awaits approval, was rejected, or pays nobody). */
export async function payoutSummary(db: Database, caller: Caller, run: PaymentRunState): Promise<PayoutSummary | null> {
  const [row] = await queryRows<LineCountsRow & { lines: number }>(db, sql`
    select count(*)::int as lines, count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status = 'paid')::int as paid,
      count(*) filter (where status = 'failed')::int as failed, ${providerPaid(run.id)} as provider_paid, coalesce(sum(amount), 0)::text as asked,
      coalesce(sum(payments_total - amount) filter (where status <> 'failed'), 0)::text as carried,
      coalesce(sum(amount) filter (where status = 'failed'), 0)::text as failed_total
    from ${payoutLines} where payment_run_id = ${run.id}`);
  if (!row || row.lines === 0) return null;
  const money = (amount: string): Money => ({ amount: amountText(requireAmount(amount)), currency: run.currency });
  return {
    settlement: payoutSettlement(row),
    lines: { sent: row.sent, paid: row.paid, failed: row.failed },
    asked: money(row.asked),
    carried: money(row.carried),
    failed_total: money(row.failed_total),
    provider_paid: row.provider_paid,
    can_settle: caller.scope.kind === 'all' && run.status === 'Paid',
  };
}

/**
 * GET /admin/payment_run_payout: the payout file of a Paid run, its lines as they were written (the
 * same numbers, amounts and line ids however often it is downloaded; names as they are now), then the control line: the total the file asks for,
 * and how many lines and payments. A line that asks for nothing is not in it. Every text cell is
 * formula-injection safe.
 */
export async function payoutFile(db: Database, caller: Caller, runId: number): Promise<{ filename: string; text: string }> {
  await visibleRun(db, caller.scope, runId);
  const run = await runState(db, runId);
  if (run.status !== 'Paid') throw new Conflict(messages.paymentRunPayoutNotPaid(run.status), 'edit_conflict');
  const lines = await queryRows<{ msisdn: string | null; agent_name: string; amount: string; payments: number; line_id: string }>(db, sql`
    select pl.msisdn, u.first_name || ' ' || u.last_name as agent_name, pl.amount::text as amount, pl.payments, pl.line_id
    from ${payoutLines} pl join users u on u.id = pl.agent_id
    where pl.payment_run_id = ${runId} and pl.amount > 0 order by pl.position`);
  const line = (msisdn: string | null, agentName: string, amount: string, lineId: string) =>
    csvLine([msisdn === null ? null : formulaSafe(msisdn), formulaSafe(agentName), amount, formulaSafe(run.currency), formulaSafe(run.reference), formulaSafe(lineId)]);
  const total = lines.reduce((sum, each) => sum + requireAmount(each.amount), 0n);
  const paymentCount = lines.reduce((sum, each) => sum + each.payments, 0);
  const body = lines.map((each) => line(each.msisdn, each.agent_name, each.amount, each.line_id));
  const control = line(null, `${lines.length} lines, ${paymentCount} payments`, amountText(total), PAYOUT_CONTROL_LINE_ID);
  return { filename: `payout_${run.ref}.csv`, text: [csvLine(PAYOUT_COLUMNS), ...body, control].join('') };
}

interface StoredLine { id: number; line_id: string; amount: string; status: 'sent' | 'paid' | 'failed'; provider_reference: string | null }

/** A row to write: the line, its result and the provider's words. */
interface Settled { id: number; status: 'paid' | 'failed'; provider_reference: string | null; reason: string | null; amount: bigint }

/**
 * POST /admin/payment_run_settle: the provider's results for a run, checked row by row against its
 * lines; then, unless a preview or any row is refused, written in one transaction with one audit
 * entry. A row repeating a line's result as it stands changes nothing. Refused: 422 with the check
 * in `current`, nothing written. Two settlements of one run wait for each other (the run's row lock).
 */
export async function settleRun(db: Database, caller: Caller, request: { runId: number; rows: readonly PayoutResultRow[]; preview: boolean }): Promise<PaymentRunSettlement> {
  if (caller.userId === null) throw new Error('settling a run needs a signed-in caller');
  const actor = caller.userId;
  await visibleRun(db, caller.scope, request.runId);
  const outcome = await db.transaction(async (tx) => {
    await tx.execute(sql`select id from ${paymentRuns} where id = ${request.runId} for update`);
    const run = await runState(tx, request.runId);
    if (run.status !== 'Paid') throw new Conflict(messages.payoutSettleNotPaid(run.status), 'edit_conflict');
    const stored = await queryRows<StoredLine>(tx, sql`
      select id, line_id, amount::text as amount, status, provider_reference from ${payoutLines} where payment_run_id = ${run.id}`);
    const check = checkRows(run, stored, request.rows);
    const before = countsOf(stored);
    const after = { ...before };
    for (const each of check.settled) {
      after.sent -= 1;
      after[each.status] += 1;
    }
    const money = (amount: bigint): Money => ({ amount: amountText(amount), currency: run.currency });
    const sum = (status: 'paid' | 'failed') => check.settled.filter((each) => each.status === status);
    const answer: PaymentRunSettlement = {
      id: run.id, ref: run.ref, written: false, rows: request.rows.length,
      paid: { lines: sum('paid').length, total: money(sum('paid').reduce((total, each) => total + each.amount, 0n)) },
      failed: { lines: sum('failed').length, total: money(sum('failed').reduce((total, each) => total + each.amount, 0n)) },
      unchanged: check.unchanged, refused: check.refusals.length, refusals: check.refusals.slice(0, PAYOUT_REFUSALS_LISTED_MAX),
      settlement: payoutSettlement(after), lines: after,
    };
    if (check.refusals.length > 0 || request.preview || check.settled.length === 0) return answer;

    const written = JSON.stringify(check.settled.map(({ amount: _amount, ...each }) => each));
    const updated = await queryRows<{ id: number }>(tx, sql`
      update ${payoutLines} pl set status = r.status, provider_reference = r.provider_reference, reason = r.reason, settled_at = now(), settled_by = ${actor}
      from jsonb_to_recordset(${written}::jsonb) as r(id bigint, status text, provider_reference text, reason text)
      where pl.id = r.id and pl.payment_run_id = ${run.id} and pl.status = 'sent'
      returning pl.id`);
    // Under the run's lock no other settlement ran: every line checked as sent still was.
    if (updated.length !== check.settled.length) throw new Error(`settled ${updated.length} of ${check.settled.length} payout lines`);
    const failedIds = sum('failed').map((each) => each.id);
    if (failedIds.length > 0) {
      // The failed lines' payments are due again: their run lines reversed, the payments released.
      await tx.execute(sql`
        with failed as (select agent_id from ${payoutLines} where id in (${sql.join(failedIds.map((id) => sql`${id}`), sql`, `)})),
        released as (
          update ${paymentRunLines} l set reversed_at = now()
          from ${payments} p
          where p.id = l.payment_id and l.payment_run_id = ${run.id} and l.reversed_at is null and p.agent_id in (select agent_id from failed)
          returning l.payment_id
        )
        update ${payments} set status = 'due', payment_run_id = null, paid_at = null where id in (select payment_id from released)`);
    }
    await recordBatch(tx, {
      actorId: actor, action: 'update', entity: 'payment_run', entityId: run.id, count: check.settled.length,
      totals: { [run.currency]: amountText(check.settled.reduce((total, each) => total + each.amount, 0n)) },
      detail: {
        step: 'settled', ref: run.ref, reference: run.reference, settlement: answer.settlement,
        paid_lines: answer.paid.lines, paid_total: answer.paid.total.amount, failed_lines: answer.failed.lines, failed_total: answer.failed.total.amount,
        unchanged: answer.unchanged,
      },
    });
    return { ...answer, written: true };
  });
  if (outcome.refused > 0 && !request.preview) throw new Unprocessable(messages.payoutResultsRefused, 'unprocessable', outcome);
  return outcome;
}

const countsOf = (lines: readonly StoredLine[]): PayoutLineCounts => ({
  sent: lines.filter((line) => line.status === 'sent').length,
  paid: lines.filter((line) => line.status === 'paid').length,
  failed: lines.filter((line) => line.status === 'failed').length,
});

/** Each row of a results file against the run's lines: what it settles, what it repeats, and what is refused and why. */
export function checkRows(run: { ref: string; currency: string }, stored: readonly StoredLine[], rows: readonly PayoutResultRow[]): {
  settled: Settled[]; unchanged: number; refusals: PayoutRefusal[];
} {
  const lines = new Map(stored.map((line) => [line.line_id, line]));
  // A run's lines share a few amounts: each text is read as money once.
  const amounts = new Map<string, bigint>();
  const amountOf = (text: string) => {
    let amount = amounts.get(text);
    if (amount === undefined) amounts.set(text, (amount = requireAmount(text)));
    return amount;
  };
  const firstRow = new Map<string, number>();
  const settled: Settled[] = [];
  const refusals: PayoutRefusal[] = [];
  let unchanged = 0;
  rows.forEach((row, index) => {
    const number = index + 1;
    const lineId = typeof row.line_id === 'string' ? row.line_id.trim() : '';
    const refuse = (reason: string) => refusals.push({ row: number, line_id: lineId, reason });
    if (lineId === '') return refuse(messages.payoutRowNoLineId);
    const seen = firstRow.get(lineId);
    if (seen !== undefined) return refuse(messages.payoutRowDuplicate(lineId, seen));
    firstRow.set(lineId, number);
    const line = lines.get(lineId);
    if (!line) return refuse(messages.payoutRowUnknownLine(lineId, run.ref));
    const status = String(row.status ?? '').trim().toLowerCase();
    if (!(PAYOUT_RESULT_STATUSES as readonly string[]).includes(status)) return refuse(messages.payoutRowBadStatus(String(row.status ?? '')));
    const amount = amountOf(line.amount);
    const given = row.amount === undefined || String(row.amount).trim() === '' ? undefined : String(row.amount).trim();
    // The line's own text (as the payout file wrote it) is its amount; any other is read as money.
    if (given !== undefined && given !== line.amount && parseAmount(given) !== amount) return refuse(messages.payoutRowAmountDiffers(given, amountText(amount)));
    const currency = row.currency === undefined ? '' : String(row.currency).trim().toUpperCase();
    if (currency !== '' && currency !== run.currency) return refuse(messages.payoutRowCurrencyDiffers(currency, run.currency));
    if (amount === 0n) return refuse(messages.payoutRowNothingToSend(lineId));
    const reference = typeof row.provider_reference === 'string' && row.provider_reference.trim() !== '' ? row.provider_reference.trim() : null;
    if (line.status !== 'sent') {
      if (line.status !== status) return refuse(messages.payoutRowSettledOtherWay(lineId, line.status));
      if (status === 'paid' && reference !== null && line.provider_reference !== null && reference !== line.provider_reference) {
        return refuse(messages.payoutRowOtherReference(lineId, line.provider_reference));
      }
      unchanged += 1;
      return undefined;
    }
    const reason = typeof row.reason === 'string' && row.reason.trim() !== '' ? row.reason.trim() : null;
    settled.push({ id: line.id, status: status as 'paid' | 'failed', provider_reference: reference, reason, amount });
    return undefined;
  });
  return { settled, unchanged, refusals };
}

/** GET /admin/payment_run_payout_lines: a page of a run's payout lines, in the file's order; a failed one with the line that paid it again. */
export async function payoutLinesPage(db: Database, caller: Caller, query: { id: number; status?: PayoutLine['status']; page_size: number; current_page: number }): Promise<{ count: number; data: PayoutLine[] }> {
  await visibleRun(db, caller.scope, query.id);
  const status = query.status === undefined ? sql`` : sql`and pl.status = ${query.status}`;
  const [counted] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from ${payoutLines} pl where pl.payment_run_id = ${query.id} ${status}`);
  const limit = query.page_size === 0 ? sql`` : sql`limit ${query.page_size} offset ${(query.current_page - 1) * query.page_size}`;
  const data = await queryRows<PayoutLine>(db, sql`
    select pl.line_id, pl.agent_id, u.first_name || ' ' || u.last_name as agent, pl.msisdn, pl.payments, pl.payments_total::text as payments_total, pl.amount::text as amount,
      pl.currency_code as currency, pl.status, pl.provider_reference, pl.reason,
      to_char(pl.settled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as settled_at,
      (select f.line_id from ${payoutLines} f where f.id = pl.retry_of) as retry_of,
      (select json_build_object('line_id', n.line_id, 'run_id', r.id, 'ref', r.ref) from ${payoutLines} n join ${paymentRuns} r on r.id = n.payment_run_id
        where n.retry_of = pl.id order by n.id desc limit 1) as repaid_by
    from ${payoutLines} pl join users u on u.id = pl.agent_id
    where pl.payment_run_id = ${query.id} ${status}
    order by pl.position ${limit}`);
  return {
    count: counted?.count ?? 0,
    data: data.map((line) => ({ ...line, payments_total: amountText(requireAmount(line.payments_total)), amount: amountText(requireAmount(line.amount)) })),
  };
}
