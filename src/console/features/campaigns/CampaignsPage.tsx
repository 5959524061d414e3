// Campaigns list (SPEC.md section 2): Country, Campaign, Owner (updated_by), Date Started, Budget
// Spent, View, Status, with search, sort and paging. The campaign filter narrows the list to the
// campaigns picked (kept in the address with the list, so Back and bookmarks keep it); a campaign that has spent
// 90% or more of its allocated budget is marked (ours).
import { Intent, Tag } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { BUDGET_WARNING_PERCENT } from '../../../contract/constants';
import { toRequestDate } from '../../../contract/dates';
import type { Campaign } from '../../../contract/entities';
import { ActiveMark } from '../../components/ActiveMark';
import { CampaignMultiSelect } from '../../components/CampaignMultiSelect';
import { ListTable, type Column } from '../../components/ListTable';
import { useShownAnswer } from '../../components/NotLoadedOffline';
import { useListParams } from '../../address/useListParams';
import { formatMoney } from '../../../contract/money';
import { budgetOf } from '../../../contract/budget';
import { campaignPath, useCampaignChoicesQuery, useCampaignsQuery } from './campaignsApi';
import { PageTitle } from '../../components/PageTitle';

function BudgetSpent({ campaign }: { campaign: Campaign }) {
  const budget = budgetOf(campaign.budget_spend_amount, campaign.budget_allocated_amount);
  return (
    <span className="console-nowrap">
      {formatMoney(campaign.budget_spend_amount, campaign.currency)}
      {budget.nearlySpent && (
        <Tag minimal intent={budget.overspent ? Intent.DANGER : Intent.WARNING} className="console-row-note">
          {budget.percent === null ? 'no budget' : `${budget.percent}% spent`}
        </Tag>
      )}
    </span>
  );
}

const columns: Array<Column<Campaign>> = [
  { label: 'Country', sort: 'country_code', cell: (row) => row.country_code },
  { label: 'Campaign', sort: 'name', cell: (row) => row.name },
  { label: 'Owner', cell: (row) => row.updated_by ?? '—' },
  { label: 'Date Started', sort: 'campaign_start_date', cell: (row) => <span className="console-nowrap">{toRequestDate(row.campaign_start_date)}</span> },
  { label: 'Budget Spent', sort: 'budget_spend_amount', cell: (row) => <BudgetSpent campaign={row} /> },
  { label: 'View', cell: (row) => <Link to={campaignPath(row.id)}>View</Link> },
  { label: 'Status', sort: 'active_flag', cell: (row) => <ActiveMark active={row.active_flag} /> },
];

/** '?campaigns=3,7' → [3, 7]. */
const idsOf = (value: string | null): number[] => (value ?? '').split(',').map(Number).filter((id) => Number.isInteger(id) && id > 0);

export function CampaignsPage() {
  const list = useListParams({ initialOrder: 'name', columns });
  const picked = idsOf(list.filter('campaigns'));
  const choices = useCampaignChoicesQuery();
  const query = useCampaignsQuery({ ...list.view, filters: { ids: picked.length ? picked.join(',') : undefined } });
  const { answer, failed, notLoaded } = useShownAnswer(query);

  return (
    <section>
      <header className="console-page-header">
        <PageTitle>Campaigns</PageTitle>
      </header>
      <p>
        Open a campaign to change its name, agent count, languages and event payments. A campaign that has spent {BUDGET_WARNING_PERCENT}% or
        more of its budget is marked.
      </p>
      <div className="console-filter-links">
        <CampaignMultiSelect
          choices={choices.data?.rows ?? []}
          picked={picked}
          // Campaigns are picked one at a time: Back leaves the filter rather than stepping through each.
          onPick={(ids) => list.setFilters({ campaigns: ids.length ? ids.join(',') : undefined }, true)}
        />
      </div>
      <ListTable<Campaign>
        label="Campaigns"
        columns={columns}
        rows={answer?.rows}
        count={answer?.count ?? 0}
        list={list}
        loading={query.isFetching}
        error={failed ? 'The campaigns could not be loaded.' : undefined}
        notLoaded={notLoaded}
        emptyText="No campaigns to show"
        rowKey={(row) => row.id}
      />
    </section>
  );
}
