// Payment runs above the approval limit, their approval by a second Super Admin with a code of their
// own, their rejection, and the reversal of a paid run (issue 33): POST /admin/payment_run_approval_code,
// /admin/payment_run_approve, /admin/payment_run_reject, /admin/payment_run_reverse. Every currency's
// limit is 0 here, so every run awaits approval (tests/api/payment-runs.test.ts pays at once).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GridPage } from '../../src/contract/api';
import { IDEMPOTENCY_KEY_HEADER } from '../../src/contract/constants';
import { agentPaymentsGrid, pendingPaymentsGrid } from '../../src/contract/grids';
import * as messages from '../../src/contract/messages';
import type { PaymentRunMade, PaymentRunOutcome, PaymentRunPreview, PaymentRunState } from '../../src/contract/paymentRuns';
import { accessToken, backends } from '../support/server';
import { useSignedInServer } from '../support/signedIn';

const ALL_DATES = { start_date: '01-Jan-2020', end_date: '31-Dec-2099' } as const;
const NO_LIMIT_PASSED = 'GHS=0,KES=0,MZN=0,NGN=0,TZS=0,UGX=0,XAF=0,XOF=0';
const SECOND_SUPER = 'super2@demo.test';
type Answer = PaymentRunState & { error: string; code: string; errors?: Record<string, string[]> };

describe.each(backends)('payment run approval, rejection and reversal on %s', (backend) => {
  const { server, tokens: token } = useSignedInServer(backend, ['super', 'campaign', 'agency'], { PAYMENT_RUN_APPROVAL_LIMITS: NO_LIMIT_PASSED });
  let second = '';
  let dueCampaigns: number[] = [];

  const post = <T = Answer>(path: string, body: Record<string, unknown>, as: string, key?: string) =>
    server.request<T>('POST', path, { body, token: as, headers: key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {} });
  async function previewed(campaign: number): Promise<PaymentRunPreview> {
    const answer = await post<PaymentRunPreview>('/admin/payment_run_preview', { ...ALL_DATES, campaign }, token.super);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  }
  /** super@demo.test's run of a campaign's due payments: its one run (the demo's campaigns pay one currency). */
  async function runOf(campaign: number): Promise<{ shown: PaymentRunPreview; run: PaymentRunMade }> {
    const shown = await previewed(campaign);
    expect(shown.totals).toHaveLength(1);
    const answer = await post<PaymentRunOutcome>('/admin/payment_run', { ...ALL_DATES, campaign, reference: `ACC-APPROVAL-${campaign}`, fingerprint: shown.fingerprint }, token.super, randomUUID());
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const [run] = answer.body.runs;
    if (!run) throw new Error('no run');
    return { shown, run };
  }
  /** A campaign's payments as Agent Payments shows them, by id. */
  async function paymentsOf(campaign: number): Promise<Array<{ id: string; paid: boolean; paymentrun_id: string | null }>> {
    const answer = await post<GridPage<{ id: string; paid: boolean; paymentrun_id: string | null }>>(
      agentPaymentsGrid.path, { ...ALL_DATES, campaign: [campaign], blacklisted: true, page_size: 0 }, token.super);
    expect(answer.status).toBe(200);
    return answer.body.data;
  }
  async function pendingEvents(campaign: number): Promise<number> {
    const answer = await post<GridPage<{ events: number }>>(pendingPaymentsGrid.path, { ...ALL_DATES, campaign: [campaign], blacklisted: true, page_size: 0 }, token.super);
    expect(answer.status).toBe(200);
    return answer.body.data.reduce((sum, row) => sum + row.events, 0);
  }
  /** The second Super Admin's code for a run, from the demo outbox. */
  async function approvalCode(runId: number, as = second): Promise<string> {
    const sent = await post('/admin/payment_run_approval_code', { id: runId }, as);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    return server.latestCode(SECOND_SUPER, 'SECURE_PAGES');
  }

  beforeAll(async () => {
    second = await accessToken(server, SECOND_SUPER);
    const all = await post<PaymentRunPreview>('/admin/payment_run_preview', ALL_DATES, token.super);
    dueCampaigns = [...new Set([...all.body.campaigns].sort((a, b) => b.payments - a.payments).map((c) => c.campaign_id))];
    expect(dueCampaigns.length).toBeGreaterThanOrEqual(3);
  });

  it('makes a run above the limit Awaiting approval: it holds its payments and pays none of them', async () => {
    const campaign = dueCampaigns[0] as number;
    const { shown, run } = await runOf(campaign);
    expect(run).toMatchObject({ status: 'Awaiting approval', total: shown.totals[0]?.amount, events: shown.payments });
    // No other run can pay them; Pending Payments no longer offers them; none is paid.
    expect(await previewed(campaign)).toMatchObject({ payments: 0, held_back: shown.held_back });
    expect(await pendingEvents(campaign)).toBe(shown.held_back.payments);
    const held = (await paymentsOf(campaign)).filter((p) => p.paymentrun_id === run.ref);
    expect(held).toHaveLength(shown.payments);
    expect(held.every((p) => !p.paid)).toBe(true);
  });

  it('is approved by a second Super Admin with a code of their own, once; never by its creator nor another role', async () => {
    const campaign = dueCampaigns[0] as number;
    const run = (await paymentsOf(campaign)).find((p) => p.paymentrun_id !== null && !p.paid);
    const { body: made } = await post<PaymentRunOutcome>('/admin/payment_run', { ...ALL_DATES, campaign, reference: 'x', fingerprint: '0'.repeat(64) }, token.super);
    expect(made).toEqual({ message: messages.paymentRunEmpty, runs: [] });
    if (!run) throw new Error('no run awaiting approval');
    const runId = Number(run.paymentrun_id?.slice(3));

    for (const as of [token.campaign, token.agency]) {
      const refused = await post('/admin/payment_run_approve', { id: runId, otp: 'ABCD' }, as);
      expect([refused.status, refused.body.code, refused.body.error]).toEqual([403, 'super_admin_only', messages.paymentRunSuperOnly]);
    }
    // Its creator can neither ask for a code nor approve.
    for (const path of ['/admin/payment_run_approval_code', '/admin/payment_run_approve']) {
      const own = await post(path, { id: runId, otp: 'ABCD' }, token.super);
      expect([own.status, own.body.error]).toEqual([403, messages.paymentRunOwnApproval]);
    }
    // Without a code asked for, and with a wrong one: the code refusals.
    const none = await post('/admin/payment_run_approve', { id: runId, otp: 'ABCD' }, second);
    expect([none.status, none.body.code, none.body.error]).toEqual([400, 'otp_expired', messages.otpExpiredOrUsed]);
    const code = await approvalCode(runId);
    // The mailbox names what the code approves, not only its kind (SECURE_PAGES).
    const [mail] = (await server.outbox()).filter((m) => m.to === SECOND_SUPER && m.code === code);
    expect(mail?.purpose).toBe(`approving payment run ${run.paymentrun_id}`);
    const wrong = await post('/admin/payment_run_approve', { id: runId, otp: code === 'ABCD' ? 'ABCE' : 'ABCD' }, second);
    expect([wrong.status, wrong.body.code, wrong.body.error]).toEqual([400, 'otp_wrong', messages.otpWrong]);
    expect((await paymentsOf(campaign)).filter((p) => p.paymentrun_id === run.paymentrun_id).every((p) => !p.paid)).toBe(true);

    const key = randomUUID();
    const approved = await post('/admin/payment_run_approve', { id: runId, otp: code }, second, key);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ id: runId, status: 'Paid', rejected_at: null, reversed_at: null });
    expect(approved.body.approved_by).not.toBe(approved.body.created_by);
    expect(approved.body.approved_at).not.toBeNull();
    // Approved once: the same request is answered again, a new one finds it approved.
    const replay = await post('/admin/payment_run_approve', { id: runId, otp: code }, second, key);
    expect([replay.status, replay.body]).toEqual([200, approved.body]);
    const again = await post('/admin/payment_run_approve', { id: runId, otp: code }, second);
    expect([again.status, again.body.error]).toEqual([409, messages.paymentRunNotAwaitingApproval]);
    const paid = (await paymentsOf(campaign)).filter((p) => p.paymentrun_id === run.paymentrun_id);
    expect(paid.length).toBe(approved.body.events);
    expect(paid.every((p) => p.paid)).toBe(true);
  });

  it('rejects a run awaiting approval, with a reason: its payments are due again', async () => {
    const campaign = dueCampaigns[1] as number;
    const { shown, run } = await runOf(campaign);
    const reverseAwaiting = await post('/admin/payment_run_reverse', { id: run.id, reason: 'too early' }, token.super);
    expect([reverseAwaiting.status, reverseAwaiting.body.error]).toEqual([409, messages.paymentRunNotReversible]);
    const refused = await post('/admin/payment_run_reject', { id: run.id, reason: 'not mine' }, token.campaign);
    expect(refused.status).toBe(403);
    for (const reason of [undefined, '', '  ']) {
      const unexplained = await post('/admin/payment_run_reject', { id: run.id, reason }, token.super);
      expect([unexplained.status, unexplained.body.errors?.reason]).toEqual([400, [messages.paymentRunReasonRequired]]);
    }
    expect((await previewed(campaign)).payments).toBe(0);

    const rejected = await post('/admin/payment_run_reject', { id: run.id, reason: 'Wrong month' }, token.super);
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'Rejected', rejection_reason: 'Wrong month', approved_at: null });
    expect(await previewed(campaign)).toEqual(shown);
    expect((await paymentsOf(campaign)).some((p) => p.paymentrun_id === run.ref)).toBe(false);
    const twice = await post('/admin/payment_run_reject', { id: run.id, reason: 'Wrong month' }, token.super);
    expect([twice.status, twice.body.error]).toEqual([409, messages.paymentRunNotAwaitingApproval]);
    expect((await post('/admin/payment_run_approval_code', { id: run.id }, second)).status).toBe(409);
    expect((await post('/admin/payment_run_reject', { id: 99_999_999, reason: 'none' }, token.super)).status).toBe(404);
  });

  it('reverses a paid run, once, with a reason: its payments are due again and a new run pays them', async () => {
    const campaign = dueCampaigns[2] as number;
    const { shown, run } = await runOf(campaign);
    const approved = await post('/admin/payment_run_approve', { id: run.id, otp: await approvalCode(run.id) }, second);
    expect(approved.body.status).toBe('Paid');

    for (const as of [token.campaign, token.agency]) expect((await post('/admin/payment_run_reverse', { id: run.id, reason: 'mistake' }, as)).status).toBe(403);
    const unexplained = await post('/admin/payment_run_reverse', { id: run.id }, token.super);
    expect([unexplained.status, unexplained.body.errors?.reason]).toEqual([400, [messages.paymentRunReasonRequired]]);
    expect((await paymentsOf(campaign)).filter((p) => p.paymentrun_id === run.ref).every((p) => p.paid)).toBe(true);

    const reversed = await post('/admin/payment_run_reverse', { id: run.id, reason: 'Paid the wrong reference' }, token.super);
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body).toMatchObject({ status: 'Reversed', reversal_reason: 'Paid the wrong reference', total: run.total, events: run.events });
    expect(await previewed(campaign)).toEqual(shown);
    expect((await paymentsOf(campaign)).some((p) => p.paymentrun_id === run.ref)).toBe(false);
    const twice = await post('/admin/payment_run_reverse', { id: run.id, reason: 'again' }, token.super);
    expect([twice.status, twice.body.error]).toEqual([409, messages.paymentRunNotReversible]);

    const { run: next } = await runOf(campaign);
    expect(next).toMatchObject({ status: 'Awaiting approval', total: run.total, events: run.events });
    const paid = await post('/admin/payment_run_approve', { id: next.id, otp: await approvalCode(next.id) }, second);
    expect(paid.body.status).toBe('Paid');
    expect((await paymentsOf(campaign)).filter((p) => p.paymentrun_id === next.ref && p.paid)).toHaveLength(run.events);
  });

  it.runIf(backend === 'postgres')('keeps, in the database, each payment on one active line, paid only on a paid run, and each step audited', async () => {
    const db = server.sql;
    if (!db) throw new Error('no SQL connection');
    const twice = await db.query('select payment_id from payment_run_lines where reversed_at is null group by payment_id having count(*) > 1');
    expect(twice.rows).toEqual([]);
    const mismatched = await db.query(`select p.id from payments p
      left join payment_run_lines l on l.payment_id = p.id and l.reversed_at is null left join payment_runs r on r.id = l.payment_run_id
      where p.payment_run_id is distinct from l.payment_run_id
        or (p.status = 'paid') <> (r.id is not null and (r.approval_limit is null or r.approved_at is not null))
        or (p.status = 'paid') <> (p.paid_at is not null)`);
    expect(mismatched.rows).toEqual([]);
    // A rejected or reversed run has no active line.
    const undone = await db.query(`select r.id from payment_runs r join payment_run_lines l on l.payment_run_id = r.id
      where (r.rejected_at is not null or r.reversed_at is not null) and l.reversed_at is null`);
    expect(undone.rows).toEqual([]);
    const steps = await db.query<{ step: string; n: number }>(`select a.after->>'step' as step, count(*)::int as n from audit_log a
      where a.entity = 'payment_run' and a.action = 'update' group by 1 order by 1`);
    expect(steps.rows).toEqual([{ step: 'approved', n: 3 }, { step: 'rejected', n: 1 }, { step: 'reversed', n: 1 }]);
    // The database refuses an approval by the run's creator, whatever the code above it does.
    await expect(db.query('update payment_runs set approved_by = created_by where approved_at is not null'))
      .rejects.toMatchObject({ code: '23514', constraint: 'payment_runs_approved' });
  });
});
