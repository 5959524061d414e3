// Add or edit an event type: the key keeps only letters, digits, underscore and hyphen as it is
// typed; the pretty name is required (SPEC.md section 5).
import type { EventType } from '../../../contract/entities';
import { eventTypeForm, sanitizeEventKey } from '../../../contract/schemas';
import { FormDialog } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';
import { showSuccess } from '../../components/toaster';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { useSaveEventTypeMutation } from './eventTypesApi';

export function EventTypeDialog({ eventType, onClose }: { eventType?: EventType; onClose(): void }) {
  const form = useSchemaForm(eventTypeForm, { id: eventType?.id, event: eventType?.name ?? '', pretty: eventType?.pretty_name ?? '' });
  const [save, { isLoading }] = useSaveEventTypeMutation();

  async function submit() {
    if (!form.data) return;
    const saved = await save(form.data);
    if ('data' in saved) {
      showSuccess(`Event type ${saved.data?.name ?? ''} saved`);
      onClose();
    }
  }

  return (
    <FormDialog title={eventType ? 'Edit event type' : 'Add event type'} isOpen valid={form.valid} saving={isLoading} onClose={onClose} onSave={submit}>
      <TextField
        id="event-key"
        label="Key"
        helper="Letters, digits, underscore and hyphen"
        value={form.values.event as string}
        error={form.errorOf('event')}
        onChange={(value) => form.set('event', sanitizeEventKey(value))}
        onBlur={() => form.touch('event')}
        autoFocus
      />
      <TextField
        id="event-pretty"
        label="Pretty name"
        value={form.values.pretty as string}
        error={form.errorOf('pretty')}
        onChange={(value) => form.set('pretty', value)}
        onBlur={() => form.touch('pretty')}
      />
    </FormDialog>
  );
}
