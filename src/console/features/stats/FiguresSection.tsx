// The headline figures of the period (issue 35), each beside the previous period's (as long, just
// before), each a link to the grid whose rows it counts or sums. Amounts are one line per currency,
// never summed across two.
import { Card, Classes } from '@blueprintjs/core';
import { formatMoney, type Money } from '../../../contract/money';
import type { RoleType } from '../../../contract/roles';
import type { StatsFigures } from '../../../contract/stats';
import { formatCount } from '../../format/formatCount';
import { Linked } from './charts';
import { statsLinkAddress } from './statsLinks';

type CountKey = 'events' | 'active_agents' | 'invites' | 'conversions' | 'fraud_events';
type MoneyKey = 'due' | 'paid';

const FIGURES: ReadonlyArray<{ key: CountKey; label: string } | { key: MoneyKey; label: string; money: true }> = [
  { key: 'events', label: 'Events' },
  { key: 'active_agents', label: 'Active agents' },
  { key: 'invites', label: 'Invites' },
  { key: 'conversions', label: 'Conversions' },
  { key: 'due', label: 'Amount due', money: true },
  { key: 'paid', label: 'Amount paid', money: true },
  { key: 'fraud_events', label: 'Fraud events' },
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
    <ul className="stats-figures">
      {FIGURES.map((spec) => {
        const href = statsLinkAddress(figures[spec.key].link, role);
        const previous = figures[spec.key].previous_link;
        const previousHref = previous ? statsLinkAddress(previous, role) : undefined;
        return (
          <li key={spec.key}>
            <Card className="stats-figure">
              <div className="stats-figure-label">{spec.label}</div>
              {'money' in spec ? (
                <MoneyFigure label={spec.label} figure={figures[spec.key]} href={href} previousHref={previousHref} previousWords={previousWords} />
              ) : (
                <>
                  <div className="stats-figure-value">
                    <Linked href={href} label={`${spec.label}: ${formatCount(figures[spec.key].value)}`}>
                      {formatCount(figures[spec.key].value)}
                    </Linked>
                  </div>
                  <div className={`${Classes.TEXT_MUTED} stats-figure-previous`} title={previousWords}>
                    {figures[spec.key].previous === null ? (
                      'No previous period'
                    ) : (
                      <>
                        Previous:{' '}
                        <Linked href={previousHref} label={`${spec.label}, previous period: ${formatCount(figures[spec.key].previous ?? 0)}`}>
                          {formatCount(figures[spec.key].previous ?? 0)}
                        </Linked>
                      </>
                    )}
                  </div>
                </>
              )}
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

function MoneyFigure({ label, figure, href, previousHref, previousWords }: {
  label: string; figure: StatsFigures['due']; href?: string; previousHref?: string; previousWords?: string;
}) {
  const currencies = currenciesOf(figure.value, figure.previous);
  if (currencies.length === 0) {
    return (
      <>
        <div className="stats-figure-value">
          <Linked href={href} label={`${label}: none`}>None</Linked>
        </div>
        <div className={`${Classes.TEXT_MUTED} stats-figure-previous`}>{figure.previous === null ? 'No previous period' : 'Previous: none'}</div>
      </>
    );
  }
  return (
    <div className="stats-money">
      {currencies.map((currency) => (
          <div key={currency} className="stats-money-row">
            <div className="stats-figure-value stats-money-value">
              <Linked href={href} label={`${label}: ${amountIn(figure.value, currency)}`}>{amountIn(figure.value, currency)}</Linked>
            </div>
            <div className={`${Classes.TEXT_MUTED} stats-figure-previous`} title={previousWords}>
              {figure.previous === null ? (
                'No previous period'
              ) : (
                <>
                  Previous:{' '}
                  <Linked href={previousHref} label={`${label}, previous period: ${amountIn(figure.previous, currency)}`}>
                    {amountIn(figure.previous, currency)}
                  </Linked>
                </>
              )}
            </div>
          </div>
      ))}
    </div>
  );
}
