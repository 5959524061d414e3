// Fraud Events (SPEC.md sections 2 and 3): a grid of the fraud events of the campaigns the admin
// sees, filtered by dates and campaign, searchable and sortable; the whole result downloads as CSV
// and is kept for offline use.
import { Button, H2, Intent, Tag } from '@blueprintjs/core';
import { Download } from '@blueprintjs/icons';
import type { FraudEvent } from '../../../contract/entities';
import { reportTableTime, toRequestDate } from '../../../contract/dates';
import { mayIncludeBlacklisted } from '../../../contract/roles';
import { useCampaignChoicesQuery } from '../../api/referenceApi';
import { useAppSelector } from '../../app/hooks';
import { GridFilters } from '../../components/GridFilters';
import { ListTable, type Column } from '../../components/ListTable';
import { needsConnectionText, useBrowserOffline } from '../../components/NeedsConnection';
import { useReportDownload } from '../../downloads/useReportDownload';
import { useGridParams } from '../../forms/useGridParams';
import { fraudEventsExport, useFraudEventsQuery } from './fraudEventsApi';

const columns: Array<Column<FraudEvent>> = [
  { label: 'Created At', sort: 'created_at', cell: (row) => reportTableTime(row.created_at) },
  { label: 'Campaign', sort: 'campaign_name', cell: (row) => row.campaign_name },
  { label: 'First Name', sort: 'firstname', cell: (row) => row.firstname },
  { label: 'Last Name', sort: 'lastname', cell: (row) => row.lastname },
  { label: 'Agent Mobile', sort: 'agent_msisdn', cell: (row) => row.agent_msisdn },
  { label: 'Description', sort: 'description', cell: (row) => row.description },
  { label: 'Mobile Number', sort: 'msisdn', cell: (row) => row.msisdn },
  { label: 'Device', sort: 'device_id', cell: (row) => row.device_id ?? '' },
  {
    label: 'Blacklisted',
    sort: 'blacklisted',
    cell: (row) => (row.blacklisted ? <Tag intent={Intent.DANGER} minimal>Blacklisted</Tag> : 'No'),
  },
];

export function FraudEventsPage() {
  const grid = useGridParams('-created_at');
  const superAdmin = useAppSelector((state) => mayIncludeBlacklisted(state.session.user?.role_type ?? ''));
  const campaigns = useCampaignChoicesQuery();
  const { data, isFetching, isError } = useFraudEventsQuery(grid.body);
  const { download, downloading } = useReportDownload();
  const offline = useBrowserOffline();

  const campaignName = campaigns.data?.rows.find((campaign) => campaign.id === grid.filters.campaign)?.campaign_name;
  const description = `Fraud Events, ${toRequestDate(grid.filters.start)} to ${toRequestDate(grid.filters.end)}${campaignName ? `, ${campaignName}` : ''}`;
  const downloadText = offline ? needsConnectionText('Downloading a report') : 'Download every row of this report as a CSV file';

  return (
    <section>
      <header className="console-page-header">
        <H2>Fraud Events</H2>
      </header>
      <GridFilters grid={grid} campaigns={campaigns.data?.rows} superAdmin={superAdmin}>
        <Button
          icon={<Download />}
          intent={Intent.PRIMARY}
          loading={downloading}
          disabled={offline}
          title={downloadText}
          aria-description={downloadText}
          onClick={() =>
            void download({
              backend: 'admin',
              request: fraudEventsExport(grid.body),
              fallbackName: 'fraud-events.csv',
              description,
            })
          }
        >
          Download CSV
        </Button>
      </GridFilters>
      <ListTable<FraudEvent>
        label="Fraud events"
        columns={columns}
        rows={data?.rows}
        count={data?.count ?? 0}
        list={grid.list}
        loading={isFetching}
        error={isError && !data ? 'The fraud events could not be loaded.' : undefined}
        emptyText="No fraud events in this period"
        rowKey={(row) => row.id}
      />
    </section>
  );
}
