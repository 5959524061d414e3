// The side menu: exactly the items the contract's sideMenu() allows for the session's role.
import { Menu, MenuDivider, MenuItem } from '@blueprintjs/core';
import { useLocation, useNavigate } from 'react-router-dom';
import type { MenuItem as MenuEntry } from '../../contract/roles';
import { pathOf } from './tabs';

export function SideMenu({ items }: { items: MenuEntry[] }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <nav aria-label="Side menu" className="console-side-menu">
      <Menu>
        {items.map((item) => {
          const path = pathOf(item);
          return [
            item.id === 'logout' ? <MenuDivider key="divider" /> : null,
            <MenuItem
              key={item.id}
              text={item.label}
              href={path}
              active={pathname === path}
              onClick={(event) => {
                event.preventDefault();
                navigate(path);
              }}
            />,
          ];
        })}
      </Menu>
    </nav>
  );
}
