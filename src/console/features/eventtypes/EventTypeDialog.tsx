// Add or edit an event type: the key keeps only letters, digits, underscore and hyphen as it is
// typed; the pretty name is required (SPEC.md section 5). An edit sends the updated_at it read,
// so a change made meanwhile by someone else is refused (409) rather than overwritten, and the
// dialog's conflict panel shows both.
import type { EventType } from '../../../contract/entities';
import { eventTypeForm } from '../../../contract/schemas/adminForms';
import { sanitizeEventKey } from '../../../contract/schemas/fields';
import { FormDialog, useFormDialog, type EditDialogProps } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';
import { eventTypeConflict, useSaveEventTypeMutation } from './eventTypesApi';

export function EventTypeDialog({ row: eventType, retry, onClose }: EditDialogProps<EventType>) {
  const [save, { isLoading }] = useSaveEventTypeMutation();
  const { form, dialog } = useFormDialog(eventTypeForm, {
    values: { id: eventType?.id, updated_at: eventType?.updated_at, event: eventType?.name ?? '', pretty: eventType?.pretty_name ?? '' },
    retry,
    onClose,
    noun: 'event type',
    save,
    saving: isLoading,
    saved: (data) => `Event type ${data.event} saved`,
    conflict: eventTypeConflict,
  });

  return (
    <FormDialog {...dialog}>
      <TextField
        id="event-key"
        label="Key"
        helper="Letters, digits, underscore and hyphen"
        {...form.textField('event', sanitizeEventKey)}
        autoFocus
      />
      <TextField id="event-pretty" label="Pretty name" {...form.textField('pretty')} />
    </FormDialog>
  );
}
