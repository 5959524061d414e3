// The signed-in admin's own things (Signed-in devices): the username's menu on a wide screen
// (UserMenu), and the end of the header's folded menu on a phone (Header).
import { Menu, MenuItem } from '@blueprintjs/core';
import { Desktop } from '@blueprintjs/icons';
import { useNavigate } from 'react-router-dom';
import { SIGNED_IN_DEVICES } from '../../contract/sessions';
import { SIGNED_IN_DEVICES_PATH } from '../ground/paths';

export function AccountMenu() {
  const navigate = useNavigate();
  return (
    <Menu aria-label="Your account">
      <MenuItem icon={<Desktop />} text={SIGNED_IN_DEVICES} onClick={() => navigate(SIGNED_IN_DEVICES_PATH)} />
    </Menu>
  );
}
