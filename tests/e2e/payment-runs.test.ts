// Payment runs in the browser (issue 33), as finance meets them: from Pending Payments a campaign's
// month previewed (totals with their currency, what is held back and why) and confirmed with an
// accounting reference; the run in Payment Runs, its lines, and its payout file downloaded; a year
// of every campaign above the approval limit, approved by the second Super Admin with a code of
// their own; offline, every money action disabled with the reason; and the provider's results for
// a run, two lines failed, previewed and settled, their agents due again. Screenshots at 1440x900
// and 820x1180.
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, toRequestDate } from '../../src/contract/dates';
import * as messages from '../../src/contract/messages';
import type { ListPage } from '../../src/contract/api';
import { PAYOUT_COLUMNS, PAYOUT_CONTROL_LINE_ID, type PaymentRunOutcome, type PaymentRunPreview } from '../../src/contract/paymentRuns';
import type { PayoutLine } from '../../src/contract/payouts';
import { axeViolations, nextCode, codeCount, openSignedIn, screenshot, toast, useBrowser, WAIT_MS } from '../support/browser';
import { backend, accessToken, startServer, type TestServer } from '../support/server';

const SUPER = 'super@demo.test';
const SECOND_SUPER = 'super2@demo.test';
const DESKTOP = { width: 1440, height: 900 };
const TABLET = { width: 820, height: 1180 };
const today = () => new Date().toISOString().slice(0, 10);
// The test server's demo data is smaller than `npm start`'s: a limit its year of UGX passes, and none for the rest.
const APPROVAL_LIMITS = 'UGX=20000';
const LIMITS = new Map(APPROVAL_LIMITS.split(',').map((pair) => pair.split('=') as [string, string]));

describe('payment runs in the browser', { timeout: 240_000 }, () => {
  const b = useBrowser();
  let server: TestServer;
  let superToken: string;
  /** A currency whose due payments of the year pass its approval limit: the second test's, left alone by the first. */
  let approvalCurrency: string | undefined;
  beforeAll(async () => {
    server = await startServer(backend, { ACCESS_TOKEN_TTL_SECONDS: '3600', OTP_SEND_LIMIT_PER_15MIN: '100', PAYMENT_RUN_APPROVAL_LIMITS: APPROVAL_LIMITS });
    superToken = await accessToken(server, SUPER);
    const year = await preview({ start_date: toRequestDate(addDays(today(), -365)), end_date: toRequestDate(today()) });
    approvalCurrency = year.totals.find((total) => Number(total.amount) > Number(LIMITS.get(total.currency) ?? Infinity))?.currency;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const preview = async (body: Record<string, unknown>) => (await server.post<PaymentRunPreview>('/admin/payment_run_preview', body, superToken)).body;

  it('previews a campaign\'s month from Pending Payments, confirms it, opens its lines and downloads its payout file', async () => {
    const { page } = b;
    await page.setViewportSize(DESKTOP);
    // The campaign with the most payments due in the grid's default range, below its currency's limit: it pays at once.
    const start = addDays(today(), -30);
    const month = await preview({ start_date: toRequestDate(start), end_date: toRequestDate(today()) });
    const campaign = [...month.campaigns]
      .filter((c) => c.total.currency !== approvalCurrency && Number(c.total.amount) <= Number(LIMITS.get(c.total.currency) ?? Infinity))
      .sort((a, b) => b.payments - a.payments)[0];
    expect(campaign, 'a campaign with payments due this month').toBeDefined();
    if (!campaign) return;

    await openSignedIn(page, server, SUPER, `/payments/pending?start=${start}&end=${today()}&campaign=${campaign.campaign_id}`);
    await page.getByRole('button', { name: 'Make Payment Run' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make Payment Run' });
    await dialog.waitFor();
    // Confirm needs the accounting reference: its rule's words once the field was left empty.
    await dialog.getByLabel('Accounting reference').focus();
    await dialog.getByLabel('Accounting reference').blur();
    await dialog.getByText(messages.accountingReferenceRequired).waitFor();
    expect(await dialog.getByRole('button', { name: 'Confirm' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Accounting reference').fill('ACC-E2E-0001');
    // The preview: the campaign's total with its currency, as the server counts it.
    const total = `${campaign.total.currency}`;
    await dialog.getByText(new RegExp(total)).first().waitFor();
    await screenshot(page, 'payment-run-preview-1440', { withoutToasts: true });

    // A double click makes one run.
    await dialog.getByRole('button', { name: 'Confirm' }).dblclick();
    await toast(page, new RegExp(`^${messages.paymentRunCreated}`)).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    const runs = await server.post<{ data: Array<{ id: number; ref: string; reference: string; status: string; total: string; currency: string }> }>(
      '/admin/payment_runs', { start_date: toRequestDate(addDays(today(), -1)), end_date: toRequestDate(today()), page_size: 0, current_page: 1, search: 'ACC-E2E-0001' }, superToken,
    );
    expect(runs.body.data.filter((run) => run.reference === 'ACC-E2E-0001')).toHaveLength(1);
    const run = runs.body.data.find((candidate) => candidate.reference === 'ACC-E2E-0001');
    expect(run).toMatchObject({ status: 'Paid', total: campaign.total.amount, currency: campaign.total.currency });
    if (!run) return;

    // Payment Runs: the run's row opens its popup, with its lines.
    await page.goto(`${server.url}/payment-runs?start=${addDays(today(), -1)}&end=${today()}`);
    // Each row's Open button is named by the row's first column, the run's id.
    await page.getByRole('button', { name: `Open ${run.id}`, exact: true }).click();
    const popup = page.getByRole('dialog', { name: `Payment run ${run.ref}` });
    await popup.waitFor();
    await popup.getByText('Paid', { exact: true }).first().waitFor();
    await expect.poll(() => popup.locator('.bp6-table-cell, td').count(), { timeout: WAIT_MS }).toBeGreaterThan(0);
    await screenshot(page, 'payment-run-popup-1440', { withoutToasts: true });

    // The payout file: one line per agent, then the control line whose amount is the run's total.
    const downloaded = page.waitForEvent('download');
    await popup.getByRole('button', { name: 'Download payout file' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(`payout_${run.ref}.csv`);
    const parsed = Papa.parse<string[]>(await readFile(await download.path(), 'utf8'), { skipEmptyLines: true }).data;
    expect(parsed[0]).toEqual([...PAYOUT_COLUMNS]);
    const control = parsed.at(-1) ?? [];
    expect(control[PAYOUT_COLUMNS.indexOf('line_id')]).toBe(PAYOUT_CONTROL_LINE_ID);
    expect(control[PAYOUT_COLUMNS.indexOf('amount')]).toBe(campaign.total.amount);
    expect(control[PAYOUT_COLUMNS.indexOf('currency')]).toBe(campaign.total.currency);
    const lines = parsed.slice(1, -1);
    const cents = lines.reduce((sum, line) => sum + Math.round(Number(line[PAYOUT_COLUMNS.indexOf('amount')]) * 100), 0);
    expect(cents).toBe(Math.round(Number(campaign.total.amount) * 100));
    await toast(page, /^Download complete/).first().waitFor();
  });

  it('a run above the approval limit waits for the second Super Admin, who approves it with a code of their own', async () => {
    const { page } = b;
    await page.setViewportSize(TABLET);
    // A year of every campaign: above the limit of at least one currency.
    const body = { start_date: toRequestDate(addDays(today(), -365)), end_date: toRequestDate(today()) };
    const year = await preview(body);
    const made = await server.request<PaymentRunOutcome>('POST', '/admin/payment_run', {
      body: { ...body, reference: 'ACC-E2E-YEAR', fingerprint: year.fingerprint }, token: superToken,
    });
    expect(made.status).toBe(201);
    const waiting = made.body.runs.find((candidate) => candidate.status === 'Awaiting approval');
    expect(waiting, 'a run above its currency\'s limit').toBeDefined();
    if (!waiting) return;

    await openSignedIn(page, server, SECOND_SUPER, `/payment-runs?start=${addDays(today(), -1)}&end=${today()}&search=${waiting.ref}`);
    await page.getByRole('button', { name: `Open ${waiting.id}`, exact: true }).click();
    const popup = page.getByRole('dialog', { name: `Payment run ${waiting.ref}` });
    await popup.getByText('Awaiting approval', { exact: true }).first().waitFor();
    await popup.getByRole('button', { name: 'Approve', exact: true }).click();
    const before = await codeCount(server, SECOND_SUPER, 'SECURE_PAGES');
    await popup.getByRole('button', { name: 'Send me a code' }).click();
    await popup.getByLabel('OTP').fill(await nextCode(server, SECOND_SUPER, 'SECURE_PAGES', before));
    await screenshot(page, 'payment-run-approve-820', { withoutToasts: true });
    await popup.getByRole('button', { name: 'Approve run' }).click();
    await popup.getByText('Paid', { exact: true }).first().waitFor();
    await popup.getByText(SECOND_SUPER).first().waitFor();
    await screenshot(page, 'payment-run-approved-820', { withoutToasts: true });
    // Paid now: its payout file is there, and reversal is offered.
    await popup.getByRole('button', { name: 'Download payout file' }).waitFor();
    await popup.getByRole('button', { name: 'Reverse' }).waitFor();
  });

  it('offline, Make Payment Run and the run\'s actions are disabled with the reason', async () => {
    const { page, context } = b;
    await page.setViewportSize(TABLET);
    await openSignedIn(page, server, SUPER, '/payments/pending');
    const make = page.getByRole('button', { name: 'Make Payment Run' });
    await make.waitFor();
    expect(await make.isEnabled()).toBe(true);
    await context.setOffline(true);
    await page.getByText(messages.paymentRunNeedsConnection).first().waitFor();
    expect(await make.isDisabled()).toBe(true);
    await screenshot(page, 'payment-run-offline-820', { withoutToasts: true });
    await context.setOffline(false);
    await expect.poll(() => make.isEnabled(), { timeout: WAIT_MS }).toBe(true);
  });

  it("settles a run with the provider's results: two failed lines previewed, settled, the run Partly failed and their agents due again", async () => {
    const { page } = b;
    await page.setViewportSize(DESKTOP);
    // A run of the demo whose results never came back (Payout: Results overdue), with three lines at least.
    const overdue = await server.post<{ data: Array<{ id: string; ref: string; events: number; start_date: string; end_date: string }> }>(
      '/admin/payment_runs', { start_date: '01-Jan-2020', end_date: toRequestDate(today()), page_size: 0, current_page: 1, search: 'Results overdue' }, superToken);
    let chosen: { run: (typeof overdue.body.data)[number]; lines: PayoutLine[] } | undefined;
    for (const run of overdue.body.data) {
      const lines = (await server.get<ListPage<PayoutLine>>(`/admin/payment_run_payout_lines?id=${run.id}&page_size=0`, superToken)).body.data;
      if (lines.length >= 3 && lines.every((line) => line.status === 'sent')) {
        chosen = { run, lines };
        break;
      }
    }
    expect(chosen, 'a run whose results are overdue').toBeDefined();
    if (!chosen) return;
    const { run, lines } = chosen;
    const failing = lines.slice(0, 2);
    const results = ['line_id,status,amount,provider_reference,reason', ...lines.map((line, index) => index < 2
      ? `${line.line_id},failed,${line.amount},,${index === 0 ? 'Unknown number' : 'Wallet limit reached'}`
      : `${line.line_id},paid,${line.amount},MTX${index},`)].join('\n');

    await openSignedIn(page, server, SUPER, `/payment-runs?start=2020-01-01&end=${today()}&search=${run.ref}`);
    await page.getByRole('button', { name: `Open ${run.id}`, exact: true }).click();
    const popup = page.getByRole('dialog', { name: `Payment run ${run.ref}` });
    await popup.getByText(/^Sent: 0 of \d+ lines/).waitFor();
    await popup.getByLabel('Results file').setInputFiles({ name: `results_${run.ref}.csv`, mimeType: 'text/csv', buffer: Buffer.from(results) });
    const check = popup.getByLabel('What the results file settles');
    await check.getByText(/^2 lines failed \(/).waitFor();
    await check.getByText(`${lines.length - 2} lines paid`, { exact: false }).waitFor();
    await popup.getByRole('button', { name: `Settle ${run.ref}` }).scrollIntoViewIfNeeded();
    await screenshot(page, 'payout-results-preview-1440', { withoutToasts: true });
    // Nothing is written before Confirm.
    const sentBefore = (await server.get<ListPage<PayoutLine>>(`/admin/payment_run_payout_lines?id=${run.id}&status=sent&page_size=0`, superToken)).body.count;
    expect(sentBefore).toBe(lines.length);

    await popup.getByRole('button', { name: `Settle ${run.ref}` }).click();
    await toast(page, `${run.ref} settled: 2 lines failed, their payments are due again.`).first().waitFor();
    await popup.getByText(/^Partly failed: 2 of \d+ lines failed/).waitFor();
    await popup.getByRole('checkbox', { name: 'Failed lines only' }).check({ force: true });
    const table = popup.getByRole('table', { name: `Payout lines of ${run.ref}` });
    await expect.poll(() => table.getByRole('row').count(), { timeout: WAIT_MS }).toBe(3);
    await table.getByText('Unknown number').waitFor();
    await screenshot(page, 'payout-results-settled-1440', { withoutToasts: true });

    // On a tablet: the popup reads the same, and the two agents are due again on Pending Payments.
    await page.setViewportSize(TABLET);
    await screenshot(page, 'payout-results-settled-820', { withoutToasts: true });
    // Read by a screen reader and tapped on a tablet: no axe violation, every target of the payout at least 44x44 px.
    expect(await axeViolations(page)).toEqual([]);
    const small = await popup.locator('section[aria-label="Payout lines"], section[aria-label="The provider\'s results"]')
      .locator('button, a, label.bp6-control, label.bp6-file-input').evaluateAll((targets) => targets
        .map((target) => ({ target, box: target.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.width < 44 || box.height < 44))
        .map(({ target, box }) => `${target.textContent?.trim() || target.tagName} ${Math.round(box.width)}x${Math.round(box.height)}`));
    expect(small).toEqual([]);
    await popup.getByRole('button', { name: 'Close' }).last().click();
    await page.goto(`${server.url}/payments/pending?start=${run.start_date}&end=${run.end_date}&blacklisted=1`);
    const grid = page.getByRole('region', { name: 'Pending Payments' });
    for (const line of failing) await grid.getByText(line.agent.split(' ')[0] as string, { exact: true }).first().waitFor();
    await screenshot(page, 'payout-failed-due-again-820', { withoutToasts: true });
  });
});
