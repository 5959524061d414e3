// Agents (SPEC.md section 2): the agents of the agencies and campaigns the admin sees (the server
// scopes them, section 6), paged through the server, with a filter bar (agency, campaign, status,
// and for a Super Admin 'Include Blacklisted' and BQ) kept in the address, an add agent popup, and
// on each row Edit and the agent's invite history. An edit waiting in the outbox shows on its row.
import { Button, Intent } from '@blueprintjs/core';
import { Plus } from '@blueprintjs/icons';
import { useState } from 'react';
import type { AgentRoleCampaign } from '../../../contract/entities';
import { STATUS_TYPES, type StatusTypeName } from '../../../contract/roles';
import { useAgencyChoicesQuery, useStatusTypesQuery } from '../../backends/referenceApi';
import { useAgencyCampaignChoicesQuery } from '../../backends/campaignChoices';
import { useEditableList } from '../../components/EditableList';
import { FilterSelect, SuperAdminChecks } from '../../components/FilterControls';
import { idParam } from '../../address/useListParams';
import { ListTable, type Column } from '../../components/ListTable';
import { agentDate } from './agentDates';
import { useCallerIsSuper } from '../../ground/useCallerIsSuper';
import { agentsList, useAgentFilters } from './agentList';
import { AgentStatus } from './AgentStatus';
import { agentName, InviteHistory } from './InviteHistory';
import './agents.css';
import { dialog as lazyDialog, OnFirstOpen } from '../../components/OnFirstOpen';
import { PageTitle } from '../../components/PageTitle';

const AddAgentDialog = lazyDialog(() => import('./AddAgentDialog'), 'AddAgentDialog');
const EditAgentDialog = lazyDialog(() => import('./EditAgentDialog'), 'EditAgentDialog');

interface RowActions {
  edit(agent: AgentRoleCampaign): void;
  invites(agent: AgentRoleCampaign): void;
}

function columnsFor(actions: RowActions): Array<Column<AgentRoleCampaign>> {
  return [
    { label: 'Name', sort: 'first_name', cell: (row) => agentName(row) },
    { label: 'Username', sort: 'username', cell: (row) => row.user_role.user.username },
    { label: 'Mobile Number', sort: 'msisdn', cell: (row) => row.user_role.user.msisdn ?? '—' },
    { label: 'Agency', sort: 'agency_name', cell: (row) => row.agency_name ?? '—' },
    { label: 'Campaign', sort: 'campaign_name', cell: (row) => row.campaign_name },
    { label: 'Status', sort: 'status', cell: (row) => <AgentStatus name={row.user_role.status_type.name} /> },
    { label: 'Start date', sort: 'role_start_date', cell: (row) => <span className="console-nowrap">{agentDate(row.user_role.role_start_date)}</span> },
    { label: 'End date', sort: 'role_end_date', cell: (row) => <span className="console-nowrap">{agentDate(row.user_role.role_end_date)}</span> },
    {
      label: 'Actions',
      actions: true,
      // Named with the agent: a screen reader's list of buttons would otherwise read 'Edit' on every row.
      cell: (row) => (
        <span className="agents-row-actions">
          <Button size="small" variant="minimal" intent={Intent.PRIMARY} aria-label={`Edit ${agentName(row)}`} onClick={() => actions.edit(row)}>
            Edit
          </Button>
          <Button size="small" variant="minimal" aria-label={`Invites of ${agentName(row)}`} onClick={() => actions.invites(row)}>
            Invites
          </Button>
        </span>
      ),
    },
  ];
}

/** The filter bar: agency, its campaigns (or all), status, and the two filters of a Super Admin. */
function AgentFilterBar({ callerIsSuper }: { callerIsSuper: boolean }) {
  const { filters, change } = useAgentFilters();
  const agencies = useAgencyChoicesQuery();
  const campaigns = useAgencyCampaignChoicesQuery(filters.agency);
  const statuses = useStatusTypesQuery();
  // A non-super admin never sees blacklisted agents, so is not offered them.
  const statusNames = (statuses.data?.results.map((status) => status.name) ?? STATUS_TYPES).filter(
    (name) => callerIsSuper || name !== 'Blacklisted',
  );
  return (
    <div className="agents-filters" role="group" aria-label="Filter agents">
      <FilterSelect
        id="agents-agency"
        label="Agency"
        allLabel="All agencies"
        inline
        value={filters.agency}
        choices={agencies.data?.rows.map((agency) => ({ value: agency.id, label: agency.agency_name }))}
        onChange={(value) => change({ agency: idParam(value) })}
      />
      <FilterSelect
        id="agents-campaign"
        label="Campaign"
        allLabel="All campaigns"
        inline
        value={filters.campaign}
        choices={campaigns.currentData?.rows.map((campaign) => ({ value: campaign.id, label: campaign.name }))}
        onChange={(value) => change({ campaign: idParam(value) })}
      />
      <FilterSelect
        id="agents-status"
        label="Status"
        allLabel="All statuses"
        inline
        value={filters.status}
        choices={statusNames.map((name) => ({ value: name, label: name }))}
        onChange={(value) => change({ status: value as StatusTypeName | undefined })}
      />
      {callerIsSuper && (
        <SuperAdminChecks
          blacklisted={filters.includeBlacklisted}
          bq={filters.bq}
          onChange={({ blacklisted, bq }) => change(blacklisted === undefined ? { bq } : { includeBlacklisted: blacklisted })}
        />
      )}
    </div>
  );
}

export function AgentsPage() {
  const [invitesOf, setInvitesOf] = useState<AgentRoleCampaign | null>(null);
  // The actions are called from the rows, once the list below exists.
  const columns = columnsFor({ edit: (row) => editable.open(row), invites: setInvitesOf });
  const editable = useEditableList(agentsList, columns);
  const callerIsSuper = useCallerIsSuper();
  const { dialog } = editable;

  return (
    <section className="agents-page">
      <header className="console-page-header">
        <PageTitle>Agents</PageTitle>
        <Button intent={Intent.PRIMARY} icon={<Plus />} onClick={editable.add}>
          Add agent
        </Button>
      </header>
      <AgentFilterBar callerIsSuper={callerIsSuper} />
      <p className="agents-hint">Search by name, username or mobile number.</p>
      <ListTable<AgentRoleCampaign>
        label="Agents"
        columns={columns}
        rows={editable.rows}
        count={editable.count}
        countCapped={editable.countCapped}
        list={editable.list}
        loading={editable.loading}
        error={editable.failed ? 'The agents could not be loaded.' : undefined}
        notLoaded={editable.notLoaded}
        emptyText="No agents to show"
        rowKey={(row) => row.id}
        rowNote={(row) => editable.pending.note(row)}
      />
      {dialog && (
        <OnFirstOpen key={dialog.key} onClose={dialog.props.onClose}>
          {dialog.props.row || dialog.props.retry ? <EditAgentDialog {...dialog.props} /> : <AddAgentDialog onClose={dialog.props.onClose} />}
        </OnFirstOpen>
      )}
      {invitesOf && <InviteHistory agent={invitesOf} onClose={() => setInvitesOf(null)} />}
    </section>
  );
}
