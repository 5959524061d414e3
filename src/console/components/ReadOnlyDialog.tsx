// A row the caller may not change, opened (issue 17): its values as facts, one line saying why it
// is read-only, and Close; no field to type into and no Save, so nobody fills in a form only to be
// refused at the end. The line is the contract's, the words the server refuses such a save with.
import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { Lock } from '@blueprintjs/icons';
import type { ComponentProps } from 'react';
import { Facts } from './Facts';
import { useReturnFocus } from './returnFocus';

interface ReadOnlyDialogProps {
  title: string;
  /** Why the caller may not change the row. */
  reason: string;
  facts: ComponentProps<typeof Facts>['facts'];
  onClose(): void;
}

export function ReadOnlyDialog({ title, reason, facts, onClose }: ReadOnlyDialogProps) {
  const close = useReturnFocus(onClose);
  return (
    <Dialog title={title} isOpen onClose={close}>
      <DialogBody>
        <Callout intent={Intent.PRIMARY} icon={<Lock />} className="console-prompt" role="status">
          {reason}
        </Callout>
        <Facts label={title} facts={facts} />
      </DialogBody>
      <DialogFooter actions={<Button onClick={close}>Close</Button>} />
    </Dialog>
  );
}
