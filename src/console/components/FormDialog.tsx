// The add/edit popup of every reference-data screen: a Blueprint dialog whose Save stays
// disabled until the form is valid, and says what it still needs. `retry`, a refused outbox entry edited again, says above the
// fields why it was refused; `blockedReason` disables Save and says why (a save that cannot wait offline).
// Esc (or the title's close button) on a form with changes asks before throwing them away; Cancel
// is the user saying so. `conflict`, a save refused because someone else changed the row meanwhile, shows the user's
// values beside the current ones, and its three ways on stand in for the footer until one is taken.
// useFormDialog wires a dialog's form, its save and the popup together, so a dialog declares only
// its fields.
import { Alert, Button, Callout, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import * as messages from '../../contract/messages';
import { useAppDispatch, useAppSelector } from '../ground/hooks';
import { useSchemaForm } from '../forms/useSchemaForm';
import { entryDiscarded, type OutboxEntry } from '../outbox/outboxSlice';
import { RetryNotice, retryValues, useSaveAndClose } from '../outbox/retry';
import { ConflictPanel, type ConflictPanelProps } from './ConflictPanel';
import { useReturnFocus } from './returnFocus';
import {
  conflictOf, conflictRows, fieldsOfValues, sameValue, theirValues, updatedAtOf, type ConflictField, type ConflictNames, type CurrentRow,
} from '../forms/editConflict';

interface FormDialogProps {
  title: string;
  isOpen: boolean;
  valid: boolean;
  saving: boolean;
  onClose(): void;
  onSave(): void;
  retry?: OutboxEntry;
  blockedReason?: string;
  /** While the form is not valid, what it still needs, in the fields' own messages: said beside a disabled Save. */
  waitingFor?: readonly string[];
  /** The submit button's words ('Update'); 'Save' by default. */
  saveLabel?: string;
  /** A save refused as an edit conflict, until the user chose what to do: the fields it compares, the user's values and the current row. */
  conflict?: Pick<ConflictPanelProps, 'onUseTheirs' | 'onKeepMine' | 'queued'> & {
    fields: readonly ConflictField[];
    yours: Record<string, unknown>;
    current: CurrentRow;
  };
  /** How the dialog names the values it offers as choices (an agency's id), in the conflict panel. */
  conflictNames?: ConflictNames;
  /** The form differs from what it opened with: Esc asks before discarding it. */
  changed?: boolean;
  children: ReactNode;
}

export function FormDialog(props: FormDialogProps) {
  const [askingToDiscard, setAskingToDiscard] = useState(false);
  const close = useReturnFocus(props.onClose);
  const blocked = Boolean(props.blockedReason);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (props.valid && !props.saving && !blocked) props.onSave();
  };
  return (
    <Dialog title={props.title} isOpen={props.isOpen} onClose={() => (props.changed ? setAskingToDiscard(true) : close())} canOutsideClickClose={false}>
      <Alert
        isOpen={askingToDiscard}
        intent={Intent.DANGER}
        confirmButtonText="Discard changes"
        cancelButtonText="Keep editing"
        onConfirm={close}
        onCancel={() => setAskingToDiscard(false)}
      >
        <p>{messages.discardChangesQuestion}</p>
      </Alert>
      <form onSubmit={submit} noValidate>
        <DialogBody>
          {props.conflict ? (
            <ConflictPanel
              rows={conflictRows(props.conflict.fields, props.conflict.yours, props.conflict.current, props.conflictNames)}
              onUseTheirs={props.conflict.onUseTheirs}
              onKeepMine={props.conflict.onKeepMine}
              queued={props.conflict.queued}
              text={messages.recordChanged}
              onCancel={close}
              keeping={props.saving}
              canKeepMine={props.valid && !blocked}
            />
          ) : (
            props.retry && <RetryNotice entry={props.retry} />
          )}
          {props.children}
          {props.blockedReason && (
            <Callout intent={Intent.WARNING} role="status">
              {props.blockedReason}
            </Callout>
          )}
        </DialogBody>
        {!props.conflict && (
          <DialogFooter
            actions={
              <>
                <Button onClick={close}>Cancel</Button>
                <Button type="submit" intent={Intent.PRIMARY} disabled={!props.valid || blocked} loading={props.saving}>
                  {props.saveLabel ?? 'Save'}
                </Button>
              </>
            }
          >
            <SaveWaitsFor valid={props.valid} waitingFor={props.waitingFor} />
          </DialogFooter>
        )}
      </form>
    </Dialog>
  );
}

/**
 * Beside a disabled Save, what it waits for: the messages of the fields not saying theirs yet. One
 * line (the rest in its title), so that filling a field never moves the buttons under the pointer.
 */
function SaveWaitsFor({ valid, waitingFor }: { valid: boolean; waitingFor?: readonly string[] }) {
  if (valid || !waitingFor?.length) return null;
  const text = `Save needs: ${waitingFor.join(' · ')}`;
  return (
    <span className="console-save-waits" role="status" title={text}>
      {text}
    </span>
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
  /** The fields an edit conflict compares (declared with the save endpoint); by default every value of the form. */
  conflict?: readonly ConflictField[];
  /** The row as it is now, when a save met a conflict: for a dialog that keeps the row it read. */
  onConflict?(current: CurrentRow): void;
} & (
  /** 'event type': the title is 'Add event type' or 'Edit event type'. */
  | { noun: string; title?: never }
  /** A title of its own. */
  | { title: string; noun?: never }
);

/** The current row of a refused entry opened again, when it was refused as an edit conflict. */
const conflictOfEntry = (entry: OutboxEntry | undefined): CurrentRow | undefined => {
  const current = entry?.refusal?.current;
  return current && typeof current === 'object' ? (current as CurrentRow) : undefined;
};

/**
 * The form of an add/edit dialog, checked by the contract's schema and filled from the row or,
 * editing a refused change again, from its queued body; and the props of its FormDialog, whose
 * Save sends the form, toasts the success, discards the refused entry it replaces and closes.
 * A save refused as an edit conflict (and a refused entry opened again for one) shows the conflict
 * panel: Use theirs fills the form with the current row, on its version, and sends nothing (a
 * refused entry is dropped); Keep mine sends the form again on the current version; Cancel closes.
 */
export function useFormDialog<S extends Schema>(schema: S, options: FormDialogOptions<S>) {
  const { retry, save, saved, onConflict } = options;
  // Saved or dropped, the dialog is unmounted: the focus goes back to what opened it.
  const onClose = useReturnFocus(options.onClose);
  const dispatch = useAppDispatch();
  const username = useAppSelector((state) => state.session.user?.username);
  const queued = retry && retryValues<object>(retry);
  const initial: z.input<S> = !queued ? options.values : options.retried ? options.retried(queued as never) : (queued as z.input<S>);
  const form = useSchemaForm(schema, initial);
  const editing = (initial as { id?: unknown }).id !== undefined;
  const saveAndClose = useSaveAndClose(retry, onClose);
  // The row as the server has it now, while the user has not chosen what to do about it.
  const [conflict, setConflict] = useState(() => conflictOfEntry(retry));
  const fields = options.conflict ?? fieldsOfValues(initial as object);
  const values = form.values as Record<string, unknown>;

  // A fresher version of the row while the dialog is open (the list read again behind it, as just
  // after a reload that showed the rows kept on the device): a form the user has not changed takes
  // it, so its Save goes on the version shown; a changed one keeps the version it opened on, and a
  // conflict then shows both.
  const fresh = queued ? undefined : JSON.stringify(options.values);
  const { isPristine, reset } = form;
  useEffect(() => {
    if (fresh !== undefined && !conflict && fresh !== JSON.stringify(values) && isPristine()) reset(JSON.parse(fresh) as z.input<S>);
    // Only a new version of the row starts it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fresh]);

  const send = (data: z.output<S>) => {
    const saving = Promise.resolve(save(data)).then((result) => {
      const current = conflictOf(result);
      if (current) {
        setConflict(current);
        onConflict?.(current);
      }
      return result;
    });
    void saveAndClose(saving, saved(data, editing));
  };

  const takeTheirs = (current: CurrentRow) => {
    setConflict(undefined);
    if (retry) {
      // The queued change is dropped: the server keeps what it has.
      if (username) dispatch(entryDiscarded({ username, key: retry.key }));
      onClose();
      return;
    }
    const theirs = theirValues(fields, values, current);
    for (const [field, value] of Object.entries(theirs)) {
      if (!sameValue(value, values[field]) || field === 'updated_at') form.set(field as never, value as never);
    }
  };

  const keepMine = (current: CurrentRow) => {
    if (!form.data) return;
    const updatedAt = updatedAtOf(current);
    setConflict(undefined);
    form.set('updated_at' as never, updatedAt as never);
    send({ ...(form.data as object), updated_at: updatedAt } as z.output<S>);
  };

  const dialog = {
    title: options.title ?? `${editing ? 'Edit' : 'Add'} ${options.noun}`,
    isOpen: true,
    valid: form.valid,
    waitingFor: form.waitingFor,
    saving: options.saving,
    onClose,
    changed: !form.isPristine(),
    onSave: () => {
      if (form.data) send(form.data);
    },
    retry,
    conflict: conflict && {
      fields,
      yours: values,
      current: conflict,
      onUseTheirs: () => takeTheirs(conflict),
      onKeepMine: () => keepMine(conflict),
      queued: retry !== undefined,
    },
  } satisfies Omit<FormDialogProps, 'children'>;
  return { form, editing, dialog };
}
