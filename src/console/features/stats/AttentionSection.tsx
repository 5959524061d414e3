// 'Needs attention' (issue 35): what an admin deals with today, each a count that links to the
// screen where it is dealt with. Counts at zero stay, quieter, so the section reads the same daily.
import { Card, Classes } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BUDGET_WARNING_PERCENT, FRAUD_JUMP_DAYS, JOB_ATTENTION_DAYS, JOB_STUCK_MINUTES } from '../../../contract/constants';
import { formatMoney } from '../../../contract/money';
import { HELD_BACK_REASON_TEXT } from '../../../contract/paymentRuns';
import { PAYOUT_FOLLOW_UP_DAYS } from '../../../contract/payouts';
import type { RoleType } from '../../../contract/roles';
import type { StatsAttention } from '../../../contract/stats';
import { formatCount } from '../../format/formatCount';
import { statsLinkAddress } from './statsLinks';

const JOB_NAMES = { report: 'report', paymentrun: 'payment run' } as const;

interface Item {
  key: string;
  count: number;
  /** What is counted, after the count, for one and for several: 'payment run awaiting approval'. */
  what: readonly [string, string];
  href?: string;
  detail?: ReactNode;
}

function AttentionItem({ item }: { item: Item }) {
  const words = (
    <>
      <span className="stats-attention-count">{formatCount(item.count)}</span> <span className="stats-attention-what">{item.what[item.count === 1 ? 0 : 1]}</span>
    </>
  );
  return (
    <li>
      <Card className={item.count > 0 ? 'stats-attention-item stats-attention-on' : 'stats-attention-item'}>
        {item.href ? (
          <Link to={item.href} className="stats-attention-link">
            {words}
          </Link>
        ) : (
          <span className="stats-attention-link">{words}</span>
        )}
        {item.detail && <div className={`${Classes.TEXT_MUTED} stats-attention-detail`}>{item.detail}</div>}
      </Card>
    </li>
  );
}

export function attentionItems(attention: StatsAttention, role: RoleType | undefined): Item[] {
  const items: Item[] = [];
  if (attention.awaiting_approval) {
    items.push({ key: 'runs', count: attention.awaiting_approval.runs, what: ['payment run awaiting approval', 'payment runs awaiting approval'], href: statsLinkAddress(attention.awaiting_approval.link, role) });
  }
  if (attention.payouts) {
    const { overdue, failed } = attention.payouts;
    items.push({
      key: 'payouts-overdue', count: overdue.runs, href: statsLinkAddress(overdue.link, role),
      what: ["paid run without the provider's results", "paid runs without the provider's results"],
      detail: `Lines still without a result ${PAYOUT_FOLLOW_UP_DAYS} days after the run was paid: upload the provider's results file in the run.`,
    });
    items.push({
      key: 'payouts-failed', count: failed.runs, href: statsLinkAddress(failed.link, role),
      what: ['run with failed payout lines not paid again', 'runs with failed payout lines not paid again'],
      detail: `Lines the provider could not pay over ${PAYOUT_FOLLOW_UP_DAYS} days ago: their payments are due on Pending Payments.`,
    });
  }
  for (const job of attention.jobs) {
    items.push({
      key: `jobs-${job.kind}`,
      count: job.failed + job.stuck,
      what: [`${JOB_NAMES[job.kind]} job failed or stuck`, `${JOB_NAMES[job.kind]} jobs failed or stuck`],
      href: statsLinkAddress(job.link, role),
      detail: `${formatCount(job.failed)} failed in the last ${JOB_ATTENTION_DAYS} days, ${formatCount(job.stuck)} started over ${JOB_STUCK_MINUTES} minutes ago` +
        (job.kind === 'report' ? ': each report screen lists its own reports under the grid' : ''),
    });
  }
  items.push({
    key: 'budgets',
    count: attention.budgets.campaigns,
    what: [`campaign at ${BUDGET_WARNING_PERCENT}% or more of its budget`, `campaigns at ${BUDGET_WARNING_PERCENT}% or more of their budget`],
    href: statsLinkAddress(attention.budgets.link, role),
  });
  const held = attention.held_back;
  if (held) {
    items.push({
      key: 'held',
      count: held.payments,
      what: ['due payment held back from runs', 'due payments held back from runs'],
      href: statsLinkAddress(held.link, role),
      detail:
        held.payments > 0 ? (
          <>
            {held.totals.map((total) => formatMoney(total.amount, total.currency)).join(' · ')}
            <ul className="stats-attention-reasons">
              {held.reasons.filter((reason) => reason.payments > 0).map((reason) => (
                <li key={reason.reason}>{`${HELD_BACK_REASON_TEXT[reason.reason]}: ${formatCount(reason.payments)}`}</li>
              ))}
            </ul>
          </>
        ) : undefined,
    });
  }
  const jumps = attention.fraud_jumps;
  items.push({
    key: 'fraud',
    count: jumps.agents,
    what: [`agent whose fraud events jumped in the last ${FRAUD_JUMP_DAYS} days`, `agents whose fraud events jumped in the last ${FRAUD_JUMP_DAYS} days`],
    href: statsLinkAddress(jumps.link, role),
    detail:
      jumps.listed.length > 0 ? (
        <ul className="stats-attention-reasons">
          {jumps.listed.map((agent) => {
            const href = statsLinkAddress(agent.link, role);
            const text = `${agent.agent}${agent.msisdn ? ` (${agent.msisdn})` : ''}: ${formatCount(agent.recent)}, against ${formatCount(agent.baseline)} before`;
            return <li key={agent.agent_id}>{href ? <Link to={href}>{text}</Link> : text}</li>;
          })}
        </ul>
      ) : undefined,
  });
  return items;
}

export function AttentionList({ attention, role }: { attention: StatsAttention; role: RoleType | undefined }) {
  return (
    <ul className="stats-attention">
      {attentionItems(attention, role).map((item) => (
        <AttentionItem key={item.key} item={item} />
      ))}
    </ul>
  );
}
