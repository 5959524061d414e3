// The headline figures of the period (issue 35), each beside the previous period's (as long, just
// before), each a link to the grid whose rows it counts or sums. Amounts are one line per currency,
// never summed across two.
import { Card, Classes, HTMLTable } from '@blueprintjs/core';
import { formatMoney, type Money } from '../../../contract/money';
import type { RoleType } from '../../../contract/roles';
import { linkInCurrency, type StatsFigures } from '../../../contract/stats';
import { formatCount } from '../../format/formatCount';
import { Linked } from './charts';
import { statsLinkAddress } from './statsLinks';

type CountKey = 'events' | 'active_agents' | 'invites' | 'conversions' | 'fraud_events';
type MoneyKey = 'due' | 'paid';

/**
 * `note`: a figure no grid lists row for row (no grid has one row per agent), so it links nowhere:
 * a link to the events would open other rows than it counts.
 */
const COUNTS: ReadonlyArray<{ key: CountKey; label: string; note?: string }> = [
  { key: 'events', label: 'Events' },
  { key: 'active_agents', label: 'Active agents', note: 'Agents with at least one of the events' },
  { key: 'invites', label: 'Invites' },
  { key: 'conversions', label: 'Conversions' },
  { key: 'fraud_events', label: 'Fraud events' },
];
const MONEY: ReadonlyArray<{ key: MoneyKey; label: string }> = [
  { key: 'due', label: 'Amount due' },
  { key: 'paid', label: 'Amount paid' },
];

/** The currencies of this period and the previous, in order. */
const currenciesOf = (value: Money[], previous: Money[] | null) => [...new Set([...value, ...(previous ?? [])].map((money) => money.currency))].sort();

function amountIn(list: Money[] | null, currency: string): string {
  const found = list?.find((money) => money.currency === currency);
  return formatMoney(found?.amount ?? '0', currency);
}

export function FiguresList({ figures, role }: { figures: StatsFigures; role: RoleType | undefined }) {
  const previousWords = figures.previous_period ? `${figures.previous_period.start_date} to ${figures.previous_period.end_date}` : undefined;
  return (
    <>
      <ul className="stats-figures">
        {COUNTS.map(({ key, label, note }) => {
          const figure = figures[key];
          const href = note ? undefined : statsLinkAddress(figure.link, role);
          const previousHref = figure.previous_link && !note ? statsLinkAddress(figure.previous_link, role) : undefined;
          return (
            <li key={key}>
              <Card className="stats-figure">
                <div className="stats-figure-label">{label}</div>
                <div className="stats-figure-value">
                  <Linked href={href} label={`${label}: ${formatCount(figure.value)}`}>
                    {formatCount(figure.value)}
                  </Linked>
                </div>
                {note && <div className={`${Classes.TEXT_MUTED} stats-figure-note`}>{note}</div>}
                <div className={`${Classes.TEXT_MUTED} stats-figure-previous`} title={previousWords}>
                  {figure.previous === null ? (
                    'No previous period'
                  ) : (
                    <>
                      Previous period:{' '}
                      <Linked href={previousHref} label={`${label}, previous period: ${formatCount(figure.previous)}`}>
                        {formatCount(figure.previous)}
                      </Linked>
                    </>
                  )}
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
      <MoneyFigures figures={figures} role={role} previousWords={previousWords} />
    </>
  );
}

/** Amounts due and paid, a row per currency (never summed across two), each beside the previous period's. */
function MoneyFigures({ figures, role, previousWords }: { figures: StatsFigures; role: RoleType | undefined; previousWords?: string }) {
  const currencies = [...new Set(MONEY.flatMap(({ key }) => currenciesOf(figures[key].value, figures[key].previous)))].sort();
  const hasPrevious = figures.previous_period !== null;
  const cell = (key: MoneyKey, currency: string, previous: boolean) => {
    const figure = figures[key];
    const list = previous ? figure.previous : figure.value;
    // The currency's rows alone: the amount is theirs, not the period's every currency's.
    const link = previous ? figure.previous_link : figure.link;
    const text = amountIn(list, currency);
    const label = `${MONEY.find((entry) => entry.key === key)?.label ?? ''}${previous ? ', previous period' : ''}: ${text}`;
    return (
      <td className={previous ? `stats-number ${Classes.TEXT_MUTED}` : 'stats-number stats-money-value'}>
        <Linked href={link ? statsLinkAddress(linkInCurrency(link, currency), role) : undefined} label={label}>{text}</Linked>
      </td>
    );
  };
  return (
    <Card className="stats-figure stats-money">
      <div className="stats-figure-label" id="stats-money-title">Amounts due and paid, per currency</div>
      {currencies.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>No payments fell due in this period.</p>
      ) : (
        <div className="stats-table-scroll" role="region" aria-labelledby="stats-money-title" tabIndex={0}>
          <HTMLTable compact className="console-table">
            <thead>
              <tr>
                <th scope="col">Currency</th>
                <th scope="col" className="stats-number">Due</th>
                {hasPrevious && <th scope="col" className="stats-number" title={previousWords}>Due, previous period</th>}
                <th scope="col" className="stats-number">Paid</th>
                {hasPrevious && <th scope="col" className="stats-number" title={previousWords}>Paid, previous period</th>}
              </tr>
            </thead>
            <tbody>
              {currencies.map((currency) => (
                <tr key={currency}>
                  <th scope="row">{currency}</th>
                  {cell('due', currency, false)}
                  {hasPrevious && cell('due', currency, true)}
                  {cell('paid', currency, false)}
                  {hasPrevious && cell('paid', currency, true)}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </Card>
  );
}
