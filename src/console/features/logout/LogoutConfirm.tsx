// The question asked before logging out discards changes not sent yet: a dialog over the screen
// the user is on (the side menu's Logout) or over the shell (/logout opened directly).
import { Alert, Intent } from '@blueprintjs/core';

export const unsentWarning = (count: number) =>
  `${count} ${count === 1 ? 'change has' : 'changes have'} not been sent yet. Log out and discard ${count === 1 ? 'it' : 'them'}?`;

export function LogoutConfirm({ unsent, onConfirm, onCancel }: { unsent: number; onConfirm(): void; onCancel(): void }) {
  return (
    <Alert
      isOpen
      intent={Intent.DANGER}
      confirmButtonText="Log out and discard"
      cancelButtonText="Stay signed in"
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{unsentWarning(unsent)}</p>
    </Alert>
  );
}
