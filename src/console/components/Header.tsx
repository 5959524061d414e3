// The page header (SPEC.md section 1): product title, an about menu with the version label, and
// the signed-in username or 'Not logged in'. The username opens the user's menu (Signed-in devices).
// The shell adds its own buttons (the outbox) as children, and its menu button before the title at
// a tablet's width. It is the page's banner landmark. At a phone's width the buttons fold into the
// username's menu: one line, nothing over the page's title and its actions (issue 34).
import { Button, Navbar, NavbarDivider, NavbarGroup, NavbarHeading, Popover } from '@blueprintjs/core';
import { CaretDown, User } from '@blueprintjs/icons';
import { Suspense, useState, type ReactNode } from 'react';
import { PRODUCT_TITLE } from '../../contract/constants';
import * as messages from '../../contract/messages';
import { PHONE_WIDTH, useMediaQuery } from '../device/preferences';
import { AboutButton } from './AboutButton';
import { AccountMenu } from './AccountMenu';
import { lazyNamed } from './lazyNamed';

const UserMenu = lazyNamed(() => import('./UserMenu'), 'UserMenu');

export function Header({ username, start, children }: { username: string | null; start?: ReactNode; children?: ReactNode }) {
  const phone = useMediaQuery(PHONE_WIDTH);
  return (
    <Navbar className="console-header" role="banner">
      <NavbarGroup className="console-header-start">
        {start}
        <NavbarHeading className="console-header-title">{PRODUCT_TITLE}</NavbarHeading>
      </NavbarGroup>
      <NavbarGroup align="end" className="console-header-end">
        {phone && username ? (
          <HeaderFold username={username}>{children}</HeaderFold>
        ) : (
          <>
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
          </>
        )}
      </NavbarGroup>
    </Navbar>
  );
}

const userButton = (username: string, onClick?: () => void) => (
  <Button variant="minimal" icon={<User />} endIcon={<CaretDown />} data-testid="username" aria-haspopup="menu" className="console-header-user" onClick={onClick}>
    {username}
  </Button>
);

/** The username as a button; its menu loads on the first click, as the about menu's does. */
function UserMenuButton({ username }: { username: string }) {
  const [wanted, setWanted] = useState(false);
  if (!wanted) return userButton(username, () => setWanted(true));
  return (
    <Suspense fallback={userButton(username)}>
      <UserMenu defaultOpen>{userButton(username)}</UserMenu>
    </Suspense>
  );
}

/** A phone's header: the username opens the header's buttons, with their words, and the user's own menu. */
function HeaderFold({ username, children }: { username: string; children?: ReactNode }) {
  return (
    <Popover
      placement="bottom-end"
      content={
        <div className="console-header-fold" role="group" aria-label="Header menu">
          {children}
          <AboutButton withLabel />
          <AccountMenu />
        </div>
      }
    >
      {userButton(username)}
    </Popover>
  );
}
