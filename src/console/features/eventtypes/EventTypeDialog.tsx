// Add or edit an event type: the key keeps only letters, digits, underscore and hyphen as it is
// typed; the pretty name is required (SPEC.md section 5). An edit sends the updated_at it read,
// so a change made meanwhile by someone else is refused (409) rather than overwritten.
import type { EventTypeRequest } from '../../../contract/api';
import type { EventType } from '../../../contract/entities';
import { eventTypeForm, sanitizeEventKey } from '../../../contract/schemas';
import { FormDialog } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';
import { useSchemaForm } from '../../forms/useSchemaForm';
import type { OutboxEntry } from '../../outbox/outboxSlice';
import { retryValues, useSaveAndClose } from '../../outbox/retry';
import { useSaveEventTypeMutation } from './eventTypesApi';

interface EventTypeDialogProps {
  eventType?: EventType;
  /** A refused outbox entry to edit again. */
  retry?: OutboxEntry;
  onClose(): void;
}

export function EventTypeDialog({ eventType, retry, onClose }: EventTypeDialogProps) {
  const initial: EventTypeRequest = retry
    ? retryValues<EventTypeRequest>(retry)
    : { id: eventType?.id, updated_at: eventType?.updated_at, event: eventType?.name ?? '', pretty: eventType?.pretty_name ?? '' };
  const form = useSchemaForm(eventTypeForm, initial);
  const [save, { isLoading }] = useSaveEventTypeMutation();
  const saveAndClose = useSaveAndClose(retry, onClose);
  const editing = initial.id !== undefined;

  async function submit() {
    if (form.data) await saveAndClose(save(form.data), `Event type ${form.data.event} saved`);
  }

  return (
    <FormDialog
      title={editing ? 'Edit event type' : 'Add event type'}
      isOpen
      valid={form.valid}
      saving={isLoading}
      onClose={onClose}
      onSave={submit}
      retry={retry}
    >
      <TextField
        id="event-key"
        label="Key"
        helper="Letters, digits, underscore and hyphen"
        {...form.textField('event', sanitizeEventKey)}
        autoFocus
      />
      <TextField
        id="event-pretty"
        label="Pretty name"
        {...form.textField('pretty')}
      />
    </FormDialog>
  );
}
