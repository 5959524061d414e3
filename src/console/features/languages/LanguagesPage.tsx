// Languages / SMS country language prefix (SPEC.md section 2): each country with its languages
// and the URL prefix of their SMS links, and an edit popup per country. Changes waiting in the
// outbox show on their rows ('pending').
import { H2 } from '@blueprintjs/core';
import { useState } from 'react';
import type { CountrySmsRequest } from '../../../contract/api';
import type { CountrySms } from '../../../contract/entities';
import { ListTable, type Column } from '../../components/ListTable';
import { useListParams } from '../../forms/useListParams';
import { usePendingRows } from '../../outbox/pendingRows';
import { useOutboxRetry } from '../../outbox/retry';
import { CountrySmsDialog } from './CountrySmsDialog';
import { languagesOf, useCountrySmsQuery, withQueuedPrefixes } from './countrySmsApi';

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

const overlay = { endpoint: 'saveCountrySms', apply: withQueuedPrefixes };

/** The country of a refused change: as the server has it now (a conflict), else as listed, else as queued. */
function retriedCountry(body: CountrySmsRequest, current: unknown, rows: CountrySms[] | undefined): CountrySms {
  return (
    (current as CountrySms | undefined) ??
    rows?.find((row) => row.id === body.id) ?? { id: body.id, country: `+${body.code ?? ''}`, code: body.code ?? '', urls: body.urls, updated_at: body.updated_at ?? '' }
  );
}

export function LanguagesPage() {
  const list = useListParams('country');
  const { data, isFetching, isError } = useCountrySmsQuery(list.query);
  const [editing, setEditing] = useState<CountrySms | null>(null);
  const pending = usePendingRows<CountrySms>('Country', overlay);
  const retry = useOutboxRetry('saveCountrySms');
  const rows = pending.rows(data?.data);
  const retried = retry.entry && retriedCountry(retry.entry.body as CountrySmsRequest, retry.entry.refusal?.current, rows);
  return (
    <section>
      <header className="console-page-header">
        <H2>Languages</H2>
      </header>
      <p>The SMS link prefix of each country language. An empty prefix uses the default welcome link.</p>
      <ListTable<CountrySms>
        label="SMS link prefixes"
        columns={columns}
        rows={rows}
        count={data?.count ?? 0}
        list={list}
        loading={isFetching}
        error={isError && !data ? 'The SMS link prefixes could not be loaded.' : undefined}
        emptyText="No countries found"
        rowKey={(row) => row.id}
        onOpen={(row) => setEditing(row)}
        rowNote={pending.note}
      />
      {retry.entry && retried ? (
        <CountrySmsDialog key={retry.entry.key} country={retried} retry={retry.entry} onClose={retry.finish} />
      ) : (
        editing && <CountrySmsDialog country={editing} onClose={() => setEditing(null)} />
      )}
    </section>
  );
}
