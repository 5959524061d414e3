// Add or edit what an event earns in the campaign's version in force (SPEC.md sections 2 and 3):
// event type, value (money, step 0.01, at most two decimals, kept as the typed decimal string),
// day (a whole number) and remuneration type. An edit's button reads 'Update'.
import { FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { z } from 'zod';
import type { Campaign, CampaignVersion, EventCompensationConfig } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import { compensationForm } from '../../../contract/schemas/campaigns';
import { moneyAmount } from '../../../contract/schemas/fields';
import { FormDialog, useFormDialog, type EditDialogProps } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';
import { useCampaignEventTypesQuery, useRemunerationTypesQuery, useSaveCompensationMutation } from './campaignsApi';

/** The dialog's form: numbers as typed (text) and choices as picked, read as the contract's body. */
const compensationDialogForm = compensationForm.extend({
  id: z.number().optional(),
  compensation_earning_event_value: moneyAmount,
  compensation_earning_event_day: z
    .string({ error: messages.compensationDayInvalid })
    .trim()
    .regex(/^\d{1,4}$/, { error: messages.compensationDayInvalid })
    .transform(Number)
    .pipe(compensationForm.shape.compensation_earning_event_day),
  event_type: z.number({ error: 'Choose an event type' }),
  remuneration_type: z.number({ error: 'Choose a remuneration type' }),
});

interface CompensationDialogProps extends EditDialogProps<EventCompensationConfig> {
  campaign: Campaign;
  version: CampaignVersion;
  /** Event types that already have a compensation in this version (one each). */
  taken: number[];
}

export function CompensationDialog({ row, retry, onClose, campaign, version, taken }: CompensationDialogProps) {
  const [save, { isLoading }] = useSaveCompensationMutation();
  const eventTypes = useCampaignEventTypesQuery();
  const remunerationTypes = useRemunerationTypesQuery();
  const { form, dialog, editing } = useFormDialog(compensationDialogForm, {
    values: {
      id: row?.id,
      compensation_earning_event_value: row?.compensation_earning_event_value ?? '',
      compensation_earning_event_day: row ? String(row.compensation_earning_event_day) : '0',
      event_type: row?.event_type.id as number,
      remuneration_type: row?.remuneration_type.id as number,
      campaign: campaign.id,
      campaign_version: version.id,
    },
    retried: (queued: { compensation_earning_event_day?: unknown }) => ({ ...(queued as object), compensation_earning_event_day: String(queued.compensation_earning_event_day ?? '') }) as never,
    retry,
    onClose,
    noun: 'event type compensation',
    save: (data) => {
      const eventName = eventTypes.data?.rows.find((type) => type.id === data.event_type)?.event_type_friendly_name;
      return save({ ...data, ...(eventName ? { event_type_name: eventName } : {}) });
    },
    saving: isLoading,
    saved: (_data, wasEdit) => (wasEdit ? 'Compensation updated' : 'Compensation added'),
  });
  const currency = version.currency ?? campaign.currency;
  const choice = (field: 'event_type' | 'remuneration_type', typed: string) => form.set(field, (typed ? Number(typed) : undefined) as never);
  const eventChoices = eventTypes.data?.rows.filter((type) => type.id === row?.event_type.id || !taken.includes(type.id)) ?? [];

  return (
    <FormDialog {...dialog} saveLabel={editing ? 'Update' : 'Add'}>
      <FormGroup label="Event type" labelFor="compensation-event" intent={form.errorOf('event_type') ? Intent.DANGER : Intent.NONE} helperText={form.errorOf('event_type')}>
        <HTMLSelect
          id="compensation-event"
          fill
          value={form.values.event_type === undefined ? '' : String(form.values.event_type)}
          onChange={(e) => choice('event_type', e.target.value)}
          onBlur={() => form.leave('event_type')}
        >
          <option value="">Choose an event type</option>
          {eventChoices.map((type) => (
            <option key={type.id} value={String(type.id)}>
              {type.event_type_friendly_name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <TextField
        id="compensation-value"
        label={currency ? `Value (${currency})` : 'Value'}
        type="number"
        step="0.01"
        min="0"
        inputMode="decimal"
        helper={`What the agent earns for the event${currency ? `, in ${currency}` : ''}, e.g. 12.50`}
        {...form.textField('compensation_earning_event_value')}
      />
      <TextField
        id="compensation-day"
        label="Day"
        type="number"
        step="1"
        min="0"
        inputMode="numeric"
        helper="A whole number of days, 0 to 3650"
        {...form.textField('compensation_earning_event_day')}
      />
      <FormGroup
        label="Remuneration type"
        labelFor="compensation-remuneration"
        intent={form.errorOf('remuneration_type') ? Intent.DANGER : Intent.NONE}
        helperText={form.errorOf('remuneration_type')}
      >
        <HTMLSelect
          id="compensation-remuneration"
          fill
          value={form.values.remuneration_type === undefined ? '' : String(form.values.remuneration_type)}
          onChange={(e) => choice('remuneration_type', e.target.value)}
          onBlur={() => form.leave('remuneration_type')}
        >
          <option value="">Choose a remuneration type</option>
          {remunerationTypes.data?.rows.map((type) => (
            <option key={type.id} value={String(type.id)}>
              {type.remuneration_type_name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
    </FormDialog>
  );
}
