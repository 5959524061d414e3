// Whitelists (SPEC.md section 2): list, add, edit. The server shows each admin the entries of
// the campaigns they may see. Changes waiting in the outbox show on their rows and above the list.
import { Button, H2, Intent } from '@blueprintjs/core';
import { Plus } from '@blueprintjs/icons';
import { useState } from 'react';
import type { Whitelist } from '../../../contract/entities';
import { ListTable, type Column } from '../../components/ListTable';
import { useListParams } from '../../forms/useListParams';
import { PendingNewRows, usePendingRows } from '../../outbox/pendingRows';
import { useOutboxRetry } from '../../outbox/retry';
import { WhitelistDialog } from './WhitelistDialog';
import { useWhitelistsQuery, withQueuedWhitelist } from './whitelistsApi';

const columns: Array<Column<Whitelist>> = [
  { label: 'Mobile Number', sort: 'msisdn', cell: (row) => row.msisdn },
  { label: 'Country', sort: 'country', cell: (row) => row.country },
  { label: 'Campaign', sort: 'campaign_name', cell: (row) => row.campaign_name ?? '' },
  { label: 'Agency', sort: 'agency_name', cell: (row) => row.agency_name ?? '' },
];

const overlay = { endpoint: 'saveWhitelist', apply: withQueuedWhitelist };

export function WhitelistsPage() {
  const list = useListParams('msisdn');
  const { data, isFetching, isError } = useWhitelistsQuery(list.query);
  const [editing, setEditing] = useState<Whitelist | 'new' | null>(null);
  const pending = usePendingRows<Whitelist>('Whitelist', overlay);
  const retry = useOutboxRetry('saveWhitelist');
  return (
    <section>
      <header className="console-page-header">
        <H2>Whitelists</H2>
        <Button intent={Intent.PRIMARY} icon={<Plus />} onClick={() => setEditing('new')}>
          Add whitelist entry
        </Button>
      </header>
      <PendingNewRows entries={pending.added} />
      <ListTable<Whitelist>
        label="Whitelists"
        columns={columns}
        rows={pending.rows(data?.data)}
        count={data?.count ?? 0}
        list={list}
        loading={isFetching}
        error={isError && !data ? 'The whitelists could not be loaded.' : undefined}
        emptyText="No whitelisted mobile numbers found"
        rowKey={(row) => row.id}
        onOpen={(row) => setEditing(row)}
        rowNote={pending.note}
      />
      {retry.entry ? (
        <WhitelistDialog key={retry.entry.key} retry={retry.entry} onClose={retry.finish} />
      ) : (
        editing && <WhitelistDialog entry={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
    </section>
  );
}
