// Agency detail (SPEC.md section 2): a read-only summary, the CAMPAIGN TYPE and AGENCY CAMPAIGN
// DETAILS tabs (the tab in the path, so Back and bookmarks keep it) and BACK. Each of the three
// calls fails on its own: its message (section 8) stands in place of the part it would have filled.
import { Card, HTMLTable, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { activeFlagWord } from '../../../contract/constants';
import type { Agency, AgencyCampaignTypeConfig, Campaign } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import { detailPath, TAB_PATHS } from '../../ground/paths';
import { BackButton } from '../../components/BackButton';
import { AgencyCampaignDetails } from './AgencyCampaignDetails';
import { useAgencyCampaignsQuery, useAgencyConfigsQuery, useAgencyQuery } from './agenciesApi';
import { agencyFailureText, agencyTabOf, campaignTypeNames, partOfAgencyTab, type AgencyTab } from './agencyDetails';
import { Facts } from '../../components/Facts';
import { LoadedPart, type ListPart } from './LoadedPart';
import './agencies.css';
import { EmptyState } from '../../components/EmptyState';
import { PageTitle, SectionTitle } from '../../components/PageTitle';
import { TableScroll } from '../../components/TableScroll';

export function AgencyPage() {
  const params = useParams();
  const navigate = useNavigate();
  const id = Number(params.id);
  // A path that names no agency is not asked for: it cannot be found.
  const arg = Number.isInteger(id) && id > 0 ? id : skipToken;
  // currentData, not data: the rows of the agency opened before are never shown for this one.
  const agency = useAgencyQuery(arg);
  const configs = useAgencyConfigsQuery(arg);
  const campaigns = useAgencyCampaignsQuery(arg);
  const tab = agencyTabOf(params.part);

  const back = <BackButton to={TAB_PATHS.agencies} />;
  const shown = agency.currentData;
  if (!shown) {
    if (arg !== skipToken && !agency.isError) return <Spinner size={24} className="console-centered" aria-label="Loading the agency" />;
    const failure = arg === skipToken ? messages.agencyNotFound : agencyFailureText(agency.error);
    return <EmptyState title={failure} action={back} />;
  }

  const campaignType = configs.currentData
    ? campaignTypeNames(configs.currentData.rows) || '—'
    : configs.isError ? messages.agencyTypeConfigNotFound : 'Loading…';
  return (
    <section>
      <header className="console-detail-header">
        {back}
        <PageTitle>{shown.agency_name}</PageTitle>
      </header>
      <AgencySummary agency={shown} campaignType={campaignType} />
      <Tabs
        id="agency-tabs"
        className="console-detail-tabs"
        selectedTabId={tab}
        renderActiveTabPanelOnly
        onChange={(next) => navigate(detailPath('agencies', shown.id, partOfAgencyTab(next as AgencyTab)))}
      >
        <Tab id="type" title="CAMPAIGN TYPE" panel={<CampaignTypePanel configs={configs} campaigns={campaigns} />} />
        <Tab id="details" title="AGENCY CAMPAIGN DETAILS" panel={<AgencyCampaignDetails configs={configs} />} />
      </Tabs>
    </section>
  );
}

function AgencySummary({ agency, campaignType }: { agency: Agency; campaignType: string }) {
  return (
    <Card className="agency-summary" role="region" aria-label="Agency summary">
      <Facts
        facts={[
          ['Country', agency.country.country_name],
          ['Agency', agency.agency_name],
          ['Campaign admin', agency.added_by_name ?? '—'],
          ['Localised key', agency.lokalise_key ?? '—'],
          ['Campaign type', campaignType],
          ['Status', activeFlagWord(agency.active_flag)],
        ]}
      />
    </Card>
  );
}

function CampaignTypePanel({ configs, campaigns }: { configs: ListPart<AgencyCampaignTypeConfig>; campaigns: ListPart<Campaign> }) {
  return (
    <>
      <SectionTitle>Campaign types</SectionTitle>
      <LoadedPart part={configs} failure={messages.agencyTypeConfigNotFound} empty="This agency runs no campaign type.">
        {(rows) => (
          <HTMLTable compact striped className="console-table" aria-label="Campaign types">
            <thead>
              <tr>
                <th>Campaign type</th>
                <th>Compensation type</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((config) => (
                <tr key={config.id}>
                  <td>{config.campaign_type.campaign_type_name}</td>
                  <td>{config.campaign_type.compensation_type.compensation_type_name}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </LoadedPart>
      <SectionTitle className="agency-part-heading">Campaigns</SectionTitle>
      <LoadedPart part={campaigns} failure={messages.agencyCampaignNotFound} empty="This agency has no campaigns you can see.">
        {(rows) => (
          <TableScroll label="Campaigns">
            <HTMLTable compact striped className="console-table" aria-label="Campaigns">
              <thead>
                <tr>
                  <th>Campaign</th>
                  <th>Country code</th>
                  <th>Status</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((campaign) => (
                  <tr key={campaign.id}>
                    <td>
                      <Link to={detailPath('campaigns', campaign.id)}>{campaign.name}</Link>
                    </td>
                    <td>{campaign.country_code}</td>
                    <td>{activeFlagWord(campaign.active_flag)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </TableScroll>
        )}
      </LoadedPart>
    </>
  );
}
