// Edits made on an outdated copy (DESIGN.md 'Offline'): every editable row carries updated_at.
import * as messages from '../../contract/messages';
import { Conflict, Invalid } from './errors';

/**
 * An edit made on the copy the client read: when it sends the row's `updated_at` and the row has
 * changed since (compared in milliseconds), the edit is refused with 409 and the row as it is now
 * (`current`, in the shape its list returns), and nothing changes. Without `updated_at` the last
 * write wins. Call it inside the transaction, after locking and reading the row.
 */
export function requireUnchanged(given: string | undefined, current: { updated_at: string }, shown: unknown = current): void {
  if (given === undefined) return;
  const read = Date.parse(given);
  if (Number.isNaN(read)) throw new Invalid(messages.updatedAtInvalid, { updated_at: [messages.updatedAtInvalid] });
  if (read !== Date.parse(current.updated_at)) throw Conflict.outdated(shown);
}
