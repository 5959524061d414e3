// The filters above a report grid: the date range (DateField.tsx: DD-MMM-YYYY), and the
// filters its declaration offers: agency, campaign, country, paid or due, payable or held back by a
// payment run, a currency (set by a link, shown until taken away), 'Include Blacklisted' and BQ (a Super Admin's only, SPEC.md section 6), gifters and
// active agents; and a search. Each change goes into the address (address/useGridQuery.ts); the
// server scopes and checks all of it again.
import { Checkbox, FormGroup, InputGroup } from '@blueprintjs/core';
import { Search } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import type { CampaignChoice } from '../../contract/api';
import type { AuditAdmin } from '../../contract/audit';
import { AUDIT_ENTITIES, type AuditEntity } from '../../contract/auditEntities';
import type { GridDeclaration, GridFilter } from '../../contract/grids';
import type { HoldsFilter } from '../../contract/schemas/gridQuery';
import { idParam } from '../address/useListParams';
import type { GridQueryState } from '../address/useGridQuery';
import { DateField } from './DateField';
import { FilterSelect, SuperAdminChecks } from './FilterControls';

export interface AgencyChoice {
  id: number;
  agency_name: string;
}

/** The audit trail's entities, by their names on screen. */
const ENTITY_CHOICES = Object.entries(AUDIT_ENTITIES)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));

const PAID_CHOICES = [{ value: 'paid', label: 'Paid' }, { value: 'due', label: 'Due' }];
/** Pending Payments' rows by what a payment run would make of them (a row partly held back is both). */
const HOLDS_CHOICES: Array<{ value: HoldsFilter; label: string }> = [{ value: 'payable', label: 'Payable' }, { value: 'held_back', label: 'Held back' }];

interface GridFiltersProps {
  grid: GridDeclaration;
  query: GridQueryState;
  campaigns: readonly CampaignChoice[] | undefined;
  /** Needed only when the grid offers an agency filter. */
  agencies?: readonly AgencyChoice[];
  /** Needed only when the grid offers an admin filter (the audit trail's). */
  admins?: readonly AuditAdmin[];
  /** Actions at the end of the row (a download button). */
  children?: ReactNode;
}

export function GridFilters({ grid, query, campaigns, agencies, admins, children }: GridFiltersProps) {
  const { state, change, callerIsSuper } = query;
  const offers = (filter: GridFilter) => grid.filters.includes(filter);
  const countries = [...new Set(campaigns?.map((campaign) => campaign.country_code))].sort();
  return (
    <div className="console-grid-filters">
      <DateField id="grid-start" label="Start Date" value={state.start} onChange={(value) => query.setDate('start', value)} />
      <DateField id="grid-end" label="End Date" value={state.end} onChange={(value) => query.setDate('end', value)} />
      {offers('agency') && (
        <FilterSelect
          id="grid-agency"
          label="Agency"
          allLabel="All agencies"
          value={state.agency}
          choices={agencies?.map((agency) => ({ value: agency.id, label: agency.agency_name }))}
          onChange={(value) => change({ agency: idParam(value) })}
        />
      )}
      {offers('campaign') && (
        <FilterSelect
          id="grid-campaign"
          label="Campaign"
          allLabel="All campaigns"
          value={state.campaign}
          choices={campaigns?.map((campaign) => ({ value: campaign.id, label: campaign.campaign_name }))}
          onChange={(value) => change({ campaign: idParam(value) })}
        />
      )}
      {offers('country') && (
        <FilterSelect
          id="grid-country"
          label="Country"
          allLabel="All countries"
          value={state.country}
          choices={countries.map((code) => ({ value: code, label: code }))}
          onChange={(value) => change({ country: value })}
        />
      )}
      {offers('admin') && (
        <FilterSelect
          id="grid-admin"
          label="Admin"
          allLabel="All admins"
          value={state.admin}
          choices={admins?.map((admin) => ({ value: admin.id, label: admin.name }))}
          onChange={(value) => change({ admin: idParam(value) })}
        />
      )}
      {offers('entity') && (
        <FilterSelect
          id="grid-entity"
          label="Entity"
          allLabel="All entities"
          value={state.entity}
          choices={ENTITY_CHOICES}
          onChange={(value) => change({ entity: value as AuditEntity | undefined })}
        />
      )}
      {offers('paid') && (
        <FilterSelect
          id="grid-paid"
          label="Paid"
          allLabel="All"
          value={state.paid === undefined ? undefined : state.paid ? 'paid' : 'due'}
          choices={PAID_CHOICES}
          onChange={(value) => change({ paid: value === undefined ? undefined : value === 'paid' })}
        />
      )}
      {offers('holds') && (
        <FilterSelect
          id="grid-holds"
          label="Payment Run"
          allLabel="All"
          value={state.holds}
          choices={HOLDS_CHOICES}
          onChange={(value) => change({ holds: HOLDS_CHOICES.find((choice) => choice.value === value)?.value })}
        />
      )}
      {offers('currency') && state.currency && (
        // Set by a link (a Stats amount opens its currency's rows); 'All currencies' takes it away.
        <FilterSelect
          id="grid-currency"
          label="Currency"
          allLabel="All currencies"
          value={state.currency}
          choices={[{ value: state.currency, label: state.currency }]}
          onChange={(value) => change({ currency: value })}
        />
      )}
      <FormGroup label="Search" labelFor="grid-search">
        <InputGroup
          id="grid-search"
          className="report-grid-search"
          type="search"
          leftIcon={<Search />}
          placeholder={`Search ${grid.title}`}
          value={query.typedSearch}
          onChange={(e) => query.setSearch(e.target.value)}
        />
      </FormGroup>
      <div className="console-grid-checks">
        {callerIsSuper && offers('blacklisted') && <SuperAdminChecks blacklisted={state.blacklisted} bq={offers('bq') ? state.bq : undefined} onChange={change} />}
        {offers('gifting') && (
          <Checkbox label="Gifters" title="The gifters' rows instead of the agents'" checked={state.gifting} onChange={(e) => change({ gifting: e.currentTarget.checked })} />
        )}
        {offers('enabled') && (
          <Checkbox label="Active agents only" checked={state.enabled} onChange={(e) => change({ enabled: e.currentTarget.checked })} />
        )}
      </div>
      {children}
    </div>
  );
}
