// The Audit screen (issue 35), a Super Admin's: every change made through the console on the one
// grid screen (filters by date, admin and entity in the address, pages, Download CSV), each row
// opening its before and after.
import './audit.css';
import { auditGrid } from '../../../contract/grids';
import { GridScreen, type RowPopup } from '../../components/grid/GridScreen';
import { dialog } from '../../components/OnFirstOpen';

const AuditEntryDialog = dialog(() => import('./AuditEntryDialog'), 'AuditEntryDialog');

const entryPopup: RowPopup = { label: 'Open', render: (row, close) => <AuditEntryDialog id={row.id} onClose={close} /> };

export function AuditPage() {
  return <GridScreen grid={auditGrid} rowPopup={entryPopup} />;
}
