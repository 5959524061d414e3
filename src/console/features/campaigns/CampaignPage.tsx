// Campaign detail (SPEC.md section 2): the campaign's budget at a glance and four tabs, each with
// its own path so Back, bookmarks and offline deep links keep it: CAMPAIGN TYPE (/campaigns/:id),
// AGENCY CAMPAIGN DETAILS (/details), CAMPAIGN LANGUAGES (/languages) and CAMPAIGN EVENT TYPES
// (/event-types). A part that cannot be loaded says so in the words of section 8, in its place.
import { Callout, Intent, ProgressBar, Spinner, Tab, Tabs, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { activeFlagWord, BUDGET_WARNING_PERCENT } from '../../../contract/constants';
import type { Campaign, CampaignVersion } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import { TAB_PATHS } from '../../ground/paths';
import { BackButton } from '../../components/BackButton';
import { CampaignSettings } from '../../components/CampaignSettings';
import type { ApiFailure } from '../../http/failure';
import { usePendingRows } from '../../outbox/pendingRows';
import { formatMoney } from '../../../contract/money';
import { budgetOf } from '../../../contract/budget';
import { CampaignEventTypesTab } from './CampaignEventTypesTab';
import { CampaignLanguagesTab } from './CampaignLanguagesTab';
import { CampaignTypeTab, withQueuedCampaign, withQueuedVersion } from './CampaignTypeTab';
import { campaignPath, useCampaignConfigQuery, useCampaignQuery, useCampaignVersionsQuery } from './campaignsApi';
import { EmptyState } from '../../components/EmptyState';
import { PageTitle } from '../../components/PageTitle';

const PARTS = { type: '', details: 'details', languages: 'languages', 'event-types': 'event-types' } as const;
type Part = keyof typeof PARTS;
const partOf = (segment: string | undefined): Part => (segment && segment in PARTS ? (segment as Part) : 'type');

/** A part that could not be loaded (and has no earlier data): the section 8 message, in its place. */
const PartMissing = ({ text }: { text: string }) => <EmptyState title={text} />;

function BudgetBar({ campaign, version }: { campaign: Campaign; version?: CampaignVersion }) {
  const allocated = version?.budget_allocated_amount ?? campaign.budget_allocated_amount;
  const budget = budgetOf(campaign.budget_spend_amount, allocated);
  const intent = budget.overspent ? Intent.DANGER : budget.nearlySpent ? Intent.WARNING : Intent.SUCCESS;
  return (
    <section className="console-budget" aria-label="Budget">
      <div className="console-budget-figures">
        <span>
          Budget spent <strong>{formatMoney(budget.spent, campaign.currency)}</strong> of{' '}
          <strong>{budget.allocated === null ? 'no allocation' : formatMoney(budget.allocated, version?.currency ?? campaign.currency)}</strong>
        </span>
        {budget.percent !== null && <span>{budget.percent}%</span>}
      </div>
      <ProgressBar
        animate={false}
        stripes={false}
        intent={intent}
        value={budget.percent === null ? (budget.spent > 0n ? 1 : 0) : Math.min(1, budget.percent / 100)}
        aria-label={`Budget ${budget.percent ?? 0}% spent`}
      />
      {budget.nearlySpent && (
        <p className="console-budget-note">
          {budget.overspent ? 'This campaign has spent more than its allocated budget.' : `This campaign has spent ${BUDGET_WARNING_PERCENT}% or more of its budget.`}
        </p>
      )}
    </section>
  );
}

export function CampaignPage() {
  const params = useParams();
  const id = Number(params.id);
  const part = partOf(params.part);
  const navigate = useNavigate();
  const validId = Number.isInteger(id) && id > 0;

  const campaignQuery = useCampaignQuery(id, { skip: !validId });
  const versionsQuery = useCampaignVersionsQuery(id, { skip: !validId });
  const configId = campaignQuery.data?.agency_campaign_type_config_id;
  const configQuery = useCampaignConfigQuery(configId ?? 0, { skip: configId === undefined });
  // Changes waiting in the outbox show as they will be, with a 'pending' tag.
  const pendingCampaign = usePendingRows<Campaign>('Campaign', { endpoint: 'saveCampaign', apply: withQueuedCampaign });
  const pendingVersion = usePendingRows<CampaignVersion>('CampaignVersion', { endpoint: 'saveCampaignVersion', apply: withQueuedVersion });

  const backButton = <BackButton to={TAB_PATHS.campaigns} />;

  const campaign = pendingCampaign.rows(campaignQuery.data ? [campaignQuery.data] : undefined)?.[0];
  if (!campaign) {
    const failure = campaignQuery.error as ApiFailure | undefined;
    let body: ReactNode = <Spinner size={24} className="console-centered" />;
    if (!validId || failure?.status === 404) body = <PartMissing text={messages.agencyCampaignNotFound} />;
    else if (campaignQuery.isError) body = <PartMissing text={messages.campaignDetailsUnavailable} />;
    return (
      <section>
        <div className="console-detail-header">{backButton}</div>
        {body}
      </section>
    );
  }

  const latest = versionsQuery.data?.rows[0];
  const version = latest && pendingVersion.rows([latest])?.[0];
  const versionMissing = !version && (versionsQuery.isError || Boolean(versionsQuery.data)) ? messages.campaignVersionNotFound : undefined;

  const panel = (() => {
    switch (part) {
      case 'details':
        if (configQuery.data) return <CampaignSettings config={configQuery.data} />;
        return configQuery.isError ? <PartMissing text={messages.campaignTypeConfigNotFound} /> : <Spinner size={24} />;
      case 'languages':
        return <CampaignLanguagesTab campaign={campaign} />;
      case 'event-types':
        return version ? <CampaignEventTypesTab campaign={campaign} version={version} /> : versionMissing ? <PartMissing text={versionMissing} /> : <Spinner size={24} />;
      default:
        return <CampaignTypeTab campaign={campaign} version={version} versionMissing={versionMissing} pendingNote={pendingCampaign.note(campaign) ?? (version && pendingVersion.note(version))} />;
    }
  })();

  return (
    <section>
      <div className="console-detail-header">
        {backButton}
        <PageTitle>{campaign.name}</PageTitle>
        <Tag intent={campaign.active_flag ? Intent.SUCCESS : Intent.NONE}>{activeFlagWord(campaign.active_flag)}</Tag>
      </div>
      <p>
        {campaign.extra_data.agency.agency_name} · {campaign.country_code} · {campaign.extra_data.campaign_type}
      </p>
      {campaignQuery.isError && (
        <Callout intent={Intent.WARNING} className="console-offline-banner">
          {messages.campaignDetailsUnavailable}: showing what this device last saw.
        </Callout>
      )}
      <BudgetBar campaign={campaign} version={version} />
      <Tabs
        id="campaign-tabs"
        className="console-detail-tabs"
        selectedTabId={part}
        onChange={(next) => navigate(campaignPath(id, PARTS[next as Part] || undefined))}
        renderActiveTabPanelOnly
      >
        <Tab id="type" title="CAMPAIGN TYPE" panel={<div className="console-tab-panel">{panel}</div>} />
        <Tab id="details" title="AGENCY CAMPAIGN DETAILS" panel={<div className="console-tab-panel">{panel}</div>} />
        <Tab id="languages" title="CAMPAIGN LANGUAGES" panel={<div className="console-tab-panel">{panel}</div>} />
        <Tab id="event-types" title="CAMPAIGN EVENT TYPES" panel={<div className="console-tab-panel">{panel}</div>} />
      </Tabs>
    </section>
  );
}
