// The add/edit popup of every reference-data screen: a Blueprint dialog whose Save stays
// disabled until the form is valid. `retry`, a refused outbox entry edited again, says above the
// fields why it was refused; `blockedReason` disables Save and says why (a save that cannot wait offline).
// useFormDialog wires a dialog's form, its save and the popup together, so a dialog declares only
// its fields.
import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import type { FormEvent, ReactNode } from 'react';
import type { z } from 'zod';
import { useSchemaForm } from '../forms/useSchemaForm';
import type { OutboxEntry } from '../outbox/outboxSlice';
import { RetryNotice, retryValues, useSaveAndClose } from '../outbox/retry';

interface FormDialogProps {
  title: string;
  isOpen: boolean;
  valid: boolean;
  saving: boolean;
  onClose(): void;
  onSave(): void;
  retry?: OutboxEntry;
  blockedReason?: string;
  /** The submit button's words ('Update'); 'Save' by default. */
  saveLabel?: string;
  children: ReactNode;
}

export function FormDialog(props: FormDialogProps) {
  const blocked = Boolean(props.blockedReason);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (props.valid && !props.saving && !blocked) props.onSave();
  };
  return (
    <Dialog title={props.title} isOpen={props.isOpen} onClose={props.onClose} canOutsideClickClose={false}>
      <form onSubmit={submit} noValidate>
        <DialogBody>
          {props.retry && <RetryNotice entry={props.retry} />}
          {props.children}
          {props.blockedReason && (
            <Callout intent={Intent.WARNING} role="status">
              {props.blockedReason}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={props.onClose}>Cancel</Button>
              <Button type="submit" intent={Intent.PRIMARY} disabled={!props.valid || blocked} loading={props.saving}>
                {props.saveLabel ?? 'Save'}
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}

/** What opens an add/edit dialog: the row to edit (none: a new one), or a refused outbox entry to edit again. */
export interface EditDialogProps<Row> {
  row?: Row;
  /** A refused outbox entry to edit again (`row` is then the row as the server has it now, when known). */
  retry?: OutboxEntry;
  onClose(): void;
}

type Schema = z.ZodType<unknown, Record<string, unknown>>;

type FormDialogOptions<S extends Schema> = {
  /** The values of the row's form (a new row's when there is none). */
  values: z.input<S>;
  /** The form's values from a refused entry's queued body; by default the body as it is. */
  retried?(queued: never): z.input<S>;
  retry?: OutboxEntry;
  onClose(): void;
  /** Sends the form's data (the mutation's trigger, with the data turned into its body). */
  save(data: z.output<S>): PromiseLike<{ data: unknown } | { error: unknown }>;
  saving: boolean;
  /** The success toast. */
  saved(data: z.output<S>, editing: boolean): string;
} & (
  /** 'event type': the title is 'Add event type' or 'Edit event type'. */
  | { noun: string; title?: never }
  /** A title of its own. */
  | { title: string; noun?: never }
);

/**
 * The form of an add/edit dialog, checked by the contract's schema and filled from the row or,
 * editing a refused change again, from its queued body; and the props of its FormDialog, whose
 * Save sends the form, toasts the success, discards the refused entry it replaces and closes.
 */
export function useFormDialog<S extends Schema>(schema: S, options: FormDialogOptions<S>) {
  const { retry, onClose, save, saved } = options;
  const queued = retry && retryValues<object>(retry);
  const initial: z.input<S> = !queued ? options.values : options.retried ? options.retried(queued as never) : (queued as z.input<S>);
  const form = useSchemaForm(schema, initial);
  const editing = (initial as { id?: unknown }).id !== undefined;
  const saveAndClose = useSaveAndClose(retry, onClose);
  const dialog = {
    title: options.title ?? `${editing ? 'Edit' : 'Add'} ${options.noun}`,
    isOpen: true,
    valid: form.valid,
    saving: options.saving,
    onClose,
    onSave: () => {
      if (form.data) void saveAndClose(save(form.data), saved(form.data, editing));
    },
    retry,
  } satisfies Omit<FormDialogProps, 'children'>;
  return { form, editing, dialog };
}
