// One audit entry opened from the Audit grid (issue 35): who made the change, when (and when it was
// made, for a write made offline and replayed), what it did, and the record before and after it,
// field by field with the changed fields marked. Read-only, like every row the caller cannot change.
import { Button, Callout, Dialog, DialogBody, DialogFooter, HTMLTable, Intent, Spinner, Tag } from '@blueprintjs/core';
import { reportTableTime } from '../../../contract/dates';
import type { AuditEntry } from '../../../contract/audit';
import { useAuditEntryQuery } from '../../backends/auditApi';
import { Facts } from '../../components/Facts';
import { useReturnFocus } from '../../components/returnFocus';

const ACTION_WORDS: Record<AuditEntry['action'], string> = { create: 'Added', update: 'Changed', delete: 'Removed' };

/** A value of the record as text: nested values as compact JSON. */
const shown = (value: unknown): string => (value === undefined ? '' : value === null ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));

const fieldsOf = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** Each field of either side, in the record's order, and whether the change touched it. */
export function fieldRows(before: unknown, after: unknown): Array<{ field: string; before: string; after: string; changed: boolean }> {
  const was = fieldsOf(before);
  const is = fieldsOf(after);
  const fields = [...new Set([...Object.keys(is), ...Object.keys(was)])];
  return fields.map((field) => {
    const beforeText = field in was ? shown(was[field]) : '';
    const afterText = field in is ? shown(is[field]) : '';
    return { field, before: beforeText, after: afterText, changed: before !== null && after !== null && beforeText !== afterText };
  });
}

export function AuditEntryDialog({ id, onClose }: { id: string; onClose(): void }) {
  const close = useReturnFocus(onClose);
  const entry = useAuditEntryQuery(id);
  const data = entry.data;
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
                ['Summary', data.summary],
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
                {fieldRows(data.before, data.after).map((row) => (
                  <tr key={row.field} className={row.changed ? 'audit-entry-changed' : undefined}>
                    <th scope="row">
                      {row.field}
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
          </>
        )}
      </DialogBody>
      <DialogFooter actions={<Button onClick={close}>Close</Button>} />
    </Dialog>
  );
}
