// CAMPAIGN EVENT TYPES (SPEC.md section 2): what each event earns in the campaign's version in
// force; add, edit (Update) and delete. A deletion asks first; the server keeps a compensation
// its campaign has already paid for (409 in_use, its message shown), so payments keep their history.
import { Alert, Button, HTMLTable, Intent, Spinner } from '@blueprintjs/core';
import { Edit, Plus, Trash } from '@blueprintjs/icons';
import { useState } from 'react';
import type { Campaign, CampaignVersion, EventCompensationConfig } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import { formatMoney } from '../../../contract/money';
import { showSuccess } from '../../components/toaster';
import { isQueuedWrite } from '../../outbox/offlineWrite';
import { PendingNewRows, usePendingRows } from '../../outbox/pendingRows';
import { useOutboxRetry } from '../../outbox/retry';
import { type CompensationSave, useCompensationsQuery, useDeleteCompensationMutation } from './campaignsApi';
import { dialog, OnFirstOpen } from '../../components/OnFirstOpen';
import { EmptyState } from '../../components/EmptyState';
import { TableScroll } from '../../components/TableScroll';

const CompensationDialog = dialog(() => import('./CompensationDialog'), 'CompensationDialog');

/** A compensation with a queued edit applied (shown until the server has it). */
const withQueuedCompensation = (row: EventCompensationConfig, body: CompensationSave): EventCompensationConfig => ({
  ...row,
  compensation_earning_event_value: body.compensation_earning_event_value,
  compensation_earning_event_day: body.compensation_earning_event_day,
});
const overlay = { endpoint: 'saveCompensation', apply: withQueuedCompensation };

export function CampaignEventTypesTab({ campaign, version }: { campaign: Campaign; version: CampaignVersion }) {
  const compensations = useCompensationsQuery(version.id);
  const [editing, setEditing] = useState<EventCompensationConfig | 'new' | null>(null);
  const [deleting, setDeleting] = useState<EventCompensationConfig | null>(null);
  const [remove, removal] = useDeleteCompensationMutation();
  const pending = usePendingRows<EventCompensationConfig>('Compensation', overlay);
  const retry = useOutboxRetry('saveCompensation');
  const added = pending.added.filter((entry) => (entry.body as { campaign_version?: unknown } | undefined)?.campaign_version === version.id);
  const rows = pending.rows(compensations.data?.rows);

  const confirmDelete = async () => {
    if (!deleting) return;
    const result = await remove(deleting);
    if ('data' in result && !isQueuedWrite(result.data)) showSuccess(`Compensation for ${deleting.event_type.event_type_friendly_name} deleted`);
    setDeleting(null);
  };

  const dialogRow = retry.entry ? rows?.find((row) => row.id === (retry.entry?.body as { id?: unknown } | undefined)?.id) : editing === 'new' ? undefined : (editing ?? undefined);
  const dialogOpen = Boolean(retry.entry) || editing !== null;

  return (
    <>
      <p>
        What each event earns in version {version.version} of this campaign. Value is the amount paid; Day a whole number of days.
      </p>
      <div className="console-tab-actions">
        <Button icon={<Plus />} intent={Intent.PRIMARY} onClick={() => setEditing('new')}>
          Add event type
        </Button>
      </div>
      <PendingNewRows entries={added} />
      {rows ? (
        rows.length === 0 ? (
          <EmptyState title="No event types pay in this campaign yet" />
        ) : (
          <TableScroll label="Campaign event types">
            <HTMLTable compact striped className="console-table" aria-label="Campaign event types">
              <thead>
                <tr>
                  <th>Event type</th>
                  <th>Value</th>
                  <th>Day</th>
                  <th>Remuneration type</th>
                  <th aria-label="Actions" />
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td>
                      {row.event_type.event_type_friendly_name}
                      {pending.note(row)}
                    </td>
                    <td className="console-nowrap">{formatMoney(row.compensation_earning_event_value, campaign.currency)}</td>
                    <td>{row.compensation_earning_event_day}</td>
                    <td>{row.remuneration_type.remuneration_type_name}</td>
                    <td className="console-row-actions">
                      <Button variant="minimal" icon={<Edit />} aria-label={`Edit ${row.event_type.event_type_friendly_name}`} onClick={() => setEditing(row)}>
                        Edit
                      </Button>
                      <Button
                        variant="minimal"
                        intent={Intent.DANGER}
                        icon={<Trash />}
                        aria-label={`Delete ${row.event_type.event_type_friendly_name}`}
                        onClick={() => setDeleting(row)}
                      >
                        Delete
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </TableScroll>
        )
      ) : compensations.isError ? (
        <EmptyState title={messages.campaignEventConfigNotFound} />
      ) : (
        <Spinner size={24} />
      )}
      {dialogOpen && (
        <OnFirstOpen key={retry.entry?.key} onClose={retry.entry ? retry.finish : () => setEditing(null)}>
          <CompensationDialog
            row={dialogRow}
            retry={retry.entry}
            onClose={retry.entry ? retry.finish : () => setEditing(null)}
            campaign={campaign}
            version={version}
            taken={(rows ?? []).map((row) => row.event_type.id)}
          />
        </OnFirstOpen>
      )}
      <Alert
        isOpen={deleting !== null}
        intent={Intent.DANGER}
        icon={<Trash />}
        confirmButtonText="Delete"
        cancelButtonText="Cancel"
        loading={removal.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {deleting && (
          <p>
            Delete what {deleting.event_type.event_type_friendly_name} earns in this campaign? Events from now on earn nothing for it. A compensation the
            campaign has already paid for is kept for its history.
          </p>
        )}
      </Alert>
    </>
  );
}
