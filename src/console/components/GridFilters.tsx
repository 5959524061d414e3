// The filters above a report grid: start and end dates, a campaign, and 'Include Blacklisted' for
// a Super Admin only (SPEC.md section 6); the server scopes and checks all of it again.
import { Checkbox, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { CampaignChoice } from '../../contract/api';
import type { GridParams } from '../forms/useGridParams';

interface GridFiltersProps {
  grid: GridParams;
  campaigns: readonly CampaignChoice[] | undefined;
  superAdmin: boolean;
  /** Actions at the end of the row (a download button). */
  children?: ReactNode;
}

export function GridFilters({ grid, campaigns, superAdmin, children }: GridFiltersProps) {
  const { filters } = grid;
  return (
    <div className="console-grid-filters">
      <FormGroup label="Start Date" labelFor="grid-start">
        <InputGroup id="grid-start" type="date" value={filters.start} onChange={(e) => e.target.value && grid.setDate('start', e.target.value)} />
      </FormGroup>
      <FormGroup label="End Date" labelFor="grid-end">
        <InputGroup id="grid-end" type="date" value={filters.end} onChange={(e) => e.target.value && grid.setDate('end', e.target.value)} />
      </FormGroup>
      <FormGroup label="Campaign" labelFor="grid-campaign">
        <HTMLSelect
          id="grid-campaign"
          value={filters.campaign ?? ''}
          onChange={(e) => grid.setCampaign(e.target.value ? Number(e.target.value) : undefined)}
        >
          <option value="">All campaigns</option>
          {campaigns?.map((campaign) => (
            <option key={campaign.id} value={campaign.id}>
              {campaign.campaign_name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      {superAdmin && (
        <Checkbox label="Include Blacklisted" checked={filters.blacklisted} onChange={(e) => grid.setBlacklisted(e.currentTarget.checked)} />
      )}
      {children}
    </div>
  );
}
