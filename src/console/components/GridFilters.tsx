// The filters above a report grid: the date range (date pickers showing DD-MMM-YYYY), and the
// filters its declaration offers: agency, campaign, country, paid or due, 'Include Blacklisted' and
// BQ (a Super Admin's only, SPEC.md section 6), gifters and active agents; and a search. Each change
// goes into the address (forms/useGridQuery.ts); the server scopes and checks all of it again.
import '@blueprintjs/datetime2/lib/css/blueprint-datetime2.css';
import { Checkbox, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { DateInput3 } from '@blueprintjs/datetime2';
import { Search } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import type { CampaignChoice } from '../../contract/api';
import { REQUEST_DATE_MAX, REQUEST_DATE_MIN } from '../../contract/constants';
import { fromRequestDate, toRequestDate } from '../../contract/dates';
import type { GridDeclaration, GridFilter } from '../../contract/grids';
import type { GridQueryState } from '../forms/useGridQuery';

export interface AgencyChoice {
  id: number;
  agency_name: string;
}

interface GridFiltersProps {
  grid: GridDeclaration;
  query: GridQueryState;
  campaigns: readonly CampaignChoice[] | undefined;
  /** Needed only when the grid offers an agency filter. */
  agencies?: readonly AgencyChoice[];
  /** Actions at the end of the row (a download button). */
  children?: ReactNode;
}

/** A day picked in the calendar (local midnight) as an ISO date. */
const isoOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
/** The day shown as the requests carry it (SPEC.md section 9): 01-Nov-2026. */
const formatDay = (date: Date) => toRequestDate(isoOf(date));
/** A typed day: DD-MMM-YYYY, or an ISO date; false when it is not a real day. */
function parseDay(text: string): Date | false {
  const trimmed = text.trim();
  const iso = fromRequestDate(trimmed) ?? (/^\d{4}-\d{2}-\d{2}$/.test(trimmed) && fromRequestDate(toRequestDate(trimmed)) === trimmed ? trimmed : null);
  if (!iso) return false;
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}
const localDay = (iso: string) => parseDay(iso) || undefined;
const FIRST_DAY = localDay(REQUEST_DATE_MIN);
const LAST_DAY = localDay(REQUEST_DATE_MAX);
// The calendar's names are date-fns's own English ones: no locale module to fetch.
const englishDefaults = () => Promise.resolve(undefined);

function DateField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange(iso: string): void }) {
  return (
    <FormGroup label={label} labelFor={id}>
      <DateInput3
        value={value}
        onChange={(picked) => picked && onChange(picked.slice(0, 10))}
        formatDate={formatDay}
        parseDate={parseDay}
        placeholder="DD-MMM-YYYY"
        minDate={FIRST_DAY}
        maxDate={LAST_DAY}
        canClearSelection={false}
        highlightCurrentDay
        dateFnsLocaleLoader={englishDefaults}
        inputProps={{ id }}
        popoverProps={{ placement: 'bottom-start' }}
      />
    </FormGroup>
  );
}

export function GridFilters({ grid, query, campaigns, agencies, children }: GridFiltersProps) {
  const { state, change, callerIsSuper } = query;
  const offers = (filter: GridFilter) => grid.filters.includes(filter);
  const countries = [...new Set(campaigns?.map((campaign) => campaign.country_code))].sort();
  const idOf = (value: string) => (value ? Number(value) : undefined);
  return (
    <div className="console-grid-filters">
      <DateField id="grid-start" label="Start Date" value={state.start} onChange={(value) => query.setDate('start', value)} />
      <DateField id="grid-end" label="End Date" value={state.end} onChange={(value) => query.setDate('end', value)} />
      {offers('agency') && (
        <FormGroup label="Agency" labelFor="grid-agency">
          <HTMLSelect id="grid-agency" value={state.agency ?? ''} onChange={(e) => change({ agency: idOf(e.target.value) })}>
            <option value="">All agencies</option>
            {agencies?.map((agency) => (
              <option key={agency.id} value={agency.id}>
                {agency.agency_name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      )}
      {offers('campaign') && (
        <FormGroup label="Campaign" labelFor="grid-campaign">
          <HTMLSelect id="grid-campaign" value={state.campaign ?? ''} onChange={(e) => change({ campaign: idOf(e.target.value) })}>
            <option value="">All campaigns</option>
            {campaigns?.map((campaign) => (
              <option key={campaign.id} value={campaign.id}>
                {campaign.campaign_name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      )}
      {offers('country') && (
        <FormGroup label="Country" labelFor="grid-country">
          <HTMLSelect id="grid-country" value={state.country ?? ''} onChange={(e) => change({ country: e.target.value || undefined })}>
            <option value="">All countries</option>
            {countries.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      )}
      {offers('paid') && (
        <FormGroup label="Paid" labelFor="grid-paid">
          <HTMLSelect
            id="grid-paid"
            value={state.paid === undefined ? '' : state.paid ? 'paid' : 'due'}
            onChange={(e) => change({ paid: e.target.value === '' ? undefined : e.target.value === 'paid' })}
          >
            <option value="">All</option>
            <option value="paid">Paid</option>
            <option value="due">Due</option>
          </HTMLSelect>
        </FormGroup>
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
        {callerIsSuper && offers('blacklisted') && (
          <Checkbox label="Include Blacklisted" checked={state.blacklisted} onChange={(e) => change({ blacklisted: e.currentTarget.checked })} />
        )}
        {callerIsSuper && offers('bq') && (
          <Checkbox label="BQ" title="Only agents with fraud events" checked={state.bq} onChange={(e) => change({ bq: e.currentTarget.checked })} />
        )}
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
