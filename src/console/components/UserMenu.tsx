// The header's user menu, loaded on the first click of the username: the signed-in admin's own
// things (AccountMenu), off the shell's first load.
import './blueprint';
import { Popover } from '@blueprintjs/core';
import type { ReactElement } from 'react';
import { AccountMenu } from './AccountMenu';

export function UserMenu({ defaultOpen, children }: { defaultOpen?: boolean; children: ReactElement }) {
  return (
    <Popover placement="bottom-end" defaultIsOpen={defaultOpen} content={<AccountMenu />}>
      {children}
    </Popover>
  );
}
