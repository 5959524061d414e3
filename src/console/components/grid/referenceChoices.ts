// The report grids' entity lists as their filters' choices: agencies, campaigns, and the countries
// of those campaigns, each read only when the grid offers its filter. A screen whose filters choose
// from other records (the Audit screen's admins) hands GridScreen its own hook instead.
import type { GridDeclaration } from '../../../contract/grids';
import { useAgencyChoicesQuery, useCampaignChoicesQuery } from '../../backends/referenceApi';
import type { FilterChoices } from '../GridFilters';

export function useReferenceChoices(grid: GridDeclaration): FilterChoices {
  const offers = (filter: GridDeclaration['filters'][number]) => grid.filters.includes(filter);
  const campaigns = useCampaignChoicesQuery(undefined, { skip: !offers('campaign') && !offers('country') }).data?.rows;
  const agencies = useAgencyChoicesQuery(undefined, { skip: !offers('agency') }).data?.rows;
  const countries = [...new Set(campaigns?.map((campaign) => campaign.country_code))].sort();
  return {
    agency: agencies?.map((agency) => ({ value: String(agency.id), label: agency.agency_name })),
    campaign: campaigns?.map((campaign) => ({ value: String(campaign.id), label: campaign.campaign_name })),
    country: countries.map((code) => ({ value: code, label: code })),
  };
}
