// The add/edit popup of every reference-data screen: a Blueprint dialog whose Save stays
// disabled until the form is valid. `retry`, a refused outbox entry edited again, says above the
// fields why it was refused; `blockedReason` disables Save and says why (a save that cannot wait offline).
import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import type { FormEvent, ReactNode } from 'react';
import type { OutboxEntry } from '../outbox/outboxSlice';
import { RetryNotice } from '../outbox/retry';

interface FormDialogProps {
  title: string;
  isOpen: boolean;
  valid: boolean;
  saving: boolean;
  onClose(): void;
  onSave(): void;
  retry?: OutboxEntry;
  blockedReason?: string;
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
                Save
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}
