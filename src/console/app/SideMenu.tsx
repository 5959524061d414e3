// The side menu: exactly the items sideMenu() (screens.tsx) gives the session's role, under their
// group headings. On a desktop it can be folded to its icons (each keeps its name
// for screen readers and as a tooltip); at a tablet's width the shell shows it in a drawer instead.
// Logout with changes not sent yet asks first, over the screen the user is on.
import { Button, Menu, MenuDivider, MenuItem } from '@blueprintjs/core';
import { DoubleChevronLeft, DoubleChevronRight } from '@blueprintjs/icons';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LogoutConfirm } from '../features/logout/LogoutConfirm';
import type { LogoutState } from '../features/logout/LogoutPage';
import { selectOwnOutbox } from '../outbox/outboxSlice';
import { useAppSelector } from '../ground/hooks';
import { LOGOUT_ICON, SCREENS, type MenuItem as MenuEntry } from '../ground/screens';
import { pathOf } from '../ground/paths';

interface SideMenuProps {
  items: MenuEntry[];
  /** Folded to icons (a desktop's remembered choice). */
  compact?: boolean;
  /** Folds or unfolds the menu; without it the menu cannot be folded (the drawer). */
  onCompactChange?(compact: boolean): void;
  /** Called when an item is chosen (the drawer closes). */
  onChosen?(): void;
}

export function SideMenu({ items, compact = false, onCompactChange, onChosen }: SideMenuProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const unsent = useAppSelector(selectOwnOutbox).length;
  const [askingToLogout, setAskingToLogout] = useState(false);

  const choose = (item: MenuEntry) => {
    // The question is asked inside the menu (a drawer stays open under it until it is answered).
    if (item.id === 'logout' && unsent > 0) return setAskingToLogout(true);
    onChosen?.();
    navigate(pathOf(item));
  };

  return (
    <nav aria-label="Side menu" className={compact ? 'console-side-menu console-side-menu-compact' : 'console-side-menu'}>
      <Menu>
        {items.map((item, index) => {
          const path = pathOf(item);
          const previous = items[index - 1];
          // A heading where a group starts; a plain line where the standalone items resume.
          const heading =
            item.group && item.group !== previous?.group ? (
              <MenuDivider key={`${item.group}-heading`} title={compact ? undefined : item.group} />
            ) : previous?.group && !item.group ? (
              <MenuDivider key={`${item.id}-divider`} />
            ) : item.id === 'logout' ? (
              <MenuDivider key="logout-divider" />
            ) : null;
          return [
            heading,
            <MenuItem
              key={item.id}
              icon={item.id === 'logout' ? LOGOUT_ICON : SCREENS[item.id].icon}
              text={<span className="console-menu-label">{item.label}</span>}
              // The names are short and wrap rather than being cut: without it, Blueprint measures
              // each item for an ellipsis as it mounts, a forced layout inside the first render.
              multiline
              title={compact ? item.label : undefined}
              href={path}
              active={pathname === path}
              onClick={(event) => {
                event.preventDefault();
                choose(item);
              }}
            />,
          ];
        })}
      </Menu>
      {onCompactChange && (
        <Button
          className="console-side-menu-fold"
          variant="minimal"
          icon={compact ? <DoubleChevronRight /> : <DoubleChevronLeft />}
          aria-label={compact ? 'Show the menu' : 'Fold the menu to icons'}
          title={compact ? 'Show the menu' : 'Fold the menu to icons'}
          aria-expanded={!compact}
          onClick={() => onCompactChange(!compact)}
        />
      )}
      {askingToLogout && (
        <LogoutConfirm
          unsent={unsent}
          onConfirm={() => {
            setAskingToLogout(false);
            onChosen?.();
            navigate('/logout', { state: { discardConfirmed: true } satisfies LogoutState });
          }}
          onCancel={() => setAskingToLogout(false)}
        />
      )}
    </nav>
  );
}
