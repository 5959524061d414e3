// The header's user menu, loaded on the first click of the username: the signed-in admin's own
// things (Signed-in devices), off the shell's first load.
import './blueprint';
import { Menu, MenuItem, Popover } from '@blueprintjs/core';
import { Desktop } from '@blueprintjs/icons';
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { SIGNED_IN_DEVICES } from '../../contract/sessions';
import { SIGNED_IN_DEVICES_PATH } from '../app/tabs';

export function UserMenu({ defaultOpen, children }: { defaultOpen?: boolean; children: ReactElement }) {
  const navigate = useNavigate();
  return (
    <Popover
      placement="bottom-end"
      defaultIsOpen={defaultOpen}
      content={
        <Menu aria-label="Your account">
          <MenuItem icon={<Desktop />} text={SIGNED_IN_DEVICES} onClick={() => navigate(SIGNED_IN_DEVICES_PATH)} />
        </Menu>
      }
    >
      {children}
    </Popover>
  );
}
