import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { statsGridLink, type StatsAttention, type StatsCharts, type StatsFigures, type StatsPeriod } from '../../../contract/stats';
import { fakeBackend } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedIn } from '../../test/sessions';
import { StatsPage } from './StatsPage';

const PERIOD: StatsPeriod = { start: '2026-11-01', end: '2026-11-30' };
const BEFORE: StatsPeriod = { start: '2026-10-02', end: '2026-10-31' };
const ROUTE = `/?start=${PERIOD.start}&end=${PERIOD.end}`;

const count = (value: number, previous: number, target: Parameters<typeof statsGridLink>[0]) => ({
  value, previous, link: statsGridLink(target, PERIOD), previous_link: statsGridLink(target, BEFORE),
});

const figures: StatsFigures = {
  period: { start_date: '01-Nov-2026', end_date: '30-Nov-2026' },
  previous_period: { start_date: '02-Oct-2026', end_date: '31-Oct-2026' },
  events: count(1234, 1100, 'events'),
  active_agents: count(51, 47, 'events'),
  invites: count(369, 300, 'conversion'),
  conversions: count(202, 180, 'conversion'),
  due: {
    value: [{ amount: '1200.50', currency: 'GHS' }, { amount: '300.00', currency: 'KES' }],
    previous: [{ amount: '99.00', currency: 'GHS' }],
    link: statsGridLink('due', PERIOD),
    previous_link: statsGridLink('due', BEFORE),
  },
  paid: { value: [], previous: [], link: statsGridLink('paid', PERIOD), previous_link: statsGridLink('paid', BEFORE) },
  fraud_events: count(11, 4, 'fraudEvents'),
};

const zeroFigures: StatsFigures = {
  ...figures,
  previous_period: null,
  ...Object.fromEntries((['events', 'active_agents', 'invites', 'conversions', 'fraud_events'] as const).map((key) => [key, { ...figures[key], value: 0, previous: null, previous_link: null }])),
  due: { ...figures.due, value: [], previous: null, previous_link: null },
  paid: { ...figures.paid, value: [], previous: null, previous_link: null },
} as StatsFigures;

const charts: StatsCharts = {
  period: figures.period,
  events_per_day: {
    days: [
      { date: '2026-11-02', event: 'SIM Activation', events: 7 },
      { date: '2026-11-02', event: 'First Recharge', events: 3 },
      { date: '2026-11-05', event: 'SIM Activation', events: 2 },
    ],
    link: statsGridLink('events', PERIOD),
  },
  payments_per_week: [
    {
      currency: 'GHS',
      weeks: [{ week_start: '2026-11-02', due: { amount: '10.00', currency: 'GHS' }, paid: { amount: '25.50', currency: 'GHS' }, due_link: statsGridLink('due', { start: '2026-11-02', end: '2026-11-08' }), paid_link: statsGridLink('paid', { start: '2026-11-02', end: '2026-11-08' }) }],
    },
  ],
  budgets: [
    { campaign_id: 6, campaign_name: 'SIM Drive GH-01', spent: { amount: '950.00', currency: 'GHS' }, allocated: { amount: '1000.00', currency: 'GHS' }, percent: 95, warning: true, runs_out_on: '2026-12-03', link: { to: 'campaigns' } },
    { campaign_id: 7, campaign_name: 'MoMo Boost KE-14', spent: { amount: '10.00', currency: 'KES' }, allocated: null, percent: null, warning: false, runs_out_on: null, link: { to: 'campaigns' } },
  ],
  fraud_rate: [
    { campaign_id: 6, campaign_name: 'SIM Drive GH-01', fraud_events: 2, events: 400, per_thousand: '5.0', link: statsGridLink('fraudEvents', PERIOD, { campaign: 6 }), events_link: statsGridLink('events', PERIOD, { campaign: 6 }) },
  ],
};

const emptyCharts: StatsCharts = { period: figures.period, events_per_day: { days: [], link: charts.events_per_day.link }, payments_per_week: [], budgets: [], fraud_rate: [] };

const attention: StatsAttention = {
  awaiting_approval: { runs: 2, link: statsGridLink('awaitingApproval', { start: '2000-01-01', end: '2026-11-28' }) },
  payouts: {
    overdue: { runs: 1, link: statsGridLink('payoutsOverdue', { start: '2000-01-01', end: '2026-11-28' }) },
    failed: { runs: 0, link: statsGridLink('payoutsFailed', { start: '2000-01-01', end: '2026-11-28' }) },
  },
  jobs: [
    { kind: 'report', failed: 1, stuck: 0, link: { to: 'jobQueue', path: '/admin/list_job_queue', job: 'report' } },
    { kind: 'paymentrun', failed: 0, stuck: 0, link: { to: 'jobQueue', path: '/admin/list_job_queue', job: 'paymentrun' } },
  ],
  budgets: { campaigns: 1, link: { to: 'campaigns' } },
  held_back: {
    payments: 3,
    totals: [{ amount: '12.00', currency: 'GHS' }],
    reasons: [{ reason: 'agent_blacklisted', payments: 3 }, { reason: 'agent_suspended', payments: 0 }],
    link: statsGridLink('heldBack', { start: '2000-01-01', end: '2026-11-28' }, { blacklisted: true }),
  },
  fraud_jumps: { agents: 0, listed: [], link: statsGridLink('fraudEvents', { start: '2026-10-22', end: '2026-11-28' }) },
};

function statsBackend(answers: { figures?: StatsFigures; charts?: StatsCharts; attention?: StatsAttention } = {}) {
  return fakeBackend()
    .on('GET', 'admin/stats/attention', { body: answers.attention ?? attention })
    .on('GET', 'admin/stats/figures', { body: answers.figures ?? figures })
    .on('GET', 'admin/stats/charts', { body: answers.charts ?? charts });
}

const figure = (label: string) => screen.getByText(label, { selector: '.stats-figure-label' }).closest('.stats-figure') as HTMLElement;
const hrefOf = (element: HTMLElement) => element.getAttribute('href');

describe('the Stats tab', () => {
  it("shows the period's figures beside the previous period's, each linking to its grid with the same filters", async () => {
    const backend = statsBackend();
    renderWithProviders(<StatsPage />, { preloadedState: signedIn('Super Admin'), route: ROUTE });
    expect(screen.getByRole('heading', { level: 1, name: 'Stats' })).toBeInTheDocument();
    const events = await screen.findByRole('link', { name: 'Events: 1,234' });
    expect(hrefOf(events)).toBe('/grids/agent-event-details?start=2026-11-01&end=2026-11-30');
    expect(within(figure('Events')).getByRole('link', { name: 'Events, previous period: 1,100' })).toHaveAttribute('href', '/grids/agent-event-details?start=2026-10-02&end=2026-10-31');
    // Active agents are the events' distinct agents: no grid lists them row for row, so no link.
    expect(within(figure('Active agents')).queryByRole('link')).not.toBeInTheDocument();
    expect(within(figure('Active agents')).getByText('Agents with at least one of the events')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Invites: 369' })).toHaveAttribute('href', '/grids/campaign-conversion?start=2026-11-01&end=2026-11-30');
    expect(screen.getByRole('link', { name: 'Fraud events: 11' })).toHaveAttribute('href', '/reports/fraud-events?start=2026-11-01&end=2026-11-30');
    const query = new URLSearchParams(backend.calls('GET', 'admin/stats/figures')[0]?.search);
    expect([query.get('start_date'), query.get('end_date')]).toEqual(['01-Nov-2026', '30-Nov-2026']);
    expect(new URLSearchParams(backend.calls('GET', 'admin/stats/charts')[0]?.search).get('start_date')).toBe('01-Nov-2026');
  });

  it('shows amounts per currency, one row each, never summed across two', async () => {
    statsBackend();
    renderWithProviders(<StatsPage />, { preloadedState: signedIn('Super Admin'), route: ROUTE });
    const table = await screen.findByRole('region', { name: 'Amounts due and paid, per currency' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['GHS 1,200.50', 'GHS 99.00', 'GHS 0.00', 'GHS 0.00'],
      ['KES 300.00', 'KES 0.00', 'KES 0.00', 'KES 0.00'],
    ]);
    // Each amount opens its own currency's rows.
    expect(within(table).getByRole('link', { name: 'Amount due: GHS 1,200.50' })).toHaveAttribute('href', '/reports/agent-payments?start=2026-11-01&end=2026-11-30&paid=0&currency=GHS');
    expect(within(table).getByRole('link', { name: 'Amount paid: KES 0.00' })).toHaveAttribute('href', '/reports/agent-payments?start=2026-11-01&end=2026-11-30&paid=1&currency=KES');
    expect(screen.queryByText(/1,500\.50/)).not.toBeInTheDocument();
  });

  it("offers links only to the screens the role sees: a Campaign Admin's payments and fraud events are figures without links", async () => {
    statsBackend();
    renderWithProviders(<StatsPage />, { preloadedState: signedIn('Campaign Admin'), route: ROUTE });
    expect(await screen.findByRole('link', { name: 'Events: 1,234' })).toBeInTheDocument();
    expect(within(figure('Fraud events')).queryByRole('link', { name: 'Fraud events: 11' })).not.toBeInTheDocument();
    expect(within(figure('Fraud events')).getByText('11')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Amounts due and paid, per currency' }).querySelector('a')).toBeNull();
    // The held-back payments are Pending Payments' rows, a screen a Campaign Admin does not see: a count without a link.
    expect(screen.queryByRole('link', { name: '3 due payments held back from runs' })).not.toBeInTheDocument();
    expect(screen.getByText('due payments held back from runs')).toBeInTheDocument();
  });

  it('lists what needs attention first, each count linking to where it is dealt with', async () => {
    statsBackend();
    renderWithProviders(<StatsPage />, { preloadedState: signedIn('Super Admin'), route: ROUTE });
    const runs = await screen.findByRole('link', { name: '2 payment runs awaiting approval' });
    expect(hrefOf(runs)).toBe('/payment-runs?start=2000-01-01&end=2026-11-28&search=Awaiting+approval');
    expect(hrefOf(screen.getByRole('link', { name: "1 paid run without the provider's results" }))).toBe('/payment-runs?start=2000-01-01&end=2026-11-28&search=Results+overdue');
    expect(hrefOf(screen.getByRole('link', { name: '0 runs with failed payout lines not paid again' }))).toBe('/payment-runs?start=2000-01-01&end=2026-11-28&search=Failed%2C+not+paid+again');
    // Each report screen lists its own reports' jobs: no one screen holds what the count counts.
    expect(screen.queryByRole('link', { name: '1 report job failed or stuck' })).not.toBeInTheDocument();
    expect(screen.getByText(/each report screen lists its own reports under the grid$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '0 payment run jobs failed or stuck' })).toHaveAttribute('href', '/payment-runs');
    expect(screen.getByRole('link', { name: '1 campaign at 90% or more of its budget' })).toHaveAttribute('href', '/campaigns');
    expect(screen.getByRole('link', { name: '3 due payments held back from runs' })).toHaveAttribute('href', '/payments/pending?start=2000-01-01&end=2026-11-28&holds=held_back&blacklisted=1');
    expect(screen.getByText('The agent is blacklisted: 3')).toBeInTheDocument();
    expect(screen.queryByText(/The agent is suspended/)).not.toBeInTheDocument();
    // 'What changed' shows once its own call answers (the latest changes): waited for, not assumed (it came late under a full run's load).
    await screen.findByRole('heading', { level: 2, name: 'What changed' });
    const sections = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(sections).toEqual(['Needs attention', 'Figures for the period', 'What changed', 'Charts for the period']);
  });

  it('has a table behind each chart, its cells linking to the grid of their rows', async () => {
    statsBackend();
    const { user } = renderWithProviders(<StatsPage />, { preloadedState: signedIn('Super Admin'), route: ROUTE });
    const chart = await screen.findByRole('figure', { name: 'Events per day' });
    expect(within(chart).getByText(/12 events of 2 types over 30 days; the busiest day 02-Nov-2026 with 10/)).toBeInTheDocument();
    await user.click(within(chart).getByText('Show the table'));
    const table = within(chart).getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Day', 'SIM Activation', 'First Recharge', 'All events']);
    const rows = within(table).getAllByRole('row').slice(1).map((row) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => cell.textContent)]);
    expect(rows).toEqual([
      ['02-Nov-2026', '7', '3', '10'],
      ['05-Nov-2026', '2', '0', '2'],
    ]);
    expect(within(table).getByRole('link', { name: '10 events on 02-Nov-2026' })).toHaveAttribute('href', '/grids/agent-event-details?start=2026-11-02&end=2026-11-02');

    const fraud = screen.getByRole('figure', { name: 'Fraud events per 1,000 events' });
    expect(within(fraud).getByRole('link', { name: '2 fraud events in SIM Drive GH-01', hidden: true })).toHaveAttribute('href', '/reports/fraud-events?start=2026-11-01&end=2026-11-30&campaign=6');
    expect(within(fraud).getByRole('link', { name: '400 events in SIM Drive GH-01', hidden: true })).toHaveAttribute('href', '/grids/agent-event-details?start=2026-11-01&end=2026-11-30&campaign=6');

    const budgets = screen.getByRole('figure', { name: 'Budget spent against allocated' });
    const budgetRows = within(budgets).getAllByRole('row', { hidden: true }).slice(1).map((row) => row.textContent);
    expect(budgetRows).toEqual(['SIM Drive GH-01GHS 950.00GHS 1,000.0095%03-Dec-2026', 'MoMo Boost KE-14KES 10.00None——']);
    expect(within(budgets).getByText('95%: GHS 950.00 of GHS 1,000.00 · runs out 03-Dec-2026')).toBeInTheDocument();

    const payments = screen.getByRole('figure', { name: 'Payments due and paid per week, GHS' });
    expect(within(payments).getByRole('link', { name: 'Paid in the week of 02-Nov-2026: GHS 25.50', hidden: true })).toHaveAttribute('href', '/reports/agent-payments?start=2026-11-02&end=2026-11-08&paid=1');
  });

  it("opens a bar's grid on a click: a day's column, a campaign's budget", async () => {
    statsBackend();
    const { user, location } = renderWithProviders(<StatsPage />, { preloadedState: signedIn('Super Admin'), route: ROUTE });
    const chart = await screen.findByRole('figure', { name: 'Events per day' });
    const column = chart.querySelector('[data-href][title^="02-Nov-2026"]') as HTMLElement;
    await user.click(column);
    expect(location()).toBe('/grids/agent-event-details?start=2026-11-02&end=2026-11-02');
  });

  it("opens a campaign's own screen from its budget bar", async () => {
    statsBackend();
    const { user, location } = renderWithProviders(<StatsPage />, { preloadedState: signedIn('Super Admin'), route: ROUTE });
    const budgets = await screen.findByRole('figure', { name: 'Budget spent against allocated' });
    await user.click(within(budgets).getByText('SIM Drive GH-01', { selector: '.stats-bar-label' }));
    expect(location()).toBe('/campaigns/6');
  });

  it('shows zeros for an empty period, and says so for each chart, without an error', async () => {
    statsBackend({ figures: zeroFigures, charts: emptyCharts });
    renderWithProviders(<StatsPage />, { preloadedState: signedIn('Agency Admin'), route: ROUTE });
    expect(await screen.findByRole('link', { name: 'Events: 0' })).toBeInTheDocument();
    for (const label of ['Active agents', 'Invites', 'Conversions', 'Fraud events']) expect(within(figure(label)).getByText('0')).toBeInTheDocument();
    expect(screen.getAllByText('No previous period')).toHaveLength(5);
    // The amounts' card and the payments' chart each say so.
    expect(screen.getAllByText('No payments fell due in this period.')).toHaveLength(2);
    expect(screen.getAllByText('No events in this period.')).toHaveLength(2);
    expect(screen.getByText('No campaigns to show.')).toBeInTheDocument();
    expect(screen.queryByText('Could not load these figures')).not.toBeInTheDocument();
  });

  it('keeps the period in the address, a preset and a date each a new entry asked of the server', async () => {
    const backend = statsBackend();
    const { user, location } = renderWithProviders(<StatsPage />, { preloadedState: signedIn('Super Admin'), route: ROUTE });
    await screen.findByRole('link', { name: 'Events: 1,234' });
    expect(screen.getByLabelText('Start Date')).toHaveValue('01-Nov-2026');
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(location()).toMatch(/^\/\?start=\d{4}-\d{2}-\d{2}&end=\d{4}-\d{2}-\d{2}$/));
    const today = new Date().toISOString().slice(0, 10);
    expect(new URLSearchParams(location().slice(2)).get('end')).toBe(today);
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(backend.calls('GET', 'admin/stats/figures')).toHaveLength(2));
    // A day typed as the grids take it (DD-MMM-YYYY) is the period's start.
    await user.clear(screen.getByLabelText('Start Date'));
    await user.type(screen.getByLabelText('Start Date'), '15-Oct-2026{Enter}');
    await waitFor(() => expect(new URLSearchParams(location().slice(2)).get('start')).toBe('2026-10-15'));
    expect(screen.getByLabelText('Start Date')).toHaveValue('15-Oct-2026');
  });
});
