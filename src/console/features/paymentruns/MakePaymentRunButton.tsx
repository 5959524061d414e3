// Make Payment Run beside a grid's title (Pending Payments, and Payment Runs for a Campaign Admin, who
// does not see Pending Payments): it opens the dialog with the grid's current filters. Offline it is
// disabled with the reason: money is never queued offline.
import { Button, Classes } from '@blueprintjs/core';
import { BankAccount } from '@blueprintjs/icons';
import { useState } from 'react';
import type { GridQuery } from '../../../contract/api';
import * as messages from '../../../contract/messages';
import { useCampaignChoicesQuery } from '../../backends/referenceApi';
import { useBrowserOffline } from '../../components/NeedsConnection';
import type { RunFilters } from './MakePaymentRunDialog';
import { dialog, OnFirstOpen } from '../../components/OnFirstOpen';
import { useReturnFocus } from '../../components/returnFocus';

/** The run's preview and confirmation, loaded with its first opening. */
const MakePaymentRunDialog = dialog(() => import('./MakePaymentRunDialog'), 'MakePaymentRunDialog');

/** The grid's filters a run takes: its dates, country, campaign (one) and search; an empty one is none. */
export function runFiltersOf(body: GridQuery): RunFilters {
  const campaign = Array.isArray(body.campaign) ? (body.campaign.length === 1 ? Number(body.campaign[0]) : undefined) : body.campaign;
  return {
    start_date: String(body.start_date),
    end_date: String(body.end_date),
    ...(typeof body.country === 'string' && body.country ? { country: body.country } : {}),
    ...(typeof campaign === 'number' && campaign > 0 ? { campaign } : {}),
    ...(typeof body.search === 'string' && body.search.trim() ? { search: body.search.trim() } : {}),
  };
}

function OpenDialog({ filters, campaignName, onClose }: { filters: RunFilters; campaignName?: string; onClose(): void }) {
  const close = useReturnFocus(onClose);
  return (
    <OnFirstOpen onClose={close}>
      <MakePaymentRunDialog filters={filters} campaignName={campaignName} onClose={close} />
    </OnFirstOpen>
  );
}

export function MakePaymentRunButton({ body }: { body: GridQuery }) {
  const offline = useBrowserOffline();
  const [filters, setFilters] = useState<RunFilters>();
  const campaigns = useCampaignChoicesQuery();
  const campaignName = filters?.campaign ? campaigns.data?.rows.find((campaign) => campaign.id === filters.campaign)?.campaign_name : undefined;
  const reason = offline ? messages.paymentRunNeedsConnection : 'Preview and make a payment run of the due payments these filters select';
  return (
    <span className="report-grid-action payment-run-action">
      {offline && <span className={Classes.TEXT_MUTED}>{messages.paymentRunNeedsConnection}</span>}
      <Button icon={<BankAccount />} disabled={offline} title={reason} aria-description={reason} onClick={() => setFilters(runFiltersOf(body))}>
        Make Payment Run
      </Button>
      {filters && <OpenDialog filters={filters} campaignName={campaignName} onClose={() => setFilters(undefined)} />}
    </span>
  );
}
