// A secure report's download ledger (Super Admin): who asked for a code, downloaded the file or was
// refused, when, from which address, and why a download was refused. Read afresh at every opening.
import { Classes, Dialog, DialogBody, HTMLTable, Spinner } from '@blueprintjs/core';
import { reportTableTime } from '../../../contract/dates';
import type { SecureLedgerAction, SecureReportRow } from '../../../contract/entities';
import { useSecureLedgerQuery } from './secureReportsApi';
import { EmptyState } from '../../components/EmptyState';
import { useReturnFocus } from '../../components/returnFocus';
import { TableScroll } from '../../components/TableScroll';

const ACTION_TEXT: Record<SecureLedgerAction, string> = {
  code_requested: 'Code requested',
  downloaded: 'Downloaded',
  refused: 'Refused',
};

export function LedgerDialog({ report, onClose }: { report: SecureReportRow; onClose(): void }) {
  const close = useReturnFocus(onClose);
  const ledger = useSecureLedgerQuery(report.id, { refetchOnMountOrArgChange: true });
  const label = `Ledger of ${report.description}`;
  return (
    <Dialog title="Ledger" isOpen onClose={close} className="secure-ledger-dialog">
      <DialogBody>
        <p>
          <strong>{report.description}</strong>
          <br />
          <span className={Classes.TEXT_MUTED}>{`${report.file_name}, SHA-256 ${report.sha256}`}</span>
        </p>
        {ledger.isLoading ? (
          <Spinner size={24} aria-label="Reading the ledger" />
        ) : ledger.error ? (
          <EmptyState title={'text' in ledger.error ? ledger.error.text : 'The ledger could not be read.'} />
        ) : !ledger.data?.length ? (
          <EmptyState title="Nobody has asked for this report yet" />
        ) : (
          <TableScroll label={label}>
            <HTMLTable compact striped className="console-table" aria-label={label}>
              <thead>
                <tr>
                  <th>When</th>
                  <th>Who</th>
                  <th>What</th>
                  <th>Address</th>
                  <th>Why</th>
                </tr>
              </thead>
              <tbody>
                {ledger.data.map((entry) => (
                  <tr key={entry.id}>
                    <td className="console-nowrap">{reportTableTime(entry.at)}</td>
                    <td>{entry.admin}</td>
                    <td>{ACTION_TEXT[entry.action]}</td>
                    <td>{entry.address ?? ''}</td>
                    <td>{entry.detail ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </TableScroll>
        )}
      </DialogBody>
    </Dialog>
  );
}
