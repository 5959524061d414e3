// Languages / SMS country language prefix (SPEC.md section 2): each country with its languages
// and the URL prefix of their SMS links, and an edit popup per country. Changes waiting in the
// outbox show on their rows ('pending').
import type { CountrySms } from '../../../contract/entities';
import { EditableListPage } from '../../components/EditableList';
import type { Column } from '../../components/ListTable';
import { languagesOf, countrySmsList } from './countrySmsApi';
import { dialog } from '../../components/OnFirstOpen';

const CountrySmsDialog = dialog(() => import('./CountrySmsDialog'), 'CountrySmsDialog');

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
  return (
    <EditableListPage<CountrySms>
      title="Languages"
      intro="The SMS link prefix of each country language. An empty prefix uses the default welcome link."
      rowsAre="SMS link prefixes"
      columns={columns}
      list={countrySmsList}
      emptyText="No countries found"
      dialog={(open) => <CountrySmsDialog {...open} />}
    />
  );
}
