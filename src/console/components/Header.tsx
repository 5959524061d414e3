// The page header (SPEC.md section 1): product title, an about menu with the version label, and
// the signed-in username or 'Not logged in'. The username opens the user's menu (Signed-in devices).
// The shell adds its own buttons (the outbox) as children, and its menu button before the title at
// a tablet's width. It is the page's banner landmark.
import { Button, Navbar, NavbarDivider, NavbarGroup, NavbarHeading } from '@blueprintjs/core';
import { CaretDown, User } from '@blueprintjs/icons';
import { Suspense, useState, type ReactNode } from 'react';
import { PRODUCT_TITLE } from '../../contract/constants';
import * as messages from '../../contract/messages';
import { AboutButton } from './AboutButton';
import { lazyNamed } from './lazyNamed';

const UserMenu = lazyNamed(() => import('./UserMenu'), 'UserMenu');

export function Header({ username, start, children }: { username: string | null; start?: ReactNode; children?: ReactNode }) {
  return (
    <Navbar className="console-header" role="banner">
      <NavbarGroup>
        {start}
        <NavbarHeading>{PRODUCT_TITLE}</NavbarHeading>
      </NavbarGroup>
      <NavbarGroup align="end">
        {children}
        <AboutButton />
        <NavbarDivider />
        {username ? (
          <UserMenuButton username={username} />
        ) : (
          <span className="console-username" data-testid="username">
            <User /> {messages.notLoggedIn}
          </span>
        )}
      </NavbarGroup>
    </Navbar>
  );
}

/** The username as a button; its menu loads on the first click, as the about menu's does. */
function UserMenuButton({ username }: { username: string }) {
  const [wanted, setWanted] = useState(false);
  const button = (onClick?: () => void) => (
    <Button variant="minimal" icon={<User />} endIcon={<CaretDown />} data-testid="username" aria-haspopup="menu" onClick={onClick}>
      {username}
    </Button>
  );
  if (!wanted) return button(() => setWanted(true));
  return (
    <Suspense fallback={button()}>
      <UserMenu defaultOpen>{button()}</UserMenu>
    </Suspense>
  );
}
