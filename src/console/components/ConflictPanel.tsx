// What an edit conflict shows, in a dialog and in the outbox: why the save was refused, the user's
// values beside the current ones field by field (those that differ marked), and the three ways on:
// take theirs, keep mine on the current version, or cancel.
import { Button, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import type { ConflictRow } from '../forms/editConflict';
import { TitledCallout } from './TitledCallout';

export interface ConflictPanelProps {
  /** Why the save was refused: the server's words (messages.recordChanged). */
  text: string;
  rows: ConflictRow[];
  onUseTheirs(): void;
  onKeepMine(): void;
  onCancel(): void;
  /** Keep mine is being sent. */
  keeping?: boolean;
  /** False when the user's values cannot be sent as they are (the form is not valid). */
  canKeepMine?: boolean;
  /** The change waits in the outbox (a refused one): Use theirs drops it, rather than filling a form. */
  queued?: boolean;
}

/** What Use theirs and Keep mine do, under the table. */
const HELP = {
  form: 'Use theirs puts the current values in the form; nothing is saved until you save. Keep mine saves your values over them.',
  queued: 'Use theirs drops your change. Keep mine sends it again over the current values.',
};

export function ConflictPanel({ text, rows, onUseTheirs, onKeepMine, onCancel, keeping = false, canKeepMine = true, queued = false }: ConflictPanelProps) {
  return (
    <TitledCallout intent={Intent.WARNING} title="Changed by someone else" className="console-conflict" role="group" aria-label="Edit conflict">
      <p>{text}</p>
      <HTMLTable compact className="console-conflict-table" aria-label="Your values and the current ones">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Yours</th>
            <th scope="col">Now</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.field} className={row.differs ? 'console-conflict-differs' : undefined}>
              <th scope="row">
                {row.label}
                {row.differs && (
                  <Tag minimal intent={Intent.WARNING} className="console-row-note">
                    differs
                  </Tag>
                )}
              </th>
              <td>{row.yours}</td>
              <td>{row.now}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <p className="bp6-text-muted console-conflict-help">{queued ? HELP.queued : HELP.form}</p>
      <div className="console-conflict-actions">
        <Button onClick={onCancel}>Cancel</Button>
        <Button onClick={onUseTheirs} disabled={keeping}>
          Use theirs
        </Button>
        <Button intent={Intent.PRIMARY} onClick={onKeepMine} loading={keeping} disabled={!canKeepMine}>
          Keep mine
        </Button>
      </div>
    </TitledCallout>
  );
}
