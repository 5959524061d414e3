// The add/edit popup of every reference-data screen: a Blueprint dialog whose Save stays
// disabled until the form is valid.
import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import type { FormEvent, ReactNode } from 'react';

interface FormDialogProps {
  title: string;
  isOpen: boolean;
  valid: boolean;
  saving: boolean;
  onClose(): void;
  onSave(): void;
  children: ReactNode;
}

export function FormDialog(props: FormDialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (props.valid && !props.saving) props.onSave();
  };
  return (
    <Dialog title={props.title} isOpen={props.isOpen} onClose={props.onClose} canOutsideClickClose={false}>
      <form onSubmit={submit} noValidate>
        <DialogBody>{props.children}</DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={props.onClose}>Cancel</Button>
              <Button type="submit" intent={Intent.PRIMARY} disabled={!props.valid} loading={props.saving}>
                Save
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}
