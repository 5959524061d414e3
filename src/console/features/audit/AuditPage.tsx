// The Audit screen (issue 35), a Super Admin's: every change made through the console on the one
// grid screen (filters by date, admin and entity in the address, pages, Download CSV), each row
// opening its before and after.
import './audit.css';
import { auditGrid } from '../../../contract/grids';
import { GridScreen, type RowPopup } from '../../components/grid/GridScreen';
import { dialog } from '../../components/OnFirstOpen';
import { useAuditAdminsQuery } from './auditApi';

const AuditEntryDialog = dialog(() => import('./AuditEntryDialog'), 'AuditEntryDialog');

const entryPopup: RowPopup = { label: 'Open', render: (row, close) => <AuditEntryDialog id={row.id} onClose={close} /> };

/** The admin filter's choices: the admins who made changes, by name. */
function useAdminChoices() {
  const admins = useAuditAdminsQuery().data;
  return { admin: admins?.map((admin) => ({ value: String(admin.id), label: admin.name })) };
}

export function AuditPage() {
  return <GridScreen grid={auditGrid} rowPopup={entryPopup} useChoices={useAdminChoices} />;
}
