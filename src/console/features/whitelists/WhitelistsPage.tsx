// Whitelists (SPEC.md section 2): list, add, edit. The server shows each admin the entries of
// the campaigns they may see. Changes waiting in the outbox show on their rows and above the list.
import type { Whitelist } from '../../../contract/entities';
import { EditableListPage } from '../../components/EditableList';
import type { Column } from '../../components/ListTable';
import { whitelistsList } from './whitelistsApi';
import { dialog } from '../../components/OnFirstOpen';

const WhitelistDialog = dialog(() => import('./WhitelistDialog'), 'WhitelistDialog');

const columns: Array<Column<Whitelist>> = [
  { label: 'Mobile Number', sort: 'msisdn', cell: (row) => row.msisdn },
  { label: 'Country', sort: 'country', cell: (row) => row.country },
  { label: 'Campaign', sort: 'campaign_name', cell: (row) => row.campaign_name ?? '' },
  { label: 'Agency', sort: 'agency_name', cell: (row) => row.agency_name ?? '' },
];

export function WhitelistsPage() {
  return (
    <EditableListPage<Whitelist>
      title="Whitelists"
      addLabel="Add whitelist entry"
      rowsAre="whitelists"
      columns={columns}
      list={whitelistsList}
      emptyText="No whitelisted mobile numbers found"
      dialog={(open) => <WhitelistDialog {...open} />}
    />
  );
}
