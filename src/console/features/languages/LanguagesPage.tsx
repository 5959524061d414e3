// Languages / SMS country language prefix (SPEC.md section 2): each country with its languages
// and the URL prefix of their SMS links, and an edit popup per country.
import { H2 } from '@blueprintjs/core';
import { useState } from 'react';
import type { CountrySms } from '../../../contract/entities';
import { ListTable, type Column } from '../../components/ListTable';
import { useListParams } from '../../forms/useListParams';
import { CountrySmsDialog } from './CountrySmsDialog';
import { languagesOf, useCountrySmsQuery } from './countrySmsApi';

function PrefixList({ urls }: { urls: Record<string, string> }) {
  const codes = languagesOf(urls);
  if (codes.length === 0) return <span className="bp6-text-muted">No languages</span>;
  return (
    <ul className="console-prefix-list">
      {codes.map((code) => (
        <li key={code}>
          <code>{code}</code> {urls[code] || <span className="bp6-text-muted">default welcome link</span>}
        </li>
      ))}
    </ul>
  );
}

const columns: Array<Column<CountrySms>> = [
  { label: 'Country', sort: 'country', cell: (row) => row.country },
  { label: 'Dialing Code', sort: 'code', cell: (row) => `+${row.code}` },
  { label: 'Languages and URL prefixes', cell: (row) => <PrefixList urls={row.urls} /> },
];

export function LanguagesPage() {
  const list = useListParams('country');
  const { data, isFetching, isError } = useCountrySmsQuery(list.query);
  const [editing, setEditing] = useState<CountrySms | null>(null);
  return (
    <section>
      <header className="console-page-header">
        <H2>Languages</H2>
      </header>
      <p>The SMS link prefix of each country language. An empty prefix uses the default welcome link.</p>
      <ListTable<CountrySms>
        label="SMS link prefixes"
        columns={columns}
        rows={data?.data}
        count={data?.count ?? 0}
        list={list}
        loading={isFetching}
        error={isError && !data ? 'The SMS link prefixes could not be loaded.' : undefined}
        emptyText="No countries found"
        rowKey={(row) => row.id}
        onOpen={(row) => setEditing(row)}
      />
      {editing && <CountrySmsDialog country={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
