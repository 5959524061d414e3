// Countries (SPEC.md section 2): the admin's table of countries with their SMS settings and
// languages, plus the add/edit popup. Changes are a Super Admin's (the server refuses others).
import { Button, H2, Intent } from '@blueprintjs/core';
import { Plus } from '@blueprintjs/icons';
import { useState } from 'react';
import type { AdminCountry } from '../../../contract/entities';
import { ListTable, type Column } from '../../components/ListTable';
import { useListParams } from '../../forms/useListParams';
import { CountryDialog } from './CountryDialog';
import { languageCodesOf, useAdminCountriesQuery } from './countriesApi';

const columns: Array<Column<AdminCountry>> = [
  { label: 'Country', sort: 'country', cell: (row) => row.country },
  { label: 'Dialing Code', sort: 'code', cell: (row) => `+${row.code}` },
  { label: 'SMS From', cell: (row) => row.sms_from },
  { label: 'SMS CID', cell: (row) => row.sms_cid },
  { label: 'Languages', cell: (row) => languageCodesOf(row).join(', ') },
];

export function CountriesPage() {
  const list = useListParams('country');
  const { data, isFetching, isError } = useAdminCountriesQuery(list.query);
  const [editing, setEditing] = useState<AdminCountry | 'new' | null>(null);
  return (
    <section>
      <header className="console-page-header">
        <H2>Countries</H2>
        <Button intent={Intent.PRIMARY} icon={<Plus />} onClick={() => setEditing('new')}>
          Add country
        </Button>
      </header>
      <ListTable<AdminCountry>
        label="Countries"
        columns={columns}
        rows={data?.data}
        count={data?.count ?? 0}
        list={list}
        loading={isFetching}
        error={isError && !data ? 'The countries could not be loaded.' : undefined}
        emptyText="No countries found"
        rowKey={(row) => row.id}
        onOpen={(row) => setEditing(row)}
      />
      {editing && <CountryDialog country={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
