// Countries (SPEC.md section 2): the admin's table of countries with their SMS settings and
// languages, plus the add/edit popup. Changes are a Super Admin's (the server refuses others).
// Changes waiting in the outbox show on their rows ('pending') and new ones above the list.
import { Button, H2, Intent } from '@blueprintjs/core';
import { Plus } from '@blueprintjs/icons';
import { useState } from 'react';
import type { AdminCountry } from '../../../contract/entities';
import { ListTable, type Column } from '../../components/ListTable';
import { useListParams } from '../../forms/useListParams';
import { PendingNewRows, usePendingRows } from '../../outbox/pendingRows';
import { useOutboxRetry } from '../../outbox/retry';
import { CountryDialog } from './CountryDialog';
import { languageCodesOf, useAdminCountriesQuery, withQueuedCountry } from './countriesApi';

const columns: Array<Column<AdminCountry>> = [
  { label: 'Country', sort: 'country', cell: (row) => row.country },
  { label: 'Dialing Code', sort: 'code', cell: (row) => `+${row.code}` },
  { label: 'SMS From', cell: (row) => row.sms_from },
  { label: 'SMS CID', cell: (row) => row.sms_cid },
  { label: 'Languages', cell: (row) => languageCodesOf(row).join(', ') },
];

const overlay = { endpoint: 'saveCountry', apply: withQueuedCountry };

export function CountriesPage() {
  const list = useListParams('country');
  const { data, isFetching, isError } = useAdminCountriesQuery(list.query);
  const [editing, setEditing] = useState<AdminCountry | 'new' | null>(null);
  const pending = usePendingRows<AdminCountry>('Country', overlay);
  const retry = useOutboxRetry('saveCountry');
  return (
    <section>
      <header className="console-page-header">
        <H2>Countries</H2>
        <Button intent={Intent.PRIMARY} icon={<Plus />} onClick={() => setEditing('new')}>
          Add country
        </Button>
      </header>
      <PendingNewRows entries={pending.added} />
      <ListTable<AdminCountry>
        label="Countries"
        columns={columns}
        rows={pending.rows(data?.data)}
        count={data?.count ?? 0}
        list={list}
        loading={isFetching}
        error={isError && !data ? 'The countries could not be loaded.' : undefined}
        emptyText="No countries found"
        rowKey={(row) => row.id}
        onOpen={(row) => setEditing(row)}
        rowNote={pending.note}
      />
      {retry.entry ? (
        <CountryDialog key={retry.entry.key} retry={retry.entry} onClose={retry.finish} />
      ) : (
        editing && <CountryDialog country={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
    </section>
  );
}
