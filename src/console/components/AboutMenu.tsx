// The about menu's popover, loaded on first click: popovers stay off the login page's critical path.
import './blueprint';
import { Button, Menu, MenuItem, Popover } from '@blueprintjs/core';
import { InfoSign } from '@blueprintjs/icons';
import { CONSOLE_VERSION, PRODUCT_TITLE } from '../../contract/constants';

export function AboutMenu({ defaultOpen, withLabel = false }: { defaultOpen?: boolean; withLabel?: boolean }) {
  return (
    <Popover
      placement="bottom-end"
      defaultIsOpen={defaultOpen}
      content={
        <Menu aria-label="About">
          <MenuItem text={PRODUCT_TITLE} disabled />
          <MenuItem text={`Version ${CONSOLE_VERSION}`} />
        </Menu>
      }
    >
      <Button variant="minimal" icon={<InfoSign />} aria-label="About" text={withLabel ? 'About' : undefined} />
    </Popover>
  );
}
