// A paid run's payout and the provider's results (issue 52): POST /admin/payment_run_settle, GET
// /admin/payment_run_payout_lines, and the payout file they settle. The file's lines are the run's
// payout lines; a results file is previewed, then settles every line it names or, refused, none; a
// failed line's payments are due again and the next run pays them once under a line naming the
// failed one; the same file twice changes nothing; a run the provider paid cannot be reversed; a
// currency without minor units is asked for whole units only, the remainder carried to the agent's
// next line, to the last unit over many runs (PostgreSQL, where the test can write fractions).
import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListPage } from '../../src/contract/api';
import { IDEMPOTENCY_KEY_HEADER } from '../../src/contract/constants';
import * as messages from '../../src/contract/messages';
import type { PaymentRunMade, PaymentRunOutcome, PaymentRunPreview, PaymentRunSummary } from '../../src/contract/paymentRuns';
import { PAYOUT_CONTROL_LINE_ID } from '../../src/contract/paymentRuns';
import { PAYOUT_RESULT_COLUMNS, type PaymentRunSettlement, type PayoutLine, type PayoutResultRow } from '../../src/contract/payouts';
import { assertPaidOnce } from '../support/paymentRuns';
import { backends, type TestServer, needsSql } from '../support/server';
import { useSignedInServer } from '../support/signedIn';

const ALL_DATES = { start_date: '01-Jan-2020', end_date: '31-Dec-2099' } as const;
type Answer<T> = T & { error: string; code: string; current?: PaymentRunSettlement; errors?: Record<string, string[]> };

/** The calls a finance admin makes, as a role. */
function payoutCalls(server: TestServer, as: () => string) {
  const post = <T>(path: string, body: unknown, token = as()) =>
    server.request<Answer<T>>('POST', path, { body, token, headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() } });
  return {
    preview: async (filter: Record<string, unknown>) => {
      const answer = await post<PaymentRunPreview>('/admin/payment_run_preview', filter);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body;
    },
    /** Section 7's body: no fingerprint. */
    run: async (filter: Record<string, unknown>, reference: string): Promise<PaymentRunMade[]> => {
      const answer = await post<PaymentRunOutcome>('/admin/payment_run', { ...filter, reference });
      expect([200, 201], JSON.stringify(answer.body)).toContain(answer.status);
      return answer.body.runs;
    },
    settle: (id: number, rows: PayoutResultRow[], options: { preview?: boolean; token?: string } = {}) =>
      post<PaymentRunSettlement>('/admin/payment_run_settle', { id, rows, ...(options.preview ? { preview: true } : {}) }, options.token),
    /** The results file itself, as the console sends it (multipart: the fields, then the file). */
    settleFile: async (fields: Record<string, string>, text: string | undefined, token = as()) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      if (text !== undefined) form.append('file', new Blob([text], { type: 'text/csv' }), 'results.csv');
      const response = await fetch(`${server.url}/admin/payment_run_settle_file`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
      return { status: response.status, body: (await response.json()) as Answer<PaymentRunSettlement> };
    },
    lines: async (id: number, status?: string): Promise<PayoutLine[]> => {
      const answer = await server.get<ListPage<PayoutLine>>(`/admin/payment_run_payout_lines?id=${id}&page_size=0${status ? `&status=${status}` : ''}`, as());
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data;
    },
    summary: async (id: number) => {
      const answer = await post<PaymentRunSummary>('/admin/payment_run_state', { id });
      expect(answer.status).toBe(200);
      return answer.body;
    },
    /** The payout file's agent lines, as the provider reads them (header keys). */
    file: async (id: number) => {
      const answer = await server.get<string>(`/admin/payment_run_payout?id=${id}`, as());
      expect(answer.status).toBe(200);
      return Papa.parse<Record<string, string>>(answer.body, { header: true, skipEmptyLines: true }).data;
    },
  };
}

describe.each(backends)('payouts and the provider\'s results on %s', (backend) => {
  const { server, tokens: token } = useSignedInServer(backend, ['super', 'campaign'], { PAYMENT_RUN_APPROVAL_LIMITS: 'none' });
  const call = payoutCalls(server, () => token.super);
  /** Campaigns with payments due to several agents, most first. */
  let campaigns: number[] = [];

  beforeAll(async () => {
    const all = await call.preview(ALL_DATES);
    campaigns = [...all.campaigns].sort((a, b) => b.payments - a.payments).map((c) => c.campaign_id);
    expect(campaigns.length).toBeGreaterThanOrEqual(3);
  });

  it('writes a paid run\'s payout lines, one per agent, and its file lists exactly them', async () => {
    const [run] = await call.run({ ...ALL_DATES, campaign: campaigns[0] }, 'ACC-PAYOUT-1');
    if (!run) throw new Error('no run');
    const lines = await call.lines(run.id);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.map((line) => line.line_id)).toEqual(lines.map((_, index) => `${run.ref}-${index + 1}`));
    expect(lines.reduce((sum, line) => sum + line.payments, 0)).toBe(run.events);
    for (const line of lines) expect(line).toMatchObject({ status: 'sent', currency: run.currency, provider_reference: null, retry_of: null, repaid_by: null });
    const file = await call.file(run.id);
    const control = file.at(-1);
    expect(control?.line_id).toBe(PAYOUT_CONTROL_LINE_ID);
    expect(file.slice(0, -1).map((row) => [row.line_id, row.amount, row.msisdn])).toEqual(lines.map((line) => [line.line_id, line.amount, line.msisdn]));
    const summary = await call.summary(run.id);
    expect(summary.payout).toMatchObject({ settlement: 'Sent', lines: { sent: lines.length, paid: 0, failed: 0 }, can_settle: true, provider_paid: false });
    expect(summary.can_reverse).toBe(true);
  });

  it('previews a results file without writing, refuses a bad one row by row and writes nothing of it', async () => {
    const [run] = await call.run({ ...ALL_DATES, campaign: campaigns[1] }, 'ACC-PAYOUT-2');
    if (!run) throw new Error('no run');
    const lines = await call.lines(run.id);
    const [first, second, third] = lines;
    if (!first || !second || !third) throw new Error('too few lines');
    const good: PayoutResultRow[] = lines.map((line) => ({ line_id: line.line_id, status: 'paid', amount: line.amount, provider_reference: `MM-${line.line_id}` }));

    const previewed = await call.settle(run.id, good, { preview: true });
    expect(previewed.status, JSON.stringify(previewed.body)).toBe(200);
    expect(previewed.body).toMatchObject({ written: false, rows: lines.length, refused: 0, unchanged: 0, settlement: 'Settled', paid: { lines: lines.length } });
    expect((await call.lines(run.id, 'sent')).length).toBe(lines.length);

    const bad: PayoutResultRow[] = [
      { line_id: first.line_id, status: 'paid' },
      { line_id: 'PR-999999-1', status: 'paid' },
      { line_id: first.line_id, status: 'failed' },
      { line_id: second.line_id, status: 'paid', amount: '0.01' },
      { line_id: third.line_id, status: 'maybe' },
      { line_id: '', status: 'paid' },
      { line_id: third.line_id.replace(/-\d+$/, '-9999'), status: 'paid', currency: 'ZZZ' },
    ];
    const refused = await call.settle(run.id, bad);
    expect([refused.status, refused.body.code, refused.body.error]).toEqual([422, 'unprocessable', messages.payoutResultsRefused]);
    expect(refused.body.current?.refusals).toEqual([
      { row: 2, line_id: 'PR-999999-1', reason: messages.payoutRowUnknownLine('PR-999999-1', run.ref) },
      { row: 3, line_id: first.line_id, reason: messages.payoutRowDuplicate(first.line_id, 1) },
      { row: 4, line_id: second.line_id, reason: messages.payoutRowAmountDiffers('0.01', second.amount) },
      { row: 5, line_id: third.line_id, reason: messages.payoutRowBadStatus('maybe') },
      { row: 6, line_id: '', reason: messages.payoutRowNoLineId },
      { row: 7, line_id: third.line_id.replace(/-\d+$/, '-9999'), reason: messages.payoutRowUnknownLine(third.line_id.replace(/-\d+$/, '-9999'), run.ref) },
    ]);
    // Nothing of it was written: the first row, good on its own, was not settled either.
    expect((await call.lines(run.id, 'sent')).length).toBe(lines.length);
    // A currency other than the run's, and a structure that is no results file: refused too.
    expect((await call.settle(run.id, [{ line_id: first.line_id, status: 'paid', currency: 'ZZZ' }])).body.current?.refusals[0]?.reason)
      .toBe(messages.payoutRowCurrencyDiffers('ZZZ', run.currency));
    for (const body of [{ id: run.id, rows: [] }, { id: run.id, rows: 'x' }, { id: 'x', rows: good }, { rows: good }]) {
      const answer = await server.request<Answer<object>>('POST', '/admin/payment_run_settle', { body, token: token.super });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call.lines(run.id, 'sent')).length).toBe(lines.length);
  });

  it('settles a file with two failed lines: Partly failed, their payments due again, the next run pays them once under lines naming them', async ({ skip }) => {
    const campaign = campaigns[2] as number;
    const [run] = await call.run({ ...ALL_DATES, campaign }, 'ACC-PAYOUT-3');
    if (!run) throw new Error('no run');
    const lines = await call.lines(run.id);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    const failing = lines.slice(0, 2);
    const rows: PayoutResultRow[] = lines.map((line, index) => index < 2
      ? { line_id: line.line_id, status: 'FAILED', amount: line.amount, currency: run.currency, reason: index === 0 ? 'Unknown number' : 'Wallet limit' }
      : { line_id: line.line_id, status: 'paid', amount: line.amount, currency: run.currency, provider_reference: `TX${index}` });
    const settled = await call.settle(run.id, rows);
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    const failedTotal = failing.reduce((sum, line) => sum + Math.round(Number(line.amount) * 100), 0);
    expect(settled.body).toMatchObject({ written: true, refused: 0, settlement: 'Partly failed', failed: { lines: 2 }, paid: { lines: lines.length - 2 } });
    expect(Math.round(Number(settled.body.failed.total.amount) * 100)).toBe(failedTotal);
    const summary = await call.summary(run.id);
    expect(summary.payout).toMatchObject({ settlement: 'Partly failed', lines: { sent: 0, paid: lines.length - 2, failed: 2 }, provider_paid: true });
    expect(summary.payout?.failed_total).toEqual(settled.body.failed.total);
    // Money has left: the run cannot be reversed any more.
    expect(summary.can_reverse).toBe(false);
    const reversed = await server.request<Answer<object>>('POST', '/admin/payment_run_reverse', { body: { id: run.id, reason: 'try' }, token: token.super });
    expect([reversed.status, reversed.body.error]).toEqual([409, messages.payoutRunSettled]);

    // The two agents are due again, exactly their failed lines' payments.
    const again = await call.preview({ ...ALL_DATES, campaign });
    expect(again.payments).toBe(failing.reduce((sum, line) => sum + line.payments, 0));
    expect(again.agents).toBe(2);
    const failedLines = await call.lines(run.id, 'failed');
    expect(failedLines.map((line) => [line.line_id, line.reason, line.repaid_by])).toEqual([[failing[0]?.line_id, 'Unknown number', null], [failing[1]?.line_id, 'Wallet limit', null]]);

    // The same file twice changes nothing.
    const twice = await call.settle(run.id, rows);
    expect(twice.status).toBe(200);
    expect(twice.body).toMatchObject({ written: false, unchanged: lines.length, refused: 0, paid: { lines: 0 }, failed: { lines: 0 }, settlement: 'Partly failed' });
    expect((await call.preview({ ...ALL_DATES, campaign })).payments).toBe(again.payments);
    // A line settled one way is refused the other; a paid line with another reference is refused.
    const otherWay = await call.settle(run.id, [{ line_id: failing[0]?.line_id, status: 'paid' }, { line_id: lines[2]?.line_id, status: 'paid', provider_reference: 'OTHER' }]);
    expect(otherWay.status).toBe(422);
    expect(otherWay.body.current?.refusals.map((r) => r.reason)).toEqual([
      messages.payoutRowSettledOtherWay(failing[0]?.line_id as string, 'failed'), messages.payoutRowOtherReference(lines[2]?.line_id as string, 'TX2'),
    ]);

    // The next run pays them once, each under a new line naming the failed one.
    const [retry] = await call.run({ ...ALL_DATES, campaign }, 'ACC-PAYOUT-3B');
    if (!retry) throw new Error('no run');
    expect(retry.events).toBe(again.payments);
    const retried = await call.lines(retry.id);
    expect(retried.map((line) => line.retry_of).sort()).toEqual(failing.map((line) => line.line_id).sort());
    for (const line of retried) expect(line.payments_total).toBe(failing.find((f) => f.line_id === line.retry_of)?.payments_total);
    const repaid = await call.lines(run.id, 'failed');
    for (const line of repaid) expect(line.repaid_by).toEqual({ line_id: retried.find((r) => r.retry_of === line.line_id)?.line_id, run_id: retry.id, ref: retry.ref });
    expect((await call.run({ ...ALL_DATES, campaign }, 'ACC-PAYOUT-3C'))).toEqual([]);
    needsSql(server, skip);
    await assertPaidOnce(server.sql);
  });

  it('settles the results file itself, as the console sends it: semicolons, a byte-order mark, headers in any case', async () => {
    const [run] = await call.run({ ...ALL_DATES, campaign: campaigns[3] ?? campaigns[0] }, 'ACC-PAYOUT-FILE');
    if (!run) throw new Error('no run');
    const lines = await call.lines(run.id);
    const [first, second] = lines;
    if (!first || !second) throw new Error('too few lines');
    const sent = async () => (await call.lines(run.id, 'sent')).length;
    // Refused before anything is read or written: no file, no line_id column, no rows, a bad id, an unknown run.
    for (const [fields, text, status, error] of [
      [{ id: String(run.id) }, undefined, 400, messages.payoutFileRequired],
      [{ id: String(run.id) }, 'line;status\nx;paid\n', 400, messages.payoutFileNoColumns(['line_id'], PAYOUT_RESULT_COLUMNS)],
      [{ id: String(run.id) }, 'line_id,status\n', 400, messages.payoutFileNoRows],
      [{ id: 'x' }, 'line_id,status\nx,paid\n', 400, undefined],
      [{ id: String(run.id), preview: 'maybe' }, 'line_id,status\nx,paid\n', 400, undefined],
      [{ id: '999999' }, 'line_id,status\nx,paid\n', 404, undefined],
    ] as const) {
      const answer = await call.settleFile(fields, text);
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      if (error) expect(answer.body.error).toBe(error);
    }
    expect(await sent()).toBe(lines.length);

    // A French spreadsheet's file: a byte-order mark, semicolons, headers as a person typed them.
    const file = `\uFEFFLine_ID ;Status;Amount;Provider_Reference;Reason\n${first.line_id};failed;${first.amount};;Numéro inconnu\n` +
      lines.slice(1).map((line, index) => `${line.line_id};PAID;${line.amount};TX-${index};`).join('\n');
    const previewed = await call.settleFile({ id: String(run.id), preview: 'true' }, file);
    expect(previewed.status, JSON.stringify(previewed.body)).toBe(200);
    expect(previewed.body).toMatchObject({ written: false, rows: lines.length, refused: 0, failed: { lines: 1 }, paid: { lines: lines.length - 1 }, settlement: 'Partly failed' });
    expect(await sent()).toBe(lines.length);
    // A refused row refuses the whole file, as the JSON rows do.
    const refused = await call.settleFile({ id: String(run.id) }, `${file}\n${second.line_id};paid;;;`);
    expect([refused.status, refused.body.current?.refusals]).toEqual([422, [{ row: lines.length + 1, line_id: second.line_id, reason: messages.payoutRowDuplicate(second.line_id, 2) }]]);
    expect(await sent()).toBe(lines.length);

    const settled = await call.settleFile({ id: String(run.id) }, file);
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    expect(settled.body).toMatchObject({ written: true, failed: { lines: 1 }, paid: { lines: lines.length - 1 } });
    expect((await call.lines(run.id, 'failed')).map((line) => [line.line_id, line.reason])).toEqual([[first.line_id, 'Numéro inconnu']]);
    expect((await call.settleFile({ id: String(run.id) }, file)).body).toMatchObject({ written: false, unchanged: lines.length });
  });

  it('lets only a Super Admin settle (403 before the body), and only a paid run (409)', async () => {
    const refused = await call.settle(1, [{ line_id: 'x', status: 'paid' }], { token: token.campaign });
    expect([refused.status, refused.body.error]).toEqual([403, messages.payoutSettleSuperOnly]);
    expect((await call.settle(1, 'not rows' as unknown as PayoutResultRow[], { token: token.campaign })).status).toBe(403);
    expect((await call.settle(999_999, [{ line_id: 'x', status: 'paid' }])).status).toBe(404);
    // The file route too: refused for the role before the form is read, whatever it holds.
    expect((await call.settleFile({ id: '1' }, 'line_id,status\nx,paid\n', token.campaign)).body.error).toBe(messages.payoutSettleSuperOnly);
    expect((await call.settleFile({ id: 'x' }, undefined, token.campaign)).status).toBe(403);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('payouts in a currency without minor units, and two settlements at once (PostgreSQL only: set TEST_DATABASE_URL)', () => {
  const { server, tokens: token } = useSignedInServer('postgres', ['super'], { PAYMENT_RUN_APPROVAL_LIMITS: 'none' });
  const call = payoutCalls(server, () => token.super);
  const sqlOf = () => {
    if (!server.sql) throw new Error('no SQL connection');
    return server.sql;
  };

  it('asks for whole XOF only and loses or invents no unit over many runs, a failed line among them', { timeout: 120_000 }, async () => {
    const db = sqlOf();
    // The payable due payments of an XOF campaign, given amounts with hundredths (compensations step by 0.01).
    const all = await call.preview(ALL_DATES);
    const campaign = [...all.campaigns].filter((c) => c.total.currency === 'XOF').sort((a, b) => b.payments - a.payments)[0]?.campaign_id;
    if (campaign === undefined) throw new Error('no XOF campaign');
    await db.query(`update payments set amount = amount + ((id * 37) % 100) / 100.0 + 0.01 where campaign_id = $1 and status = 'due' and payment_run_id is null`, [campaign]);
    const { rows: days } = await db.query<{ day: string }>(`select distinct to_char(created_at at time zone 'UTC', 'DD-Mon-YYYY') as day, (created_at at time zone 'UTC')::date as d
      from payments where campaign_id = $1 and status = 'due' and payment_run_id is null order by d`, [campaign]);
    expect(days.length).toBeGreaterThan(5);
    // A run a day (eight of them, then the rest), one of them partly failed by the provider.
    const single = Math.min(8, days.length - 1);
    const windows = [...days.slice(0, single).map((d) => [d.day, d.day]), [days[single]?.day as string, '31-Dec-2099']];
    let failedOnce = false;
    for (const [start, end] of windows) {
      const made = await call.run({ start_date: start, end_date: end, campaign }, `ACC-XOF-${start}`);
      for (const run of made) {
        const lines = await call.lines(run.id);
        for (const line of lines) expect(line.amount, line.line_id).toMatch(/^\d+\.00$/);
        const file = await call.file(run.id);
        for (const row of file) expect(row.amount).toMatch(/^\d+\.00$/);
        if (!failedOnce && lines.some((line) => line.amount !== '0.00')) {
          const sent = lines.filter((line) => line.amount !== '0.00');
          const settled = await call.settle(run.id, sent.map((line, index) => ({ line_id: line.line_id, status: index === 0 ? 'failed' : 'paid' })));
          expect(settled.status, JSON.stringify(settled.body)).toBe(200);
          failedOnce = true;
        }
      }
    }
    expect(failedOnce).toBe(true);
    // Pay what the failure returned, then hold every agent to the unit: what their lines asked for, summed, is the whole
    // units of what they were paid, the hundredths carried, never lost and never invented.
    await call.run({ ...ALL_DATES, campaign }, 'ACC-XOF-LAST');
    const { rows } = await db.query<{ agent_id: number; asked: string; paid: string; carry: string }>(`
      select pl.agent_id, sum(pl.amount)::text as asked, sum(pl.payments_total)::text as paid, sum(pl.payments_total - pl.amount)::text as carry
      from payout_lines pl join payment_runs r on r.id = pl.payment_run_id
      where pl.currency_code = 'XOF' and pl.status <> 'failed' and r.reversed_at is null and r.campaign_id = $1
      group by pl.agent_id`, [campaign]);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      expect(Number(row.asked), `agent ${row.agent_id}`).toBe(Math.floor(Number(row.paid)));
      expect(Number(row.carry)).toBeGreaterThanOrEqual(0);
      expect(Number(row.carry)).toBeLessThan(1);
    }
    // And what the lines say they paid is what the payments paid, to the hundredth.
    const { rows: [paid] } = await db.query<{ lines: string; payments: string }>(`
      select (select sum(pl.payments_total) from payout_lines pl join payment_runs r on r.id = pl.payment_run_id
          where r.campaign_id = $1 and pl.status <> 'failed' and r.reversed_at is null)::text as lines,
        (select sum(p.amount) from payments p join payment_runs r on r.id = p.payment_run_id where p.campaign_id = $1 and r.campaign_id = $1 and p.status = 'paid')::text as payments`, [campaign]);
    expect(paid?.lines).toBe(paid?.payments);
    await assertPaidOnce(db);
  });

  it('settles a run once when two settlements of it arrive at once', async () => {
    const db = sqlOf();
    const all = await call.preview(ALL_DATES);
    const campaign = [...all.campaigns].sort((a, b) => b.payments - a.payments).find((c) => c.total.currency !== 'XOF')?.campaign_id;
    const [run] = await call.run({ ...ALL_DATES, campaign }, 'ACC-TWICE');
    if (!run) throw new Error('no run');
    const lines = await call.lines(run.id);
    const rows = lines.map((line, index) => ({ line_id: line.line_id, status: index === 0 ? 'failed' : 'paid', provider_reference: `R${index}` }));
    const answers = await Promise.all([call.settle(run.id, rows), call.settle(run.id, rows), call.settle(run.id, rows)]);
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answers.filter((answer) => answer.body.written)).toHaveLength(1);
    expect(answers.filter((answer) => !answer.body.written).map((answer) => answer.body.unchanged)).toEqual([lines.length, lines.length]);
    const { rows: [audited] } = await db.query<{ n: number }>(`select count(*)::int as n from audit_log where entity = 'payment_run' and entity_id = $1 and after->>'step' = 'settled'`, [String(run.id)]);
    expect(audited?.n).toBe(1);
    // Its failed line's payments were released once.
    const { rows: [released] } = await db.query<{ n: number }>(`select count(*)::int as n from payment_run_lines where payment_run_id = $1 and reversed_at is not null`, [run.id]);
    expect(released?.n).toBe(lines[0]?.payments);
    await assertPaidOnce(db);
  });

  it("counts on Stats the runs whose payout needs following up, as the Payment Runs grid's Payout column finds them", async () => {
    const db = sqlOf();
    type Attention = { payouts: { overdue: { runs: number; link: { body: Record<string, unknown> } }; failed: { runs: number; link: { body: Record<string, unknown> } } } };
    const attention = async () => {
      const answer = await server.get<Attention>('/admin/stats/attention', token.super);
      expect(answer.status).toBe(200);
      return answer.body.payouts;
    };
    const gridCount = async (body: Record<string, unknown>) => {
      const answer = await server.post<{ count: number; data: Array<{ payout: string | null }> }>('/admin/payment_runs', { ...body, page_size: 0 }, token.super);
      expect(answer.status).toBe(200);
      return answer.body;
    };
    // (Written here, as the server's own writes are not: before Stats first reads.) A line that failed over a week ago, its payments paid by no run since: counted, then no more once a run pays them.
    const { rows: [failed] } = await db.query<{ id: string; payment_run_id: number }>(`select f.id, f.payment_run_id from payout_lines f
      where f.status = 'failed' and not exists (select 1 from payout_lines again where again.retry_of = f.id) order by f.id limit 1`);
    if (!failed) throw new Error('no failed line');
    await db.query('alter table payout_lines disable trigger payout_lines_result_once');
    await db.query("update payout_lines set settled_at = settled_at - interval '8 days' where id = $1", [failed.id]);
    await db.query('alter table payout_lines enable trigger payout_lines_result_once');
    // The demo's last runs were paid weeks ago and the provider's results never came back.
    const first = await attention();
    expect(first.overdue.runs).toBeGreaterThan(0);
    const overdue = await gridCount(first.overdue.link.body);
    expect(overdue.count).toBe(first.overdue.runs);
    for (const row of overdue.data) expect(row.payout).toBe('Results overdue');
    const after = await attention();
    expect(after.failed.runs).toBeGreaterThan(0);
    const failedRuns = await gridCount(after.failed.link.body);
    expect(failedRuns.count).toBe(after.failed.runs);
    for (const row of failedRuns.data) expect(row.payout).toBe('Failed, not paid again');
    const { rows: [run] } = await db.query<{ campaign_id: number }>('select campaign_id from payment_runs where id = $1', [failed.payment_run_id]);
    await call.run({ ...ALL_DATES, campaign: run?.campaign_id }, 'ACC-PAID-AGAIN');
    expect((await attention()).failed.runs).toBe(after.failed.runs - 1);
  });

  it('refuses, in the database, a second result for a line and any other change to it', async () => {
    const db = sqlOf();
    const { rows: [line] } = await db.query<{ id: string }>("select id from payout_lines where status <> 'sent' limit 1");
    if (!line) throw new Error('no settled line');
    await expect(db.query("update payout_lines set status = 'sent', settled_at = null where id = $1", [line.id])).rejects.toMatchObject({ code: '23001' });
    const { rows: [open] } = await db.query<{ id: string }>("select id from payout_lines where status = 'sent' limit 1");
    await expect(db.query('update payout_lines set amount = amount + 1 where id = $1', [open?.id])).rejects.toMatchObject({ code: '23001' });
    await expect(db.query('delete from payout_lines where id = $1', [open?.id])).rejects.toMatchObject({ code: '23001' });
  });
});
