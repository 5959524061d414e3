// One audit entry opened from the Audit grid (issue 35): who made the change, when (and when it was
// made, for a write made offline and replayed), what it did, and the record before and after it,
// field by field under the screens' labels with the changed fields marked, in one sentence first
// (contract/auditWords.ts), and the raw record a click away. Read-only.
import { Button, Callout, Collapse, Dialog, DialogBody, DialogFooter, HTMLTable, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { reportTableTime } from '../../../contract/dates';
import type { AuditEntry } from '../../../contract/audit';
import { auditFields, auditSentence } from '../../../contract/auditWords';
import { useAuditEntryQuery } from './auditApi';
import { Facts } from '../../components/Facts';
import { useReturnFocus } from '../../components/returnFocus';

const ACTION_WORDS: Record<AuditEntry['action'], string> = { create: 'Added', update: 'Changed', delete: 'Removed' };

export function AuditEntryDialog({ id, onClose }: { id: string; onClose(): void }) {
  const close = useReturnFocus(onClose);
  const entry = useAuditEntryQuery(id);
  const data = entry.data;
  const [raw, setRaw] = useState(false);
  const title = data ? `${data.entity_label} ${data.entity_id}: ${ACTION_WORDS[data.action].toLowerCase()}` : 'Change';
  return (
    <Dialog title={title} isOpen onClose={close} className="audit-entry-dialog">
      <DialogBody>
        {entry.isLoading && <Spinner size={24} aria-label="Loading the change" />}
        {entry.isError && (
          <Callout intent={Intent.DANGER} role="alert">
            This change could not be loaded.
          </Callout>
        )}
        {data && (
          <>
            <Facts
              label="The change"
              facts={[
                ['Admin', data.admin ?? 'Logged-out registration'],
                ['When', `${reportTableTime(data.at)} UTC`],
                ['Entity', `${data.entity_label} ${data.entity_id}`],
                ['Action', ACTION_WORDS[data.action]],
                ['Summary', auditSentence(data)],
                ['Made offline', data.made_at ? `Yes, at ${reportTableTime(data.made_at)} UTC, sent when the connection returned` : 'No'],
              ]}
            />
            <HTMLTable compact striped className="audit-entry-fields" aria-label="Before and after">
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Before</th>
                  <th scope="col">After</th>
                </tr>
              </thead>
              <tbody>
                {auditFields(data.before, data.after).map((row) => (
                  <tr key={row.path} className={row.changed ? 'audit-entry-changed' : undefined}>
                    <th scope="row">
                      {row.label}
                      {row.changed && (
                        <Tag minimal intent={Intent.WARNING} className="audit-entry-changed-tag">
                          changed
                        </Tag>
                      )}
                    </th>
                    <td>{row.before}</td>
                    <td>{row.after}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            <Button variant="minimal" aria-expanded={raw} onClick={() => setRaw(!raw)}>
              {raw ? 'Hide the raw record' : 'Show the raw record'}
            </Button>
            <Collapse isOpen={raw}>
              <pre className="audit-entry-raw" aria-label="The raw record">
                {JSON.stringify({ before: data.before, after: data.after }, null, 2)}
              </pre>
            </Collapse>
          </>
        )}
      </DialogBody>
      <DialogFooter actions={<Button onClick={close}>Close</Button>} />
    </Dialog>
  );
}
