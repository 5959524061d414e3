// The period's charts (issue 35): events per day by event type; payments due against paid per
// week, one chart per currency; budget spent against allocated per campaign, those at 90% or more
// first with the day each runs out; fraud events per 1,000 events by campaign. Each has its table
// behind it, and its bars and cells link to the grid holding their rows.
import { BUDGET_WARNING_PERCENT } from '../../../contract/constants';
import { addDays, daysIn, toRequestDate } from '../../../contract/dates';
import { formatMoney, parseAmount } from '../../../contract/money';
import type { RoleType } from '../../../contract/roles';
import type { StatsCharts } from '../../../contract/stats';
import { formatCount, formatCounted } from '../../format/formatCount';
import { BarRows, ChartFigure, ChartTable, ColumnChart, Legend, Linked, SERIES_COLOURS, type ChartSeries, type Column } from './charts';
import type { Period } from './statsPeriod';
import { campaignAddress, linkOverDates, statsLinkAddress } from './statsLinks';

/** A chart with nothing to draw: its title, and why. */
const EmptyChart = ({ id, title, text }: { id: string; title: string; text: string }) => (
  <ChartFigure id={id} title={title} summary={text} wide>
    {null}
  </ChartFigure>
);

type Props = { charts: StatsCharts; period: Period; today: string; role: RoleType | undefined };

/** A short day under a column: '28 Nov'. */
/** The series of the event types past the colours a chart tells apart. */
const OTHER = '\u0000other';
const shortDay = (iso: string) => toRequestDate(iso).slice(0, 6).replace('-', ' ');
const numberOf = (amount: string) => Number(parseAmount(amount) ?? 0n) / 100;

function EventsPerDay({ charts, period, role }: Props) {
  const { days, link } = charts.events_per_day;
  if (days.length === 0) return <EmptyChart id="stats-events" title="Events per day" text="No events in this period." />;
  const totals = new Map<string, number>();
  for (const day of days) totals.set(day.event, (totals.get(day.event) ?? 0) + day.events);
  // The event types, most events first.
  const series: ChartSeries[] = [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([event]) => ({ key: event, label: event }));
  // The chart tells SERIES_COLOURS series apart: past them, the fewest are drawn as one (the table keeps each).
  const drawn: ChartSeries[] = series.length <= SERIES_COLOURS ? series : [...series.slice(0, SERIES_COLOURS - 1), { key: OTHER, label: 'Other event types' }];
  const drawnKey = (event: string) => (drawn.some((entry) => entry.key === event) ? event : OTHER);
  const dates = Array.from({ length: daysIn(period) }, (_, index) => addDays(period.start, index));
  const byDay = new Map<string, Map<string, number>>();
  for (const day of days) (byDay.get(day.date) ?? byDay.set(day.date, new Map()).get(day.date))?.set(day.event, day.events);
  const dayHref = (date: string) => statsLinkAddress(linkOverDates(link, toRequestDate(date), toRequestDate(date)), role);
  const columns: Column[] = dates.map((date) => {
    const counts = byDay.get(date);
    const total = [...(counts?.values() ?? [])].reduce((sum, n) => sum + n, 0);
    return {
      key: date,
      label: shortDay(date),
      title: `${toRequestDate(date)}: ${formatCount(total)} events`,
      href: dayHref(date),
      values: drawn.flatMap((entry) => {
        const value = [...(counts ?? [])].filter(([event]) => drawnKey(event) === entry.key).reduce((sum, [, n]) => sum + n, 0);
        return value > 0 ? [{ series: entry.key, value, text: `${formatCount(value)} ${entry.label}` }] : [];
      }),
    };
  });
  const dayTotals = columns.map((column) => column.values.reduce((sum, value) => sum + value.value, 0));
  const all = dayTotals.reduce((sum, n) => sum + n, 0);
  const busiest = dayTotals.indexOf(Math.max(...dayTotals));
  return (
    <ChartFigure
      id="stats-events"
      wide
      title="Events per day"
      summary={`${formatCounted(all, 'event', 'events')} of ${formatCounted(series.length, 'type', 'types')} over ${formatCounted(dates.length, 'day', 'days')}; the busiest day ${toRequestDate(dates[busiest] ?? period.start)} with ${formatCount(dayTotals[busiest] ?? 0)}.`}
      table={
        <ChartTable caption="Events per day by event type" head={['Day', ...series.map((entry) => entry.label), 'All events']}>
          {dates.map((date, index) => {
            if ((dayTotals[index] ?? 0) === 0) return null;
            const href = dayHref(date);
            return (
              <tr key={date}>
                <th scope="row">{toRequestDate(date)}</th>
                {series.map((entry) => (
                  <td key={entry.key} className="stats-number">{formatCount(byDay.get(date)?.get(entry.key) ?? 0)}</td>
                ))}
                <td className="stats-number">
                  <Linked href={href} label={`${formatCount(dayTotals[index] ?? 0)} events on ${toRequestDate(date)}`}>{formatCount(dayTotals[index] ?? 0)}</Linked>
                </td>
              </tr>
            );
          })}
        </ChartTable>
      }
    >
      <Legend series={drawn} />
      <ColumnChart columns={columns} series={drawn} stacked maxText={formatCount(Math.max(...dayTotals))} />
    </ChartFigure>
  );
}

const PAYMENT_SERIES: ChartSeries[] = [
  { key: 'due', label: 'Due' },
  { key: 'paid', label: 'Paid' },
];

function PaymentsPerWeek({ charts, role }: Props) {
  if (charts.payments_per_week.length === 0) return <EmptyChart id="stats-payments" title="Payments due and paid per week" text="No payments fell due in this period." />;
  return (
    <>
      {charts.payments_per_week.map(({ currency, weeks }) => {
        const columns: Column[] = weeks.map((week) => ({
          key: week.week_start,
          label: shortDay(week.week_start),
          title: `Week of ${toRequestDate(week.week_start)}`,
          values: [
            { series: 'due', value: numberOf(week.due.amount), text: `due ${formatMoney(week.due.amount, currency)}`, href: statsLinkAddress(week.due_link, role) },
            { series: 'paid', value: numberOf(week.paid.amount), text: `paid ${formatMoney(week.paid.amount, currency)}`, href: statsLinkAddress(week.paid_link, role) },
          ],
        }));
        const max = Math.max(0, ...weeks.flatMap((week) => [numberOf(week.due.amount), numberOf(week.paid.amount)]));
        return (
          <ChartFigure
            key={currency}
            id={`stats-payments-${currency}`}
            title={`Payments due and paid per week, ${currency}`}
            summary={`${formatCounted(weeks.length, 'week', 'weeks')}, each week's payments by the day they fell due (weeks start on Monday).`}
            table={
              <ChartTable caption={`Payments due and paid per week, ${currency}`} head={['Week of', 'Due', 'Paid']}>
                {weeks.map((week) => (
                  <tr key={week.week_start}>
                    <th scope="row">{toRequestDate(week.week_start)}</th>
                    <td className="stats-number">
                      <Linked href={statsLinkAddress(week.due_link, role)} label={`Due in the week of ${toRequestDate(week.week_start)}: ${formatMoney(week.due.amount, currency)}`}>
                        {formatMoney(week.due.amount, currency)}
                      </Linked>
                    </td>
                    <td className="stats-number">
                      <Linked href={statsLinkAddress(week.paid_link, role)} label={`Paid in the week of ${toRequestDate(week.week_start)}: ${formatMoney(week.paid.amount, currency)}`}>
                        {formatMoney(week.paid.amount, currency)}
                      </Linked>
                    </td>
                  </tr>
                ))}
              </ChartTable>
            }
          >
            <Legend series={PAYMENT_SERIES} />
            <ColumnChart columns={columns} series={PAYMENT_SERIES} stacked={false} maxText={formatMoney(String(max.toFixed(2)), currency)} />
          </ChartFigure>
        );
      })}
    </>
  );
}

/** How far ahead a run-out day is written beside a budget's bar. */
const RUN_OUT_SHOWN_DAYS = 365;

function Budgets({ charts, role, today }: Props) {
  const budgets = charts.budgets;
  if (budgets.length === 0) return <EmptyChart id="stats-budgets" title="Budget spent against allocated" text="No campaigns to show." />;
  const spentText = (budget: StatsCharts['budgets'][number]) =>
    budget.allocated
      ? `${budget.percent ?? 0}%: ${formatMoney(budget.spent.amount, budget.spent.currency)} of ${formatMoney(budget.allocated.amount, budget.allocated.currency)}`
      : `${formatMoney(budget.spent.amount, budget.spent.currency)}, no allocation`;
  // Beside the bar, a run-out day that matters this year (the table holds every one).
  const runsOut = (budget: StatsCharts['budgets'][number]) =>
    budget.runs_out_on && (budget.warning || budget.runs_out_on <= addDays(today, RUN_OUT_SHOWN_DAYS)) ? `runs out ${toRequestDate(budget.runs_out_on)}` : '';
  const warnings = budgets.filter((budget) => budget.warning).length;
  return (
    <ChartFigure
      id="stats-budgets"
      wide
      title="Budget spent against allocated"
      summary={`${formatCount(warnings)} of ${formatCounted(budgets.length, 'campaign', 'campaigns')} at ${BUDGET_WARNING_PERCENT}% or more, listed first; the line marks ${BUDGET_WARNING_PERCENT}%.`}
      table={
        <ChartTable caption="Budget spent against allocated per campaign" head={['Campaign', 'Spent', 'Allocated', 'Spent %', 'Runs out on']}>
          {budgets.map((budget) => (
            <tr key={budget.campaign_id}>
              <th scope="row">
                <Linked href={campaignAddress(budget.campaign_id, role)}>{budget.campaign_name}</Linked>
              </th>
              <td className="stats-number">{formatMoney(budget.spent.amount, budget.spent.currency)}</td>
              <td className="stats-number">{budget.allocated ? formatMoney(budget.allocated.amount, budget.allocated.currency) : 'None'}</td>
              <td className="stats-number">{budget.percent === null ? '—' : `${budget.percent}%`}</td>
              <td className="stats-number">{budget.runs_out_on ? toRequestDate(budget.runs_out_on) : '—'}</td>
            </tr>
          ))}
        </ChartTable>
      }
    >
      <BarRows
        max={100}
        mark={BUDGET_WARNING_PERCENT}
        rows={budgets.map((budget) => ({
          key: budget.campaign_id,
          label: budget.campaign_name,
          // Spending without an allocation is drawn full: it needs attention as a spent budget does.
          value: budget.percent ?? (budget.warning ? 100 : 0),
          warning: budget.warning,
          text: [spentText(budget), runsOut(budget)].filter(Boolean).join(' · '),
          href: campaignAddress(budget.campaign_id, role),
        }))}
      />
    </ChartFigure>
  );
}

function FraudRate({ charts, role }: Props) {
  const rates = charts.fraud_rate;
  if (rates.length === 0) return <EmptyChart id="stats-fraud" title="Fraud events per 1,000 events" text="No events in this period." />;
  const rate = (row: StatsCharts['fraud_rate'][number]) => (row.per_thousand === null ? 0 : Number(row.per_thousand));
  const max = Math.max(0, ...rates.map(rate));
  return (
    <ChartFigure
      id="stats-fraud"
      wide
      title="Fraud events per 1,000 events"
      summary={`${formatCounted(rates.length, 'campaign', 'campaigns')}, the highest rate first.`}
      table={
        <ChartTable caption="Fraud events per 1,000 events by campaign" head={['Campaign', 'Fraud events', 'Events', 'Per 1,000']}>
          {rates.map((row) => (
            <tr key={row.campaign_id}>
              <th scope="row">{row.campaign_name}</th>
              <td className="stats-number">
                <Linked href={statsLinkAddress(row.link, role)} label={`${formatCount(row.fraud_events)} fraud events in ${row.campaign_name}`}>{formatCount(row.fraud_events)}</Linked>
              </td>
              <td className="stats-number">
                <Linked href={statsLinkAddress(row.events_link, role)} label={`${formatCount(row.events)} events in ${row.campaign_name}`}>{formatCount(row.events)}</Linked>
              </td>
              <td className="stats-number">{row.per_thousand ?? '—'}</td>
            </tr>
          ))}
        </ChartTable>
      }
    >
      <BarRows
        max={max}
        rows={rates.map((row) => ({
          key: row.campaign_id,
          label: row.campaign_name,
          value: rate(row),
          text: row.per_thousand === null ? `${formatCount(row.fraud_events)} fraud events, no events` : `${row.per_thousand}: ${formatCount(row.fraud_events)} fraud ${row.fraud_events === 1 ? 'event' : 'events'} in ${formatCount(row.events)}`,
          href: statsLinkAddress(row.link, role) ?? statsLinkAddress(row.events_link, role),
        }))}
      />
    </ChartFigure>
  );
}

export function StatsChartsSection(props: Props) {
  return (
    <div className="stats-charts">
      <EventsPerDay {...props} />
      <PaymentsPerWeek {...props} />
      <Budgets {...props} />
      <FraudRate {...props} />
    </div>
  );
}
