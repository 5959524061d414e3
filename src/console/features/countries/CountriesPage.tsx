// Countries (SPEC.md section 2): the admin's table of countries with their SMS settings and
// languages, plus the add/edit popup. Changes are a Super Admin's (the server refuses others).
// Changes waiting in the outbox show on their rows ('pending') and new ones above the list.
import type { AdminCountry } from '../../../contract/entities';
import { EditableListPage } from '../../components/EditableList';
import type { Column } from '../../components/ListTable';
import { languageCodesOf, countriesList } from './countriesApi';
import { dialog } from '../../components/OnFirstOpen';

const CountryDialog = dialog(() => import('./CountryDialog'), 'CountryDialog');

const columns: Array<Column<AdminCountry>> = [
  { label: 'Country', sort: 'country', cell: (row) => row.country },
  { label: 'ISO Code', cell: (row) => row.iso_code ?? '' },
  { label: 'Dialing Code', sort: 'code', cell: (row) => `+${row.code}` },
  { label: 'SMS From', cell: (row) => row.sms_from },
  { label: 'SMS CID', cell: (row) => row.sms_cid },
  { label: 'Languages', cell: (row) => languageCodesOf(row).join(', ') },
];

export function CountriesPage() {
  return (
    <EditableListPage<AdminCountry>
      title="Countries"
      addLabel="Add country"
      rowsAre="countries"
      columns={columns}
      list={countriesList}
      emptyText="No countries found"
      dialog={(open) => <CountryDialog {...open} />}
    />
  );
}
